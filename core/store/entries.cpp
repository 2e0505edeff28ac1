#include "store/entries.h"

#include "model/names.h"
#include "model/sectors.h"
#include "rules/resolution_json.h"
#include "store/journal.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace umpire::store::detail {

std::vector<JournalEntry> action_entries(model::Battle& battle, const std::vector<Recording>& steps, std::size_t& applied) {
    applied = 0;
    std::vector<JournalEntry> entries;
    for (const auto& [request, resolution] : steps) {
        if (!resolution.rolled)
            throw StoreError("cannot record " + request.action + ": it is a preview of the odds; roll (or type the dice) first",
                             StoreProblem::Refused);
        JournalEntry entry;
        entry.turn = battle.turn;  // the turn it happened in, before any turn change it makes
        try {
            battle.apply(resolution.effects);
        } catch (const std::logic_error& e) {
            throw StoreError("cannot record " +
                                 (resolution.outcome.empty() ? request.action : "\"" + resolution.outcome + "\"") + ": " +
                                 e.what(),
                             StoreProblem::Refused);
        }
        ++applied;
        entry.kind = EntryKind::Action;
        entry.action = resolution.action.empty() ? request.action : resolution.action;
        entry.summary = resolution.outcome;
        if (!request.in_sector_of.empty()) entry.summary += " (in " + request.in_sector_of + "'s sector)";
        entry.unit = resolution.unit ? resolution.unit : request.unit;
        entry.target = resolution.target ? resolution.target : request.target;
        entry.request = rules::to_json(request);
        entry.dice = resolution.all_dice();
        entry.resolution = rules::to_json(resolution);
        entry.effects = resolution.effects;
        entry.created_at = utc_now();
        entries.push_back(std::move(entry));
    }
    return entries;
}

void revert_steps(model::Battle& battle, const std::vector<Recording>& steps, std::size_t applied) {
    for (std::size_t i = applied; i-- > 0;) battle.revert(steps[i].resolution.effects);
}

JournalEntry reference_to(const JournalEntry& action, EntryKind kind, int turn) {
    JournalEntry e;
    e.kind = kind;
    e.turn = turn;
    e.action = action.action;
    e.summary = std::string(kind == EntryKind::Undo ? "Undo: " : "Redo: ") + action.summary;
    e.unit = action.unit;
    e.target = action.target;
    // The effects are the action's own (its row keeps them); the kind says which way they ran.
    e.effects = action.effects;
    e.request = nullptr;
    e.resolution = nullptr;
    e.dice = {};
    e.refers_to = action.id;
    e.created_at = utc_now();
    return e;
}

} // namespace umpire::store::detail

namespace umpire::store {

namespace {

using FieldKey = std::tuple<model::Entity, int, std::string>;

std::set<FieldKey> fields_of(const std::vector<model::Effect>& effects) {
    std::set<FieldKey> keys;
    for (const auto& e : effects) keys.emplace(e.entity, e.id, e.field);
    return keys;
}

// The first entry after `action` that changed something undoing it would put back, in words
// ("#14 \"Rally: Afridi Marksmen\" by Bob"): on a server, another umpire's entry the undo would
// overwrite; "" when none is found. Read only when an undo is refused, so its cost does not matter.
std::string later_dependent(const BattleStore& store, const JournalEntry& action) {
    const std::set<FieldKey> touched = fields_of(action.effects);
    std::set<int> units;
    bool beyond_units = false;
    for (const auto& e : action.effects) {
        if (e.entity == model::Entity::Unit)
            units.insert(e.id);
        else
            beyond_units = true;
    }
    for (const JournalLine& line : store.journal_lines(action.id)) {
        const bool may_touch = beyond_units || std::any_of(line.units.begin(), line.units.end(),
                                                           [&](int u) { return units.count(u) > 0; });
        if (!may_touch) continue;
        const std::optional<JournalEntry> later = store.entry(line.id);
        if (!later) continue;
        const std::set<FieldKey> theirs = fields_of(later->effects);
        if (std::none_of(theirs.begin(), theirs.end(), [&](const FieldKey& k) { return touched.count(k) > 0; })) continue;
        return "#" + std::to_string(line.id) + " \"" + line.summary + "\"" + (line.umpire.empty() ? "" : " by " + line.umpire);
    }
    return "";
}

// Refuses a step for a unit in another umpire's sector unless the one applying it confirmed it
// (the request names that umpire). Giving and taking back sectors is anyone's to do.
void check_sectors(const model::Battle& battle, const std::string& umpire, const std::vector<Recording>& steps) {
    if (umpire.empty()) return;
    for (const auto& [request, resolution] : steps) {
        if (request.action == model::kSectorAction || resolution.action == model::kSectorAction) continue;
        const std::optional<int> unit = resolution.unit ? resolution.unit : request.unit;
        if (!unit) continue;
        if (model::in_own_sector(battle, *unit, umpire)) continue;
        const std::string owner = *model::unit_sector(battle, *unit);
        if (model::iequals(request.in_sector_of, owner)) continue;
        const model::Unit* u = battle.unit(*unit);
        throw OtherSectorError((u ? u->name : "unit " + std::to_string(*unit)) + " is in " + owner +
                                   "'s sector: nothing was done; confirm to act there anyway (the journal says so)",
                               owner, *unit);
    }
}

} // namespace

const std::string& BattleStore::umpire() const {
    static const std::string none;
    return none;
}

std::vector<std::int64_t> BattleStore::record_all(const std::vector<Recording>& steps) {
    // The effects are applied to the battle in memory as each step is checked against what the
    // ones before it left (no copy of a battle of thousands of units), and reverted if anything
    // fails before the commit.
    before_write();
    model::Battle& battle = battle_in_memory();
    check_sectors(battle, umpire(), steps);
    std::size_t applied = 0;
    const auto revert_applied = [&] { detail::revert_steps(battle, steps, applied); };
    std::vector<JournalEntry> entries;
    try {
        entries = detail::action_entries(battle, steps, applied);
    } catch (...) {
        put_back(revert_applied);
        throw;
    }
    std::vector<std::int64_t> ids;
    for (const auto& e : commit(std::move(entries), revert_applied)) ids.push_back(e.id);
    return ids;
}

std::optional<JournalEntry> BattleStore::undo() {
    const std::optional<std::int64_t> target = undo_target();
    if (!target) return std::nullopt;
    before_write();
    const JournalEntry action = original(*target);
    model::Battle& battle = battle_in_memory();
    try {
        battle.revert(action.effects);
    } catch (const std::logic_error& e) {
        // A later entry changed what the undo would put back: it depends on this one.
        const std::string later = later_dependent(*this, action);
        if (!later.empty())
            throw StoreError("cannot undo \"" + action.summary + "\": a later entry depends on it (" + later +
                                 " changed the same things since): nothing was done",
                             StoreProblem::Refused);
        throw StoreError("cannot undo \"" + action.summary + "\": " + e.what(), StoreProblem::Refused);
    }
    return commit({detail::reference_to(action, EntryKind::Undo, battle.turn)}, [&] { battle.apply(action.effects); })
        .front();
}

std::optional<JournalEntry> BattleStore::redo() {
    const std::optional<std::int64_t> target = redo_target();
    if (!target) return std::nullopt;
    before_write();
    const JournalEntry action = original(*target);
    model::Battle& battle = battle_in_memory();
    try {
        battle.apply(action.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot redo \"" + action.summary + "\": " + e.what(), StoreProblem::Refused);
    }
    return commit({detail::reference_to(action, EntryKind::Redo, battle.turn)}, [&] { battle.revert(action.effects); })
        .front();
}

} // namespace umpire::store
