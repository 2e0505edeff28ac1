// Rally, Steady Men! and Rally Round the Flag (lines 77-79): a defeated unit rolls on its next
// move (4-6 rallies; 1-3 retreats again, leaving at the board edge), Elite +1, Militia -1, +1 with
// a General or a band; a General joining a unit that took hits cancels one on 4-6 and is hit on
// a 1; an infantry unit's colour bearer the same, the bearer hit on a 1, the flag captured if the
// unit was defeated.
#include "rulesets/rattle/movement.h"

#include "kit/commanders.h"
#include "rules/distance.h"
#include "kit/headline.h"

#include <algorithm>

namespace umpire::rattle {

namespace {

bool hits_to_cancel(const Context& ctx, const model::Unit& u) {
    return this_turn(ctx.battle, u, key::kRecentHitsTurn) && kit::counter(u, key::kRecentHits) > 0;
}

// One hit cancelled: a figure back.
void cancel_hit(kit::Changes& c, const model::Unit& u, const std::string& why) {
    c.set_figures(u, c.figures(u) + 1, why + ": 1 hit cancelled");
    c.add_unit_counter(u, key::kRecentHits, -1, "a hit cancelled");
}

void resolve_rally(const Context& ctx, rules::Resolution& out) {
    const model::Unit& u = *ctx.unit;
    const Tables& t = ctx.tables;
    const std::string citation = cite(t.rally_citation);
    if (!u.has(model::Flag::NeedsRally))
        ctx.forbid(out, "only a unit defeated in melee (or that evaded) rallies, on its next move", citation);
    const Quality& q = quality_of(t, u);
    int modifier = q.rally;
    out.steps.push_back({u.name + " rolls to rally: " + std::to_string(t.rally_on) + ", 5 or 6 rallies", citation});
    if (q.rally) out.steps.push_back({q.name + " " + signed_text(q.rally), citation});
    const bool general = ctx.inputs.flag("general");
    const bool band = ctx.inputs.flag("band");
    if (general && band && !t.options.rally_general_and_band_add_up) {
        // "+1 joined by general or a band": one +1 however it is joined (R28).
        const int joined = std::max(t.rally_general, t.rally_band);
        modifier += joined;
        out.steps.push_back({"Joined by a General and a band: " + signed_text(joined) +
                                 " once (\"joined by general or a band\")",
                             cite("Rally (line 77; R28)")});
    } else {
        if (general) {
            modifier += t.rally_general;
            out.steps.push_back({"Joined by a General " + signed_text(t.rally_general), citation});
        }
        if (band) {
            modifier += t.rally_band;
            out.steps.push_back({std::string("Joined by a band ") + signed_text(t.rally_band) +
                                     (general ? " (house rule: the two add up)" : ""),
                                 citation});
        }
    }
    const int natural = kit::natural_needed(t.rally_on, modifier);
    out.steps.push_back({"Modifier " + signed_text(modifier) + ": " + kit::need_text(natural, "rally"), citation});
    out.chances.push_back({"rally", kit::chance_of(natural)});
    if (!ctx.dice) {
        out.outcome = u.name + ": " + kit::need_text(natural, "rally");
        return;
    }
    const int die = kit::roll_one(*ctx.dice, out, "Rally", "the rally die", t.rally_on - modifier);
    kit::Changes c(ctx.battle, out);
    kit::record(ctx.battle, out, u, Deed::Rallied, How::Plain, 0, "rally test");
    if (die >= natural) {
        c.set_flag(u, model::Flag::NeedsRally, false, "rallied");
        out.results["rallied"] = 1;
        out.steps.push_back({"Rolled " + std::to_string(die) + ": it rallies, may face the enemy and acts normally next turn",
                             citation});
        out.outcome = u.name + " rallies";
        return;
    }
    out.results["rallied"] = 0;
    out.steps.push_back({"Rolled " + std::to_string(die) + ": it retreats a full move (" +
                             rules::format_inches(base_move(t, u)) + ") and must rally again next turn",
                         citation});
    if (ctx.inputs.flag("board-edge")) {
        c.set_flag(u, model::Flag::Routed, true, "retreated off the board");
        out.steps.push_back({"It reaches the board edge: it leaves and may not return", citation});
        out.outcome = u.name + " fails to rally and leaves the field";
        kit::outcome_says_lost(out, u);
        return;
    }
    out.follow_ups.push_back({"rally", u.id, u.name + " must rally again next turn", citation});
    out.outcome = u.name + " fails to rally and retreats";
}

void rally_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    if (const model::Commander* g = c.battle.joined_commander(c.unit->id); g && kit::commands(*g, *c.unit))
        d["general"] = "yes";
}

// Steady Men! (line 78).
void resolve_steady_men(const Context& ctx, rules::Resolution& out) {
    const model::Unit& u = *ctx.unit;
    const Tables& t = ctx.tables;
    const std::string citation = cite(t.steady_citation);
    const model::Commander* g = kit::named_commander(ctx.battle, ctx.inputs, "commander");
    if (!g) throw rules::InputError("commander", "name the General who joins " + u.name);
    check_commands(ctx, *g, u, "Steady Men!", out);
    if (!hits_to_cancel(ctx, u))
        ctx.forbid(out, u.name + " has no hits from shooting or melee this turn to cancel", citation);
    if (kit::counter(u, key::kSteadyTried) != 0)
        ctx.forbid(out, "a General tries Steady Men! once on the hits a unit took", citation);
    out.steps.push_back({g->name + " joins " + u.name + ": " + std::to_string(t.steady_cancel_on) +
                             "-6 cancels 1 hit, " + std::to_string(t.steady_general_hit_on) +
                             " the General is hit and removed from the game",
                         citation});
    out.chances.push_back({"1 hit cancelled", kit::chance_of(t.steady_cancel_on)});
    out.chances.push_back({"the General is hit", t.steady_general_hit_on / 6.0});
    if (!ctx.dice) {
        out.outcome = g->name + " tries to steady " + u.name;
        return;
    }
    const int die = kit::roll_one(*ctx.dice, out, "Steady Men!", "the Steady Men! die", t.steady_cancel_on);
    kit::Changes c(ctx.battle, out);
    c.set_unit_counter(u, key::kSteadyTried, 1, "Steady Men! tried");
    kit::change(ctx.battle, out, model::Entity::Commander, g->id, "attached-unit", u.id, "joined " + u.name);
    if (die >= t.steady_cancel_on) {
        cancel_hit(c, u, "Steady Men!");
        out.results["cancelled"] = 1;
        out.outcome = g->name + " steadies " + u.name + ": 1 hit cancelled";
    } else if (die <= t.steady_general_hit_on) {
        kit::change(ctx.battle, out, model::Entity::Commander, g->id, "status",
                    static_cast<std::int64_t>(model::CommanderStatus::Killed), "hit steadying " + u.name);
        kit::change(ctx.battle, out, model::Entity::Commander, g->id, "attached-unit", -1, "removed from the game");
        out.results["general_hit"] = 1;
        out.outcome = g->name + " is hit and removed from the game";
    } else {
        out.outcome = g->name + " joins " + u.name + ": no effect";
    }
    out.steps.push_back({"Rolled " + std::to_string(die) + ": " + out.outcome, citation});
}

void steady_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    if (const model::Commander* g = c.battle.joined_commander(c.unit->id)) d["commander"] = std::to_string(g->id);
}

