// A battle file copied as one moment. SQLite's shared lock keeps any other program from writing
// the file while it is copied; a rollback journal is copied along only when it is hot (a write
// was interrupted and nobody is finishing it), which is exactly when SQLite refuses a read-only
// reader. A journal that vanishes between the look and the copy belonged to a write that has
// just finished: the file is copied again.
#include "store/scratch_copy.h"

#include "store/battle_file.h"
#include "store/file_check.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <optional>

namespace umpire::store::detail {

namespace fs = std::filesystem;

namespace {

// The first bytes of a rollback journal that still holds a transaction to roll back.
bool hot_journal_magic(const std::string& path) {
    std::ifstream in(path + "-journal", std::ios::binary);
    char magic[8] = {};
    if (!in.read(magic, sizeof magic)) return false;
    static const unsigned char kHotJournalMagic[8] = {0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7};
    return std::memcmp(magic, kHotJournalMagic, sizeof magic) == 0;
}

// A copy the user may write, whatever the original's mode (a battle on a read-only stick).
void copy_writable(const std::string& from, const std::string& to, std::error_code& ec) {
    fs::remove(to, ec);
    fs::copy_file(from, to, ec);
    if (!ec) fs::permissions(to, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace, ec);
}

} // namespace

ScratchCopy::ScratchCopy(const std::string& path, bool with_journal) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw StoreError("cannot open " + path + ": no such file");
    if (fs::is_directory(status)) throw StoreError(path + " is not an Umpire battle file (it is a directory)");
    std::string dir = (fs::temp_directory_path() / "umpire-inspect-XXXXXX").string();
    if (!::mkdtemp(dir.data()))
        throw StoreError("cannot make a scratch folder to examine " + path + ": " + std::strerror(errno), StoreProblem::Io);
    dir_ = dir;
    copy_ = dir + "/battle.umpire";
    for (int attempt = 0;; ++attempt) {
        std::optional<SQLite::Database> reader;
        bool hot = false;
        try {
            reader.emplace(path, SQLite::OPEN_READONLY);
            reader->setBusyTimeout(5000);
            reader->exec("BEGIN");
            reader->execAndGet("SELECT count(*) FROM sqlite_schema");  // the shared lock, held to the end
        } catch (const SQLite::Exception& e) {
            if (e.getExtendedErrorCode() == SQLITE_READONLY_ROLLBACK) hot = true;
            else if ((e.getErrorCode() & 0xff) == SQLITE_BUSY) sqlite_failure("read", path, e, false);
            else hot = hot_journal_magic(path);  // not readable by SQLite: copied as it is
            reader.reset();
        }
        copy_writable(path, copy_, ec);
        if (ec) throw StoreError("cannot read " + path + ": " + ec.message(), StoreProblem::Io);
        rollback_pending_ = hot && with_journal;
        if (!rollback_pending_) return;
        copy_writable(path + "-journal", copy_ + "-journal", ec);
        if (!ec) return;
        if (ec != std::errc::no_such_file_or_directory || attempt == 3)
            throw StoreError("cannot read " + path + "-journal: " + ec.message(), StoreProblem::Io);
        // The interrupted write was just rolled back by another program: copy the file again.
    }
}

ScratchCopy::~ScratchCopy() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

std::string read_whole_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) throw StoreError("cannot read " + path, StoreProblem::Io);
    const std::streamsize size = in.tellg();
    std::string bytes(static_cast<std::size_t>(std::max<std::streamsize>(size, 0)), '\0');
    in.seekg(0);
    if (size < 0 || !in.read(bytes.data(), size)) throw StoreError("cannot read " + path, StoreProblem::Io);
    return bytes;
}

} // namespace umpire::store::detail
