#include "kit/side_phase.h"

#include "kit/deeds.h"
#include "kit/text.h"

namespace umpire::kit {

namespace {
int battle_counter(const model::Battle& battle, const char* key) {
    auto it = battle.counters.find(key);
    return it == battle.counters.end() ? 0 : it->second;
}
} // namespace

int acting_side(const model::Battle& battle) { return battle_counter(battle, kActiveSideCounter); }

std::string outside_own_phase(const model::Battle& battle, const model::Unit& unit) {
    if (battle_counter(battle, kPhaseCounter) <= 0) return {};  // no turn engine: nothing to keep to
    const int side = acting_side(battle);
    if (side == unit.side) return {};
    if (side == 0) return unit.name + " acts outside its side's phase (this phase belongs to no side)";
    return unit.name + " is of " + side_name(battle, unit.side) + ", and this is " + possessive(side_name(battle, side)) +
           " phase";
}

} // namespace umpire::kit
