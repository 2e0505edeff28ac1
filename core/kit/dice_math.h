#pragma once
// The arithmetic of dice that the rulesets share: dice per so many figures with remainders, the
// natural score a modified roll needs, and the chance of a success.
#include "dice/dice_source.h"
#include "rules/resolution.h"

#include <string>

namespace umpire::kit {

// Rolls one die for `why` ("the commander's die") and shows it in the working as `label`.
int roll_one(dice::DiceSource& dice, rules::Resolution& out, const std::string& label, const std::string& why,
             int success_on = 0);

// `count` things at `per` a die, a remainder of 1/2 or more counting as a whole die (MacDuff 7.5,
// the Rattle of Dice's errata, the Featherstone set's 3-4 of 5).
int dice_for(int count, int per);

// The same with the remainder rule switchable (a house rule): complete groups only when off.
struct PerDie {
    int figures_per_die = 4;
    bool count_half_remainders = true;
};
int dice_for(int count, const PerDie& rule);

// The natural score a die needs to reach `success_on` after `modifier`: 1 (any) to 7 (none).
int natural_needed(int success_on, int modifier);
// Chance one d6 shows `natural` or more.
double chance_of(int natural);
// Chance one die succeeds, optionally rerolling a miss once.
double success_chance(int success_on, int modifier, bool reroll_misses = false);
// Chance that at least one of `n` dice shows `face` or more.
double any_at_least(int n, int face);

} // namespace umpire::kit
