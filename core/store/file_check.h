#pragma once
// Internal to the store: deciding whether a path is an Umpire battle file this build can open,
// without changing a byte of it when it is not.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>

#include <cstdint>

#include <string>

namespace umpire::store::detail {

enum class FileCheck {
    Ok,
    // Ours, but an earlier write was interrupted (a hot rollback journal sits beside it). A
    // read-only connection may not roll it back, so the caller opens read-write, which does.
    NeedsRecovery,
};

// Throws StoreError saying what is wrong: missing, empty, not SQLite, truncated, another
// application's database, a newer schema; with `quick_check`, SQLite's quick_check of every page
// too (a cost that grows with the file: for a copy just made, not for every opening).
FileCheck check_battle_file(const std::string& path, int busy_timeout_ms = 5000, bool quick_check = false);

// What the file's 100-byte header says (no SQLite): whether it is a battle file this build reads.
enum class HeaderVerdict { Ours, Missing, Unreadable, NotOurs, Newer, Unfinished, Truncated };
struct HeaderFacts {
    HeaderVerdict verdict = HeaderVerdict::Ours;
    std::string message;  // what is wrong, naming the path; "" when it is ours
    int schema = 0;       // the header's schema version, when it is ours
};
HeaderFacts examine_header(const std::string& path);
// The same, thrown as a StoreError unless the file is ours.
void check_header(const std::string& path);

// The identity checks of check_battle_file on an open connection: run again after SQLite has
// rolled back an interrupted write, which may have changed the header (a create cut short
// rolls back to version 0).
void check_identity(const std::string& path, SQLite::Database& db);

// Turns a SQLite failure into a StoreError whose problem says whose fault it was: a locked file
// (Busy), a full disk, an I/O error or a read-only medium (Io), a damaged file (BadFile). With
// `writing`, the message says nothing was changed (the transaction rolled back).
[[noreturn]] void sqlite_failure(const std::string& doing, const std::string& path,
                                 const SQLite::Exception& e, bool writing);

// The PRAGMA quick_check / integrity_check answer of an open connection, "ok" when sound.
std::string integrity_problems(SQLite::Database& db, bool full);
// The first `count` of findings joined by "; ", and how many more there are.
std::string shorten(const std::string& findings, int count);

} // namespace umpire::store::detail
