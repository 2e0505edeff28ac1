#include "store/postgres/state_rows.h"

#include "store/origin.h"

#include <set>
#include <stdexcept>

namespace umpire::store::postgres {

namespace {

nlohmann::json parsed(const pqxx::field& f) { return nlohmann::json::parse(f.c_str(), f.c_str() + f.size()); }

// A unit's row, inserted or (a write) rewritten with what the unit holds now and its place.
void put_unit(Statements& statements, const std::string& battle, const model::Unit& unit, int position) {
    statements.add("INSERT INTO umpire_units (battle, id, position, unit) VALUES ($1, $2, $3, $4) ON CONFLICT (battle, id) "
                   "DO UPDATE SET position = excluded.position, unit = excluded.unit",
                   battle, unit.id, position, detail::unit_text(unit));
}

// "{1,2,3}": an integer array as PostgreSQL reads one from text (libpqxx 6 sends no arrays).
std::string int_array(const std::vector<int>& values) {
    std::string text = "{";
    for (std::size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
    return text + "}";
}

// Every unit's place in the roster set from `after`, in one statement: a detachment created or
// removed moves the units after it. Only the rows whose place changed are written.
void set_positions(Statements& statements, const std::string& battle, const model::Battle& after) {
    std::vector<int> ids, positions;
    for (std::size_t i = 0; i < after.units.size(); ++i) {
        ids.push_back(after.units[i].id);
        positions.push_back(static_cast<int>(i));
    }
    statements.add("UPDATE umpire_units u SET position = p.position FROM unnest($2::integer[], $3::integer[]) AS p(id, position) "
                   "WHERE u.battle = $1 AND u.id = p.id AND u.position <> p.position",
                   battle, int_array(ids), int_array(positions));
}

} // namespace

model::Battle read_state(pqxx::transaction_base& tx, const std::string& battle, const std::optional<std::string>& whole,
                         const std::optional<std::string>& remainder) {
    if (whole) return detail::battle_from_json(nlohmann::json::parse(*whole));
    if (!remainder) throw std::invalid_argument("the battle row holds no state");
    model::Battle state = detail::remainder_from_json(nlohmann::json::parse(*remainder));
    const pqxx::result rows = tx.exec_params("SELECT id, unit FROM umpire_units WHERE battle = $1 ORDER BY position", battle);
    state.units.reserve(rows.size());
    for (const pqxx::row& r : rows) {
        state.units.push_back(detail::unit_from_json(parsed(r[1])));
        // The key and the unit it holds are one: a row whose unit is another is not read as it.
        if (state.units.back().id != r[0].as<int>())
            throw std::invalid_argument("the row of unit " + r[0].as<std::string>() + " holds unit " +
                                        std::to_string(state.units.back().id));
    }
    return state;
}

void write_unit_rows(pqxx::transaction_base& tx, const std::string& battle, const model::Battle& state) {
    Statements statements(tx);
    statements.add("DELETE FROM umpire_units WHERE battle = $1", battle);
    for (std::size_t i = 0; i < state.units.size(); ++i) {
        put_unit(statements, battle, state.units[i], static_cast<int>(i));
        if (i % kRowsABatch == kRowsABatch - 1) statements.send();
    }
    if (!statements.empty()) statements.send();
}

bool write_changed_rows(Statements& statements, const std::string& battle, const model::Battle& after,
                        const std::vector<model::Effect>& effects) {
    std::set<int> units;
    bool roster_changed = false, rest = false;
    for (const model::Effect& e : effects) {
        if (e.entity != model::Entity::Unit) {
            rest = true;
            continue;
        }
        units.insert(e.id);
        roster_changed = roster_changed || e.field == model::kRosterPlace;
    }
    for (int id : units) {
        if (const model::Unit* u = after.unit(id))
            put_unit(statements, battle, *u, static_cast<int>(u - after.units.data()));
        else
            statements.add("DELETE FROM umpire_units WHERE battle = $1 AND id = $2", battle, id);
    }
    if (roster_changed) set_positions(statements, battle, after);
    return rest;
}

} // namespace umpire::store::postgres
