// Artillery fire (I Artillery Fire, II Horse Artillery, II Obsolete Weaponry): the gun aims at a
// point, two deviation dice move the impact by the bracket's factor, and repeated firing at the
// same point zeroes in. The figures around the impact are resolved next (shell-hits).
#include "rulesets/edwardian/guns.h"
#include "rulesets/edwardian/state.h"

#include "rules/distance.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace umpire::edwardian {

namespace {

const std::string kArtilleryCite = "I Artillery Fire";
const std::array<const char*, 3> kBracketIds{"short", "medium", "long"};

// The multiple a deviation die gives after zeroing in: moved toward on-target by `adjust`.
int adjusted_multiple(const Tables& t, int face, int adjust) {
    int m = t.artillery.deviation_multiple[static_cast<std::size_t>(face - 1)];
    if (m > 0) return std::max(0, m - adjust);
    if (m < 0) return std::min(0, m + adjust);
    return 0;
}

std::string deviation_text(const model::Battle& battle, int multiple, double factor, bool lateral) {
    if (multiple == 0) return "on target";
    const char* way = lateral ? (multiple < 0 ? "left" : "right") : (multiple < 0 ? "long" : "short");
    return table_distance(battle, std::abs(multiple) * factor) + " " + way;
}

// Exact distribution of how far one deviation die moves the shell, either way, in whole inches
// (the factors are whole inches; a house rule with fractions is rounded for the odds only).
dice::Distribution deviation_odds(const Tables& t, int adjust, double factor) {
    std::map<int, double> by_inch;
    for (int face = 1; face <= 6; ++face)
        by_inch[static_cast<int>(std::lround(std::abs(adjusted_multiple(t, face, adjust)) * factor))] += 1.0 / 6;
    std::vector<double> p(static_cast<std::size_t>(by_inch.rbegin()->first + 1), 0.0);
    for (const auto& [inch, q] : by_inch) p[static_cast<std::size_t>(inch)] = q;
    return dice::Distribution::from_probabilities(0, p);
}

// Which firing at this target point this is (line 115: "for each subsequent turn on which the same
// target point is aimed at"): the umpire's number, never above what the gun's record allows.
int firing_at_point(const Context& ctx) {
    const int firing = ctx.inputs.count("firing");
    if (!ctx.unit) return firing;
    const int most = next_firing_at_point(ctx.battle, *ctx.unit);
    if (firing > most)
        throw rules::InputError("firing", ctx.unit->name + " has fired at its target point in " +
                                              plural(counter(*ctx.unit, key::firing_count), "turn", "turns") +
                                              ": this is at most its firing " + std::to_string(most) + " there");
    return firing;
}

} // namespace

int next_firing_at_point(const model::Battle& battle, const model::Unit& gun) {
    const int recorded = counter(gun, key::firing_count);
    if (recorded == 0) return 1;
    return kit::did(battle, gun, Deed::Fired, Within::Turn) ? recorded : recorded + 1;
}

