#pragma once
// Fire by range band, shared by rifle fire, MG fire and the Mad Minute: each band has its own
// kill number (short 4, medium 5, long 6), every die is one figure's shot (rifles) or one roll
// on an enemy figure (MGs), and the kills are the sum of independent trials in every band.
#include "rulesets/edwardian/mechanics.h"

#include <array>

namespace umpire::edwardian {

inline constexpr std::array<const char*, 3> kBandIds{"short", "medium", "long"};

struct BandFire {
    std::array<int, 3> dice{0, 0, 0};  // short, medium, long
    int modifier = 0;
};

// The band (0 short, 1 medium, 2 long) a rulebook range falls in; -1 beyond the long band.
int band_of(const Weapon& weapon, double range);
// "short (up to 8\")", "medium (over 8\" to 16\")".
std::string band_text(const Weapon& weapon, int band);

// Exact kills: the sum over bands of n trials each killing with the band's chance.
dice::Distribution band_odds(const Context& ctx, const BandFire& fire);

// Shows each band's kill number, rolls the dice band by band (short first) and returns kills.
int roll_bands(const Context& ctx, const Weapon& weapon, const BandFire& fire,
               const std::string& what, const std::string& citation, rules::Resolution& out);

// Refuses a weapon whose option is switched off (obsolete weapons, scenario weapons).
void check_weapon_allowed(const Tables& t, const Weapon& weapon, const std::string& input);

// Firing from a hill over the heads of friendly troops below (the "Over friends" input): the
// target must be at least [fire] over_friends from any intervening friendly figure; refused closer.
void check_over_friends(const Context& ctx, rules::Resolution& out);

// A unit still pausing after its Mad Minute may not fire in any fashion: refused.
void check_not_pausing(const Context& ctx, rules::Resolution& out);

} // namespace umpire::edwardian
