#pragma once
// The headline of a resolution says what became of a unit it put out of the fight: "2 hits on
// Heavy Camel Regiment" alone would hide that the regiment is gone. Every declared action's
// outcome goes through here after its rule ran, so no ruleset can forget it.
#include "model/battle.h"
#include "rules/resolution.h"

namespace umpire::kit {

// For each unit the resolution's effects rout or remove (its routed flag set), adds to the
// outcome "destroyed", "removed" or "routed" (from the effect's reason) unless the outcome says
// it already: "2 hits on Heavy Camel Regiment, destroyed"; "...; Hamran spearmen routed".
void tell_units_lost(const model::Battle& battle, rules::Resolution& out);

} // namespace umpire::kit
