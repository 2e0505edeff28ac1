#pragma once
// The exact odds of the initiative or move-order roll, shown before it is rolled: one die a side
// plus the observation bonus, high chooses, a tie repeating last turn's order or rolled again as
// the ruleset says. Worked from dice::Distribution, never by sampling.
#include "model/battle.h"
#include "rules/resolution.h"
#include "turn/turn_rules.h"

#include <vector>

namespace umpire::turn {

// The order rules of the phase the battle is in (the move-order roll, or the initiative method's
// roll); null when no such roll is due now.
const OrderRules* order_rules_now(const model::Battle& battle, const TurnRules& rules);

// A unit of `side` on the table whose type earns the observation bonus by being there (a
// balloon, an observation point with signals); null when the side has none.
const model::Unit* observer_on_table(const model::Battle& battle, const OrderRules& order, int side);

// Whether `side` has the observation bonus: named in `observation` by the umpire, or with an
// observer on the table that the umpire has not ruled out in `denied` (the text asks for "a
// signals team by the general", which only the table shows).
bool observes(const model::Battle& battle, const OrderRules& order, const std::vector<int>& observation,
              const std::vector<int>& denied, int side);

// The chance that each side is high and chooses (and, where a tie repeats last turn's order, of
// that), the sides that observe (observes()) adding the bonus. Empty unless a roll is due, not
// yet made, between two sides.
std::vector<rules::Chance> order_chances(const model::Battle& battle, const TurnRules& rules,
                                         const std::vector<int>& observation, const std::vector<int>& denied = {});

} // namespace umpire::turn
