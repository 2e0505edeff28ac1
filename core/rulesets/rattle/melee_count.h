#pragma once
// Who fights in a melee and with how many dice (lines 66-67 with the author's answer, comment 9):
// the figures in contact or touching one in contact (the 2nd rank counts as in contact), plus
// half of the 3rd and 4th rank of infantry behind a figure in contact; 1 die per 4 (infantry,
// dismounted cavalry, artillery) or 2 (cavalry, artillery's defensive fire), a remainder of 1/2
// or more counting. Internal to the Rattle target.
#include "rulesets/rattle/mechanics.h"

namespace umpire::rattle {

// What the umpire sees of one unit on the table.
struct Frontage {
    int front = 0;    // figures in contact with the enemy (corner to corner counts)
    int overlap = 0;  // further front-rank figures touching a figure in contact
    int ranks = 1;    // ranks deep
};

struct Count {
    int halves = 0;   // figures counted, in half figures (the 3rd and 4th rank count half)
    std::string text; // the working: "4 in contact, 4 in the 2nd rank, half of 4 in the 3rd: 10 figures"
};

// The figures that fight, in half figures: `half_ranks` for infantry, `cap` the unit's figures
// (0: no cap), rounded as the options say.
Count count_figures(const Tables& t, const Frontage& f, bool half_ranks, int cap);

// "10", "14.5".
std::string halves_text(int halves);

// Dice for `halves` half figures at `per` figures a die.
int melee_dice(const Tables& t, int halves, int per);

} // namespace umpire::rattle
