#include "store/upgrade.h"

#include "store/battle_file.h"
#include "store/checksum.h"
#include "store/journal.h"
#include "store/origin.h"
#include "store/schema.h"
#include "store/seal.h"
#include "store/state.h"

#include <SQLiteCpp/Statement.h>

#include <functional>
#include <set>

namespace umpire::store::detail {

namespace {

// The columns a schema 3 row checksum covered, in order, and the same row read with the schema 4
// columns it lacked given as empty, so one reader parses both.
constexpr const char* kV3Columns =
    "id, kind, turn, action, summary, unit, target, request_json, dice_json, resolution_json,"
    " effects_json, refers_to, created_at";
constexpr int kV3ColumnCount = 13;

struct OldDamage {
    std::set<std::int64_t> rows;  // a row whose schema 3 checksum fails
    bool journal = false;         // rows lost, moved or added: the old head or last id disagrees
    bool state = false;           // the state's checksum disagrees
};

// The old checks, with the columns the old rows' checksums covered: each row's checksum, the head
// folded over them, the state's checksum.
OldDamage check_old_rows(SQLite::Database& db, const Seal& seal, const std::string& columns, int column_count) {
    OldDamage found;
    std::uint64_t head = seal.origin_checksum;
    std::int64_t last = 0;
    SQLite::Statement s(db, "SELECT " + columns + ", checksum FROM journal ORDER BY id");
    while (s.executeStep()) {
        const std::uint64_t computed = row_checksum(stored_cells(s, column_count));
        const auto stored = parse_hex64(s.getColumn(column_count).getString());
        last = s.getColumn(0).getInt64();
        if (!stored || *stored != computed) found.rows.insert(last);
        head = fold_head(head, stored.value_or(computed));
    }
    found.journal = last != seal.journal_last || (head != seal.journal_head && found.rows.empty());
    found.state = state_checksum(load_state(db)) != seal.state_checksum;
    return found;
}

// Every row rewritten as this schema keeps it, read with `select` (kJournalColumns' columns, in
// order); a row that is damaged or does not parse is left as it was and joins `damaged`.
void rewrite_rows(SQLite::Database& db, const std::string& select, std::set<std::int64_t>& damaged) {
    std::vector<JournalEntry> entries;
    {
        SQLite::Statement s(db, "SELECT " + select + " FROM journal ORDER BY id");
        while (s.executeStep()) {
            const std::int64_t id = s.getColumn(0).getInt64();
            if (damaged.count(id)) continue;
            try {
                entries.push_back(entry_from_row(s));
            } catch (const StoreError&) {
                damaged.insert(id);
            }
        }
    }
    SQLite::Statement set(db, "UPDATE journal SET request_json = ?, dice_json = ?, resolution_json = ?, effects_json = ?,"
                              " units = ?, follow_ups = ?, answers = ? WHERE id = ?");
    for (const JournalEntry& e : entries) {
        const StoredRow row = stored_row(e);
        set.bind(1, row.request);
        set.bind(2, row.dice);
        set.bind(3, row.resolution);
        set.bind(4, row.effects);
        set.bind(5, row.units);
        set.bind(6, row.follow_ups);
        if (row.answers)
            set.bind(7, *row.answers);
        else
            set.bind(7);
        set.bind(8, row.id);
        set.exec();
        set.reset();
    }
}

} // namespace

namespace {

// The rows rewritten (read with `select`) and the file sealed afresh. A file sealed before is
// checked by its own checksums (over `old_columns`) first, and what failed them fails again: the
// journal's end gets a head no row has, the state keeps the checksum it did not match. One
// upgraded from an older schema in this same transaction has none to check.
void rewrite_and_reseal(SQLite::Database& db, const std::string& old_columns, int old_column_count,
                        const std::string& select, const UpgradeOptions& options, const std::function<void()>& change_tables) {
    const std::optional<Seal> old = read_seal(db, true);
    OldDamage damage;
    if (old) damage = check_old_rows(db, *old, old_columns, old_column_count);
    change_tables();
    rewrite_rows(db, select, damage.rows);

    const model::Battle state = load_state(db);
    std::optional<model::Battle> origin;
    if (old && old->origin && origin_checksum(old->origin) == old->origin_checksum)
        origin = battle_from_json(nlohmann::json::parse(*old->origin));
    std::string note;
    seal_file(db, state, origin, &note, damage.rows, options.keep_bad_text);
    if (!note.empty()) put_meta(db, "origin_note", "no starting state: when this file was upgraded, " + note);
    if (damage.journal) put_meta(db, "journal_head", hex64(0));
    if (damage.state) put_meta(db, "state_checksum", hex64(old->state_checksum));
}

} // namespace

void upgrade_to_4(SQLite::Database& db, const UpgradeOptions& options) {
    // Schema 3 rows lack the narrow columns: read with them given as empty, so one reader parses both.
    rewrite_and_reseal(db, kV3Columns, kV3ColumnCount, std::string(kV3Columns) + ", '', '', NULL", options, [&] {
        for (const char* column : {"units TEXT NOT NULL DEFAULT ''", "follow_ups TEXT NOT NULL DEFAULT ''",
                                   "answers INTEGER", "head TEXT NOT NULL DEFAULT ''"})
            db.exec(std::string("ALTER TABLE journal ADD COLUMN ") + column);
        add_umpire_column(db);  // the reseal below reads the journal as this version does
        create_journal_indexes(db);
    });
}

void upgrade_to_5(SQLite::Database& db, const UpgradeOptions& options) {
    // The same columns: only the payloads lose what the columns hold (store/payload.h).
    rewrite_and_reseal(db, kJournalColumns, kJournalColumnCount, kJournalColumns, options, [] {});
}

} // namespace umpire::store::detail
