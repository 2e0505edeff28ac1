// Movement (5): the movement table's dice for the unit's row and its specials, the order's bonus
// (march, road column, charge), Follow Me! (3.3) and the band (12.2), the optional average dice
// (5.5), maneuvers (mount, limber, square, reform: 5.3), terrain (6) and Huzzah!'s inches. The
// answer is the allowance in inches on the table, or that the ground or the gun bars the move and
// why; with the distance to a charge's target, the chance of reaching it and, once rolled, the
// target pinned (5.7). What the unit may not do this turn (no order, pinned, a chance card, moving
// after shooting) is refused, citing the rule: the [[limits]] of the tables and forbid() here.
#include "rulesets/macduff/action_def.h"
#include "rulesets/macduff/chance.h"
#include "rulesets/macduff/movement.h"

#include "rules/distance.h"
#include "turn/compass.h"
#include "turn/turn_state.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace umpire::macduff {

using model::Flag;

namespace {

// The wind the turn engine keeps as a battle counter (0: none blowing); nullopt in a battle that
// does not play the wind, where the umpire's "with the wind" box is all there is.
std::optional<int> battle_wind(const model::Battle& battle) {
    const auto it = battle.counters.find(turn::kWindDirection);
    if (it == battle.counters.end()) return std::nullopt;
    return it->second;
}

// "wind from the NW, drifting to the SE"
std::string wind_words(int from) {
    const int to = (from + 3) % 8 + 1;  // the opposite point of the eight
    return "wind from the " + std::string(turn::compass_name(from)) + ", towards the " +
           std::string(turn::compass_name(to));
}


struct Order {
    std::string id;
    bool fired = false;     // shot this turn, not as a reaction (7.3)
    bool reaction = false;  // shot as a reaction
};

void barred(const std::string& name, const std::string& why, const std::string& citation,
            rules::Resolution& out) {
    out.steps.push_back({"Barred: " + why, citation});
    out.outcome = name + " may not move: " + why;
    out.results["barred"] = 1;
    out.results["allowance_tenths"] = 0;
}

// 5.3: mount or dismount, limber or unlimber (not both in a turn: refused), form or leave square,
// reform. `out` gets what it changes.
void formation_change(const Context& ctx, const std::string& change, const std::string& name,
                      rules::Resolution& out) {
    if (change == "none") return;
    const model::Unit* u = ctx.unit;
    const model::Battle& b = ctx.battle;
    const std::string citation = cite("5.3 Maneuvering");
    // "Not both in a turn": refused, the umpire may overrule.
    auto not_twice = [&](const char* k, const char* what) {
        if (u && this_turn(b, *u, k))
            ctx.forbid(out, name + " has already " + what + " this turn: not both in a turn", citation);
    };
    if (change == "mount" || change == "dismount") {
        if (u && u->troop_type != "cavalry" && u->troop_type != "mounted-infantry")
            throw rules::InputError("change", name + " has no horses to " + change);
        not_twice(key::kMountTurn, "mounted or dismounted");
        const bool dismounted = u && u->counters.count(key::kDismounted);
        if (u && dismounted == (change == "dismount"))
            throw rules::InputError("change", name + " is already " + (dismounted ? "dismounted" : "mounted"));
        out.steps.push_back({name + " " + change + "s: " + (change == "mount" ? "it moves at the mounted rate"
                                                                               : "it moves like infantry"),
                             citation});
        if (u) {
            set_counter(b, out, *u, key::kDismounted, change == "dismount" ? 1 : 0, change + "ed");
            set_counter(b, out, *u, key::kMountTurn, b.turn, change + "ed this turn");
        }
    } else if (change == "limber" || change == "unlimber") {
        if (u && u->troop_type != "artillery") throw rules::InputError("change", name + " is not artillery");
        not_twice(key::kLimberTurn, "limbered or unlimbered");
        const bool limbered = u && u->counters.count(key::kLimbered);
        if (u && limbered == (change == "limber"))
            throw rules::InputError("change", name + " is already " + (limbered ? "limbered" : "unlimbered"));
        out.steps.push_back({name + " " + change + "s (artillery may limber or unlimber but not both in a turn)",
                             citation});
        if (u) {
            set_counter(b, out, *u, key::kLimbered, change == "limber" ? 1 : 0, change + "ed");
            set_counter(b, out, *u, key::kLimberTurn, b.turn, change + "ed this turn");
        }
    } else if (change == "form-square" || change == "leave-square") {
        if (u && u->troop_type != "infantry") throw rules::InputError("change", "only infantry forms square");
        out.steps.push_back({name + (change == "form-square" ? " forms square" : " leaves its square"), citation});
        if (u) {
            set_counter(b, out, *u, key::kSquare, change == "form-square" ? 1 : 0, change);
            set_counter(b, out, *u, key::kSquareBroken, 0, change);
        }
    } else if (change == "reform") {
        out.steps.push_back({name + " reforms", citation});
        if (u) set_flag(b, out, *u, Flag::Disordered, false, "reformed");
    }
}

// 8.5: units left in contact "will fight again during the next melee phase unless one or both
// sides fall back before then". A unit in contact that moves falls back out of it, unless the form
// says it stays (a change of formation where it stands): neither fights that melee again.
void leave_contact(const Context& ctx, rules::Resolution& out) {
    const model::Unit* u = ctx.unit;
    if (!u || !ctx.inputs.flag("leaves-contact")) return;
    const int with = static_cast<int>(counter_now(ctx.battle, out, *u, key::kMeleeWith));
    if (!with) return;
    const model::Unit* enemy = ctx.battle.unit(with);
    out.steps.push_back({u->name + " falls back out of contact with " + who(enemy, "the enemy") +
                             ": that melee does not continue",
                         cite("8.5 Result")});
    set_counter(ctx.battle, out, *u, key::kMeleeWith, 0, "fell back out of contact");
    if (enemy && counter_now(ctx.battle, out, *enemy, key::kMeleeWith) == u->id)
        set_counter(ctx.battle, out, *enemy, key::kMeleeWith, 0, u->name + " fell back out of contact");
}

void resolve_move(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Movement& mv = t.movement;
    const model::Unit* u = ctx.unit;
    const std::string change = ctx.inputs.choice("change");
    const MoveRow* chosen_row = t.move_row(ctx.inputs.choice("troop"));
    // 5.3: "If mounted while moving use the mounted rate, if dismounted move like infantry."
    if (u && (change == "mount" || change == "dismount")) {
        model::Unit changed = *u;
        if (change == "dismount")
            changed.counters[key::kDismounted] = 1;
        else
            changed.counters.erase(key::kDismounted);
        if (const MoveRow* r = t.move_row(default_row(t, changed))) chosen_row = r;
    }
    const MoveRow& row = *chosen_row;
    const Ground& ground = *t.ground(ctx.inputs.choice("terrain"));
    const std::string order = ctx.inputs.choice("order");
    const std::string fired = ctx.inputs.choice("fired");
    const bool road = ctx.inputs.flag("road") || ctx.inputs.flag("road-column");
    const bool road_column = ctx.inputs.flag("road-column");
    const bool gap = ctx.inputs.flag("gap");
    const bool average = ctx.inputs.flag("average-dice");
    const std::string name = who(u, row.name.c_str());
    const std::string table_cite = cite("5 Movement, movement table");
    out.results["barred"] = 0;

    out.steps.push_back({row.name + (row.dice > 0 ? ": basic move " + std::to_string(row.dice) + "d6\""
                                                  : std::string(": no move of its own")),
                         table_cite});

    // Orders and what firing allows (7.3, 5.3, 5.4).
    if (change != "none" && order != "maneuver")
        throw rules::InputError("change", "changing formation is a maneuver: choose the order Maneuver");
    // Refused, the umpire may overrule; For Want of a Nail's "may not move this turn" and the order
    // a move needs are the [[limits]] of the tables.
    if (fired == "yes" && (order == "maneuver" || order == "march"))
        ctx.forbid(out, name + " shot this turn: a unit may shoot and then move a basic move but may not shoot then "
                               "maneuver or march",
                   cite("7.3 Fire and movement"));
    else if (fired == "reaction" && order == "march")
        ctx.forbid(out, name + " fired this turn: a unit ordered to march may not shoot that turn", cite("5.4 Marching"));
    if (u && u->counters.count(key::kRepairsNeeded)) {
        barred(name, "it needs " + std::to_string(u->counters.at(key::kRepairsNeeded)) +
                         " work points of repairs before it can move", table_cite, out);
        return;
    }
    if (u && u->troop_type == "artillery" && !u->counters.count(key::kLimbered) && change != "limber") {
        const auto& light = t.terrain.light_artillery_weapons;
        const bool light_gun = std::find(light.begin(), light.end(), u->weapon) != light.end();
        if (!(light_gun && order == "maneuver")) {
            barred(name, "unlimbered artillery may only change direction (light guns may manhandle as a maneuver); "
                         "limber first",
                   cite("5.3 Maneuvering"), out);
            return;
        }
        out.steps.push_back({name + " manhandles its light guns as a maneuver", cite("5.3 Maneuvering")});
    }
    formation_change(ctx, change, name, out);

    // Terrain (6).
    const std::string cls = ctx.inputs.has("class") ? ctx.inputs.choice("class") : terrain_class_of(t, row, u);
    const TerrainRuling terrain = terrain_ruling(t.terrain, ground, cls, road, gap);
    out.steps.push_back({terrain.reason, terrain.citation});
    if (terrain.mode == "barred") {
        barred(name, ground.name + " is barred to it" + (gap || road ? "" : " (off road, without a gap)"),
               terrain.citation, out);
        return;
    }
    const bool only_basic = excludes_bonuses(terrain.mode);

    // The dice, in the order they are rolled (and typed).
    std::vector<MoveTerm> terms;
    auto add = [&](std::string kind, std::string label, int count, int sign, bool avg, const std::string& citation) {
        if (count <= 0) return;
        const auto& ex = mv.basic_move_excludes;
        if (only_basic && std::find(ex.begin(), ex.end(), kind) != ex.end()) {
            out.steps.push_back({label + ": not in " + ground.name + " (a basic move only)", terrain.citation});
            return;
        }
        const std::string how = kind == "basic" ? " " : sign < 0 ? " -" : " +";
        terms.push_back({kind, label + how + std::to_string(count) + "d6", count, sign, avg});
        // The basic move was stated first; the bonuses are stated as they are added.
        if (kind != "basic") out.steps.push_back({terms.back().label + (avg ? " (average dice)" : ""), citation});
    };
    if (average && !(mv.well_drilled_average_dice && row.average_dice_allowed))
        throw rules::InputError("average-dice", mv.well_drilled_average_dice
                                                    ? "average dice are for well drilled infantry (5.5)"
                                                    : "the optional average dice are off in this battle's house rules");
    if (average) out.steps.push_back({"Well drilled: average dice (" + std::to_string(mv.average_die[0]) + "-" +
                                          std::to_string(mv.average_die[5]) + ")", cite("5.5 Well Drilled Troops")});
    // In a battle that plays the wind, the turn's wind decides: with none blowing a balloon stays
    // put and an airship has no wind to run before, whatever the box says (Optional rules 3).
    const std::optional<int> wind = battle_wind(ctx.battle);
    bool downwind = ctx.inputs.flag("downwind");
    if (wind && *wind == 0 && (downwind || row.drift_dice > 0)) {
        if (downwind && row.drift_dice == 0)
            out.steps.push_back({"No wind blows this turn: no downwind bonus", cite("Optional rules 3 Wind")});
        downwind = false;
    }
    const std::string wind_text = wind && *wind > 0 ? " (" + wind_words(*wind) + ")" : "";
    if (row.drift_dice > 0) {
        if (wind && *wind > 0) downwind = true;  // balloons only drift, and the wind is blowing
        out.steps.push_back({row.name + " only drifts with the wind" +
                                 (downwind ? wind_text : ": no wind, it stays put"),
                             table_cite});
        if (downwind) terms.push_back({"special", "Drift with the wind " + std::to_string(row.drift_dice) + "d6",
                                       row.drift_dice, 1, false});
    } else {
        add("basic", "Basic move", row.dice, 1, average, table_cite);
    }
    if (ctx.inputs.flag("horse") && row.horse_dice > 0)
        add("special", "Horse", row.horse_dice, 1, average, table_cite);
    else if (ctx.inputs.flag("fast") && row.fast_dice > 0)
        add("special", "Fast", row.fast_dice, 1, average, table_cite);
    const std::string current_dir = ctx.inputs.choice("current");
    if (current_dir == "with") add("special", "With the current", row.with_current_dice, 1, false, table_cite);
    if (current_dir == "against") add("special", "Against or across the current", row.against_current_dice, -1, false, table_cite);
    if (downwind && row.downwind_dice > 0) add("special", "Downwind" + wind_text, row.downwind_dice, 1, false, table_cite);
    if (order == "march") {
        if (road_column)
            add("road", "March in a 2-wide column on a road", mv.road_column_dice, 1, average,
                cite("5.4 Marching, 6.4 Road Bonuses"));
        else
            add("march", "March", mv.march_dice, 1, average, cite("5.4 Marching"));
        out.steps.push_back({"Marching: it may not shoot this turn or maneuver", cite("5.4 Marching")});
    }
    bool charge_bonus = false;
    if (order == "charge") {
        if (fired != "no")
            out.steps.push_back({"No charge bonus: it fired this turn", cite("5.6 Charges")});
        else if (row.charge_dice > 0) {
            const std::size_t before = terms.size();
            add("charge", "Charge", row.charge_dice, 1, average, cite("5.6 Charges"));
            charge_bonus = terms.size() > before;
        }
    }
    if (ctx.inputs.flag("follow-me")) {
        if (u && !led_as_joined(ctx.battle, *u) && !ctx.battle.commanders.empty())
            throw rules::InputError("follow-me", "no commander has joined " + name);
        if (u && !ctx.battle.joined_commander(u->id) && officer_commands(*u))
            out.steps.push_back({name + "'s officer leads as a joined commander (" + ctx.tables.chance.rising.name + ")",
                                 chance_citation(ctx.tables)});
        add("follow-me", "Follow Me!", mv.follow_me_dice, 1, false, cite("3.3 Follow Me!"));
    }
    if (ctx.inputs.flag("band")) {
        if (u && !ctx.battle.units.empty() &&
            std::none_of(ctx.battle.units.begin(), ctx.battle.units.end(), [&](const model::Unit& x) {
                return x.side == u->side && x.troop_type == "band" && x.on_table();
            }))
            throw rules::InputError("band", "the side has no band on the table");
        add("band", "The band (within " + rules::format_inches(mv.band_range) + ")", mv.band_dice, 1, false,
            cite("12.2 Bands"));
    }
    // Huzzah! inches rolled when the card was played: added like Follow Me!, halved with the rest (R54).
    int huzzah = 0;
    if (ctx.inputs.flag("huzzah")) {
        huzzah = u ? huzzah_inches(ctx.battle, *u) : 0;
        if (huzzah <= 0)
            throw rules::InputError("huzzah", name + " has no Huzzah! inches to add this turn");
        out.steps.push_back({"Huzzah! +" + rules::format_inches(huzzah), chance_citation(t)});
    }
    if (halves(terrain.mode)) out.steps.push_back({"Then 1/2 speed", terrain.citation});

    // Exact odds: the total, and the allowance against a distance to reach.
    dice::Distribution total_dist;
    int dice_count = 0;
    for (const auto& term : terms) {
        total_dist = total_dist + term_distribution(mv, term);
        dice_count += term.count;
    }
    auto allowance_of = [&](int total) {
        double inches = std::max(0, total + huzzah);
        return halves(terrain.mode) ? halve(mv, inches) : inches;
    };
    out.odds.push_back({"dice total (inches before any halving)", total_dist});
    const bool accident_possible = row.accident_all > 0 && dice_count > 0;
    const bool derail_possible = row.derail_on > 0 && ctx.inputs.flag("obstacle") && dice_count > 0;
    // Every die showing one given face: (1/6)^n, whichever face the table names.
    const double p_accident = accident_possible ? std::pow(1.0 / 6, dice_count) : 0;
    if (accident_possible) out.chances.push_back({"accident (every die a " + std::to_string(row.accident_all) + ")", p_accident});
    if (derail_possible) out.chances.push_back({"derailed (any " + std::to_string(row.derail_on) + ")",
                                                1 - std::pow(5.0 / 6, dice_count)});
    std::optional<double> needed;
    if (ctx.inputs.has("distance")) needed = ctx.inputs.distance("distance");
    if (needed) {
        // A derailed train stops at the obstacle: only totals with no derailing face reach.
        dice::Distribution reach_dist;
        if (derail_possible)
            for (const auto& term : terms) reach_dist = reach_dist + term_distribution(mv, term, row.derail_on);
        else
            reach_dist = total_dist;
        double p = 0;
        for (int v = reach_dist.min(); v <= reach_dist.max(); ++v)
            if (allowance_of(v) + 1e-9 >= *needed) p += reach_dist.p_exactly(v);
        // An accident (every die the same face) stops the engine where it is.
        if (accident_possible && allowance_of(row.accident_all * dice_count) + 1e-9 >= *needed) p -= p_accident;
        out.chances.push_back({"reaches " + rules::format_inches(*needed), std::clamp(p, 0.0, 1.0)});
    }

    // What the unit did, for the rules that read it: marching bars shooting (5.4, 7.4), a charge
    // bonus bars return fire (7.4), a charger fights at +1 (8.4) and may pursue (8.6).
    auto stamps = [&] {
        if (!u) return;
        const model::Battle& b = ctx.battle;
        const How how = order == "march" ? How::March : order == "maneuver" ? How::Maneuver
                        : order == "charge" ? How::Charge : How::Plain;
        kit::record(b, out, *u, Deed::Moved, how, 0, "moved (" + order + ")");
        if (order == "charge") kit::record(b, out, *u, Deed::Charged, How::Plain, 0, "charged");
        if (charge_bonus) set_counter(b, out, *u, key::kChargeBonusTurn, b.turn, "used the charge bonus");
        if (huzzah > 0) set_counter(b, out, *u, key::kHuzzahMoveInches, 0, "Huzzah! inches used");
    };

    if (!ctx.dice) {
        out.outcome = name + ": roll " + std::to_string(dice_count) + "d6" +
                      (halves(terrain.mode) ? ", halved" : "") + " for the move";
        return;
    }

    std::vector<RolledTerm> rolled;
    int total = 0;
    std::vector<int> all;
    for (const auto& term : terms) {
        rolled.push_back(roll_term(mv, term, *ctx.dice));
        out.dice.push_back({term.label, rolled.back().values, 0, 0});
        total += rolled.back().total();
        all.insert(all.end(), rolled.back().raw.begin(), rolled.back().raw.end());
    }
    double allowance = allowance_of(total);
    out.results["dice_total"] = total;

    // The engines' mishaps (the movement table).
    const bool accident = accident_possible &&
                          std::all_of(all.begin(), all.end(), [&](int v) { return v == row.accident_all; });
    const bool derailed = derail_possible &&
                          std::any_of(all.begin(), all.end(), [&](int v) { return v == row.derail_on; });
    if (accident || derailed) {
        const std::vector<int> repair_dice = ctx.dice->d6s(row.repair_dice, "the work points to repair it");
        int repair = 0;
        for (int v : repair_dice) repair += v;
        out.dice.push_back({"Work points to repair", repair_dice, 0, 0});
        out.steps.push_back({std::string(accident ? "Every die a " + std::to_string(row.accident_all) + ": an accident"
                                                  : "A " + std::to_string(row.derail_on) + " running an obstacle: derailed") +
                                 ". It stops; " + std::to_string(repair) + " work points are needed to fix it",
                             table_cite});
        out.results[accident ? "accident" : "derailed"] = 1;
        out.results["repair_points"] = repair;
        allowance = 0;
        if (u) set_counter(ctx.battle, out, *u, key::kRepairsNeeded, repair, accident ? "accident" : "derailed");
    }
    out.results["allowance_tenths"] = static_cast<int>(std::lround(allowance * 10));
    const std::string huzzah_text = huzzah > 0 ? " +" + std::to_string(huzzah) + " Huzzah!" : "";
    out.steps.push_back({"Rolled " + std::to_string(total) + huzzah_text + (halves(terrain.mode) ? ", halved" : "") +
                             ": up to " + table_distance(ctx.battle, allowance),
                         cite("5.2 Basic Move")});
    out.outcome = name + " may move up to " + table_distance(ctx.battle, allowance);
    stamps();
    leave_contact(ctx, out);

    // 2: troops disordered by terrain are unformed.
    if (u && ground.disorders && !road && allowance > 0 && u->formed && !u->has(Flag::Disordered) &&
        row.terrain_class != "none") {
        out.steps.push_back({name + " crosses " + ground.name + ": its formation is broken up, it ends unformed",
                             cite("2 Units, 6.1 Broken Ground")});
        set_flag(ctx.battle, out, *u, Flag::Disordered, true, "disordered by terrain");
    }
    if (needed) {
        const bool reaches = allowance + 1e-9 >= *needed;
        out.results["reaches"] = reaches ? 1 : 0;
        out.steps.push_back({rules::format_inches(*needed) + " needed: " + (reaches ? "reached" : "falls short"),
                             cite(order == "charge" ? "5.6 Charges" : "5.2 Basic Move")});
        if (order == "charge" && ctx.target) {
            if (reaches) {
                out.steps.push_back({ctx.target->name + " is contacted by the charge: pinned until at least 1 round "
                                     "of melee is fought",
                                     cite("5.7 Charge Reactions")});
                set_flag(ctx.battle, out, *ctx.target, Flag::Pinned, true, "contacted by a charge");
                if (u) set_counter(ctx.battle, out, *ctx.target, key::kChargedBy, u->id, "charged by " + name);
                out.follow_ups.push_back({"melee", u ? std::optional<int>(u->id) : std::nullopt,
                                          name + " charged home on " + ctx.target->name, cite("4.2 Melee Phase")});
            } else {
                out.outcome += "; the charge falls short of " + ctx.target->name;
            }
        }
    }
}

void move_defaults(const DefaultsContext& c, Defaults& d) {
    const model::Unit* u = c.unit;
    if (!u) return;
    const std::string row = default_row(c.tables, *u);
    if (!row.empty()) d["troop"] = row;
    if (const kit::Done fired = kit::done(c.battle, *u, Deed::Fired, Within::Turn); fired.happened)
        d["fired"] = fired.how == How::Reaction ? "reaction" : "yes";
    const MoveRow* r = row.empty() ? nullptr : c.tables.move_row(row);
    d["average-dice"] = yes_no(u->has_trait("well-drilled") && c.tables.movement.well_drilled_average_dice && r &&
                               r->average_dice_allowed);
    d["follow-me"] = yes_no(led_as_joined(c.battle, *u));
    d["fast"] = yes_no(u->has_trait("fast"));
    d["horse"] = yes_no(u->has_trait("horse-artillery"));
    d["huzzah"] = yes_no(huzzah_inches(c.battle, *u) > 0);
    d["leaves-contact"] = yes_no(u->counters.count(key::kMeleeWith) > 0);
    // A balloon drifts whenever the turn's wind blows; an airship's run before it is a choice.
    const std::optional<int> wind = battle_wind(c.battle);
    if (r && r->drift_dice > 0 && wind) d["downwind"] = yes_no(*wind > 0);
}

} // namespace

