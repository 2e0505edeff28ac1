#include "store/schema.h"

#include "store/battle_file.h"
#include "store/seal.h"
#include "store/state.h"
#include "store/upgrade.h"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <string>

namespace umpire::store::detail {

namespace {

// Schema version 9 (version 1 had no `texts` table, version 2 no checksums, version 3 kept whole
// texts and effects twice, version 4 the action, unit, target and summary again inside the
// request's and the resolution's JSON, version 5 the starting state in meta, version 6 lacked the
// desk's indexes, version 7 who applied each entry, version 8 kept a unit's flags as rows of a
// table of their own). Changing anything here means a new kSchemaVersion and a step in
// migrate_schema for files written by the last.
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
    hit_capacity  INTEGER NOT NULL,
    flags         TEXT NOT NULL DEFAULT ''   -- Unit::flags (state.h: flags_column)
);

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

-- Append-only. Undo and redo are rows too; which actions are undone is derived from them.
-- checksum: the row's own (store/checksum.h), 16 hex digits; head: the journal head through this
-- row. What an entry changed is kept once: effects_json (a long text's change as a patch), not
-- inside resolution_json, and none in an undo's or redo's row (they are its action's); what the
-- columns hold (action, unit, target, summary) is not repeated in request_json or resolution_json
-- (store/payload.h). units, follow_ups and answers let the journal be listed and filtered without reading the payloads:
-- the units the effects touch ("3 17"), the follow-ups the resolution raised (JSON, '' for none),
-- the entry whose follow-up this one answered. umpire: who applied it, where that is known (an
-- entry applied on a server and copied here; '' for one applied on this file); like checksum and
-- head, not covered by the row's checksum (schema 8). The JSON payloads are objects that may gain keys:
-- readers ignore keys they do not know.
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
    units           TEXT NOT NULL DEFAULT '',
    follow_ups      TEXT NOT NULL DEFAULT '',
    answers         INTEGER,
    head            TEXT NOT NULL DEFAULT '',
    umpire          TEXT NOT NULL DEFAULT '',
    CHECK ((kind = 'action') = (refers_to IS NULL))
);
)sql";

// 2 -> 3: a checksum column per journal row; the next step computes them and the seal.
void add_checksums(SQLite::Database& db) { db.exec("ALTER TABLE journal ADD COLUMN checksum TEXT NOT NULL DEFAULT ''"); }

// The battle's state when it began (origin_text), one row, for check and repair (schema 6): a
// table of its own, as a value this long (half a megabyte at 2,000 units) in meta made every lookup
// there read it. Created with the schema, or by the upgrade to it.
constexpr const char* kOriginTable = R"sql(
CREATE TABLE origin (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    state TEXT NOT NULL
);
)sql";

// 5 -> 6: the starting state moves out of the meta table into its own.
void move_origin(SQLite::Database& db) {
    db.exec(kOriginTable);
    db.exec("INSERT INTO origin(id, state) SELECT 1, value FROM meta WHERE key = 'origin'");
    db.exec("DELETE FROM meta WHERE key = 'origin'");
}

// 6 -> 7: the indexes the desk's opening reads Pending by (create_desk_indexes).
void add_desk_indexes(SQLite::Database& db) { create_desk_indexes(db); }

// 8 -> 9: a unit's flags in its own row (state.h: flags_column), the table of them gone. Reading
// the flags was a tenth of reading the state of 2,000 units (1,700 flag rows), and a write
// replaced a unit's rows there as well as its own. The entries' order is the flags' ids' here and
// the model's after the next write of the unit; a reader takes them in any order.
// Run before the other steps too: upgrading a schema 3 or 4 file reads its state as this version
// does (upgrade.cpp). Done once: a file that has the column is left as it is.
void flags_into_units(SQLite::Database& db) {
    SQLite::Statement has(db, "SELECT 1 FROM pragma_table_info('units') WHERE name = 'flags'");
    if (has.executeStep()) return;
    db.exec("ALTER TABLE units ADD COLUMN flags TEXT NOT NULL DEFAULT ''");
    db.exec("UPDATE units SET flags = coalesce((SELECT group_concat(entry, ' ') FROM"
            " (SELECT CASE value WHEN 0 THEN '!' || flag ELSE flag END AS entry FROM unit_flags"
            "  WHERE unit = units.id ORDER BY flag)), '')");
    db.exec("DROP TABLE unit_flags");
}

