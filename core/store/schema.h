#pragma once
// Internal to the store: the battle file's tables and the connection settings every connection
// that writes a battle must use.
#include <SQLiteCpp/Database.h>

#include <string>

namespace umpire::store::detail {

// foreign_keys on, a rollback journal that is deleted on commit (one file on disk between
// transactions, nothing to copy alongside it), fsync of the files and the directory at every
// commit, and how long to wait for another program's lock.
void configure_connection(SQLite::Database& db, int busy_timeout_ms);

// Stamps application_id and user_version and creates every table. Call inside the transaction
// that also writes the initial state, so a failed create leaves no half-made schema.
void create_schema(SQLite::Database& db);
// The journal's indexes (schema 4): created with the schema, or by the upgrade to it.
void create_journal_indexes(SQLite::Database& db);
// The indexes the desk reads what is owed by (schema 7): created with the schema, or by the
// upgrade to it.
void create_desk_indexes(SQLite::Database& db);

// Who applied each entry, a column after `head` (schema 8); does nothing where it is there. Every
// step that reseals a file reads the journal as this version does, so the column comes with
// `head` (upgrade_to_4) in a file older than that, and before the first step in one newer.
void add_umpire_column(SQLite::Database& db);

// Brings a file written by an older Umpire up to kSchemaVersion, in one transaction, so an
// interrupted migration leaves the old file as it was. Returns whether anything was done.
// Refuses (StoreError) version 0: a file whose creation never finished.
// Text that is not UTF-8 makes it throw TextNotUtf8 (store/seal.h), unless `keep_bad_text`: a
// copy only looked at is brought up to date without a starting state.
bool migrate_schema(SQLite::Database& db, const std::string& path, bool keep_bad_text = false);

} // namespace umpire::store::detail
