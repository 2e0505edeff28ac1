#pragma once
// Internal to the store: the battle files this user's programs have checked whole, remembered so
// that opening one again skips the whole-file check (a cost that grows with the journal) while the
// file is as it was then.
//
// A file is known by a key read while a SQLite lock keeps other programs' writes out: its device
// and inode (two files that exist at once never share them), its size, its modification and
// change times in nanoseconds, and SQLite's file change counter (header offset 24), which every
// write transaction moves on in the rollback-journal mode the store uses. A write by SQLite moves
// the counter; a write by anything else moves the times (ctime cannot be set back by a user). So a
// file whose key still matches has not been written since it was checked; what such a key cannot
// see is bit rot with no write at all, which `umpire check` (always whole) finds.
//
// The memory is a small text file (OpenOptions::verified_files), one key a line with its own
// checksum, a new key appended: a line that does not read is forgotten, a file that does not read
// or cannot be written only costs a whole check, never an error.
#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>

namespace umpire::store::detail {

struct FileKey {
    std::uint64_t device = 0, inode = 0, size = 0;
    std::int64_t mtime_ns = 0, ctime_ns = 0;
    std::uint32_t change_counter = 0;
    bool operator==(const FileKey&) const = default;
};

// A handle on the file a path names (O_PATH: it reads nothing, and closing it releases none of
// SQLite's locks, which closing an ordinary descriptor of the same file would). Taken before SQLite
// opens the file, it says which file that was, whatever the path names later.
class PathHandle {
public:
    PathHandle() = default;
    explicit PathHandle(const std::string& path);
    ~PathHandle();
    PathHandle(PathHandle&& other) noexcept;
    PathHandle& operator=(PathHandle&& other) noexcept;
    PathHandle(const PathHandle&) = delete;
    PathHandle& operator=(const PathHandle&) = delete;

    // The key of the file `db` has open, which must be the one held here and the one `path` still
    // names; nullopt when it is not (moved or replaced), or cannot be read. The caller holds a
    // SQLite lock on it (a read or write transaction that has read), so no SQLite write is under way.
    std::optional<FileKey> key(SQLite::Database& db, const std::string& path) const;

private:
    int fd_ = -1;
};

class VerifiedFiles {
public:
    // `file` "" remembers nothing.
    explicit VerifiedFiles(std::string file = {}) : file_(std::move(file)) {}

    // Whether a file was checked whole (or written by a program that had) when its key was `key`.
    bool remembers(const FileKey& key) const;
    // Remembers `key` as checked, in place of any key the same file had (appended: the newest line
    // of a file's own is its key); keeps the newest kKept files when the memory is compacted.
    void remember(const FileKey& key) const;

    static constexpr std::size_t kKept = 256;
    // The memory's size (a line is some 70-90 bytes) past which it is written again whole, with
    // the newest key of each of the newest kKept files.
    static constexpr std::size_t kCompactAt = 2 * kKept * 96;

private:
    void compact() const;

    std::string file_;
};

} // namespace umpire::store::detail
