#pragma once
// Internal to the store, the same for every backend: the journal entries a write makes, worked
// out in memory on the battle as last read, before any transaction (so a transaction that is
// retried records the very entries, dice and all, that were worked out once). entries.cpp also
// holds BattleStore's writes (record_all, undo, redo), which use them on every backend.
#include "store/battle_store.h"

#include <cstddef>
#include <vector>

namespace umpire::store::detail {

// Applies each step's effects to `battle` in order, each checked against what the ones before it
// left, and returns their entries (ids not yet given). Throws StoreError (Refused) for a preview or
// effects that do not fit; `applied` says how many steps were applied to `battle` by then, for
// revert_steps.
std::vector<JournalEntry> action_entries(model::Battle& battle, const std::vector<Recording>& steps, std::size_t& applied);
// Reverts the first `applied` steps' effects from `battle`, newest first.
void revert_steps(model::Battle& battle, const std::vector<Recording>& steps, std::size_t applied);

// The undo or redo entry for `action` in turn `turn`, before its id is known.
JournalEntry reference_to(const JournalEntry& action, EntryKind kind, int turn);

} // namespace umpire::store::detail
