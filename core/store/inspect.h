#pragma once
// A battle file's health in full, and a new battle rebuilt from what is intact in a damaged one.
// Neither changes the file examined: both work on a private copy of it (with its rollback
// journal, if an interrupted write left one, so it is seen as the next open will see it), so a
// read-only file or folder can be examined, and rebuilt into a file elsewhere.
#include <cstdint>
#include <string>
#include <vector>

namespace umpire::store {

struct CheckReport {
    std::string path;
    int schema = 0;                 // the file's schema version (0: its header does not say)
    bool rollback_pending = false;  // an interrupted write will be rolled back at the next open
    std::string integrity;          // SQLite's integrity_check: "ok" or its findings
    std::int64_t entries = 0;       // journal rows (as far as they read)
    bool has_checksums = false;     // schema 3 and later
    std::string checksums;          // "" when every checksum agrees, else what is damaged
    std::string replay;             // "" when replaying the journal gives the stored state
    std::string unchecked;          // the checks the file's damage kept from running, and why
    bool checksums_checked = false; // the checksums were compared (else `unchecked` says why not)
    bool replayed = false;          // the journal was replayed (else `unchecked` says why not)
    std::string note;               // anything else worth saying (an upgraded file's origin)
    // When the file does not read whole: what `recover` can bring back of it, in words.
    std::string salvage;
    // The rollback journal beside the file is not its own (rolling it back would damage a file
    // that is sound without it): `journal_problem` says how. The other fields describe the file.
    bool foreign_journal = false;
    std::string journal_problem;
    bool sound() const {
        return integrity == "ok" && checksums.empty() && replay.empty() && unchecked.empty() && !foreign_journal;
    }
    // Damaged, so that `recover` is the advice (not a rollback journal to move away).
    bool damaged() const { return !sound() && !foreign_journal; }
};

// Throws StoreError only when the file cannot be examined at all (missing, not a battle file,
// unreadable); damage is reported, not thrown.
CheckReport check_file(const std::string& path);

struct RecoverReport {
    std::int64_t kept = 0;             // journal entries carried over
    std::int64_t found = 0;            // journal entries the damaged file had, as far as can be told
    std::vector<std::string> dropped;  // "entry 7: damaged (...)", one line each
    std::string origin;                // where the starting state came from
    std::vector<std::string> notes;    // what else was done or could not be read
};

// Writes a new battle at `output` from the starting state and the journal entries of `path`
// that are intact and still apply in order, keeping their ids; the state is their replay. Rows
// are read past damaged pages and a cut-off end, each kept only if its checksum holds. The new
// file appears whole or not at all, and never replaces an existing file (StoreError).
RecoverReport recover_file(const std::string& path, const std::string& output);

} // namespace umpire::store
