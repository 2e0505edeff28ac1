#pragma once
// Melee chains (I Melee, line 137): figures in a line, sides alternating, each attacking the
// next, e.g. C attacks A while A attacks B. Every figure rolls once, and that one roll is
// compared with each figure it attacks and with each figure attacking it: a figure dies when
// a figure attacking it rolls higher. So A can kill B and be killed by C with the same die.
// The chain's last figure attacks no one (an open end) or the figure before it (a mutual end).
#include "rulesets/edwardian/joint.h"

#include <utility>
#include <vector>

namespace umpire::edwardian {

struct ChainShape {
    int length = 3;          // figures in the chain, at least 2
    bool unit_first = true;  // the first figure (who only attacks) is the unit's, else the enemy's
    bool mutual_end = false; // the last figure attacks the one before it

    // Whether the chain's figure `i` (0-based) belongs to the unit.
    bool unit_figure(int i) const { return (i % 2 == 0) == unit_first; }
    int unit_figures() const;
    int enemy_figures() const { return length - unit_figures(); }
};

// Exact odds of one chain: a = the unit's figures lost, b = the enemy's. Modifiers are each
// side's total. Dynamic programming along the chain (the die of one figure and whether it has
// already died are all the next figure needs), so long chains cost nothing.
Joint chain_odds(const ChainShape& shape, int unit_modifier, int enemy_modifier);

// The losses of one rolled chain: `modified` holds each figure's modified roll in chain order.
// Returns {the unit's figures lost, the enemy's}.
std::pair<int, int> chain_losses(const ChainShape& shape, const std::vector<int>& modified);

} // namespace umpire::edwardian
