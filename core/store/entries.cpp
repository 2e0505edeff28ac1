#include "store/entries.h"

#include "rules/resolution_json.h"
#include "store/journal.h"

#include <stdexcept>
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

std::vector<std::int64_t> BattleStore::record_all(const std::vector<Recording>& steps) {
    // The effects are applied to the battle in memory as each step is checked against what the
    // ones before it left (no copy of a battle of thousands of units), and reverted if anything
    // fails before the commit.
    before_write();
    model::Battle& battle = battle_in_memory();
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
