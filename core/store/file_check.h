#pragma once
// Internal to the store: deciding whether a path is an Umpire battle file this build can open,
// without changing a byte of it when it is not.
#include <SQLiteCpp/Database.h>

#include <string>

namespace umpire::store::detail {

enum class FileCheck {
    Ok,
    // Ours, but an earlier write was interrupted (a hot rollback journal sits beside it). A
    // read-only connection may not roll it back, so the caller opens read-write, which does.
    NeedsRecovery,
};

// Throws StoreError saying what is wrong: missing, empty, not SQLite, truncated, another
// application's database, a newer schema, failed integrity check.
FileCheck check_battle_file(const std::string& path);

// The PRAGMA quick_check / integrity_check answer of an open connection, "ok" when sound.
std::string integrity_problems(SQLite::Database& db, bool full);

} // namespace umpire::store::detail
