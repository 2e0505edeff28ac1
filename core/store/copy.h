#pragma once
// Save a copy: a battle file duplicated for a backup or to hand to another umpire. There is no
// Save (every action is already committed), so this is the only way to fork a battle.
#include <string>

namespace umpire::store {

// Writes a consistent snapshot of the battle at `battle_path` to `copy_path` (SQLite's VACUUM
// INTO, read under a shared lock, so a write in progress elsewhere is never half copied). The
// snapshot goes to a temporary file beside `copy_path`, is synced and checked as a battle file,
// and only then appears under its name, so `copy_path` is either absent or a whole copy.
// Refuses (StoreError, nothing written) an existing `copy_path`, the battle file itself, a
// missing folder, or a source that is not a battle file.
void save_copy(const std::string& battle_path, const std::string& copy_path);

} // namespace umpire::store
