#pragma once
// Roll under and sum the pips: each die at or under the target number is kept and its pips are
// added up (a 4 kept is 4 hits); dice over the target count for nothing. The exact odds of the
// total for any number of dice, with and without one die rerolled to best effect, and the
// arithmetic on real dice that the odds describe, so the two can never disagree.
#include "dice/distribution.h"

#include <optional>
#include <vector>

namespace umpire::dice {

// One die's worth: its pips when it shows `target` or less, else 0. A target of 0 or less keeps
// nothing; one of `sides` or more keeps every die.
Distribution pips_at_most(int target, int sides = 6);
// The pips of `dice` such dice summed.
Distribution roll_under_sum(int dice, int target, int sides = 6);
// The pips kept from real dice.
int pips_kept(const std::vector<int>& faces, int target);

// Which one die to reroll for the most pips on average: the die worth least (a die over the
// target is worth 0, one kept its pips) when it is worth less than a fresh die is on average;
// the first such die when several tie. nullopt: no die is worth rerolling.
std::optional<std::size_t> best_reroll(const std::vector<int>& faces, int target, int sides = 6);
// The pips of `dice` dice summed when one of them is rerolled as best_reroll says.
Distribution roll_under_sum_reroll_one(int dice, int target, int sides = 6);

} // namespace umpire::dice
