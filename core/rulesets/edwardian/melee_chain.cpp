// Melee chains: their exact odds and the kills of a rolled chain (see melee_chain.h).
#include "rulesets/edwardian/melee_chain.h"

#include <cstddef>
#include <stdexcept>

namespace umpire::edwardian {

int ChainShape::unit_figures() const {
    int n = 0;
    for (int i = 0; i < length; ++i)
        if (unit_figure(i)) ++n;
    return n;
}

std::pair<int, int> chain_losses(const ChainShape& shape, const std::vector<int>& modified) {
    const int n = shape.length;
    if (n < 2 || modified.size() != static_cast<std::size_t>(n))
        throw std::invalid_argument("a chain needs one roll per figure, at least two figures");
    std::vector<bool> dead(static_cast<std::size_t>(n), false);
    auto at = [&](int i) { return modified[static_cast<std::size_t>(i)]; };
    for (int i = 0; i + 1 < n; ++i)
        if (at(i) > at(i + 1)) dead[static_cast<std::size_t>(i + 1)] = true;  // i attacks i + 1
    if (shape.mutual_end && at(n - 1) > at(n - 2)) dead[static_cast<std::size_t>(n - 2)] = true;
    int unit_lost = 0, enemy_lost = 0;
    for (int i = 0; i < n; ++i)
        if (dead[static_cast<std::size_t>(i)]) ++(shape.unit_figure(i) ? unit_lost : enemy_lost);
    return {unit_lost, enemy_lost};
}

Joint chain_odds(const ChainShape& shape, int unit_modifier, int enemy_modifier) {
    const int n = shape.length;
    if (n < 2) throw std::invalid_argument("a chain has at least two figures");
    const int na = shape.unit_figures() + 1, nb = shape.enemy_figures() + 1;
    const auto cells = static_cast<std::size_t>(na) * static_cast<std::size_t>(nb);
    auto mod = [&](int i) { return shape.unit_figure(i) ? unit_modifier : enemy_modifier; };
    // state[face][dead] is the joint distribution of the losses so far, given the face of the
    // latest figure and whether it has died.
    using Table = std::vector<double>;
    auto index = [&](int face, int dead) { return static_cast<std::size_t>(face * 2 + dead); };
    std::vector<Table> state(12, Table(cells, 0.0));
    for (int f = 0; f < 6; ++f) state[index(f, 0)][0] = 1.0 / 6;
    for (int i = 1; i < n; ++i) {
        std::vector<Table> next(12, Table(cells, 0.0));
        const bool last_mutual = shape.mutual_end && i == n - 1;
        for (int fp = 0; fp < 6; ++fp)
            for (int dp = 0; dp < 2; ++dp) {
                const Table& from = state[index(fp, dp)];
                const int prev = fp + 1 + mod(i - 1);
                for (int f = 0; f < 6; ++f) {
                    const int cur = f + 1 + mod(i);
                    const bool killed = prev > cur;                          // i - 1 attacks i
                    const bool kills_back = last_mutual && cur > prev && !dp;  // i attacks i - 1
                    int da = 0, db = 0;
                    if (killed) ++(shape.unit_figure(i) ? da : db);
                    if (kills_back) ++(shape.unit_figure(i - 1) ? da : db);
                    Table& to = next[index(f, killed ? 1 : 0)];
                    for (int a = 0; a + da < na; ++a)
                        for (int b = 0; b + db < nb; ++b) {
                            const double p = from[static_cast<std::size_t>(a * nb + b)];
                            if (p != 0.0) to[static_cast<std::size_t>((a + da) * nb + (b + db))] += p / 6;
                        }
                }
            }
        state = std::move(next);
    }
    Table total(cells, 0.0);
    for (const Table& t : state)
        for (std::size_t c = 0; c < cells; ++c) total[c] += t[c];
    return Joint::from_table(na, nb, std::move(total));
}

} // namespace umpire::edwardian
