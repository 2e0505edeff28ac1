#pragma once
// Turns played side by side: the first player's units act, then the second's (the Rattle of
// Dice, Square Hearts). The turn engine keeps the side whose phase it is in a battle counter, so
// a rule can read whose phase it is without the kit knowing the turn engine. (Whether an action may
// be taken by that side at all is the turn's places: turn/places.h.)
#include "model/battle.h"

#include <string>

namespace umpire::kit {

// The battle counter with the id of the side whose phase it is (0: no side's phase: the
// initiative roll, a melee phase, or a battle played without the turn engine).
inline constexpr const char* kActiveSideCounter = "active-side";

// The side whose phase it is now; 0 when none.
int acting_side(const model::Battle& battle);

} // namespace umpire::kit
