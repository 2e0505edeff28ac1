#include "store/schema.h"

#include "store/battle_file.h"
#include "store/seal.h"
#include "store/state.h"

#include <SQLiteCpp/Transaction.h>

#include <string>

namespace umpire::store::detail {

namespace {

// Schema version 3 (version 1 had no `texts` table, version 2 no checksums). Changing anything
// here means a new kSchemaVersion and a step in migrate_schema for files written by the last.
constexpr const char* kTables = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value            -- no declared type: text, integers and reals are kept exactly as written
) WITHOUT ROWID;

CREATE TABLE sides (
    id       INTEGER PRIMARY KEY,
    position INTEGER NOT NULL UNIQUE,   -- order in Battle::sides
    name     TEXT NOT NULL,
    colour   TEXT NOT NULL
);

CREATE TABLE commanders (
    id            INTEGER PRIMARY KEY,
    position      INTEGER NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    side          INTEGER NOT NULL REFERENCES sides(id),
    is_general    INTEGER NOT NULL CHECK (is_general IN (0, 1)),
    attached_unit INTEGER,              -- no foreign key: effects may name any unit id
    status        TEXT NOT NULL         -- commander_status_id: "active", "wounded", ...
);

CREATE TABLE units (
    id            INTEGER PRIMARY KEY,
    position      INTEGER NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    side          INTEGER NOT NULL REFERENCES sides(id),
    commander     INTEGER REFERENCES commanders(id),
    troop_type    TEXT NOT NULL,
    quality       TEXT NOT NULL,
    weapon        TEXT NOT NULL,
    formed        INTEGER NOT NULL CHECK (formed IN (0, 1)),
    start_figures INTEGER NOT NULL,
    figures       INTEGER NOT NULL,
    hits          INTEGER NOT NULL,
    hit_capacity  INTEGER NOT NULL
);

-- Unit::flags as stored in the map, false entries included, so a reload is exact.
CREATE TABLE unit_flags (
    unit  INTEGER NOT NULL REFERENCES units(id),
    flag  TEXT NOT NULL,                -- flag_id: "shaken", "needs-rally", ...
    value INTEGER NOT NULL CHECK (value IN (0, 1)),
    PRIMARY KEY (unit, flag)
) WITHOUT ROWID;

CREATE TABLE unit_counters (
    unit  INTEGER NOT NULL REFERENCES units(id),
    key   TEXT NOT NULL,
    value INTEGER NOT NULL,
    PRIMARY KEY (unit, key)
) WITHOUT ROWID;

CREATE TABLE unit_traits (
    unit  INTEGER NOT NULL REFERENCES units(id),
    key   TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (unit, key)
) WITHOUT ROWID;

-- Side-wide and battle-wide counters (army morale, the wind, ...): owner is the side id, or
-- 0 with scope 'battle'.
CREATE TABLE counters (
    scope TEXT NOT NULL CHECK (scope IN ('side', 'battle')),
    owner INTEGER NOT NULL,
    key   TEXT NOT NULL,
    value INTEGER NOT NULL,
    PRIMARY KEY (scope, owner, key)
) WITHOUT ROWID;

-- Battle::texts: structured battle-wide state as text (the turn engine's state as JSON, the
-- battle's own chance deck as TOML, ...). Added in schema version 2.
CREATE TABLE texts (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- Append-only. Undo and redo are rows too; which actions are undone is derived by walking it.
-- checksum: the row's own (store/checksum.h), 16 hex digits. The JSON payloads are objects that
-- may gain keys: readers ignore keys they do not know.
CREATE TABLE journal (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo')),
    turn            INTEGER NOT NULL,
    action          TEXT NOT NULL,
    summary         TEXT NOT NULL,
    unit            INTEGER,
    target          INTEGER,
    request_json    TEXT NOT NULL,
    dice_json       TEXT NOT NULL,
    resolution_json TEXT NOT NULL,
    effects_json    TEXT NOT NULL,
    refers_to       INTEGER REFERENCES journal(id),
    created_at      TEXT NOT NULL,
    checksum        TEXT NOT NULL,
    CHECK ((kind = 'action') = (refers_to IS NULL))
);
)sql";

// 2 -> 3: a checksum per journal row and the seal (store/seal.h). The origin of a file that
// had none is found by reverting its journal from the state.
void add_checksums(SQLite::Database& db) {
    db.exec("ALTER TABLE journal ADD COLUMN checksum TEXT NOT NULL DEFAULT ''");
    std::string note;
    seal_file(db, load_state(db), std::nullopt, &note);
    if (!note.empty()) {
        SQLite::Statement s(db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('origin_note', ?)");
        s.bind(1, "no starting state: when this file was upgraded, " + note);
        s.exec();
    }
}

// Each step takes a file from version N to N+1; run in order inside one transaction.
using Migration = void (*)(SQLite::Database&);
constexpr Migration kMigrations[] = {
    // 1 -> 2: Battle::texts.
    [](SQLite::Database& db) { db.exec("CREATE TABLE texts (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"); },
    add_checksums,
};
static_assert(sizeof(kMigrations) / sizeof(kMigrations[0]) == kSchemaVersion - 1,
              "one migration step per schema version after the first");

} // namespace

bool migrate_schema(SQLite::Database& db, const std::string& path) {
    const int version = db.execAndGet("PRAGMA user_version").getInt();
    if (version >= kSchemaVersion) return false;
    // Version 0 is a file whose creation never finished (or was rolled back): there is no
    // schema to migrate, and no battle in it.
    if (version < 1)
        throw StoreError(path + " is an unfinished Umpire battle file (schema version 0): it was never completely created");
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    for (int v = version; v < kSchemaVersion; ++v) kMigrations[v - 1](db);
    db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    tx.commit();
    return true;
}

void configure_connection(SQLite::Database& db, int busy_timeout_ms) {
    db.setBusyTimeout(busy_timeout_ms);
    // foreign_keys is a no-op inside a transaction, so this runs before any BEGIN.
    db.exec("PRAGMA foreign_keys = ON");
    // WAL would leave -wal and -shm files beside the battle, and a battle is copied and mailed
    // around as one file (and kept on USB sticks and shares where WAL's shared memory is not to
    // be trusted). DELETE keeps the journal only while a transaction is open.
    db.exec("PRAGMA journal_mode = DELETE");
    // In DELETE mode deleting the journal is the commit. EXTRA syncs the directory after that
    // unlink, so an acknowledged action cannot come back undone after a power cut (FULL syncs
    // the files but not the directory entry).
    db.exec("PRAGMA synchronous = EXTRA");
}

void create_schema(SQLite::Database& db) {
    db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    db.exec(kTables);
}

} // namespace umpire::store::detail
