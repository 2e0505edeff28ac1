#pragma once
// Turns played side by side: the first player's units act, then the second's (the Rattle of
// Dice). The turn engine keeps the side whose phase it is in a battle counter, so a limit can
// refuse a unit acting outside its side's phase (`own_phase = true` in [[limits]]) without the
// kit knowing the turn engine.
#include "model/battle.h"

#include <string>

namespace umpire::kit {

// The battle counter with the id of the side whose phase it is (0: no side's phase: the
// initiative roll, a melee phase, or a battle played without the turn engine).
inline constexpr const char* kActiveSideCounter = "active-side";

// The side whose phase it is now; 0 when none.
int acting_side(const model::Battle& battle);

// Why `unit` may not act now under "only in its side's phase": empty when it may (its side's
// phase, or a battle the turn engine is not running).
std::string outside_own_phase(const model::Battle& battle, const model::Unit& unit);

} // namespace umpire::kit
