#pragma once
// The headline of a resolution says what became of a unit it put out of the fight: "2 hits on
// Heavy Camel Regiment" alone would hide that the regiment is gone. Every declared action's
// outcome goes through here after its rule ran, so no ruleset can forget it.
#include "model/battle.h"
#include "rules/resolution.h"

namespace umpire::kit {

// For each unit the resolution's effects rout or remove (its routed flag set), adds to the
// outcome "destroyed", "removed" or "routed" (from the effect's reason) unless the rule said it in
// its outcome (Resolution::outcome_says_lost): "2 hits on Heavy Camel Regiment, destroyed";
// "...; Hamran spearmen routed". It goes by the effects and that list, never by the outcome's words.
void tell_units_lost(const model::Battle& battle, rules::Resolution& out);

// A rule whose outcome says in its own words that the unit is gone ("is routed and removed",
// "gun destroyed") records it, so the headline does not say it twice.
void outcome_says_lost(rules::Resolution& out, const model::Unit& unit);

} // namespace umpire::kit