// Rally Round the Flag (line 79).
void resolve_flag(const Context& ctx, rules::Resolution& out) {
    const model::Unit& u = *ctx.unit;
    const Tables& t = ctx.tables;
    const std::string citation = cite(t.flag_citation);
    const TroopType& tt = type_of(t, u);
    if (!tt.colours) ctx.forbid(out, "only infantry rally round the flag: cavalry and light infantry may not", citation);
    if (!u.has_trait("colour-bearer")) ctx.forbid(out, u.name + " has no colour bearer", citation);
    if (kit::counter(u, key::kFlagLost) != 0) ctx.forbid(out, "the enemy has captured " + u.name + "'s flag", citation);
    const bool defeated = ctx.inputs.flag("defeated");
    if (!defeated && !hits_to_cancel(ctx, u))
        ctx.forbid(out, u.name + " has no hits from shooting or melee this turn to cancel", citation);
    if (kit::counter(u, key::kFlagTried) != 0)
        ctx.forbid(out, "the colour bearer tries once on the hits a unit took", citation);
    out.steps.push_back({u.name + " rallies round the flag: " + std::to_string(t.flag_cancel_on) + "-6 cancels 1 hit, " +
                             std::to_string(t.flag_bearer_hit_on) +
                             (defeated ? " the enemy captures the flag (the unit was defeated)" : " the bearer is hit (1 figure off)"),
                         citation});
    out.chances.push_back({"1 hit cancelled", kit::chance_of(t.flag_cancel_on)});
    out.chances.push_back({defeated ? "the flag captured" : "the bearer hit", t.flag_bearer_hit_on / 6.0});
    if (!ctx.dice) {
        out.outcome = u.name + " rallies round the flag";
        return;
    }
    const int die = kit::roll_one(*ctx.dice, out, "The flag", "the colour bearer's die", t.flag_cancel_on);
    kit::Changes c(ctx.battle, out);
    c.set_unit_counter(u, key::kFlagTried, 1, "the flag tried");
    if (die >= t.flag_cancel_on) {
        if (hits_to_cancel(ctx, u)) {
            cancel_hit(c, u, "Rally Round the Flag");
            out.results["cancelled"] = 1;
            out.outcome = u.name + " rallies round the flag: 1 hit cancelled";
        } else {
            out.outcome = u.name + " rallies round the flag: no hit left to cancel";
        }
    } else if (die <= t.flag_bearer_hit_on) {
        const bool lose_figure = !defeated || t.options.bearer_lost_when_flag_captured;
        if (lose_figure) take_hits(ctx, c, u, 1, HitSource::Flag);
        if (defeated) {
            c.set_unit_counter(u, key::kFlagLost, 1, "the enemy captured the flag");
            out.results["flag_captured"] = 1;
            out.outcome = u.name + "'s flag is captured by the enemy";
        } else {
            out.results["bearer_hit"] = 1;
            out.outcome = u.name + "'s colour bearer is hit: someone else grabs the flag (1 figure off)";
        }
    } else {
        out.outcome = u.name + " rallies round the flag: no effect";
    }
    out.steps.push_back({"Rolled " + std::to_string(die) + ": " + out.outcome, citation});
}

