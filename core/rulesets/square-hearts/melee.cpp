// Melee (lines 55-58, 17): 2 dice per unit with an enemy adjacent in its arc, 1 in road column,
// split among targets before rolling; each 4+ after modifiers a hit. The second player's infantry
// and artillery roll first and their hits are applied; then both sides roll together with the rest
// (a unit destroyed by those simultaneous rolls still rolls). Rear support adds a die hitting on 6;
// commanders attached add a die hitting on 4-6, a 1 killing a commander.
#include "rulesets/square-hearts/mechanics.h"

#include "kit/side_phase.h"
#include "rules/inputs.h"

#include <algorithm>

namespace umpire::square_hearts {

namespace {

const std::string kMelee = "Melee (line 55)";
const std::string kModifiers = "Melee modifiers (line 57)";

// Whether the unit rolls in the first step: the second (not active) player's infantry and
// artillery. Without a turn sequence nobody is known to be active: everyone rolls together.
bool rolls_first(const Context& ctx, const std::string& troop_type, int side) {
    const int active = kit::acting_side(ctx.battle);
    const Kind kind = kind_of(ctx.tables, troop_type);
    return active && side != active && (kind == Kind::Infantry || kind == Kind::Artillery);
}

// Broken in this phase: its retreat is recorded as a move of kind "retreat" (R3).
bool retreated_this_phase(const model::Battle& b, const model::Unit& u) {
    const kit::Done moved = kit::done(b, u, Deed::Moved, Within::Phase);
    return moved.happened && moved.how == How::Retreat;
}

// The commanders' extra die: no modifiers, hits on 4-6, a 1 kills a commander (line 17).
int commanders_die(const Context& ctx, const model::Unit& unit, rules::Resolution& out) {
    const auto with = attached_commanders(ctx.battle, unit);
    if (with.empty()) return 0;
    const std::string citation = cite("Commanders (line 17)");
    if (kit::counter(unit, key::commander_die_stamp) == kit::now(ctx.battle).stamp()) {
        out.steps.push_back({"The commanders' extra die was rolled already in this melee phase", citation});
        return 0;
    }
    const Commanders& k = ctx.tables.commanders;
    out.steps.push_back({with.front()->name + (with.size() > 1 ? " and others" : std::string()) + " with " + unit.name +
                             ": 1 more die, no modifiers, hits on " + std::to_string(k.melee_hits_on) + "-6; on " +
                             std::to_string(k.melee_killed_on) + " a commander is killed",
                         citation});
    out.chances.push_back({"a commander killed", k.melee_killed_on / 6.0});
    if (!ctx.dice) return 0;
    kit::set_counter(ctx.battle, out, unit, key::commander_die_stamp, kit::now(ctx.battle).stamp(), "the commanders' die");
    const int roll = kit::roll_one(*ctx.dice, out, "Commanders' die", "the commanders' die", k.melee_hits_on);
    if (roll <= k.melee_killed_on) kill_commander(ctx, *with.front(), "in melee with " + unit.name, out);
    return roll >= k.melee_hits_on ? 1 : 0;
}

} // namespace

void resolve_melee(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const std::string name = ctx.unit_name();
    const std::string type = ctx.inputs.choice("type");
    const int side = ctx.unit ? ctx.unit->side : 0;
    const bool first = rolls_first(ctx, type, side);

    if (ctx.unit && !ctx.unit->on_table()) {
        // Destroyed in this phase: it rolls only if the simultaneous rolls destroyed it.
        const bool together = kit::counter(*ctx.unit, key::destroyed) == kit::now(b).stamp() &&
                              kit::counter(*ctx.unit, key::destroyed_together) && !first;
        if (!together) throw rules::InputError("unit", ctx.unit->name + " is no longer on the table");
        out.steps.push_back({ctx.unit->name + " was destroyed by the simultaneous rolls: it still rolls", cite(kMelee)});
    }
    // A unit broken in this phase has retreated a double move at once: no longer adjacent, it
    // neither rolls nor is rolled at (line 60; R43).
    for (const model::Unit* u : {ctx.unit, ctx.target})
        if (u && u->on_table() && retreated_this_phase(b, *u))
            ctx.forbid(out, u->name + " broke in this melee phase and retreated a double move at once: it is no longer "
                                      "adjacent to fight",
                       cite("Hits and rallying (line 60); Melee (line 55)"));
    out.steps.push_back({first ? name + " is of the second player's infantry and artillery: it rolls first, and its "
                                        "hits are applied before the rest roll"
                               : name + " rolls with the rest, both sides together, after the second player's "
                                        "infantry and artillery",
                         cite(kMelee)});

    // The rest roll after the first step: a target of the second player's infantry or artillery
    // still on the table rolls (and its hits are applied) before anyone rolls at it. Overrule
    // when it has no enemy in its arc and so does not roll at all.
    if (!first && ctx.target && ctx.target->on_table() && rolls_first(ctx, ctx.target->troop_type, ctx.target->side) &&
        !kit::done(b, *ctx.target, Deed::Melee, Within::Phase).happened)
        ctx.forbid(out, ctx.target->name + " is of the second player's infantry and artillery: it rolls first, and its " +
                            "hits are applied before " + name + " rolls (if it has no enemy in its arc, overrule)",
                   cite(kMelee));

    const bool column = ctx.inputs.flag("column");
    const int allowed = column ? t.melee.column_dice : t.melee.dice;
    const int used = ctx.unit ? kit::done(b, *ctx.unit, Deed::Melee, Within::Phase).count : 0;
    const int count = ctx.inputs.counts.count("split") ? ctx.inputs.count("split") : allowed - used;
    out.steps.push_back({name + " has " + kit::dice_text(allowed) + (column ? " (in road column)" : "") +
                             " against enemies adjacent in its arc, split among them before rolling" +
                             (used ? "; " + kit::dice_text(used) + " rolled already this phase" : ""),
                         cite(kMelee)});
    if (count <= 0) ctx.forbid(out, name + " has no melee dice left this phase", cite(kMelee));
    if (used + count > allowed)
        ctx.forbid(out, name + " has " + kit::dice_text(allowed) + " in melee, " + kit::dice_text(used) +
                            " already rolled: not " + std::to_string(count) + " more",
                   cite(kMelee));

    const int modifier = add_modifiers(t, t.melee.modifiers, ctx.inputs.modifiers("modifiers"), cite(kModifiers), out);
    rules::DiceGroup main = hit_roll(ctx, out, "hits", std::max(count, 0), modifier, t.melee.hit_on, cite(kMelee));
    out.dice.push_back(main);

    rules::DiceGroup support;
    const bool supported = ctx.inputs.flag("rear-support");
    if (supported) {
        if (kind_of(t, type) != Kind::Infantry)
            ctx.forbid(out, "rear support is for an infantry unit in melee", cite("Rear support (line 58)"));
        if (ctx.unit && kit::counter(*ctx.unit, key::support_stamp) == kit::now(b).stamp())
            ctx.forbid(out, name + " had its rear support already in this melee phase", cite("Rear support (line 58)"));
        out.steps.push_back({"Rear support: an infantry unit directly behind adds " + kit::dice_text(t.melee.support_dice) +
                                 " without modifiers",
                             cite("Rear support (line 58)")});
        support = hit_roll(ctx, out, "rear support hits", t.melee.support_dice, 0, t.melee.support_hits_on,
                           cite("Rear support (line 58)"));
        out.dice.push_back(support);
    }
    int hits = 0;
    if (ctx.dice) hits = main.successes() + (supported ? support.successes() : 0);
    if (ctx.unit) hits += commanders_die(ctx, *ctx.unit, out);
    if (!ctx.dice) return;

    out.results["hits"] = hits;
    out.outcome = name + ": " + kit::hits_text(hits) + " on " + ctx.target_name();
    kit::Changes changes(b, out);
    if (ctx.target) take_hits(ctx, changes, *ctx.target, hits, "melee with " + name, out, !first);
    if (ctx.unit) {
        kit::record(b, out, *ctx.unit, Deed::Melee, How::Plain, count, "melee");
        // Both still there and neither broken: still adjacent, they fight again in the next melee
        // phase; a target that has not rolled yet this phase owes it still (line 55; R45).
        if (ctx.target && ctx.unit->on_table() && !changes.flag(*ctx.target, model::Flag::Routed) &&
            !is_broken(b, out, *ctx.target) && !is_broken(b, out, *ctx.unit)) {
            ctx.owe(out, *ctx.unit, kMeleeWhenAdjacent, ctx.unit->name + " and " + ctx.target->name + " are still adjacent",
                    ctx.target->id);
            ctx.owe(out, *ctx.target, kMeleeWhenAdjacent, ctx.target->name + " and " + ctx.unit->name + " are adjacent",
                    ctx.unit->id);
        }
        kit::set_counter(b, out, *ctx.unit, key::column, 0, "fought: out of column");
        if (supported) kit::set_counter(b, out, *ctx.unit, key::support_stamp, kit::now(b).stamp(), "rear support");
    }
}

} // namespace umpire::square_hearts
