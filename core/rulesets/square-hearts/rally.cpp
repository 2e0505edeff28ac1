// Rally (line 60): 1 die, 4-6 cancels a hit; +1 for a commander in the area, a support unit
// adjacent or an elite unit; -1 militia or levy. A unit which rallies may not move or shoot (the
// limits) and may not be adjacent to an enemy. A broken unit must rally on its next turn: unable
// to, or failing to recover a hit, it is routed and removed. A destroyed unit cannot rally.
#include "rulesets/square-hearts/mechanics.h"

#include "rules/inputs.h"
#include "kit/headline.h"

#include <algorithm>

namespace umpire::square_hearts {

namespace {

const std::string kRally = "Hits and rallying (line 60)";

void rout(const Context& ctx, rules::Resolution& out, const std::string& why) {
    const model::Unit& u = *ctx.unit;
    kit::set_flag(ctx.battle, out, u, model::Flag::Routed, true, why);
    kit::set_flag(ctx.battle, out, u, model::Flag::NeedsRally, false, why);
    kit::set_counter(ctx.battle, out, u, key::broken, 0, why);
    for (const model::Commander* c : attached_commanders(ctx.battle, u))
        kit::change(ctx.battle, out, model::Entity::Commander, c->id, "attached-unit", -1, u.name + " routed");
    out.steps.push_back({u.name + " " + why + ": it is routed and removed from the game", cite(kRally)});
    out.outcome = u.name + " is routed and removed";
    kit::outcome_says_lost(out, u);
}

} // namespace

void resolve_rally(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const std::string name = ctx.unit_name();
    const bool broken = ctx.unit && is_broken(b, out, *ctx.unit);
    int hits = ctx.unit ? ctx.unit->hits : 0;
    if (ctx.unit && hits == 0 && !broken)
        throw rules::InputError("unit", name + " has no hits to recover: there is nothing to rally from");
    if (broken) out.steps.push_back({name + " is broken: it must rally now, or be routed", cite(kRally)});
    if (ctx.inputs.flag("adjacent")) {
        if (broken && ctx.dice) {
            rout(ctx, out, "is adjacent to an enemy and so unable to rally");
            kit::record(b, out, *ctx.unit, Deed::Rallied, How::Plain, 0, "unable to rally");
            return;
        }
        if (!broken) ctx.forbid(out, "a unit which rallies may not be adjacent to an enemy", cite(kRally));
    }
    const int modifier = add_modifiers(t, t.rally.modifiers, ctx.inputs.modifiers("modifiers"), cite(kRally), out);
    const int natural = kit::natural_needed(t.rally.rally_on, modifier);
    out.steps.push_back({"1 die, " + std::to_string(t.rally.rally_on) + "+ after " + kit::signed_text(modifier) +
                             " cancels " + kit::hits_text(t.rally.hits_cancelled) + ": " + kit::need_text(natural, "succeed"),
                         cite(kRally)});
    out.chances.push_back({"rally", kit::chance_of(natural)});
    if (!ctx.dice) return;
    rules::DiceGroup g{"Rally", {ctx.dice->d6("rally")}, modifier, t.rally.rally_on};
    out.dice.push_back(g);
    const bool rallied = g.successes() > 0;
    out.results["rallied"] = rallied ? 1 : 0;
    if (ctx.unit) kit::record(b, out, *ctx.unit, Deed::Rallied, How::Plain, 0, "rallied");
    if (!rallied) {
        if (broken) {
            rout(ctx, out, "fails to recover a hit");
            return;
        }
        out.outcome = name + " fails to rally";
        out.steps.push_back({out.outcome, cite(kRally)});
        return;
    }
    const int after = std::max(0, hits - t.rally.hits_cancelled);
    out.outcome = name + " rallies: " + kit::hits_text(hits - after) + " cancelled";
    out.steps.push_back({out.outcome + (ctx.unit ? " (" + std::to_string(after) + " of " +
                                                       std::to_string(capacity_of(t, *ctx.unit)) + ")"
                                                 : std::string()),
                         cite(kRally)});
    if (!ctx.unit) return;
    kit::change(b, out, model::Entity::Unit, ctx.unit->id, "hits", after, "rallied");
    if (broken) {
        kit::set_counter(b, out, *ctx.unit, key::broken, 0, "rallied: no longer broken");
        kit::set_flag(b, out, *ctx.unit, model::Flag::NeedsRally, false, "rallied");
        out.steps.push_back({name + " is no longer broken", cite(kRally)});
    }
}

// A broken unit retreats "stopping at the board edge unless it started there" (line 60): one that
// began its retreat on the edge goes off the board, and is lost to its army like a routed unit
// (it counts for the army's retreat, R3). Only a broken unit retreats: anything else is refused.
void resolve_off_board(const Context& ctx, rules::Resolution& out) {
    const std::string name = ctx.unit_name();
    if (ctx.unit && !is_broken(ctx.battle, out, *ctx.unit))
        ctx.forbid(out, name + " is not broken: only a broken unit's retreat takes it off the board", cite(kRally));
    out.steps.push_back({name + " began its broken retreat on the board edge: it goes off the board", cite(kRally)});
    if (ctx.unit) rout(ctx, out, "went off the board");
    out.outcome = name + " goes off the board and is lost";
    if (ctx.unit) kit::outcome_says_lost(out, *ctx.unit);
}

} // namespace umpire::square_hearts
