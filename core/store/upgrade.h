#pragma once
// Internal to the store: the upgrade of a schema 3 file (or an older one brought to 3) to
// schema 4, where each journal row keeps what changed once: effects out of the resolution's JSON,
// a long text's change as a patch, no effects in undo and redo rows, the journal's narrow columns
// (units, follow_ups, answers) and each row's head. Damage found before the upgrade is still
// found after it: the old checksums are checked first, and a row, the journal's end or the state
// that failed them is written so that it fails the new ones too.
#include <SQLiteCpp/Database.h>

namespace umpire::store::detail {

// Runs inside migrate_schema's transaction.
void upgrade_to_4(SQLite::Database& db);

} // namespace umpire::store::detail
