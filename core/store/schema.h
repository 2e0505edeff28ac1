#pragma once
// Internal to the store: the battle file's tables and the connection settings every connection
// that writes a battle must use.
#include <SQLiteCpp/Database.h>

namespace umpire::store::detail {

// foreign_keys on, a rollback journal that is deleted on commit (one file on disk between
// transactions, nothing to copy alongside it), and fsync at every commit.
void configure_connection(SQLite::Database& db);

// Stamps application_id and user_version and creates every table. Call inside the transaction
// that also writes the initial state, so a failed create leaves no half-made schema.
void create_schema(SQLite::Database& db);

// Brings a file written by an older Umpire up to kSchemaVersion, in one transaction, so an
// interrupted migration leaves the old file as it was. Returns whether anything was done.
bool migrate_schema(SQLite::Database& db);

} // namespace umpire::store::detail
