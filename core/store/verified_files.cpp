// The files checked whole, remembered by their keys (verified_files.h).
#include "store/verified_files.h"

#include "store/checksum.h"
#include "store/disk.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace umpire::store::detail {

namespace {

std::int64_t nanoseconds(const timespec& t) { return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec; }

// SQLite's file change counter: 4 big-endian bytes at offset 24 of the header, read through the
// connection's own file handle (no descriptor of ours is opened on the file, none closed).
std::optional<std::uint32_t> change_counter(SQLite::Database& db) {
    sqlite3_file* file = nullptr;
    if (sqlite3_file_control(db.getHandle(), "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file ||
        !file->pMethods)
        return std::nullopt;
    unsigned char bytes[4] = {};
    if (file->pMethods->xRead(file, bytes, sizeof bytes, 24) != SQLITE_OK) return std::nullopt;
    return static_cast<std::uint32_t>(bytes[0]) << 24 | static_cast<std::uint32_t>(bytes[1]) << 16 |
           static_cast<std::uint32_t>(bytes[2]) << 8 | static_cast<std::uint32_t>(bytes[3]);
}

// A line: the six numbers of the key and the checksum of them, so a damaged line is not taken
// for another key.
std::uint64_t line_checksum(const FileKey& k) {
    return row_checksum({static_cast<std::int64_t>(k.device), static_cast<std::int64_t>(k.inode),
                         static_cast<std::int64_t>(k.size), k.mtime_ns, k.ctime_ns,
                         static_cast<std::int64_t>(k.change_counter)});
}

std::string line_of(const FileKey& k) {
    std::ostringstream out;
    out << k.device << ' ' << k.inode << ' ' << k.size << ' ' << k.mtime_ns << ' ' << k.ctime_ns << ' '
        << k.change_counter << ' ' << hex64(line_checksum(k));
    return out.str();
}

std::optional<FileKey> key_of_line(const std::string& line) {
    std::istringstream in(line);
    FileKey k;
    std::string sum;
    if (!(in >> k.device >> k.inode >> k.size >> k.mtime_ns >> k.ctime_ns >> k.change_counter >> sum)) return std::nullopt;
    std::string rest;
    if (in >> rest) return std::nullopt;
    if (parse_hex64(sum) != line_checksum(k)) return std::nullopt;
    return k;
}

std::vector<FileKey> read_keys(const std::string& file) {
    std::vector<FileKey> keys;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
        if (auto k = key_of_line(line)) keys.push_back(*k);
    return keys;
}

} // namespace

PathHandle::PathHandle(const std::string& path) : fd_(::open(path.c_str(), O_PATH | O_CLOEXEC)) {}
PathHandle::~PathHandle() {
    if (fd_ >= 0) ::close(fd_);
}
PathHandle::PathHandle(PathHandle&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
PathHandle& PathHandle::operator=(PathHandle&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
}

std::optional<FileKey> PathHandle::key(SQLite::Database& db, const std::string& path) const {
    struct stat held {}, named {};
    if (fd_ < 0 || ::fstat(fd_, &held) != 0 || ::stat(path.c_str(), &named) != 0) return std::nullopt;
    // The path still names the file held; SQLite opened it after the handle was taken, so (short of
    // a file swapped out and back in between) the file SQLite reads is this one.
    if (held.st_dev != named.st_dev || held.st_ino != named.st_ino) return std::nullopt;
    const std::optional<std::uint32_t> counter = change_counter(db);
    if (!counter) return std::nullopt;
    return FileKey{static_cast<std::uint64_t>(held.st_dev), static_cast<std::uint64_t>(held.st_ino),
                   static_cast<std::uint64_t>(held.st_size), nanoseconds(held.st_mtim), nanoseconds(held.st_ctim),
                   *counter};
}

bool VerifiedFiles::remembers(const FileKey& key) const {
    if (file_.empty()) return false;
    const std::vector<FileKey> keys = read_keys(file_);
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

void VerifiedFiles::remember(const FileKey& key) const {
    if (file_.empty()) return;
    std::vector<FileKey> keys = read_keys(file_);
    // A file has one key as it stands now: the one it had before is of no more use.
    std::erase_if(keys, [&](const FileKey& k) { return k.device == key.device && k.inode == key.inode; });
    keys.push_back(key);
    if (keys.size() > kKept) keys.erase(keys.begin(), keys.end() - static_cast<std::ptrdiff_t>(kKept));
    // Written aside and renamed over, never synced: a memory lost to a power cut costs a whole check
    // the next time, while a sync would cost every write.
    std::string partial;
    try {
        partial = create_fresh_beside(file_);
        {
            std::ofstream out(partial, std::ios::trunc);
            for (const FileKey& k : keys) out << line_of(k) << '\n';
            out.flush();
            if (!out) throw std::runtime_error("not written");
        }
        std::filesystem::rename(partial, file_);
    } catch (const std::exception&) {
        // Not remembered: the next opening checks the file whole, as if this one had not.
        if (!partial.empty()) std::remove(partial.c_str());
    }
}

} // namespace umpire::store::detail
