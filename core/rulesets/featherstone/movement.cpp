// Movement (lines 26-69; summary lines 343-360): the rate by type and formation, area terrain at
// half, 3" per linear obstacle, roads (no terrain penalty, +3" in march column, artillery double),
// a formation change for half the move, the half-rate move in any direction (artillery at full
// speed), and the morale results that stop or halve a move.
#include "rulesets/featherstone/mechanics.h"

#include "kit/ruleset_base.h"

#include <algorithm>

namespace umpire::featherstone {

namespace {

const std::string kCite = "Movement";

double times(double inches, Fraction f) { return inches * f.first / f.second; }

const TroopType& type_input(const Context& ctx, const std::string& input) {
    const TroopType* tt = ctx.tables.troop_type(ctx.inputs.choice(input));
    if (!tt) throw rules::InputError(input, "\"" + ctx.inputs.choice(input) + "\" is not a troop type");
    return *tt;
}

const Formation& formation_input(const Context& ctx, const TroopType& tt, const std::string& input) {
    const std::string& id = ctx.inputs.choice(input);
    const Formation* f = ctx.tables.formation(id);
    if (!f || std::find(tt.formations.begin(), tt.formations.end(), id) == tt.formations.end()) {
        std::vector<std::string> names;
        for (const auto& n : tt.formations) names.push_back(n);
        throw rules::InputError(input, tt.name + " may not form " + id + "; " + kit::one_of_list(names));
    }
    return *f;
}

} // namespace

// The move a unit of `tt` in formation `f` may make: the table's rate, the road and the terrain.
double base_allowance(const Context& ctx, const TroopType& tt, const Formation& f, bool road, bool terrain,
                      rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Movement& m = t.movement;
    const MoveRate* rate = t.rate_for(tt.id, f.id);
    if (!rate) throw rules::InputError("formation", tt.name + " has no rate in the movement table in " + f.name);
    double allowance = rate->rate;
    out.steps.push_back({rate->name + ": " + kit::table_distance(ctx.battle, rate->rate), cite(kCite)});
    if (road && tt.arm == Arm::Artillery) {
        allowance *= m.artillery_road;
        out.steps.push_back({"Artillery moving entirely along a road: " + std::to_string(m.artillery_road) + " times: " +
                                 kit::table_distance(ctx.battle, allowance),
                             cite(kCite)});
    }
    // Cavalry "may form ... march column gaining +3\" for the latter" (line 67): their own bonus, as
    // infantry's march column has its own rate (R43); the road's +3" (line 60) is every march column's.
    if (f.march && tt.arm == Arm::Cavalry && m.cavalry_march_bonus_off_road) {
        allowance += m.cavalry_march_bonus;
        out.steps.push_back({"Cavalry in march column: +" + kit::table_distance(ctx.battle, m.cavalry_march_bonus),
                             cite(kCite)});
    }
    if (f.march && road) {
        allowance += m.march_road_bonus;
        out.steps.push_back({"March column travelling entirely by road: +" +
                                 kit::table_distance(ctx.battle, m.march_road_bonus),
                             cite(kCite)});
    }
    if (terrain && road) out.steps.push_back({"Movement along roads negates area terrain penalties", cite(kCite)});
    if (terrain && !road) {
        allowance = times(allowance, m.terrain);
        out.steps.push_back({"Through area terrain at " + fraction_text(m.terrain) + " speed: " +
                                 kit::table_distance(ctx.battle, allowance),
                             cite(kCite)});
    }
    if (ctx.unit && stamped(ctx.battle, *ctx.unit, key::half_move)) {
        allowance /= 2;
        out.steps.push_back({"Its rally result allows a half move this turn: " + kit::table_distance(ctx.battle, allowance),
                             cite("Morale")});
    }
    return allowance;
}

void resolve_move(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Movement& m = t.movement;
    const TroopType& tt = type_input(ctx, "type");
    const Formation& from = formation_input(ctx, tt, "formation");
    const std::string to_id = ctx.inputs.choice("to-formation");
    const Formation* to = to_id == "same" || to_id == from.id ? nullptr : &formation_input(ctx, tt, "to-formation");
    const bool road = ctx.inputs.flag("road");
    const std::string who = ctx.unit_name();
    double allowance = base_allowance(ctx, tt, from, road, ctx.inputs.flag("terrain"), out);
    const bool any_direction = ctx.inputs.flag("any-direction");
    if (any_direction && tt.arm == Arm::Artillery) {
        out.steps.push_back({"Artillery may freely move in any direction at up to full speed", cite(kCite)});
    } else if (any_direction) {
        allowance = times(allowance, m.any_direction);
        out.steps.push_back({"Moving in any direction or facing: " + fraction_text(m.any_direction) + " rate: " +
                                 kit::table_distance(ctx.battle, allowance),
                             cite(kCite)});
    }
    if (to) {
        allowance = times(allowance, m.formation_change);
        out.steps.push_back({"Changing formation to " + to->name + " costs " + fraction_text(m.formation_change) +
                                 " of the move (a facing change included): " + kit::table_distance(ctx.battle, allowance),
                             cite(kCite)});
    }
    const int obstacles = ctx.inputs.count("obstacles");
    if (obstacles) {
        allowance = std::max(0.0, allowance - obstacles * m.obstacle);
        out.steps.push_back({"Crossing " + plural(obstacles, "linear obstacle", "linear obstacles") + " at " +
                                 kit::table_distance(ctx.battle, m.obstacle) + " each: " +
                                 kit::table_distance(ctx.battle, allowance) + " left",
                             cite(kCite)});
    }
    out.results["allowance-tenths"] = static_cast<int>(allowance * 10 + 0.5);
    out.outcome = who + " may move up to " + kit::table_distance(ctx.battle, allowance);
    if (ctx.inputs.has("distance")) {
        const double d = ctx.inputs.distance("distance");
        if (d > allowance + 1e-9)
            ctx.forbid(out, who + " moves " + kit::table_distance(ctx.battle, d) + ", more than its " +
                                kit::table_distance(ctx.battle, allowance),
                       cite(kCite));
        out.outcome = who + " moves " + kit::table_distance(ctx.battle, d) + " of its " +
                      kit::table_distance(ctx.battle, allowance);
    }
    if (!ctx.unit || !ctx.dice) return;
    Changes changes(ctx.battle, out);
    const How how = any_direction || stamped(ctx.battle, *ctx.unit, key::half_move) ? How::Half
                    : from.march                                                     ? How::March
                                                                                     : How::Plain;
    kit::record(ctx.battle, out, *ctx.unit, Deed::Moved, how, 0, "moved");
    if (to) changes.set_unit_counter(*ctx.unit, key::formation, to->code, "formed " + to->name);
}

} // namespace umpire::featherstone