void add_movement_actions(const Tables& t, ActionDefs& out) {
    ActionDef d;
    rules::ActionSpec& a = d.spec;
    a.id = "move";
    a.name = "Movement";
    a.summary = "The move allowance: the movement table's dice, the order's bonus, Follow Me!, the band, terrain";
    a.citation = cite("5 Movement");
    // The unit that moves (its order, formation and what it did this turn decide the move), or
    // none for what the roster does not hold (a messenger, a train); the unit charged, if any.
    a.unit_optional = true;
    a.target_optional = true;
    std::vector<rules::Choice> rows;
    for (const auto& r : t.movement.rows) rows.push_back({r.id, r.name, r.dice, {}});
    a.inputs.push_back(choice_input("troop", "Moves as", rows, "formed-infantry", "The row of the movement table"));
    a.inputs.push_back(choice_input("order", "Order",
                                    {{"move", "Move (a basic move)", 0, {}},
                                     {"maneuver", "Maneuver (not after shooting)", 0, {}},
                                     {"march", "March (+1d6, +2d6 in road column; no shooting)", 0, {}},
                                     {"charge", "Charge (+1d6 infantry, +2d6 cavalry if it did not fire)", 0, {}}},
                                    "move"));
    std::vector<rules::Choice> grounds;
    for (const auto& g : t.terrain.grounds) grounds.push_back({g.id, g.name, 0, g.examples});
    a.inputs.push_back(choice_input("terrain", "Ground crossed", grounds, "open", "The worst ground the move crosses (6)"));
    a.inputs.push_back(flag_input("road", "Along a road", "Roads negate off-road terrain (6.4)"));
    a.inputs.push_back(flag_input("road-column", "In a 2-wide column on a road", "Marching: +2d6 instead of +1d6 (5.4, 6.4)"));
    a.inputs.push_back(flag_input("gap", "Through a gap or crossing place", "Where the ground allows it only through a gap (6.1, 6.2)"));
    a.inputs.push_back(choice_input("fired", "Shot this turn",
                                    {{"no", "No", 0, {}}, {"yes", "Yes", 0, {}},
                                     {"reaction", "Only as a reaction", 0, {}}},
                                    "no", "After shooting a unit may make a basic move, but not maneuver or march (7.3)"));
    a.inputs.push_back(flag_input("forced", "A move it must make without an order",
                                  "Ammo Shortage's fall back, Someone Has Blundered's advance: no order needed (3.1)"));
    a.inputs.push_back(choice_input("change", "Formation change (a maneuver)",
                                    {{"none", "None", 0, {}}, {"mount", "Mount", 0, {}}, {"dismount", "Dismount", 0, {}},
                                     {"limber", "Limber", 0, {}}, {"unlimber", "Unlimber", 0, {}},
                                     {"form-square", "Form square", 0, {}}, {"leave-square", "Leave square", 0, {}},
                                     {"reform", "Reform (after melee or terrain)", 0, {}}},
                                    "none"));
    a.inputs.push_back(flag_input("average-dice", "Average dice (well drilled)", "Dice marked 2,3,3,4,4,5 (5.5, optional)"));
    a.inputs.push_back(flag_input("follow-me", "Follow Me!", "+1d6 from a commander who joined the unit (3.3)"));
    a.inputs.push_back(flag_input("band", "The band within 6\" when activated", "+1d6 (12.2)"));
    a.inputs.push_back(flag_input("fast", "Fast (artillery, wagons)", "+1d6"));
    a.inputs.push_back(flag_input("horse", "Horse artillery", "+2d6 (not added to fast)"));
    a.inputs.push_back(flag_input("leaves-contact", "Falls back out of melee contact",
                                  "A unit still in contact that moves away does not fight that melee again (8.5)"));
    a.inputs.push_back(flag_input("huzzah", "Huzzah! inches (chance card)",
                                  "Adds the inches the unit rolled for Huzzah! this turn, to one move"));
    a.inputs.push_back(choice_input("current", "Boats: the current",
                                    {{"none", "No current", 0, {}}, {"with", "With the current (+1d6)", 0, {}},
                                     {"against", "Against or across it (-1d6)", 0, {}}},
                                    "none"));
    a.inputs.push_back(flag_input("downwind", "With the wind", "Airships +2d6; balloons only drift with the wind"));
    a.inputs.push_back(flag_input("obstacle", "Train running an obstacle", "Any 6 derails it"));
    std::vector<rules::Choice> classes;
    for (const auto& [id, name] : t.terrain.classes) classes.push_back({id, name, 0, {}});
    classes.push_back({"none", "Terrain does not apply", 0, {}});
    rules::InputSpec cls = choice_input("class", "Terrain class", classes, {},
                                        "How the terrain rules treat it; from the unit and the row when not given");
    cls.required = false;
    a.inputs.push_back(cls);
    a.inputs.push_back(distance_input("distance", "Distance to reach",
                                      "To the enemy being charged, say: the chance of reaching it, and a charge that "
                                      "reaches pins the target (5.7)",
                                      false));
    d.resolve = resolve_move;
    d.defaults = move_defaults;
    out.push_back(d);
}

} // namespace umpire::macduff