void flag_defaults(const DefaultsContext& c, Defaults& d) {
    if (c.unit && this_turn(c.battle, *c.unit, key::kDefeatedTurn)) d["defeated"] = "yes";
}

} // namespace

void add_morale_actions(const Tables& t, ActionDefs& out) {
    (void)t;
    {
        ActionDef d;
        d.unit_required = true;  // reads the unit itself (the text gives no unit-less form)
        rules::ActionSpec& a = d.spec = kit::action("rally", "Rally",
                                                    "A unit defeated in melee rolls on its next move: 4-6 rallies, 1-3 "
                                                    "retreats again",
                                                    cite("Rally (line 77)"));
        a.needs_unit = true;
        a.inputs.push_back(kit::flag_input("general", "Joined by a General", "+1 (a General who commands it)"));
        a.inputs.push_back(kit::flag_input("band", "Joined by a band", "+1"));
        a.inputs.push_back(kit::flag_input("board-edge", "Its retreat reaches the board edge",
                                           "A unit that fails and reaches the board edge leaves and may not return"));
        d.resolve = resolve_rally;
        d.defaults = rally_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.unit_required = true;  // reads the unit itself (the text gives no unit-less form)
        rules::ActionSpec& a = d.spec = kit::action("steady-men", "Steady Men!",
                                                    "A General joins a unit that took hits: 4-6 cancels 1 hit, 1 the "
                                                    "General is hit",
                                                    cite("Steady Men! (line 78)"));
        a.needs_unit = true;
        a.inputs.push_back(kit::id_input("commander", "General", "The General who joins the unit", rules::IdOf::Commander));
        d.resolve = resolve_steady_men;
        d.defaults = steady_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.unit_required = true;  // reads the unit itself (the text gives no unit-less form)
        rules::ActionSpec& a = d.spec = kit::action("flag", "Rally Round the Flag",
                                                    "An infantry unit's colour bearer: 4-6 cancels 1 hit, 1 the bearer is "
                                                    "hit (defeated: the flag is captured)",
                                                    cite("Rally Round The Flag (line 79)"));
        a.needs_unit = true;
        a.inputs.push_back(kit::flag_input("defeated", "The unit was defeated in melee",
                                           "It must try to rally round the flag; a 1 and the enemy captures it"));
        d.resolve = resolve_flag;
        d.defaults = flag_defaults;
        out.push_back(d);
    }
}

} // namespace umpire::rattle
