// Movement (I Movement, I Effects of Terrain on Play, I Charges): the umpire types what the
// move crosses; the answer is the inches left, or why the move is barred.
#include "rulesets/edwardian/contact.h"
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

#include "rules/distance.h"

#include <algorithm>
#include <cmath>

namespace umpire::edwardian {

namespace {

const std::string kMove = "I Movement";
const std::string kTerrain = "I Effects of Terrain on Play";

double distance_or_zero(const Context& ctx, const char* id) {
    return ctx.inputs.has(id) ? ctx.inputs.distance(id) : 0.0;
}

void barred(const Context& ctx, const std::string& why, const std::string& citation, rules::Resolution& out) {
    out.steps.push_back({"Barred: " + why, cite(citation)});
    out.outcome = ctx.unit_name() + " cannot make this move: " + why;
    out.results["allowed"] = 0;
}

} // namespace

void resolve_move(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const TroopType& tt = *t.troop_type(ctx.inputs.choice("type"));
    const bool fast = ctx.inputs.flag("fast-foot") && !tt.cavalry && !tt.gun && t.options.scenario_rules;
    const double open = distance_or_zero(ctx, "open");
    const double rough = distance_or_zero(ctx, "rough");
    const double road = distance_or_zero(ctx, "road");
    const double river = distance_or_zero(ctx, "river");
    const double charge = distance_or_zero(ctx, "charge");
    const int obstacles = ctx.inputs.count("obstacles");
    const int wire = ctx.inputs.count("wire");
    const std::string who = ctx.unit_name();
    out.results["allowed"] = 1;
    // The target of a move is the enemy it charges into contact (I Charges); without a charge
    // portion (a target left selected at the desk) nobody is charged, and the working says so.
    if (ctx.target && charge <= 0)
        out.steps.push_back({"No charge portion: " + ctx.target->name + " is not charged", cite("I Charges")});

    if (!tt.moves) return barred(ctx, tt.name + " neither moves nor attacks", "I Troops", out);
    // A gun claimed this turn is refused by the reference's limits (claimed-gun-waits), overrulable.
    if (tt.gun && ctx.inputs.count("crew") < 1)
        return barred(ctx, "guns and MGs move only with a crew figure in contact with the base at the start "
                           "of the movement phase", kMove, out);
    if (tt.gun && charge > 0) return barred(ctx, "artillery and MGs may never charge", "I Charges", out);
    if (ctx.inputs.flag("unfordable")) return barred(ctx, "a non-fordable river cannot be entered", kTerrain, out);

    double allowance = fast ? t.fast_foot_move : tt.move;
    out.steps.push_back({tt.name + (fast ? " (fast foot)" : "") + ": base move " + table_distance(ctx.battle, allowance),
                         cite(fast ? "III The Zulu War" : kMove)});
    const double bonus_cap = fast ? t.fast_foot_charge : tt.charge_bonus;
    if (charge > 0 && bonus_cap > 0) {
        const double bonus = std::min(bonus_cap, charge);
        allowance += bonus;
        out.steps.push_back({"Charge portion " + table_distance(ctx.battle, charge) + ": +" +
                                 table_distance(ctx.battle, bonus) + " for the charge",
                             cite(fast ? "III The Zulu War" : "I Charges")});
    }

    if (wire > 0) {
        if (wire > 1 || open + rough + road + river + charge > 0 || obstacles > 0)
            return barred(ctx, "barbed wire takes a full move to cross: that move does nothing else", kTerrain, out);
        out.steps.push_back({"Crossing barbed wire takes the full move", cite(kTerrain)});
        out.results["left_tenths"] = 0;
        out.outcome = who + " crosses the wire: no move left";
        return;
    }

    double cost = 0;
    auto spend = [&](double inches, double per_inch, const std::string& what, const std::string& citation) {
        if (inches <= 0) return;
        const double c = inches * per_inch;
        cost += c;
        out.steps.push_back({what + ": " + table_distance(ctx.battle, inches) + " costs " + table_distance(ctx.battle, c),
                             cite(citation)});
    };
    spend(open, 1.0, "In the open", kMove);
    spend(charge, 1.0, "Charging", "I Charges");
    spend(road, t.movement.road_cost, "Along a road (" + rules::format_inches(t.movement.road_cost) + " an inch)", kTerrain);
    spend(rough, tt.rough_cost, "Through rough (" + rules::format_inches(tt.rough_cost) + " an inch)", kTerrain);
    if (t.movement.river_as_rough) spend(river, tt.rough_cost, "Fording a river, as rough", kTerrain);
    if (obstacles > 0) {
        const double c = obstacles * t.movement.obstacle_rough * tt.rough_cost;
        cost += c;
        out.steps.push_back({plural(obstacles, "hedge, wall or entrenchment", "hedges, walls or entrenchments") +
                                 ", each as " + rules::format_inches(t.movement.obstacle_rough) + " of rough: costs " +
                                 table_distance(ctx.battle, c),
                             cite(kTerrain)});
    }
    const double left = allowance - cost;
    out.results["left_tenths"] = static_cast<int>(std::lround(left * 10));
    if (left < -1e-9)
        return barred(ctx, "the move costs " + table_distance(ctx.battle, cost) + " of a " +
                               table_distance(ctx.battle, allowance) + " allowance",
                      kMove, out);
    out.steps.push_back({"Spent " + table_distance(ctx.battle, cost) + " of " + table_distance(ctx.battle, allowance) +
                             ": " + table_distance(ctx.battle, left) + " left",
                         cite(kMove)});
    out.outcome = who + ": " + table_distance(ctx.battle, left) + " of move left";

    // What the unit did (kit/deeds.h): moved figures fire in the second fire phase, chargers not at
    // all; guns and MGs that move may not fire this turn, and a moved gun has lost its lay.
    if (ctx.unit && ctx.dice) {
        kit::record(ctx.battle, out, *ctx.unit, Deed::Moved, charge > 0 ? How::Charge : How::Plain, 0, "moved");
        if (charge > 0) kit::record(ctx.battle, out, *ctx.unit, Deed::Charged, How::Plain, 0, "charged");
        Changes changes(ctx.battle, out);
        if (charge > 0 && ctx.target) record_charge(ctx, *ctx.unit, *ctx.target, changes, out);
        if (is_gun(t, *ctx.unit)) {
            changes.set_unit_counter(*ctx.unit, key::firing_count, 0, "moved: aims afresh");
            out.steps.push_back({who + " has moved: it may not fire this turn", cite("I Turn Sequence")});
        }
    }
}

} // namespace umpire::edwardian
