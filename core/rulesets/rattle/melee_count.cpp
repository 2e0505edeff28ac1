#include "rulesets/rattle/melee_count.h"

#include <algorithm>

namespace umpire::rattle {

std::string halves_text(int halves) { return std::to_string(halves / 2) + (halves % 2 ? ".5" : ""); }

Count count_figures(const Tables& t, const Frontage& f, bool half_ranks, int cap) {
    Count c;
    const int width = f.front + f.overlap;
    const int full = std::min(f.ranks, t.melee_full_ranks);
    c.halves = 2 * width * full;
    c.text = std::to_string(f.front) + " in contact" + (f.overlap ? " and " + std::to_string(f.overlap) + " touching them" : "");
    if (full >= 2) c.text += ", " + std::to_string(width) + " in the 2nd rank (as in contact)";
    for (int rank = 3; rank <= full; ++rank) c.text += ", " + std::to_string(width) + " in rank " + std::to_string(rank);
    if (half_ranks)
        for (int rank : t.melee_half_ranks)
            if (rank <= f.ranks) {
                c.halves += f.front;
                c.text += ", half of " + std::to_string(f.front) + " in rank " + std::to_string(rank);
            }
    const std::string& rounding = t.options.half_rank_rounding;
    if (c.halves % 2 && rounding != "exact") {
        c.halves += rounding == "up" ? 1 : -1;
        c.text += " (half figures rounded " + rounding + ", house rule)";
    }
    if (cap > 0 && c.halves > 2 * cap) {
        c.halves = 2 * cap;
        c.text += " (no more than the " + std::to_string(cap) + " figures it has)";
    }
    c.text += ": " + halves_text(c.halves) + " figures";
    return c;
}

int melee_dice(const Tables& t, int halves, int per) { return kit::dice_for(halves, t.per_die(2 * per)); }

} // namespace umpire::rattle
