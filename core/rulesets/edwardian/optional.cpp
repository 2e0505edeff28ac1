// Optional rules of Section II: general headquarters, army morale, officers and standards.
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"
#include "kit/headline.h"

#include <algorithm>
#include <cmath>

namespace umpire::edwardian {

namespace {

const std::string kGhq = "II General Headquarters";
const std::string kArmy = "II Optional Rule - Army Morale";
const std::string kOptionalOfficersCite = "II Optional Morale Rules - Officers and Standard Bearers";

bool is_headquarters(const Tables& t, const model::Unit& u) {
    const TroopType* tt = troop_of(t, u);
    return tt && !tt->moves;
}

} // namespace

void resolve_ghq_assault(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    if (!t.options.general_headquarters)
        throw rules::InputError("action", "this battle does not use general headquarters (options.general_headquarters)");
    if (ctx.target && !is_headquarters(t, *ctx.target))
        throw rules::InputError("target", ctx.target->name + " is not a general headquarters");
    const int n = ctx.inputs.count("figures");
    if (n < 1) throw rules::InputError("figures", "at least one figure must be in contact with the headquarters");
    if (ctx.unit && n > ctx.unit->figures + fallen_this_phase(ctx.battle, *ctx.unit))
        throw rules::InputError("figures", ctx.unit->name + " has only " + std::to_string(ctx.unit->figures) + " figures");
    const Ghq& g = t.ghq;
    out.steps.push_back({"One die for each figure in contact with the enemy headquarters: 1-" +
                             std::to_string(g.destroyed_up_to) + " destroyed by the guard, " +
                             std::to_string(g.destroyed_up_to + 1) + "-" + std::to_string(g.moves_away_up_to) +
                             " makes a full move away, " + std::to_string(g.moves_away_up_to + 1) +
                             " overruns the headquarters and ends the game",
                         cite(kGhq)});
    const double p_destroyed = g.destroyed_up_to / 6.0;
    const double p_overrun = chance_of(g.moves_away_up_to + 1);
    out.odds.push_back({"figures destroyed", dice::Distribution::successes(n, p_destroyed)});
    out.chances.push_back({"headquarters overrun", 1 - std::pow(1 - p_overrun, n)});
    if (!ctx.dice) {
        out.outcome = ctx.unit_name() + ": " + plural(n, "die", "dice") + " against the headquarters";
        return;
    }
    auto roll = ctx.dice->d6s(n, "the headquarters dice");
    out.dice.push_back({"Headquarters dice", roll, 0, 0});
    int destroyed = 0, away = 0, overrun = 0;
    for (int v : roll) {
        if (v <= g.destroyed_up_to) ++destroyed;
        else if (v <= g.moves_away_up_to) ++away;
        else ++overrun;
    }
    out.results["destroyed"] = destroyed;
    out.results["moved_away"] = away;
    out.results["overrun"] = overrun > 0 ? 1 : 0;
    out.steps.push_back({std::to_string(destroyed) + " destroyed, " + std::to_string(away) +
                             " must make an immediate full move away, " + std::to_string(overrun) + " overrun",
                         cite(kGhq)});
    Changes changes(ctx.battle, out);
    if (ctx.unit) take_casualties(ctx, changes, *ctx.unit, destroyed, kCauseMelee, out);
    if (overrun > 0) {
        out.steps.push_back({"The headquarters is overrun: generals and staff killed or captured, plans seized. "
                             "The game is over",
                             cite(kGhq)});
        out.outcome = "Headquarters overrun: the game is over" +
                      (ctx.unit ? ", won by " + (ctx.battle.side(side_of(*ctx.unit)) ? ctx.battle.side(side_of(*ctx.unit))->name
                                                                                      : std::string("the attackers"))
                                : std::string());
        if (ctx.target) {
            changes.set_flag(*ctx.target, model::Flag::Routed, true, "overrun");
            kit::outcome_says_lost(out, *ctx.target);  // "Headquarters overrun"
        }
        changes.set_battle_counter(key::game_over, 1, "headquarters overrun");
        if (ctx.unit) changes.set_battle_counter(key::winner, side_of(*ctx.unit), "overran the enemy headquarters");
    } else {
        out.outcome = ctx.unit_name() + ": " + std::to_string(destroyed) + " destroyed, " + std::to_string(away) +
                      " driven off";
    }
}

void resolve_army_morale(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    if (!t.options.army_morale)
        throw rules::InputError("action", "this battle does not use army morale (options.army_morale)");
    if (ctx.battle.sides.empty()) throw rules::InputError("action", "army morale needs a battle with sides");
    std::vector<int> beaten;
    for (const auto& side : ctx.battle.sides) {
        int total = counter(side.counters, key::units_formed);
        int removed = counter(side.counters, key::guns_lost);
        for (const auto& u : ctx.battle.units) {
            if (is_headquarters(t, u)) continue;
            if (u.has(model::Flag::Reserve)) continue;  // not yet in the battle (R36)
            if (u.side == side.id) ++total;
            if (side_of(u) == side.id && !u.on_table()) ++removed;
        }
        const bool lost = total > 0 && removed * t.army_lost_denominator >= total * t.army_lost_numerator;
        out.results["removed_" + std::to_string(side.id)] = removed;
        out.results["total_" + std::to_string(side.id)] = total;
        out.steps.push_back({side.name + ": " + std::to_string(removed) + " of " + std::to_string(total) +
                                 " units removed (new units from captured guns count in the total)" +
                                 (lost ? ": half or more, beaten" : ": fights on"),
                             cite(kArmy)});
        if (lost) beaten.push_back(side.id);
    }
    Changes changes(ctx.battle, out);
    if (beaten.empty()) {
        out.outcome = "Army morale: both armies fight on";
        return;
    }
    changes.set_battle_counter(key::game_over, 1, "army morale");
    if (beaten.size() == ctx.battle.sides.size()) {
        out.outcome = "Army morale: all armies reduced to half this turn: a draw";
        changes.set_battle_counter(key::draw, 1, "all sides beaten the same turn");
        return;
    }
    for (const auto& side : ctx.battle.sides)
        if (std::find(beaten.begin(), beaten.end(), side.id) == beaten.end()) {
            if (ctx.battle.sides.size() == 2) changes.set_battle_counter(key::winner, side.id, "army morale");
            out.outcome = "Army morale: " + ctx.battle.side(beaten.front())->name + " has lost the game";
        }
}

void resolve_officer_killed(const Context& ctx, rules::Resolution& out) {
    if (!ctx.tables.options.officers)
        throw rules::InputError("action", "this battle does not use officers (options.officers)");
    if (ctx.unit && !ctx.unit->has_trait("officer"))
        throw rules::InputError("unit", ctx.unit->name + " has no officer figure (roster trait \"officer\")");
    if (ctx.unit && counter(*ctx.unit, key::officer_killed))
        throw rules::InputError("unit", ctx.unit->name + "'s officer is already dead");
    out.steps.push_back({"The officer is killed: the unit's morale rolls lose his -1 and take +1 instead", cite(kOptionalOfficersCite)});
    out.outcome = ctx.unit_name() + ": officer killed";
    if (!ctx.unit) return;
    Changes changes(ctx.battle, out);
    changes.set_unit_counter(*ctx.unit, key::officer_killed, 1, "officer killed");
}

void resolve_standard(const Context& ctx, rules::Resolution& out) {
    if (!ctx.tables.options.standards)
        throw rules::InputError("action", "this battle does not use standards (options.standards)");
    const std::string& event = ctx.inputs.choice("event");
    const std::string who = ctx.unit_name();
    if (ctx.unit && !ctx.unit->has_trait("standard"))
        throw rules::InputError("unit", ctx.unit->name + " carries no standard (roster trait \"standard\")");
    Changes changes(ctx.battle, out);
    const bool lost = ctx.unit && counter(*ctx.unit, key::standard_lost);
    if (event == "bearer-shot") {
        out.steps.push_back({"A standard bearer killed by fire: another figure of the unit takes up the standard",
                             cite(kOptionalOfficersCite)});
        out.outcome = who + ": the standard passes to another figure";
        return;
    }
    if (event == "captured") {
        if (lost) throw rules::InputError("event", who + "'s standard is already in enemy hands");
        out.steps.push_back({"The standard bearer is killed in melee: the standard is captured and carried by a "
                             "specific enemy figure" + (ctx.target ? " of " + ctx.target->name : std::string()) +
                                 ". The unit's morale rolls lose its -1 and take +1 instead",
                             cite(kOptionalOfficersCite)});
        out.outcome = who + ": standard captured" + (ctx.target ? " by " + ctx.target->name : std::string());
        if (ctx.unit) changes.set_unit_counter(*ctx.unit, key::standard_lost, 1, "standard captured");
        if (ctx.target) changes.add_unit_counter(*ctx.target, key::standards_held, 1, "carries a captured standard");
        return;
    }
    // recaptured
    if (ctx.unit && !lost) throw rules::InputError("event", who + "'s standard has not been captured");
    if (ctx.target && counter(*ctx.target, key::standards_held) < 1)
        throw rules::InputError("target", ctx.target->name + " holds no captured standard");
    out.steps.push_back({"The standard is recaptured from the figure carrying it", cite(kOptionalOfficersCite)});
    out.outcome = who + ": standard recaptured";
    if (ctx.unit) changes.set_unit_counter(*ctx.unit, key::standard_lost, 0, "standard recaptured");
    if (ctx.target) changes.add_unit_counter(*ctx.target, key::standards_held, -1, "captured standard retaken");
}

} // namespace umpire::edwardian
