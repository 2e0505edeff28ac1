#pragma once
// What artillery actions share: which gun fires (weapon, horse artillery's shorter brackets),
// the reasons a gun may not fire, and the firing state kept on the unit.
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

namespace umpire::edwardian {

struct Gun {
    const Weapon* weapon = nullptr;
    bool horse = false;   // horse artillery: two-thirds of the range (II Horse Artillery)
    double bracket = 0;   // one range bracket in rulebook inches, after the horse factor
};

// The gun of the acting unit (or of the "weapon" and "horse" inputs without a battle).
Gun gun_for(const Context& ctx);

// Refuses fire that the rules forbid whatever the dice: no crew, gun destroyed or spiked, a new
// unit's first turn, in combat contact, a muzzle-loader that is empty, loaded this turn or
// loaded with another round.
void check_gun_may_fire(const Context& ctx, const Gun& gun, int crew, int crew_to_fire,
                        const std::string& round);

// A gun that moved this turn does not fire: says so and returns true.
bool gun_barred_this_turn(const Context& ctx, rules::Resolution& out, const std::string& firer);

// Fired this turn; a muzzle-loader is empty until it loads again.
void record_gun_fired(const Context& ctx, const Gun& gun, Changes& changes);

// The round a gun holds: the loaded counter, or its first round as set up.
const Round* loaded_round(const Tables& t, const model::Unit& unit, const Weapon& weapon);

} // namespace umpire::edwardian
