#pragma once
// What the units owe (owed_list.h), brought up to date from the changes written rather than asked
// of every unit after each: a big battle's 2,000 units asked after every Apply was a good part of
// the desk's work after the write. What a unit owes depends on the battle only through that unit's
// own fields and what belongs to no unit (the turn, its state, the phase, the sides, the
// commanders). So after effects on units' own fields only those units are asked again; after any
// other change (the turn moved on, a unit added, removed or moved in the roster, a side's or a
// commander's change) or one not seen, every unit is. Nothing is kept but the list the last
// asking gave: the turn's state in the battle stays the one record of what is owed.
#include "model/effect.h"
#include "turn/owed_list.h"

#include <set>
#include <unordered_map>
#include <vector>

namespace umpire::turn {

class OwedLedger {
public:
    // Effects written since the list was last brought up to date (an action, an undo, a redo).
    void note(const std::vector<model::Effect>& effects);
    // Anything may have changed (the battle read again, a change not seen): every unit is asked again.
    void note_everything() { everything_ = true; }

    // Brings `owed`, the list this ledger brought up to date last (empty at first), to what
    // owed_now gives for the battle now: the same items, in the same order.
    void update(std::vector<OwedItem>& owed, const model::Battle& battle, const TurnRules& rules, const TurnState& state);

private:
    std::set<int> units_;     // the units whose own fields the effects noted since changed
    bool everything_ = true;  // every unit to be asked again
    // Each unit's place in the roster when every unit was last asked (the roster has not changed
    // since: a change to it asks every unit again).
    std::unordered_map<int, std::size_t> places_;
};

} // namespace umpire::turn
