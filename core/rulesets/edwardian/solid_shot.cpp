// Obsolete guns (II Obsolete Weaponry): the firing stick for solid shot, and loading a
// muzzle-loader, which takes the gun's move and declares canister or the usual round.
#include "rulesets/edwardian/guns.h"

#include <cmath>

namespace umpire::edwardian {

namespace {
const std::string kSolidShotCite = "II Obsolete Weaponry, Firing Solid Shot and Canister";
}

void resolve_solid_shot(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const auto& s = t.solid_shot;
    Changes changes(ctx.battle, out);
    const Gun gun = gun_for(ctx);
    const int crew = ctx.inputs.count("crew");
    check_gun_may_fire(ctx, gun, crew, t.artillery.crew_to_fire, "solid-shot", out);
    const std::string firer = ctx.unit_name("The gun");

    out.steps.push_back({"Lay the firing stick in the gun's arc, its red end touching the front of the base: "
                         "short range to " + table_distance(ctx.battle, s.bands[0] * gun.stick) + ", medium to " +
                             table_distance(ctx.battle, s.bands[1] * gun.stick) + ", long to " +
                             table_distance(ctx.battle, s.bands[2] * gun.stick),
                         cite(kSolidShotCite)});
    if (gun.stick < 1)
        out.steps.push_back({"Horse artillery: ranges shortened by a third, the firing stick with them (its black "
                             "bands too)",
                             cite("II Horse Artillery")});
    std::vector<double> p;
    int lo = 0;
    {
        // Exact odds of the far end's deviation, in whole inches when the table's are whole.
        std::map<int, double> by_inch;
        for (double d : s.deviation) by_inch[static_cast<int>(std::lround(d))] += 1.0 / 6;
        lo = by_inch.begin()->first;
        p.assign(static_cast<std::size_t>(by_inch.rbegin()->first - lo + 1), 0.0);
        for (const auto& [inch, q] : by_inch) p[static_cast<std::size_t>(inch - lo)] = q;
    }
    out.odds.push_back({"far end deviation (inches, left -)", dice::Distribution::from_probabilities(lo, p)});
    out.chances.push_back({"painted portions roll at long range", 0.5});
    if (!ctx.dice) {
        out.outcome = firer + ": roll the stick's deviation and the long-range die";
        return;
    }
    const int face = kit::roll_one(*ctx.dice, out, "Stick deviation", "the solid-shot deviation die");
    const int parity =
        kit::roll_one(*ctx.dice, out, "Long-range portions", "the long-range die (odd painted, even unpainted)");
    const double d = s.deviation[static_cast<std::size_t>(face - 1)];
    const std::string moved = d == 0 ? "the stick stays as laid"
                                     : "the far end moves " + table_distance(ctx.battle, std::fabs(d)) +
                                           (d < 0 ? " left" : " right");
    out.steps.push_back({"Deviation die " + std::to_string(face) + ": " + moved, cite(kSolidShotCite)});
    const bool odd = parity % 2 == 1;
    const bool painted = odd == s.long_painted_on_odd;
    out.steps.push_back({"Long-range die " + std::to_string(parity) + " (" + (odd ? "odd" : "even") +
                             "): at long range figures touched by the " + (painted ? "painted" : "unpainted") +
                             " portions roll",
                         cite(kSolidShotCite)});
    out.results["deviation_tenths"] = static_cast<int>(std::lround(d * 10));
    out.results["long_painted"] = painted ? 1 : 0;
    out.outcome = firer + ": " + moved + "; long range: " + (painted ? "painted" : "unpainted") + " portions";
    record_gun_fired(ctx, gun, changes);
    if (ctx.unit)
        out.follow_ups.push_back({"shot-hits", ctx.unit->id,
                                  "count the figures the stick touches, by range, unit by unit", cite(kSolidShotCite)});
}

void resolve_load_gun(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    Changes changes(ctx.battle, out);
    const Gun gun = gun_for(ctx);
    const Round* round = t.round(ctx.inputs.choice("round"));
    const std::string who = ctx.unit_name("The gun");
    if (!gun.weapon->muzzle)
        throw rules::InputError("weapon", gun.weapon->name + " is a breech-loader: it needs no loading move");
    if (!gun.weapon->fires(round->id))
        throw rules::InputError("round", gun.weapon->name + " does not fire " + round->name);
    if (ctx.unit) {
        if (gun_out_of_action(*ctx.unit)) throw rules::InputError("unit", who + "'s gun is out of action");
        if (const Round* held = loaded_round(t, *ctx.unit, *gun.weapon))
            throw rules::InputError("unit", who + " is already loaded with " + held->name);
    }
    const std::string types = "II Obsolete Weaponry, Artillery Equipment Types";
    if (ctx.inputs.count("crew") < t.artillery.crew_to_fire)
        ctx.forbid(out, "it takes a crewed gun an entire move to reload: " + who + " has no crew touching it",
                   cite(types));
    if (ctx.inputs.flag("in-contact"))
        ctx.forbid(out, "crews which are in combat contact with the enemy may not also load or fire a gun", cite(types));
    out.steps.push_back({who + " spends its move loading " + round->name + "; it may fire next turn", cite(types)});
    out.outcome = who + ": loaded with " + round->name;
    if (!ctx.unit) return;
    changes.set_unit_counter(*ctx.unit, key::loaded, round->code, "loaded with " + round->name);
    changes.set_unit_counter(*ctx.unit, key::loaded_turn, ctx.battle.turn, "loading took its move");
    // Loading takes its move: it stays where it is, as a unit declared stationary does.
    kit::record(ctx.battle, out, *ctx.unit, Deed::Moved, How::Stood, 0, "loading took its move");
}

} // namespace umpire::edwardian
