// Movement dice (5, 5.5): the groups of dice a move rolls, their exact distribution (the optional
// average dice included, and the joint chance of a total with no die showing a given face, for
// derailments), and rolling them from the dice source.
#include "rulesets/macduff/movement.h"

#include <algorithm>

namespace umpire::macduff {

int average_face(const std::vector<int>& faces, int value) {
    // Faces present on the die map to themselves once each; the die's surplus faces (a second 3, a
    // second 4) go in order to the values the die does not show (1 and 6 for 2,3,3,4,4,5).
    std::vector<int> surplus(faces.begin(), faces.end());
    std::vector<int> missing;
    for (int v = 1; v <= 6; ++v) {
        auto it = std::find(surplus.begin(), surplus.end(), v);
        if (it != surplus.end()) {
            surplus.erase(it);
            if (v == value) return v;
        } else {
            missing.push_back(v);
        }
    }
    std::sort(surplus.begin(), surplus.end());
    for (std::size_t i = 0; i < missing.size() && i < surplus.size(); ++i)
        if (missing[i] == value) return surplus[i];
    return value;
}

dice::Distribution term_distribution(const Movement& movement, const MoveTerm& term, int never) {
    dice::Distribution one = dice::Distribution::die(6);
    if (never >= 1 && never <= 6) {
        // The die's chances with `never` taken out, not rescaled: sums over such dice are the
        // joint chance of that total and no die showing `never`.
        std::vector<double> p(6, 1.0 / 6);
        p[static_cast<std::size_t>(never - 1)] = 0;
        one = dice::Distribution::from_probabilities(1, p);
    }
    if (term.average) {
        // Only the faces the die has, so the odds' least and greatest are real scores.
        const auto [lo, hi] = std::minmax_element(movement.average_die.begin(), movement.average_die.end());
        std::vector<double> p(static_cast<std::size_t>(*hi - *lo + 1), 0.0);
        for (int f : movement.average_die) p[static_cast<std::size_t>(f - *lo)] += 1.0 / 6;
        one = dice::Distribution::from_probabilities(*lo, p);
    }
    dice::Distribution sum = one.times(term.count);
    if (term.sign > 0) return sum;
    std::vector<double> p;
    for (int k = sum.max(); k >= sum.min(); --k) p.push_back(sum.p_exactly(k));
    return dice::Distribution::from_probabilities(-sum.max(), p);
}

int RolledTerm::total() const {
    int sum = 0;
    for (int v : values) sum += v;
    return term.sign * sum;
}

RolledTerm roll_term(const Movement& movement, const MoveTerm& term, dice::DiceSource& dice) {
    RolledTerm r{term, {}, dice.d6s(term.count, term.label), };
    for (int v : r.raw) r.values.push_back(term.average ? average_face(movement.average_die, v) : v);
    return r;
}

} // namespace umpire::macduff
