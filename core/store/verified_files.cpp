// The files checked whole, remembered by their keys (verified_files.h).
#include "store/verified_files.h"

#include "store/battle_store.h"
#include "store/checksum.h"
#include "store/disk.h"
#include "store/scratch_copy.h"

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
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

// The numbers read with from_chars, the line in place: a stream made for each line took a quarter
// of a millisecond for a memory of a hundred files, at every opening.
template <typename Number>
bool read_number(std::string_view& rest, Number& out) {
    const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), out);
    if (error != std::errc() || end == rest.data()) return false;
    rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
    if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);  // one space between fields
    return true;
}

// The key of a line, its checksum unchecked (nullopt when its numbers do not read), and the rest of
// the line: its checksum.
std::optional<FileKey> numbers_of_line(std::string_view& line) {
    FileKey k;
    if (!read_number(line, k.device) || !read_number(line, k.inode) || !read_number(line, k.size) ||
        !read_number(line, k.mtime_ns) || !read_number(line, k.ctime_ns) || !read_number(line, k.change_counter))
        return std::nullopt;
    return k;
}

bool sum_matches(std::string_view sum, const FileKey& k) { return parse_hex64(sum) == line_checksum(k); }

std::optional<FileKey> key_of_line(std::string_view line) {
    std::optional<FileKey> k = numbers_of_line(line);
    if (!k || !sum_matches(line, *k)) return std::nullopt;  // the rest of the line is the sum, alone
    return k;
}

// Calls `each` with the lines of `text`, newest (last) first, until it returns true.
template <typename Each>
void newest_first(std::string_view text, Each each) {
    if (!text.empty() && text.back() == '\n') text.remove_suffix(1);  // the last line's end
    while (true) {
        const std::size_t newline = text.rfind('\n');
        if (each(newline == std::string_view::npos ? text : text.substr(newline + 1)) || newline == std::string_view::npos)
            return;
        text = text.substr(0, newline);
    }
}

// The memory's bytes, "" when there is none yet or it cannot be read (a folder in its place).
std::string memory_text(const std::string& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return {};
    try {
        return read_whole_file(file);
    } catch (const StoreError&) {
        return {};
    }
}

bool same_file(const FileKey& a, const FileKey& b) { return a.device == b.device && a.inode == b.inode; }

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
    // The newest line of the file's own (its device and inode) is its key: a key it had before,
    // still in the memory until the next compaction, does not count. Only that line's checksum is
    // worked out: one for each line was most of the time of reading a memory of a hundred files.
    const std::string text = memory_text(file_);
    bool found = false;
    newest_first(text, [&](std::string_view line) {
        const std::optional<FileKey> k = numbers_of_line(line);
        if (!k || !same_file(*k, key) || !sum_matches(line, *k)) return false;  // another file's, or damaged
        found = *k == key;
        return true;
    });
    return found;
}

void VerifiedFiles::remember(const FileKey& key) const {
    if (file_.empty()) return;
    // One line appended, in one write: every write of a battle remembers its new key, and the
    // whole memory written aside and renamed over took half a millisecond of an `umpire apply`. Appends
    // by two programs at once do not mix (O_APPEND, one write of one line); the memory is written
    // whole only when it has grown to twice what it keeps.
    const std::string line = line_of(key) + '\n';
    const int fd = ::open(file_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) return;  // not remembered: the next opening checks the file whole
    const bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
    struct stat st {};
    const bool long_now = written && ::fstat(fd, &st) == 0 && static_cast<std::size_t>(st.st_size) > kCompactAt;
    ::close(fd);
    if (long_now) compact();
}

void VerifiedFiles::compact() const {
    // A file has one key as it stands now (its newest line): the ones it had before are of no more use.
    std::vector<FileKey> newest;
    newest_first(memory_text(file_), [&](std::string_view line) {
        const std::optional<FileKey> k = key_of_line(line);
        if (k && std::none_of(newest.begin(), newest.end(), [&](const FileKey& n) { return same_file(n, *k); }))
            newest.push_back(*k);
        return newest.size() == kKept;
    });
    std::reverse(newest.begin(), newest.end());
    // Written aside and renamed over, never synced: a memory lost to a power cut costs a whole check
    // the next time, while a sync would cost every write. A line another program appends while
    // this runs may be lost with the old file: that too costs only a whole check.
    std::string partial;
    try {
        partial = create_fresh_beside(file_);
        {
            std::ofstream out(partial, std::ios::trunc);
            for (const FileKey& k : newest) out << line_of(k) << '\n';
            out.flush();
            if (!out) throw std::runtime_error("not written");
        }
        std::filesystem::rename(partial, file_);
    } catch (const std::exception&) {
        if (!partial.empty()) std::remove(partial.c_str());
    }
}

} // namespace umpire::store::detail
