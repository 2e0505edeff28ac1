// Saving rolls (lines 164-170; summary lines 448-459) on their own: hits from a fire or a melee
// resolved elsewhere. The shooting, artillery and melee actions roll the same saves themselves.
#include "rulesets/featherstone/mechanics.h"

namespace umpire::featherstone {

void resolve_save(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const int hits = ctx.inputs.count("hits");
    if (hits < 1) throw rules::InputError("hits", "a saving roll is made for each hit: at least 1");
    const Against against = ctx.inputs.choice("against") == "melee" ? Against::Melee : Against::Shooting;
    const Troops troops = troops_of(t, ctx.inputs.choice("type"), ctx.inputs.flag("armoured"), false);
    const SaveRule save = save_rule(t, troops, ctx.inputs.choice("cover"), against);
    const std::string who = ctx.unit_name();
    const auto lost_odds = casualty_odds(t, dice::Distribution::constant(hits), save);
    out.odds.push_back({"casualties", lost_odds});
    out.chances.push_back({"every hit saved", lost_odds.p_exactly(0)});
    const auto casualties = roll_saves(ctx, hits, save, who, out);
    if (!casualties) {
        out.outcome = who + ": " + kit::hits_text(hits) + " to save, expect " + kit::decimal(lost_odds.mean()) +
                      " casualties";
        return;
    }
    out.results["casualties"] = *casualties;
    out.results["saved"] = hits - *casualties;
    out.outcome = who + ": " + plural(*casualties, "casualty", "casualties") + " of " + kit::hits_text(hits);
    if (!ctx.unit) return;
    Changes changes(ctx.battle, out);
    take_casualties(t, changes, *ctx.unit, *casualties, kit::hits_text(hits) + " not saved", out);
    leader_check_due(ctx, *ctx.unit, hits, out);
}

} // namespace umpire::featherstone
