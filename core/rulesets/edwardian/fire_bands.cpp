// Fire by range band: band lookup, exact odds and the roll (I Rifle Fire, I Machinegun Fire).
#include "rulesets/edwardian/fire_bands.h"

#include "rulesets/edwardian/state.h"
#include "rules/distance.h"

namespace umpire::edwardian {

int band_of(const Weapon& weapon, double range) {
    for (int b = 0; b < 3; ++b)
        if (range <= weapon.bands[static_cast<std::size_t>(b)] + 1e-9) return b;
    return -1;
}

std::string band_text(const Weapon& weapon, int band) {
    const auto b = static_cast<std::size_t>(band);
    if (band == 0) return "short (up to " + rules::format_inches(weapon.bands[0]) + ")";
    return std::string(kBandIds[b]) + " (over " + rules::format_inches(weapon.bands[b - 1]) +
           " to " + rules::format_inches(weapon.bands[b]) + ")";
}

dice::Distribution band_odds(const Context& ctx, const BandFire& fire) {
    dice::Distribution total;
    for (std::size_t b = 0; b < 3; ++b) {
        const int natural = natural_needed(ctx.tables, ctx.tables.fire.kill_on[b], fire.modifier);
        total = total + dice::Distribution::successes(fire.dice[b], chance_of(natural));
    }
    return total;
}

int roll_bands(const Context& ctx, const Weapon& weapon, const BandFire& fire,
               const std::string& what, const std::string& citation, rules::Resolution& out) {
    int kills = 0;
    for (int band = 0; band < 3; ++band) {
        const auto b = static_cast<std::size_t>(band);
        if (fire.dice[b] == 0) continue;
        const int kill_on = ctx.tables.fire.kill_on[b];
        const int natural = natural_needed(ctx.tables, kill_on, fire.modifier);
        out.steps.push_back({band_text(weapon, band) + ": " + plural(fire.dice[b], what, what + "s") +
                                 ", killed on " + std::to_string(kill_on) + "+, modifier " +
                                 signed_text(fire.modifier) + ": " + need_text(natural),
                             citation});
        if (!ctx.dice) continue;
        auto group = kill_roll(ctx, "Kill dice, " + std::string(kBandIds[b]) + " range", fire.dice[b],
                               fire.modifier, kill_on, std::string("the ") + kBandIds[b] + " range kill dice");
        int band_kills = 0;
        for (int v : group.values)
            if (v >= natural) ++band_kills;
        kills += band_kills;
        out.dice.push_back(group);
        out.steps.push_back({std::string(kBandIds[b]) + " range: " + plural(band_kills, "kill", "kills"),
                             citation});
    }
    return kills;
}

void check_weapon_allowed(const Tables& t, const Weapon& weapon, const std::string& input) {
    if (weapon.obsolete && !t.options.obsolete_weapons)
        throw rules::InputError(input, weapon.name + " is an obsolete weapon and this battle does "
                                       "not use the obsolete weaponry rules (options.obsolete_weapons)");
    if (weapon.scenario && !t.options.scenario_rules)
        throw rules::InputError(input, weapon.name + " is a scenario weapon and this battle does "
                                       "not use the Section III suggestions (options.scenario_rules)");
}

void check_over_friends(const Context& ctx, rules::Resolution& out) {
    if (!ctx.inputs.has("over-friends")) return;
    const double beyond = ctx.inputs.distance("over-friends");
    const double needed = ctx.tables.fire.over_friends;
    const std::string citation = cite("I Effects of Terrain on Play");
    if (beyond + 1e-9 < needed)
        ctx.forbid(out, "figures on hills may fire over the heads of troops below them only when the target is at least " +
                            table_distance(ctx.battle, needed) + " from any intervening friendly figure; it is " +
                            table_distance(ctx.battle, beyond),
                   citation);
    else
        out.steps.push_back({"From a hill over friendly troops below: the target is " +
                                 table_distance(ctx.battle, beyond) + " beyond them, at least " +
                                 table_distance(ctx.battle, needed),
                             citation});
}

void check_not_pausing(const Context& ctx, rules::Resolution& out) {
    if (!ctx.unit) return;
    const int until = counter(*ctx.unit, key::mad_minute_until);
    const int fired = counter(*ctx.unit, key::mad_minute_turn);
    if (until > 0 && ctx.battle.turn <= until && ctx.battle.turn >= fired)
        ctx.forbid(out, ctx.unit->name + " fired the Mad Minute in turn " + std::to_string(fired) +
                            ": it may not fire again in any fashion until its ammunition is brought up, in turn " +
                            std::to_string(until + 1),
                   cite("II Optional Rule - The Mad Minute"));
}

} // namespace umpire::edwardian
