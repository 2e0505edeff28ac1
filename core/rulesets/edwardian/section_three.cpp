// Section III: the revolutionary leaders' oratory (the Campaign Game is campaign.cpp).
#include "rulesets/edwardian/contact.h"
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

#include <cmath>

namespace umpire::edwardian {

void resolve_sway(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string citation = cite("III Bolshevik Revolutionaries and Bomb-Throwing Anarchists");
    if (!t.options.scenario_rules)
        throw rules::InputError("action", "this battle does not use the Section III suggestions (options.scenario_rules)");
    if (ctx.unit && !ctx.unit->has_trait("leader"))
        throw rules::InputError("unit", ctx.unit->name + " has no revolutionary leader (roster trait \"leader\")");
    if (ctx.unit && t.sway_once) {
        const int spoke = counter(*ctx.unit, key::swayed_at);
        if (spoke > 0 && spoke != kit::now(ctx.battle).stamp())
            ctx.forbid(out, ctx.unit->name + "'s leader spoke in turn " + std::to_string(spoke / 100) +
                                ": the roll is made the first time any enemy figures come within " +
                                table_distance(ctx.battle, t.sway_reach) + " of a leader",
                       citation);
    }
    const int n = ctx.inputs.count("figures");
    if (n < 1) throw rules::InputError("figures", "count the enemy figures that came within reach of the leader");
    if (ctx.target && n > ctx.target->figures)
        throw rules::InputError("figures", ctx.target->name + " has only " + std::to_string(ctx.target->figures) + " figures");
    out.steps.push_back({"The first time enemy figures come within " + table_distance(ctx.battle, t.sway_reach) +
                             " of a leader, before fire, each rolls: " + std::to_string(t.swayed_on) +
                             " in 6 is swayed to the cause",
                         citation});
    const double p = t.swayed_on / 6.0;
    out.odds.push_back({"figures swayed", dice::Distribution::successes(n, p)});
    if (!ctx.dice) {
        out.outcome = ctx.unit_name() + "'s oratory: " + plural(n, "roll", "rolls");
        return;
    }
    auto roll = ctx.dice->d6s(n, "the oratory dice");
    out.dice.push_back({"Oratory dice", roll, 0, 0});
    int swayed = 0;
    for (int v : roll)
        if (v <= t.swayed_on) ++swayed;
    out.results["swayed"] = swayed;
    out.steps.push_back({plural(swayed, "figure is", "figures are") + " swayed: mark them with red yarn; they now "
                         "fight for the revolution" +
                             (ctx.target && is_gun(t, *ctx.target) && swayed > 0
                                  ? ". The loyal crew must fight the swayed for the gun in melee: no fire until then"
                                  : std::string()),
                         citation});
    out.outcome = ctx.unit_name() + "'s oratory sways " + std::to_string(swayed);
    if (!ctx.unit) return;
    Changes changes(ctx.battle, out);
    changes.set_unit_counter(*ctx.unit, key::swayed_at, kit::now(ctx.battle).stamp(), "the leader's oratory");
    if (!ctx.target || swayed == 0) return;
    // "They immediately become members of the Revolutionary force": the leader's unit.
    const model::Unit& target = *ctx.target;
    const int left = ctx.target->figures - swayed;
    changes.set_figures(target, left, std::to_string(swayed) + " swayed to the revolution");
    join_figures(changes, *ctx.unit, swayed, "swayed to the revolution", out);
    if (left == 0) {
        changes.set_flag(target, model::Flag::Routed, true, "all swayed to the revolution");
        contact_ended(ctx, target, out);
        if (is_gun(t, target) && !gun_out_of_action(target)) {
            changes.set_unit_counter(target, key::abandoned, 1, "its whole crew swayed");
            out.steps.push_back({target.name + "'s whole crew is swayed: the gun stands abandoned, to be claimed",
                                 citation});
        }
        return;
    }
    if (!is_gun(t, target)) return;
    // The loyal crew must fight the swayed for the gun: no fire until it is settled (melee.cpp).
    changes.set_unit_counter(target, key::loyalty_contested,
                             changes.unit_counter(target, key::loyalty_contested) + swayed, "crewmen swayed");
    changes.set_unit_counter(target, key::swayed_to, ctx.unit->id, "the swayed joined " + ctx.unit->name);
}

} // namespace umpire::edwardian
