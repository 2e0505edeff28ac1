#pragma once
// A battle file's health in full, and a new battle rebuilt from what is intact in a damaged one.
// Neither changes the file examined: both work on a scratch copy of it (with its rollback
// journal, if an interrupted write left one, so it is seen as the next open will see it).
#include <cstdint>
#include <string>
#include <vector>

namespace umpire::store {

struct CheckReport {
    std::string path;
    int schema = 0;
    bool rollback_pending = false;  // an interrupted write will be rolled back at the next open
    std::string integrity;          // SQLite's integrity_check: "ok" or its findings
    std::int64_t entries = 0;       // journal rows
    bool has_checksums = false;     // schema 3 and later
    std::string checksums;          // "" when every checksum agrees, else what is damaged
    std::string replay;             // "" when replaying the journal gives the stored state
    std::string note;               // anything else worth saying (an upgraded file's origin)
    bool sound() const { return integrity == "ok" && checksums.empty() && replay.empty(); }
};

// Throws StoreError only when the file cannot be examined at all (missing, not a battle file,
// unreadable); damage is reported, not thrown.
CheckReport check_file(const std::string& path);

struct RecoverReport {
    std::int64_t kept = 0;             // journal entries carried over
    std::vector<std::string> dropped;  // "entry 7: damaged (...)", one line each
    std::string origin;                // where the starting state came from
};

// Writes a new battle at `output` from the starting state and the journal entries of `path`
// that are intact and still apply in order, keeping their ids; the state is their replay. The
// new file appears whole or not at all, and never replaces an existing file (StoreError).
RecoverReport recover_file(const std::string& path, const std::string& output);

} // namespace umpire::store
