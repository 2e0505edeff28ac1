#pragma once
// Internal to the store: the upgrades that rewrite journal rows. A schema 3 file (or an older one brought to 3) to
// schema 4, where each journal row keeps what changed once: effects out of the resolution's JSON,
// a long text's change as a patch, no effects in undo and redo rows, the journal's narrow columns
// (units, follow_ups, answers) and each row's head. Damage found before the upgrade is still
// found after it: the old checksums are checked first, and a row, the journal's end or the state
// that failed them is written so that it fails the new ones too.
#include <SQLiteCpp/Database.h>

namespace umpire::store::detail {

// How an upgrade treats text that is not UTF-8 (a damaged file's): refused (TextNotUtf8, the
// transaction rolled back), or kept with no starting state, for a copy only looked at.
struct UpgradeOptions {
    bool keep_bad_text = false;
};

// Runs inside migrate_schema's transaction.
void upgrade_to_4(SQLite::Database& db, const UpgradeOptions& options);

// Schema 4 to 5: the same tables; each row's request and resolution JSON without what its columns
// hold (store/payload.h), its checksum and head written afresh, damage found before kept visible
// the same way.
void upgrade_to_5(SQLite::Database& db, const UpgradeOptions& options);

} // namespace umpire::store::detail
