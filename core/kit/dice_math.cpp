#include "kit/dice_math.h"

#include <algorithm>
#include <cmath>

namespace umpire::kit {

int roll_one(dice::DiceSource& dice, rules::Resolution& out, const std::string& label, const std::string& why,
             int success_on) {
    const int value = dice.d6(why);
    out.dice.push_back({label, {value}, 0, success_on});
    return value;
}

int dice_for(int count, int per) {
    // count/per rounded half up: (2*count + per) / (2*per) in integers.
    return (2 * count + per) / (2 * per);
}

int dice_for(int count, const PerDie& rule) {
    return rule.count_half_remainders ? dice_for(count, rule.figures_per_die) : count / rule.figures_per_die;
}

int natural_needed(int success_on, int modifier) { return std::clamp(success_on - modifier, 1, 7); }

double chance_of(int natural) { return std::clamp(7 - natural, 0, 6) / 6.0; }

double success_chance(int success_on, int modifier, bool reroll_misses) {
    const double p = chance_of(natural_needed(success_on, modifier));
    return reroll_misses ? p + (1 - p) * p : p;
}

double any_at_least(int n, int face) {
    const double miss = (std::clamp(face, 1, 7) - 1) / 6.0;
    return 1 - std::pow(miss, n);
}

} // namespace umpire::kit
