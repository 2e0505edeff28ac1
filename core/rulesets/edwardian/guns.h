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
    double stick = 1;     // the firing stick's length as a part of a yard (horse guns: two-thirds, R16)
};

// The gun of the acting unit (or of the "weapon" and "horse" inputs without a battle).
Gun gun_for(const Context& ctx);

// Why a gun may not fire whatever the dice. Bad input: a unit that is not artillery, a gun
// destroyed or spiked, more crew than it has, a round the gun does not fire. Refused by the text
// (the umpire may overrule): too few crew touching, in combat contact, moved this turn, a
// muzzle-loader that is empty or loaded with another round. A new unit's first turn and a
// muzzle-loader loaded this turn are the reference's limits.
void check_gun_may_fire(const Context& ctx, const Gun& gun, int crew, int crew_to_fire, const std::string& round,
                        rules::Resolution& out);

// The firing at its last target point a gun's next shell would be (artillery.cpp): 1 when it has
// none (or moved since), else one more than the turns it fired there. Zeroing in counts turns: a
// second firing in the same turn (overruled) is that turn's again.
int next_firing_at_point(const model::Battle& battle, const model::Unit& gun);

// The spotter designated for `battery` at the start of play: a unit of its side whose roster trait
// spotter-for names it, preferring one still on the table (spotter.cpp). Null: none.
const model::Unit* spotter_of(const model::Battle& battle, const model::Unit& battery);
// Firing on a spotter's sight (I Artillery Fire): the battery must have a designated spotter on the
// table who is not in combat contact with the enemy; obsolete guns fire only on their crew's sight
// (II Obsolete Weaponry). Refused otherwise.
void check_spotter(const Context& ctx, const Gun& gun, rules::Resolution& out);

// Fired this turn; a muzzle-loader is empty until it loads again.
void record_gun_fired(const Context& ctx, const Gun& gun, Changes& changes);

// The round a gun holds: the loaded counter, or its first round as set up.
const Round* loaded_round(const Tables& t, const model::Unit& unit, const Weapon& weapon);

} // namespace umpire::edwardian
