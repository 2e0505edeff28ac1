// The battle's current state as rows. The tables hold the state itself (not a replay log), so
// opening a battle is a handful of SELECTs however long the journal has grown.
#include "store/state.h"

#include "store/battle_file.h"

#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <set>
#include <utility>

namespace umpire::store::detail {

namespace {

using model::Battle;
using model::Commander;
using model::Unit;

[[noreturn]] void damaged(const std::string& what) {
    throw StoreError("the battle file is damaged: " + what);
}

// A query's rows, their values read straight from SQLite. Opening a battle reads some 20,000
// values; through SQLite::Column each cost a shared pointer's copy and release, a quarter of the
// reading. Values convert as SQLite::Column's do (text of a number, "" for NULL), and a failure
// is the SQLite::Exception SQLiteCpp throws.
class StateRows {
public:
    StateRows(SQLite::Database& db, const char* sql) : db_(db.getHandle()) {
        if (const int rc = sqlite3_prepare_v2(db_, sql, -1, &statement_, nullptr); rc != SQLITE_OK) {
            sqlite3_finalize(statement_);
            throw SQLite::Exception(db_, rc);
        }
    }
    StateRows(const StateRows&) = delete;
    StateRows& operator=(const StateRows&) = delete;
    ~StateRows() { sqlite3_finalize(statement_); }
    bool next() {
        const int rc = sqlite3_step(statement_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw SQLite::Exception(db_, rc);
    }
    int integer(int column) const { return sqlite3_column_int(statement_, column); }
    std::int64_t integer64(int column) const { return sqlite3_column_int64(statement_, column); }
    double real(int column) const { return sqlite3_column_double(statement_, column); }
    std::optional<int> optional_integer(int column) const {
        if (sqlite3_column_type(statement_, column) == SQLITE_NULL) return std::nullopt;
        return integer(column);
    }
    // The value's bytes where SQLite holds them, valid until the next step.
    std::string_view view(int column) const {
        const void* bytes = sqlite3_column_blob(statement_, column);  // then its size (SQLite's order)
        const int size = sqlite3_column_bytes(statement_, column);
        return bytes ? std::string_view(static_cast<const char*>(bytes), static_cast<std::size_t>(size)) : std::string_view();
    }
    std::string text(int column) const { return std::string(view(column)); }
    // Into a string in place: a unit's four texts, 8,000 strings for a battle of 2,000 units, each
    // made and moved were a sixth of reading the state.
    void text_into(int column, std::string& out) const { out.assign(view(column)); }

private:
    sqlite3* db_;
    sqlite3_stmt* statement_ = nullptr;
};

void bind_optional(SQLite::Statement& s, int index, const std::optional<int>& value) {
    if (value)
        s.bind(index, *value);
    else
        s.bind(index);  // NULL
}

template <typename Number>
void put_meta_number(SQLite::Database& db, const char* key, Number value) {
    SQLite::Statement s(db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
    s.bind(1, key);
    s.bind(2, value);
    s.exec();
}

// Through one statement for all of a battle's commanders: preparing it afresh for each of 200 cost
// more than the inserts.
void insert_commander(SQLite::Statement& s, const Commander& c, int position) {
    s.reset();
    s.bind(1, c.id);
    s.bind(2, position);
    s.bind(3, c.name);
    s.bind(4, c.side);
    s.bind(5, c.is_general ? 1 : 0);
    bind_optional(s, 6, c.attached_unit);
    s.bind(7, std::string(model::commander_status_id(c.status)));
    s.exec();
}

void update_commander(SQLite::Database& db, const Commander& c) {
    SQLite::Statement s(db, "UPDATE commanders SET name = ?, attached_unit = ?, status = ?"
                            " WHERE id = ?");
    s.bind(1, c.name);
    bind_optional(s, 2, c.attached_unit);
    s.bind(3, std::string(model::commander_status_id(c.status)));
    s.bind(4, c.id);
    if (s.exec() != 1) damaged("no row for commander " + std::to_string(c.id));
}

// The statements that write units' rows, each prepared once on first use and reused for every
// unit after it: creating a battle of 2,000 units would otherwise prepare 14,000 statements.
// Counters and traits are replaced wholesale: a unit has a few of each. Flags are in its row.
class UnitRows {
public:
    explicit UnitRows(SQLite::Database& db) : db_(db) {}

    // A unit with no rows yet (a new battle, a detachment created by an effect).
    void insert(const Unit& u, int position) {
        SQLite::Statement& s = prepared(insert_,
                                        "INSERT INTO units(id, position, side, hit_capacity, name, commander, troop_type,"
                                        " quality, weapon, formed, start_figures, figures, hits, flags)"
                                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        s.bind(1, u.id);
        s.bind(2, position);
        s.bind(3, u.side);
        s.bind(4, u.hit_capacity);
        bind_changeable(s, 5, u);
        const std::string flags = flags_column(u);
        s.bindNoCopy(14, flags);
        s.exec();
        insert_details(u);
    }

    // Everything effects can change, bound from `first` on in the order of both statements:
    // name, commander, troop type, quality, weapon, formed, start figures, figures, hits (and the
    // flags after them, bound by each). The
    // texts are bound where they are, not copied (the statement runs before `u` can change):
    // SQLite's copy of each, with its allocation, was a tenth of creating a battle.
    static void bind_changeable(SQLite::Statement& s, int first, const Unit& u) {
        s.bindNoCopy(first, u.name);
        bind_optional(s, first + 1, u.commander);
        s.bindNoCopy(first + 2, u.troop_type);
        s.bindNoCopy(first + 3, u.quality);
        s.bindNoCopy(first + 4, u.weapon);
        s.bind(first + 5, u.formed ? 1 : 0);
        s.bind(first + 6, u.start_figures);
        s.bind(first + 7, u.figures);
        s.bind(first + 8, u.hits);
    }

    // Everything effects can change; side, hit capacity and position are fixed once created.
    void update(const Unit& u) {
        SQLite::Statement& s = prepared(update_,
                                        "UPDATE units SET name = ?, commander = ?, troop_type = ?, quality = ?,"
                                        " weapon = ?, formed = ?, start_figures = ?, figures = ?, hits = ?, flags = ?"
                                        " WHERE id = ?");
        bind_changeable(s, 1, u);
        const std::string flags = flags_column(u);
        s.bindNoCopy(10, flags);
        s.bind(11, u.id);
        if (s.exec() != 1) damaged("no row for unit " + std::to_string(u.id));
        clear_details(u.id);
        insert_details(u);
    }

    bool exists(int id) {
        SQLite::Statement& s = prepared(exists_, "SELECT 1 FROM units WHERE id = ?");
        s.bind(1, id);
        const bool found = s.executeStep();
        s.reset();  // no read left open while the rows are written
        return found;
    }

    // A unit removed from the battle (a detachment rejoining): its detail rows go first, since
    // they refer to it.
    void remove(int id) {
        clear_details(id);
        SQLite::Statement& s = prepared(delete_, "DELETE FROM units WHERE id = ?");
        s.bind(1, id);
        s.exec();
    }

private:
    // The statement in `slot`, prepared the first time and reset (bindings cleared) after that.
    SQLite::Statement& prepared(std::optional<SQLite::Statement>& slot, const char* sql) {
        if (slot) {
            slot->reset();
            slot->clearBindings();
        } else {
            slot.emplace(db_, sql);
        }
        return *slot;
    }

    void clear_details(int id) {
        for (auto& [slot, sql] : {std::pair{&clear_counters_, "DELETE FROM unit_counters WHERE unit = ?"},
                                  std::pair{&clear_traits_, "DELETE FROM unit_traits WHERE unit = ?"}}) {
            SQLite::Statement& clear = prepared(*slot, sql);
            clear.bind(1, id);
            clear.exec();
        }
    }

    void insert_details(const Unit& u) {
        // One row (unit, key, value) in a detail table, through its statement prepared once.
        auto insert = [&](std::optional<SQLite::Statement>& slot, const char* sql, const std::string& key,
                          const auto& value) {
            SQLite::Statement& s = prepared(slot, sql);
            s.bind(1, u.id);
            s.bind(2, key);
            s.bind(3, value);
            s.exec();
        };
        for (const auto& [key, value] : u.counters)
            insert(counter_, "INSERT INTO unit_counters(unit, key, value) VALUES (?, ?, ?)", key, value);
        for (const auto& [key, value] : u.traits)
            insert(trait_, "INSERT INTO unit_traits(unit, key, value) VALUES (?, ?, ?)", key, value);
    }

    SQLite::Database& db_;
    std::optional<SQLite::Statement> insert_, update_, exists_, delete_, clear_counters_, clear_traits_, counter_, trait_;
};

// Rewrites every unit's position from its place in `after.units`. Positions are UNIQUE, so they
// are first moved out of the way (negative) and then set; called with rows already added or
// deleted.
void renumber_units(SQLite::Database& db, const Battle& after) {
    SQLite::Statement set(db, "UPDATE units SET position = ? WHERE id = ?");
    int position = 0;
    for (const auto& u : after.units) {
        set.bind(1, position++);
        set.bind(2, u.id);
        set.exec();
        set.reset();
    }
}

int place_of(const Battle& battle, int id) {
    for (std::size_t i = 0; i < battle.units.size(); ++i)
        if (battle.units[i].id == id) return static_cast<int>(i);
    return -1;
}

void write_counters(SQLite::Database& db, const char* scope, int owner,
                    const std::map<std::string, int>& counters) {
    SQLite::Statement clear(db, "DELETE FROM counters WHERE scope = ? AND owner = ?");
    clear.bind(1, scope);
    clear.bind(2, owner);
    clear.exec();
    SQLite::Statement insert(db, "INSERT INTO counters(scope, owner, key, value) VALUES (?, ?, ?, ?)");
    for (const auto& [key, value] : counters) {
        insert.bind(1, scope);
        insert.bind(2, owner);
        insert.bind(3, key);
        insert.bind(4, value);
        insert.exec();
        insert.reset();
    }
}

// The texts are few and small next to the journal: replaced wholesale.
void write_texts(SQLite::Database& db, const std::map<std::string, std::string>& texts) {
    db.exec("DELETE FROM texts");
    SQLite::Statement insert(db, "INSERT INTO texts(key, value) VALUES (?, ?)");
    for (const auto& [key, value] : texts) {
        insert.bind(1, key);
        insert.bind(2, value);
        insert.exec();
        insert.reset();
    }
}

void update_side(SQLite::Database& db, const model::Side& side) {
    SQLite::Statement s(db, "UPDATE sides SET name = ? WHERE id = ?");
    s.bind(1, side.name);
    s.bind(2, side.id);
    if (s.exec() != 1) damaged("no row for side " + std::to_string(side.id));
    write_counters(db, "side", side.id, side.counters);
}

} // namespace

std::optional<int> optional_int(const SQLite::Column& c) {
    if (c.isNull()) return std::nullopt;
    return c.getInt();
}

void put_meta(SQLite::Database& db, const char* key, const std::string& value) {
    SQLite::Statement s(db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
    s.bind(1, key);
    s.bind(2, value);
    s.exec();
}

void insert_state(SQLite::Database& db, const Battle& battle, const std::string& created_at) {
    put_meta(db, "name", battle.name);
    put_meta(db, "ruleset", battle.ruleset);
    put_meta(db, "distance_unit", battle.distance_unit);
    put_meta_number(db, "distance_scale", battle.distance_scale);
    put_meta(db, "house_rules", battle.house_rules);
    put_meta_number(db, "turn", battle.turn);
    put_meta(db, "created_at", created_at);

    int position = 0;
    for (const auto& side : battle.sides) {
        SQLite::Statement s(db, "INSERT INTO sides(id, position, name, colour) VALUES (?, ?, ?, ?)");
        s.bind(1, side.id);
        s.bind(2, position++);
        s.bind(3, side.name);
        s.bind(4, side.colour);
        s.exec();
        write_counters(db, "side", side.id, side.counters);
    }
    write_counters(db, "battle", 0, battle.counters);
    write_texts(db, battle.texts);
    position = 0;
    SQLite::Statement commander(db, "INSERT INTO commanders(id, position, name, side, is_general, attached_unit,"
                                    " status) VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (const auto& c : battle.commanders) insert_commander(commander, c, position++);
    position = 0;
    UnitRows rows(db);
    for (const auto& u : battle.units) rows.insert(u, position++);
}

void write_changes(SQLite::Database& db, const Battle& after,
                   const std::vector<model::Effect>& effects) {
    std::set<int> units, commanders, sides;
    bool battle_level = false;
    bool roster_changed = false;  // a unit was created or removed
    for (const auto& e : effects) {
        switch (e.entity) {
        case model::Entity::Unit:
            units.insert(e.id);
            roster_changed = roster_changed || e.field == model::kRosterPlace;
            break;
        case model::Entity::Commander: commanders.insert(e.id); break;
        case model::Entity::Side: sides.insert(e.id); break;
        case model::Entity::Battle: battle_level = true; break;
        }
    }
    // Free every position first, so inserted rows can take their final place at once.
    if (roster_changed) db.exec("UPDATE units SET position = -1 - position");
    // Battle::apply has already refused effects on ids that do not exist. A unit touched by the
    // effects may have been created or removed by them: the rows follow `after`.
    UnitRows rows(db);
    for (int id : units) {
        const Unit* u = after.unit(id);
        const bool has_row = rows.exists(id);
        if (!u) {
            if (has_row) rows.remove(id);
        } else if (!has_row) {
            rows.insert(*u, place_of(after, id));
        } else {
            rows.update(*u);
        }
    }
    if (roster_changed) renumber_units(db, after);
    for (int id : commanders) update_commander(db, *after.commander(id));
    for (int id : sides) update_side(db, *after.side(id));
    if (battle_level) {
        put_meta(db, "name", after.name);
        put_meta_number(db, "turn", after.turn);
        write_counters(db, "battle", 0, after.counters);
        write_texts(db, after.texts);
    }
}

std::string flags_column(const Unit& u) {
    std::string text;
    for (const auto& [flag, on] : u.flags) {
        if (!text.empty()) text += ' ';
        if (!on) text += '!';
        text += model::flag_id(flag);
    }
    return text;
}

void read_flags_column(std::string_view text, Unit& into) {
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        std::string_view entry = text.substr(0, space);
        text.remove_prefix(space == std::string_view::npos ? text.size() : space + 1);
        const bool on = entry.empty() || entry.front() != '!';
        if (!on) entry.remove_prefix(1);
        const auto flag = model::flag_from_id(entry);
        if (!flag || (space != std::string_view::npos && text.empty()))
            damaged("unit " + std::to_string(into.id) + " has an unknown flag \"" + std::string(entry) + "\"");
        into.flags.emplace_hint(into.flags.end(), *flag, on);  // written in the map's order
    }
}

Battle load_state(SQLite::Database& db, const RulesetRead& ruleset_read) {
    Battle battle;
    std::set<std::string> seen;
    // Only the state's own keys: the meta table also holds the seal, which is read on its own.
    StateRows meta(db,
                   "SELECT key, value FROM meta WHERE key IN"
                   " ('name', 'ruleset', 'distance_unit', 'distance_scale', 'house_rules', 'turn')");
    while (meta.next()) {
        std::string key = meta.text(0);
        seen.insert(key);
        if (key == "name") battle.name = meta.text(1);
        else if (key == "ruleset") battle.ruleset = meta.text(1);
        else if (key == "distance_unit") battle.distance_unit = meta.text(1);
        else if (key == "distance_scale") battle.distance_scale = meta.real(1);
        else if (key == "house_rules") battle.house_rules = meta.text(1);
        else if (key == "turn") battle.turn = meta.integer(1);
    }
    for (const char* key : {"name", "ruleset", "distance_unit", "distance_scale", "house_rules", "turn"})
        if (!seen.count(key)) damaged(std::string("the meta table has no '") + key + "'");
    if (ruleset_read) ruleset_read(battle.ruleset, battle.house_rules);

    StateRows sides(db, "SELECT id, name, colour FROM sides ORDER BY position");
    while (sides.next()) battle.sides.push_back({sides.integer(0), sides.text(1), sides.text(2), {}});

    StateRows commanders(db,
                         "SELECT id, name, side, is_general, attached_unit, status"
                         " FROM commanders ORDER BY position");
    while (commanders.next()) {
        Commander c;
        c.id = commanders.integer(0);
        commanders.text_into(1, c.name);
        c.side = commanders.integer(2);
        c.is_general = commanders.integer(3) != 0;
        c.attached_unit = commanders.optional_integer(4);
        std::string status = commanders.text(5);
        auto parsed = model::commander_status_from_id(status);
        if (!parsed) damaged("commander " + std::to_string(c.id) + " has unknown status \"" + status + "\"");
        c.status = *parsed;
        battle.commanders.push_back(std::move(c));
    }

    // In the table's own order, then by position: read through the index on position, each row
    // was a second look-up in the table, a sixth of reading the state.
    StateRows units(db,
                    "SELECT id, name, side, commander, troop_type, quality, weapon, formed,"
                    " start_figures, figures, hits, hit_capacity, position, flags FROM units");
    // Room for every unit at once: a Unit is large, and growing the vector moves them all again.
    const auto unit_count = static_cast<std::size_t>(db.execAndGet("SELECT count(*) FROM units").getInt64());
    battle.units.reserve(unit_count);
    std::vector<std::int64_t> positions;
    positions.reserve(unit_count);
    while (units.next()) {
        positions.push_back(units.integer64(12));
        Unit& u = battle.units.emplace_back();  // filled in place: a Unit moved is seven members moved
        u.id = units.integer(0);
        units.text_into(1, u.name);
        u.side = units.integer(2);
        u.commander = units.optional_integer(3);
        units.text_into(4, u.troop_type);
        units.text_into(5, u.quality);
        units.text_into(6, u.weapon);
        u.formed = units.integer(7) != 0;
        u.start_figures = units.integer(8);
        u.figures = units.integer(9);
        u.hits = units.integer(10);
        u.hit_capacity = units.integer(11);
        read_flags_column(units.view(13), u);
    }
    if (!std::is_sorted(positions.begin(), positions.end())) {  // units moved in the roster since
        std::vector<std::size_t> order(positions.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return positions[a] < positions[b]; });
        std::vector<Unit> sorted;
        sorted.reserve(order.size());
        for (std::size_t i : order) sorted.push_back(std::move(battle.units[i]));
        battle.units = std::move(sorted);
    }

    StateRows counters(db, "SELECT unit, key, value FROM unit_counters");
    while (counters.next()) {
        Unit* u = battle.unit(counters.integer(0));
        if (!u) damaged("unit_counters row for a missing unit");
        u->counters[counters.text(1)] = counters.integer(2);
    }
    StateRows counter_rows(db, "SELECT scope, owner, key, value FROM counters");
    while (counter_rows.next()) {
        std::string scope = counter_rows.text(0);
        int owner = counter_rows.integer(1);
        std::map<std::string, int>* target = nullptr;
        if (scope == "battle" && owner == 0) target = &battle.counters;
        if (scope == "side")
            if (model::Side* s = battle.side(owner)) target = &s->counters;
        if (!target) damaged("counters row (" + scope + ", " + std::to_string(owner) + ")");
        (*target)[counter_rows.text(2)] = counter_rows.integer(3);
    }
    StateRows texts(db, "SELECT key, value FROM texts");
    while (texts.next()) battle.texts[texts.text(0)] = texts.text(1);
    StateRows traits(db, "SELECT unit, key, value FROM unit_traits");
    while (traits.next()) {
        Unit* u = battle.unit(traits.integer(0));
        if (!u) damaged("unit_traits row for a missing unit");
        u->traits[traits.text(1)] = traits.text(2);
    }
    return battle;
}

} // namespace umpire::store::detail
