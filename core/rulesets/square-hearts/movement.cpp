// Movement (lines 19-28): a move needs an order; each type moves so many areas, or fewer if it
// also shoots; difficult terrain stops a unit or bars it except by road; a road in column adds an
// area; only some types may move next to known enemy; one unit an area; trains on rails change
// speed by at most 2 a turn.
#include "rulesets/square-hearts/mechanics.h"

#include "rules/grid.h"
#include "rules/inputs.h"

#include <cmath>
#include <cstdlib>

namespace umpire::square_hearts {

namespace {

const std::string kMove = "Movement (lines 19-24)";
const std::string kTerrain = "Difficult terrain (line 26)";
const std::string kRoads = "Roads (line 28)";

const model::Commander* ordering_commander(const Context& ctx) {
    if (!ctx.inputs.counts.count("commander")) return nullptr;
    const int id = ctx.inputs.count("commander");
    const model::Commander* k = ctx.battle.commander(id);
    if (!k) throw rules::InputError("commander", "no commander with id " + std::to_string(id));
    return k;
}

// The areas the unit may move this turn, each reason a step.
int allowance(const Context& ctx, const TroopType& tt, bool shoots, bool road, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    int allowed = tt.move;
    out.steps.push_back({tt.name + " move " + rules::areas_text(tt.move), cite(kMove)});
    if (shoots) {
        if (tt.move_and_shoot == 0)
            ctx.forbid(out, tt.name + " may move or shoot, not both", cite("Movement (line 22)"));
        else
            out.steps.push_back({"It shoots this turn as well, before or after: it moves " +
                                     rules::areas_text(tt.move_and_shoot),
                                 cite(kMove)});
        allowed = tt.move_and_shoot;
    }
    if (road) {
        if (shoots) ctx.forbid(out, "a unit following a road in column for the extra area may not shoot", cite(kRoads));
        allowed += t.movement.road_bonus;
        out.steps.push_back({"In column along a road for the whole move: +" + rules::areas_text(t.movement.road_bonus) +
                                 "; it is in road column",
                             cite(kRoads)});
    }
    return allowed;
}

void rails(const Context& ctx, double areas, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    int last = 0;
    if (ctx.unit && kit::counter(*ctx.unit, key::train_turn) == ctx.battle.turn - 1)
        last = kit::counter(*ctx.unit, key::train_speed);
    out.steps.push_back({"On rails only; last turn it moved " + rules::areas_text(last) + ": it may speed up or slow "
                             "down by " + rules::areas_text(t.movement.train_change),
                         cite("Movement (line 24)")});
    if (std::abs(areas - last) > t.movement.train_change + 1e-9)
        ctx.forbid(out, "a train may only accelerate or decelerate by " + rules::areas_text(t.movement.train_change) +
                            " a turn (" + rules::areas_text(last) + " last turn)",
                   cite("Movement (line 24)"));
}

void terrain(const Context& ctx, const TroopType& tt, bool road, rules::Resolution& out) {
    if (!ctx.inputs.flag("difficult")) return;
    const bool irregular = ctx.unit && ctx.unit->has_trait("irregular") && tt.kind == Kind::Infantry;
    if (tt.difficult == Difficult::Road && !road)
        ctx.forbid(out, tt.name + " may not enter difficult terrain except by road", cite(kTerrain));
    if (tt.difficult == Difficult::Free || irregular)
        out.steps.push_back({(irregular ? "Irregular, tribal or native infantry" : tt.name) +
                                 std::string(" entering difficult terrain do not stop"),
                             cite(kTerrain)});
    else
        out.steps.push_back({"It entered a difficult area: it stops there and may move no farther this turn",
                             cite(kTerrain)});
}

} // namespace

void resolve_move(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const TroopType* tt = t.troop_type(ctx.inputs.choice("type"));
    if (!tt) throw rules::InputError("type", "unknown troop type");
    const Measure moved = measure(ctx, "areas");
    const std::string name = ctx.unit_name();
    out.steps.push_back({name + " moves " + moved.text, cite(kMove)});
    if (ctx.unit && is_broken(b, out, *ctx.unit))
        ctx.forbid(out, ctx.unit->name + " is broken: it must rally on its next turn, and a unit which rallies may not move",
                   cite("Hits and rallying (line 60)"));

    // The order (line 15).
    if (ctx.unit && !b.commanders.empty()) {
        const model::Commander* k = ordering_commander(ctx);
        if (!k) throw rules::InputError("commander", "name the commander who gives the order (a unit needs an order to move)");
        std::optional<Measure> from;
        if (ctx.inputs.distances.count("from-commander")) from = measure(ctx, "from-commander");
        spend_order(ctx, *k, from, out);
    } else {
        out.steps.push_back({"A unit needs an order to move; commanders do not", cite("Orders (line 15)")});
    }

    const bool road = ctx.inputs.flag("road");
    const bool fired = ctx.unit && kit::did(b, *ctx.unit, Deed::Fired, Within::Turn);
    // Shot first, then moving: the shot was moving and firing, and takes the -1 (line 50; R46).
    if (fired && kit::counter(*ctx.unit, key::shot_moving_turn) != b.turn)
        ctx.forbid(out, ctx.unit->name + " shot this turn without the -1 for moving and firing: a unit that shoots and "
                                         "moves takes it on the shot",
                   cite("Shooting modifiers (line 50); Movement (lines 20-21)"));
    const bool shoots = ctx.inputs.flag("shoots") || fired;
    const int allowed = allowance(ctx, *tt, shoots, road, out);
    if (tt->rails) rails(ctx, moved.areas, out);
    if (moved.areas > allowed + 1e-9)
        ctx.forbid(out, name + " may move " + rules::areas_text(allowed) + " this turn, not " + rules::areas_text(moved.areas),
                   cite(kMove));
    terrain(ctx, *tt, road, out);
    if (ctx.inputs.flag("enemy")) {
        if (!tt->approach)
            ctx.forbid(out, "only infantry, cavalry, armoured cars and tanks may move adjacent to known enemy", cite(kMove));
        if (road) ctx.forbid(out, "a unit taking the road's extra area may not move adjacent to a known enemy", cite(kRoads));
        out.steps.push_back({"Adjacent to the enemy, it stops and faces an enemy unit (one in whose frontal arc it is)",
                             cite("Movement (line 19)")});
    }
    if (ctx.inputs.flag("began-adjacent")) {
        // It may face an enemy without an order, or be ordered away: to an area next to no enemy.
        if (ctx.inputs.flag("enemy"))
            ctx.forbid(out, "a unit which begins its turn adjacent to an enemy either faces it or moves to an area "
                            "which is not adjacent to any enemy",
                       cite("Movement (line 19)"));
        else
            out.steps.push_back({"It began its turn adjacent to an enemy and moves away, to an area next to no enemy",
                                 cite("Movement (line 19)")});
    }
    if (ctx.inputs.flag("occupied"))
        ctx.forbid(out, "only 1 unit may occupy an area at the end of its move (commanders are not units)",
                   cite("Movement (line 19)"));

    out.results["areas-x2"] = static_cast<int>(std::lround(moved.areas * 2));
    out.outcome = name + " moves " + rules::areas_text(moved.areas) + (road ? " in road column" : "");
    if (!ctx.unit) return;
    const model::Unit& u = *ctx.unit;
    kit::record(b, out, u, Deed::Moved, road ? How::March : How::Plain, static_cast<int>(std::lround(moved.areas * 2)),
                road ? "moved in road column" : "moved");
    kit::set_counter(b, out, u, key::has_moved, 1, "moved (a telephone line to it is cut)");
    kit::set_counter(b, out, u, key::column, road ? 1 : 0, road ? "in road column" : "out of column");
    // Ended next to the enemy: a melee is owed in the melee phase; moved away, none (line 55; R45).
    if (ctx.inputs.flag("enemy"))
        ctx.owe(out, u, kMeleeWhenAdjacent, u.name + " moved adjacent to the enemy");
    else
        kit::set_counter(b, out, u, kit::owed_key(kMeleeWhenAdjacent), 0, "moved: not adjacent to an enemy");
    if (tt->rails) {
        kit::set_counter(b, out, u, key::train_speed, static_cast<int>(std::lround(moved.areas)), "speed this turn");
        kit::set_counter(b, out, u, key::train_turn, b.turn, "speed this turn");
    }
}

} // namespace umpire::square_hearts
