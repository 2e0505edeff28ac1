#pragma once
// A ruleset's checks of a roster, in the shape parse_roster and load_roster_file take them: each
// value the ruleset must know (a troop type, a weapon) and each unit against the units its side
// already has (one band an army). One place for the CLI, the desk and the new-battle form.
#include "roster/roster.h"
#include "rules/ruleset.h"

#include <string>

namespace umpire::roster {

using RulesetChecks = RosterChecks;
// The checks hold a reference to `ruleset`: it must outlive them.
RulesetChecks checks_for(const rules::Ruleset& ruleset);

// A battle put together from several rosters (merge_rosters): each unit against the units before
// it. Throws RosterError naming `source` and the unit (line 0: the rosters as a whole).
void check_units(const model::Battle& battle, const UnitChecker& check, const std::string& source);

} // namespace umpire::roster
