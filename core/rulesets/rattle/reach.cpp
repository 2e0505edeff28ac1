// How far a unit may move or charge this turn (Movement, lines 35-50): the detached roll, the
// terrain's double cost, Urging On's extra die, and the refusal of a move beyond it.
#include "rulesets/rattle/movement.h"

#include "kit/commanders.h"
#include "rules/distance.h"

#include <algorithm>
#include <cmath>

namespace umpire::rattle {

using rules::format_inches;

void add_reach_inputs(rules::ActionSpec& a, const std::string& distance_help) {
    a.inputs.push_back(kit::distance_input("distance", "Distance moved", distance_help));
    a.inputs.push_back(kit::distance_input("rough", "Of it over obstacles or terrain",
                                           "Inches of the move over obstacles and passable terrain: each costs two "
                                           "(skirmishers and Irregulars pay nothing)",
                                           false));
    a.inputs.push_back(kit::flag_input("detached", "Detached",
                                       "Not within 12\" and sight of a General at the start of the turn: it must roll "
                                       "to move"));
    a.inputs.push_back(kit::id_input("urged-by", "Urged on by (General)",
                                     "Urging On: a General moves up to 12\" to join the unit and adds 1d6\" to its move; "
                                     "he stays with it until the next move phase",
                                     rules::IdOf::Commander));
    a.inputs.push_back(kit::distance_input("general-distance", "The General's move to join",
                                           "How far the General moves to join the unit (up to 12\")", false));
}

double base_move(const Tables& t, const model::Unit& unit, const std::string& rail) {
    const TroopType& tt = type_of(t, unit);
    if (tt.mounted && kit::counter(unit, key::kDismounted) != 0) return tt.dismounted_move;
    if (!rail.empty()) return rail == "rail" ? t.trains.rail : t.trains.cross_country;
    return tt.move;
}

bool roll_to_move(const Context& ctx, bool forced, rules::Resolution& out) {
    // "must roll 3+ to move": once a turn; a unit that failed does not move until the next (line 35).
    if (this_turn(ctx.battle, *ctx.unit, key::kDetachedFailedTurn))
        ctx.forbid(out, ctx.unit->name + " failed its roll to move this turn: it does not move until the next turn",
                   cite(ctx.tables.detached_citation));
    if (!forced && !ctx.inputs.flag("detached")) return true;
    const Quality& q = quality_of(ctx.tables, *ctx.unit);
    const int natural = kit::natural_needed(ctx.tables.detached_roll_on, q.detached);
    out.steps.push_back({ctx.unit->name + (forced ? " moves cross country: it rolls as if detached" : " is detached") +
                             ": it must roll " + std::to_string(ctx.tables.detached_roll_on) + "+ to move, " + q.name + " " +
                             signed_text(q.detached) + ": " + kit::need_text(natural, "move"),
                         cite(forced ? ctx.tables.trains.citation : ctx.tables.detached_citation)});
    out.chances.push_back({"moves", kit::chance_of(natural)});
    if (!ctx.dice) return true;
    const int die = kit::roll_one(*ctx.dice, out, "Detached roll", "the detached unit's roll to move", natural);
    const bool ok = die >= natural;
    out.steps.push_back({"Rolled " + std::to_string(die) + (ok ? ": it moves" : ": it does not move this turn"),
                         cite(ctx.tables.detached_citation)});
    if (!ok) {
        kit::Changes c(ctx.battle, out);
        c.set_unit_counter(*ctx.unit, key::kDetachedFailedTurn, ctx.battle.turn, "failed its roll to move this turn");
    }
    return ok;
}

Reach work_out_reach(const Context& ctx, double base, rules::Resolution& out) {
    Reach r;
    const double distance = ctx.inputs.distance("distance");
    const double rough = ctx.inputs.has("rough") ? ctx.inputs.distance("rough") : 0.0;
    if (rough > distance) throw rules::InputError("rough", "the inches over terrain cannot be more than the distance moved");
    r.allowance = base;
    // Terrain: each inch over obstacles or terrain costs two, except skirmishers and Irregulars.
    const Formation* f = formation_of(ctx.tables, *ctx.unit);
    const Quality& q = quality_of(ctx.tables, *ctx.unit);
    const bool free = (f && f->free_terrain) || q.free_terrain;
    r.cost = distance;
    if (rough > 0) {
        const Fraction& half = ctx.tables.movement.terrain;
        if (free) {
            out.steps.push_back({ctx.unit->name + (f && f->free_terrain ? " is in skirmish order" : " is " + q.name) +
                                     ": no penalty for obstacles and terrain",
                                 cite("Movement: terrain (line 46)")});
        } else {
            r.cost = distance - rough + rough * half.second / half.first;
            out.steps.push_back({format_inches(rough) + " over obstacles or terrain at " + fraction_text(half) +
                                     " speed: the move costs " + format_inches(r.cost),
                                 cite("Movement: terrain (line 46)")});
        }
    }
    // Urging On (line 50).
    if (const model::Commander* g = kit::named_commander(ctx.battle, ctx.inputs, "urged-by")) {
        const Generals& gen = ctx.tables.generals;
        check_commands(ctx, *g, *ctx.unit, "Urging On", out);
        const double reach = ctx.inputs.has("general-distance") ? ctx.inputs.distance("general-distance") : 0.0;
        if (reach > gen.urging_reach)
            ctx.forbid(out, g->name + " would move " + format_inches(reach) + " to join " + ctx.unit->name +
                                ": a General urging a unit on moves up to " + format_inches(gen.urging_reach),
                       cite(gen.citation));
        const auto urging = dice::Distribution::die(6).times(gen.urging_dice);
        out.steps.push_back({g->name + " joins " + ctx.unit->name + " and urges it on: +" + std::to_string(gen.urging_dice) +
                                 "d6\" to its move; he stays with it until the next move phase",
                             cite(gen.citation)});
        if (ctx.dice) {
            const auto rolled = ctx.dice->d6s(gen.urging_dice, "Urging On's die");
            out.dice.push_back({"Urging On", rolled, 0, 0});
            int extra = 0;
            for (int v : rolled) extra += v;
            r.allowance += extra;
            out.steps.push_back({"Urging On adds " + format_inches(extra) + ": " + format_inches(r.allowance),
                                 cite(gen.citation)});
        } else {
            r.pending_dice = true;
            const int needed = static_cast<int>(std::ceil(r.cost - r.allowance));
            out.chances.push_back({"the move is within reach", needed <= urging.min() ? 1.0 : urging.p_at_least(needed)});
        }
        kit::Changes c(ctx.battle, out);
        c.set_unit_counter(*ctx.unit, key::kUrgedBy, g->id, "urged on by " + g->name);
        c.set_unit_counter(*ctx.unit, key::kUrgedTurn, ctx.battle.turn, "urged on this turn");
        kit::change(ctx.battle, out, model::Entity::Commander, g->id, "attached-unit", ctx.unit->id,
                    "joined " + ctx.unit->name + " (Urging On)");
    }
    const double most = r.pending_dice ? r.allowance + 6.0 * ctx.tables.generals.urging_dice : r.allowance;
    out.steps.push_back({"The move costs " + format_inches(r.cost) + " of " +
                             (r.pending_dice ? "up to " + format_inches(most) : format_inches(r.allowance)),
                         cite(ctx.tables.movement.citation)});
    if (r.cost > most + 1e-9)
        ctx.forbid(out, ctx.unit->name + " may move " + format_inches(most) + " this move, not " + format_inches(r.cost),
                   cite(ctx.tables.movement.citation));
    return r;
}

} // namespace umpire::rattle