// Each step takes a file from version N to N+1; run in order inside one transaction.
using Migration = void (*)(SQLite::Database&, const UpgradeOptions&);
constexpr Migration kMigrations[] = {
    // 1 -> 2: Battle::texts.
    [](SQLite::Database& db, const UpgradeOptions&) {
        db.exec("CREATE TABLE texts (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;");
    },
    [](SQLite::Database& db, const UpgradeOptions&) { add_checksums(db); },
    upgrade_to_4,
    upgrade_to_5,
    [](SQLite::Database& db, const UpgradeOptions&) { move_origin(db); },
    [](SQLite::Database& db, const UpgradeOptions&) { add_desk_indexes(db); },
    // 7 -> 8: who applied each entry (already there when an earlier step needed it).
    [](SQLite::Database& db, const UpgradeOptions&) { add_umpire_column(db); },
    // 8 -> 9: a unit's flags in its row (done before the steps already: see flags_into_units).
    [](SQLite::Database& db, const UpgradeOptions&) { flags_into_units(db); },
};
static_assert(sizeof(kMigrations) / sizeof(kMigrations[0]) == kSchemaVersion - 1,
              "one migration step per schema version after the first");

} // namespace

bool migrate_schema(SQLite::Database& db, const std::string& path, bool keep_bad_text) {
    const int version = db.execAndGet("PRAGMA user_version").getInt();
    if (version >= kSchemaVersion) return false;
    // Version 0 is a file whose creation never finished (or was rolled back): there is no
    // schema to migrate, and no battle in it.
    if (version < 1)
        throw StoreError(path + " is an unfinished Umpire battle file (schema version 0): it was never completely created");
    {
        SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
        UpgradeOptions options;
        options.keep_bad_text = keep_bad_text;
        if (version >= 4) add_umpire_column(db);  // see add_umpire_column
        flags_into_units(db);                       // see flags_into_units
        for (int v = version; v < kSchemaVersion; ++v) kMigrations[v - 1](db, options);
        db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
        tx.commit();
    }
    // An upgrade that left much of the file unused (schema 4 keeps a fraction of what 3 did)
    // gives the space back; VACUUM rewrites the file through a rollback journal, as safely as
    // any write.
    const std::int64_t pages = db.execAndGet("PRAGMA page_count").getInt64();
    if (db.execAndGet("PRAGMA freelist_count").getInt64() * 4 > pages) db.exec("VACUUM");
    return true;
}

void configure_connection(SQLite::Database& db, int busy_timeout_ms) {
    db.setBusyTimeout(busy_timeout_ms);
    // A new file's pages are 8 KB (it takes effect only on a file with nothing in it yet, and on a
    // VACUUM): a journal entry is some 0.7 KB, and a 4 KB page left an average half entry of it
    // unused, 0.7 MB of a 20,000-entry battle. A file made with 4 KB pages keeps them.
    db.exec("PRAGMA page_size = 8192");
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

// 7 -> 8: who applied each entry, kept beside the row (an entry written on a server keeps its
// umpire through a copy to a file and back). Rows written before say nobody: ''.
void add_umpire_column(SQLite::Database& db) {
    SQLite::Statement has(db, "SELECT 1 FROM pragma_table_info('journal') WHERE name = 'umpire'");
    if (!has.executeStep()) db.exec("ALTER TABLE journal ADD COLUMN umpire TEXT NOT NULL DEFAULT ''");
}

void create_schema(SQLite::Database& db) {
    db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    db.exec(kTables);
    db.exec(kOriginTable);
    create_journal_indexes(db);
    create_desk_indexes(db);
}

void create_journal_indexes(SQLite::Database& db) {
    // The undo and redo targets are two queries (journal.h): the latest actions, read backwards
    // by id, and what refers to an action. No index of the entries by kind: nine in ten entries
    // are actions, so one was the journal read by id again, 19 bytes an entry (0.4 MB of a
    // 20,000-entry battle); files that have it keep it, unused.
    db.exec("CREATE INDEX journal_by_reference ON journal(refers_to, id) WHERE refers_to IS NOT NULL");
}

} // namespace umpire::store::detail

namespace umpire::store::detail {

void create_desk_indexes(SQLite::Database& db) {
    // What the journal still owes (BattleFile::open_follow_ups), read when the desk opens a
    // battle without reading the journal: the few entries that raised a follow-up (a partial
    // index: they alone are in it), and the entries of one action, which may answer one.
    db.exec("CREATE INDEX journal_raising ON journal(id) WHERE follow_ups != ''");
    db.exec("CREATE INDEX journal_by_action ON journal(action, id)");
}

} // namespace umpire::store::detail
