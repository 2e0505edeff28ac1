#pragma once
// What a move and a charge share: how far the unit may go this move (its type's maximum, the
// halvings, the road, a boat's current, a train's track, Urging On) and the detached unit's roll
// to move at all. Internal to the Rattle target.
#include "rulesets/rattle/mechanics.h"

#include <optional>

namespace umpire::rattle {

// The inputs both declare: distance, rough, detached, urged-by, general-distance.
void add_reach_inputs(rules::ActionSpec& spec, const std::string& distance_help);

// The unit's base maximum before anything halves it: its type's move, on foot or by rail as it
// moves now. `rail`: the train's choice ("rail" or "cross-country"; empty for others).
double base_move(const Tables& t, const model::Unit& unit, const std::string& rail = {});

struct Reach {
    double allowance = 0;     // inches the move may cost, dice included
    bool pending_dice = false;  // a preview with Urging On's die still to roll
    double cost = 0;          // what the move costs (terrain inches count double)
};

// The detached unit's roll to move (line 35), when the input says it is detached or `forced` (a
// train cross country rolls as if detached); false when it fails. True without dice (a preview).
bool roll_to_move(const Context& ctx, bool forced, rules::Resolution& out);

// Works out the allowance from `base` (already halved or doubled by the caller's own inputs),
// rolls Urging On's die, and refuses a move longer than the allowance. Records the General
// urging the unit on.
Reach work_out_reach(const Context& ctx, double base, rules::Resolution& out);

} // namespace umpire::rattle
