#include "dice/roll_under.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

namespace umpire::dice {

namespace {

int worth(int face, int target) { return face <= target ? face : 0; }

} // namespace

Distribution pips_at_most(int target, int sides) {
    if (sides < 1) throw std::invalid_argument("a die needs at least one face");
    const int kept = std::clamp(target, 0, sides);
    std::vector<double> p(static_cast<std::size_t>(kept + 1), 1.0 / sides);
    p[0] = static_cast<double>(sides - kept) / sides;
    return Distribution::from_probabilities(0, std::move(p));
}

Distribution roll_under_sum(int dice, int target, int sides) {
    if (dice < 0) throw std::invalid_argument("the number of dice cannot be negative");
    return pips_at_most(target, sides).times(dice);
}

int pips_kept(const std::vector<int>& faces, int target) {
    int total = 0;
    for (int f : faces) total += worth(f, target);
    return total;
}

std::optional<std::size_t> best_reroll(const std::vector<int>& faces, int target, int sides) {
    const double fresh = pips_at_most(target, sides).mean();
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < faces.size(); ++i)
        if (!best || worth(faces[i], target) < worth(faces[*best], target)) best = i;
    if (best && worth(faces[*best], target) < fresh) return best;
    return std::nullopt;
}

Distribution roll_under_sum_reroll_one(int dice, int target, int sides) {
    if (dice < 0) throw std::invalid_argument("the number of dice cannot be negative");
    if (dice == 0) return Distribution();
    const Distribution one = pips_at_most(target, sides);
    const double fresh = one.mean();
    // Over the dice one at a time: the chance of each (sum so far, least worth so far).
    std::map<std::pair<int, int>, double> states{{{0, sides + 1}, 1.0}};
    for (int d = 0; d < dice; ++d) {
        std::map<std::pair<int, int>, double> next;
        for (const auto& [state, p] : states)
            for (int face = 1; face <= sides; ++face) {
                const int w = worth(face, target);
                next[{state.first + w, std::min(state.second, w)}] += p / sides;
            }
        states = std::move(next);
    }
    int high = 0;
    for (const auto& [state, p] : states) high = std::max(high, state.first + one.max());
    std::vector<double> total(static_cast<std::size_t>(high + 1), 0.0);
    for (const auto& [state, p] : states) {
        const auto [sum, least] = state;
        if (least < fresh) {
            for (int k = one.min(); k <= one.max(); ++k)
                total[static_cast<std::size_t>(sum - least + k)] += p * one.p_exactly(k);
        } else {
            total[static_cast<std::size_t>(sum)] += p;
        }
    }
    while (total.size() > 1 && total.back() == 0.0) total.pop_back();
    return Distribution::from_probabilities(0, std::move(total));
}

} // namespace umpire::dice
