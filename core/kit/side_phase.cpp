#include "kit/side_phase.h"

#include "kit/effects.h"

namespace umpire::kit {

int acting_side(const model::Battle& battle) { return counter(battle.counters, kActiveSideCounter); }

} // namespace umpire::kit