void resolve_artillery_fire(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    Changes changes(ctx.battle, out);
    const Gun gun = gun_for(ctx);
    if (!gun.weapon->fires("shell"))
        throw rules::InputError("weapon", gun.weapon->name + " does not fire shell: use solid-shot or canister");
    const int crew = ctx.inputs.count("crew");
    check_gun_may_fire(ctx, gun, crew, t.artillery.crew_to_fire, "shell", out);
    check_spotter(ctx, gun, out);
    const std::string firer = ctx.unit_name("The gun");
    const int firing = firing_at_point(ctx);

    const double range = ctx.inputs.distance("range");
    const double bracket = gun.bracket;
    const double reach = bracket * gun.weapon->brackets;
    if (range > reach + 1e-9) {
        out.steps.push_back({"Target point at " + table_distance(ctx.battle, range) + ": beyond the gun's " +
                                 table_distance(ctx.battle, reach) + ". No fire.",
                             cite(kArtilleryCite)});
        out.outcome = firer + ": target point out of range";
        return;
    }
    const int b = std::clamp(static_cast<int>(std::ceil(range / bracket - 1e-9)) - 1, 0, 2);
    const double factor = t.artillery.deviation_factor[static_cast<std::size_t>(b)];
    out.steps.push_back({"Target point at " + table_distance(ctx.battle, range) + ": " + kBracketIds[static_cast<std::size_t>(b)] +
                             " bracket (brackets of " + table_distance(ctx.battle, bracket) + "), deviation factor " +
                             table_distance(ctx.battle, factor),
                         cite(gun.horse ? "II Horse Artillery" : gun.weapon->obsolete ? "II Obsolete Weaponry" : kArtilleryCite)});
    out.steps.push_back({std::string("Seen by ") + (ctx.inputs.choice("observer") == "spotter"
                                                        ? "the battery's spotter: it may fire over obstructions and troops"
                                                        : "the gun's crew"),
                         cite(kArtilleryCite)});

    // Zeroing in: which turn's firing at this same point it is.
    const int adjust = t.artillery.zeroing[static_cast<std::size_t>(
        std::min<int>(firing, static_cast<int>(t.artillery.zeroing.size())) - 1)];
    if (adjust > 0)
        out.steps.push_back({"Firing number " + std::to_string(firing) + " at the same point: each deviation die "
                             "is adjusted " + std::to_string(adjust) + " toward on target",
                             cite(kArtilleryCite)});
    const auto one_die = deviation_odds(t, adjust, factor);
    out.odds.push_back({"lateral deviation (rulebook inches, left or right)", one_die});
    out.odds.push_back({"over/under deviation (rulebook inches, long or short)", one_die});
    out.chances.push_back({"on target both ways", one_die.p_exactly(0) * one_die.p_exactly(0)});
    out.results["firing"] = firing;

    if (!ctx.dice) {
        out.outcome = firer + ": roll 2 deviation dice at the " + kBracketIds[static_cast<std::size_t>(b)] + " bracket";
        return;
    }
    const int lateral = ctx.dice->d6("the lateral deviation die");
    const int over = ctx.dice->d6("the over/under deviation die");
    out.dice.push_back({"Lateral deviation", {lateral}, 0, 0});
    out.dice.push_back({"Over/under deviation", {over}, 0, 0});
    const int lm = adjusted_multiple(t, lateral, adjust);
    const int om = adjusted_multiple(t, over, adjust);
    out.steps.push_back({"Lateral die " + std::to_string(lateral) + ": " + deviation_text(ctx.battle, lm, factor, true),
                         cite(kArtilleryCite)});
    out.steps.push_back({"Over/under die " + std::to_string(over) + ": " + deviation_text(ctx.battle, om, factor, false),
                         cite(kArtilleryCite)});
    out.results["lateral_tenths"] = static_cast<int>(std::lround(lm * factor * 10));
    out.results["over_tenths"] = static_cast<int>(std::lround(om * factor * 10));
    out.outcome = firer + ": shell lands " +
                  (lm == 0 && om == 0 ? std::string("on the target point")
                                      : deviation_text(ctx.battle, lm, factor, true) + ", " +
                                            deviation_text(ctx.battle, om, factor, false));
    out.steps.push_back({"Every figure within " + table_distance(ctx.battle, t.artillery.blast_radius) +
                             " of the impact is hit, guns and MGs included: resolve them with shell-hits",
                         cite(kArtilleryCite)});

    if (ctx.unit) {
        const model::Unit& u = *ctx.unit;
        changes.set_unit_counter(u, key::firing_count, firing, "firing at the same point");
        changes.set_unit_counter(u, key::target_range, static_cast<int>(std::lround(range * 10)),
                                 "the target point is " + table_distance(ctx.battle, range) + " away");
        changes.set_unit_counter(u, key::crew_firing, crew, "crew serving the gun");
        record_gun_fired(ctx, gun, changes);
        out.follow_ups.push_back({"shell-hits", u.id,
                                  "count the figures within " + table_distance(ctx.battle, t.artillery.blast_radius) +
                                      " of the impact, unit by unit",
                                  cite(kArtilleryCite)});
    }
}

} // namespace umpire::edwardian
