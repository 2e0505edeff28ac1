#pragma once
// Several rosters in one battle: a club game often brings each player's force as its own file.
#include "model/battle.h"

#include <string>
#include <vector>

namespace umpire::roster {

// Joins rosters into one battle. The first roster gives the battle's name, ruleset, distance
// unit, scale and house rules. Sides are matched by name (ignoring case) or appended; a
// commander of a matched side with the same name is the same commander. Sides, commanders and
// units are renumbered 1..n in order, as parse_roster numbers them, and every reference
// (a unit's commander, a commander's attached unit) follows. `sources` names the rosters in
// messages (may be shorter than `rosters`).
//
// Refused with RosterError (line 0: about the file as a whole) and nothing returned: no
// rosters; rosters for different rulesets; house rules that differ; a unit name used twice
// (names are unique ignoring case, as the CLI finds units by name); two generals on one side.
model::Battle merge_rosters(const std::vector<model::Battle>& rosters,
                            const std::vector<std::string>& sources = {});

} // namespace umpire::roster
