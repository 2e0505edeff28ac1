// Shooting (lines 30-53): 1 die per unit with small arms, 2 for artillery or an MG, each 4+ after
// modifiers a hit; the range table in areas; dense targets and road columns take an extra die;
// observed fire by telephone or radio; no shooting by a unit adjacent to the enemy; a commander
// with a unit hit by shooting is killed on a 1 (line 17).
#include "rulesets/square-hearts/mechanics.h"

#include "rules/grid.h"
#include "rules/inputs.h"

#include <cmath>

namespace umpire::square_hearts {

namespace {

const std::string kShooting = "Shooting (lines 32-51)";
const std::string kObserved = "Observed fire (line 41)";
const std::string kDense = "Dense targets (line 53)";

int modifier_total(const Tables& t, const std::vector<Modifier>& list, const std::set<std::string>& chosen) {
    rules::Resolution scratch;
    return add_modifiers(t, list, chosen, {}, scratch);
}

// Observed fire: the observer, the range and the link. False when the radio fails to connect.
bool observed_fire(const Context& ctx, const Weapon& w, const Measure& range, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    if (!w.indirect) ctx.forbid(out, w.name + " are not capable of indirect fire", cite(kObserved));
    if (range.areas < t.shooting.observed_min_range)
        ctx.forbid(out, "observed fire needs a range of at least " + rules::areas_text(t.shooting.observed_min_range),
                   cite(kObserved));
    const model::Unit* observer = nullptr;
    if (ctx.inputs.counts.count("observer")) {
        observer = b.unit(ctx.inputs.count("observer"));
        if (!observer) throw rules::InputError("observer", "no unit with id " + std::to_string(ctx.inputs.count("observer")));
        if (ctx.unit && observer->side != ctx.unit->side)
            throw rules::InputError("observer", observer->name + " is not of " + ctx.unit->name + "'s side");
        if (!observer->on_table()) ctx.forbid(out, observer->name + " is no longer on the table to observe", cite(kObserved));
    } else if (ctx.unit) {
        throw rules::InputError("observer", "observed fire needs the observer who sees the target");
    }
    out.steps.push_back({"Observed fire" + (observer ? " through " + observer->name : std::string()) +
                             ": range from the gun, line of sight from the observer; intervening terrain and troops "
                             "are ignored",
                         cite(kObserved)});
    if (ctx.inputs.choice("link") == "telephone") {
        const bool cut = (ctx.unit && kit::counter(*ctx.unit, key::has_moved)) || (observer && kit::counter(*observer, key::has_moved));
        if (cut)
            ctx.forbid(out, "the telephone line is cut: the observer or the battery has moved", cite(kObserved));
        else
            out.steps.push_back({"By telephone, laid before the game: connected while neither end moves or is destroyed",
                                 cite(kObserved)});
        return true;
    }
    // A radio connects on 2 or better, rolled once a turn.
    if (ctx.unit && kit::counter(*ctx.unit, key::radio_turn) == b.turn) {
        out.steps.push_back({"The radio connected this turn", cite(kObserved)});
        return true;
    }
    if (ctx.unit && kit::counter(*ctx.unit, key::radio_failed) == b.turn)
        ctx.forbid(out, "the radio failed to connect this turn", cite(kObserved));
    const int natural = t.shooting.radio_on;
    out.chances.push_back({"radio connects", kit::chance_of(natural)});
    out.steps.push_back({"By radio: rolls to connect this turn, " + kit::need_text(natural, "connect"), cite(kObserved)});
    if (!ctx.dice) return true;
    const int roll = kit::roll_one(*ctx.dice, out, "Radio", "the radio's die", natural);
    const bool ok = roll >= natural;
    if (ctx.unit)
        kit::set_counter(b, out, *ctx.unit, ok ? key::radio_turn : key::radio_failed, b.turn,
                         ok ? "the radio connected" : "the radio failed to connect");
    out.steps.push_back({std::string("The radio ") + (ok ? "connects" : "does not connect: no observed fire this turn") +
                             " (" + std::to_string(roll) + ")",
                         cite(kObserved)});
    return ok;
}

// A commander with a unit hit by shooting: killed on a 1 (line 17).
void commanders_at_risk(const Context& ctx, const model::Unit& unit, rules::Resolution& out) {
    for (const model::Commander* c : attached_commanders(ctx.battle, unit)) {
        const int killed_on = ctx.tables.commanders.shot_killed_on;
        out.steps.push_back({c->name + " is with " + unit.name + ", hit by shooting: he rolls a die, killed on " +
                                 std::to_string(killed_on) + " or less",
                             cite("Commanders (line 17)")});
        if (!ctx.dice) continue;
        const int roll = kit::roll_one(*ctx.dice, out, c->name, c->name + "'s die");
        if (roll <= killed_on)
            kill_commander(ctx, *c, "with " + unit.name + " under fire", out);
        else
            out.steps.push_back({c->name + " is unhurt (" + std::to_string(roll) + ")", cite("Commanders (line 17)")});
    }
}

// The shooting modifier for moving and firing (tables.toml).
const std::string kMovingModifier = "moving";

} // namespace

void resolve_shoot(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const Weapon* w = t.weapon(ctx.inputs.choice("weapon"));
    if (!w) throw rules::InputError("weapon", "unknown weapon");
    const std::string name = ctx.unit_name();
    if (w->dice == 0) ctx.forbid(out, name + " has no firearms: it does not shoot", cite(kShooting));
    const Measure range = measure(ctx, "range");
    const rules::Steps& steps = ctx.inputs.steps("range");
    out.steps.push_back({"Range " + range.text + "; " + w->name + " reach " + rules::areas_text(w->range),
                         cite("Range (lines 34-39)")});
    if (steps.straight + steps.diagonal <= 1)
        ctx.forbid(out, "the target is adjacent: a unit which is adjacent to the enemy may not shoot (it fights in melee)",
                   cite("Shooting (line 30)"));
    if (ctx.inputs.flag("adjacent"))
        ctx.forbid(out, "a unit which is adjacent to the enemy may not shoot", cite("Shooting (line 30)"));
    if (range.areas > w->range + 1e-9)
        ctx.forbid(out, "out of range: " + w->name + " reach " + rules::areas_text(w->range), cite("Range (lines 34-39)"));
    if (ctx.unit) {
        const kit::Done moved = kit::done(b, *ctx.unit, Deed::Moved, Within::Turn);
        const TroopType* tt = type_of(t, *ctx.unit);
        if (moved.happened && moved.how != How::Retreat && tt && tt->move_and_shoot > 0 &&
            moved.count > tt->move_and_shoot * 2)
            ctx.forbid(out, ctx.unit->name + " moved " + rules::areas_text(moved.count / 2.0) + ": to shoot as well it may move " +
                                rules::areas_text(tt->move_and_shoot),
                       cite("Movement (lines 20-21)"));
    }
    const GridKind& grid = grid_kind(t, b);
    out.steps.push_back({"The target must be within the arc of fire, " + std::to_string(grid.arc) +
                             " degrees either side of directly ahead (" + grid.name + "), and in sight: a line of fire "
                             "crossing an area with terrain or troops is blocked; a gap must be as wide as the firer",
                         cite("Shooting (line 30)")});

    std::set<std::string> chosen = ctx.inputs.modifiers("modifiers");
    // Moved, then shooting: moving and firing, -1 (line 50; a retreat is not the unit's move, R3).
    if (ctx.unit && !chosen.count(kMovingModifier)) {
        const kit::Done moved = kit::done(b, *ctx.unit, Deed::Moved, Within::Turn);
        if (moved.happened && moved.how != How::Retreat && moved.how != How::Stood)
            ctx.forbid(out, ctx.unit->name + " moved this turn: moving and firing is -1", cite("Shooting modifiers (line 50)"));
    }
    const auto [n, d] = t.shooting.half_range;
    if (range.areas * d > w->range * n + 1e-9) chosen.insert("long");
    const bool observed = ctx.inputs.flag("observed");
    if (observed) {
        chosen.insert("observed");
        if (!observed_fire(ctx, *w, range, out)) {
            out.outcome = name + ": the radio does not connect, no fire";
            return;
        }
    }
    const int modifier = add_modifiers(t, t.shooting.modifiers, chosen, cite(kShooting), out);

    const bool column = ctx.inputs.flag("column");
    int count = w->dice;
    out.steps.push_back({name + " rolls " + kit::dice_text(w->dice) + " (" + w->name + ")", cite("Shooting (line 32)")});
    if (column) {
        count += t.shooting.column_dice;
        out.steps.push_back({"The target is in road column, a dense target: +" + kit::dice_text(t.shooting.column_dice),
                             cite(kDense)});
    }
    rules::DiceGroup main = hit_roll(ctx, out, "hits", count, modifier, t.shooting.hit_on, cite("Effect (line 43)"));
    out.dice.push_back(main);

    const model::Unit* behind = nullptr;
    rules::DiceGroup dense;
    if (ctx.inputs.counts.count("behind")) {
        behind = b.unit(ctx.inputs.count("behind"));
        if (!behind) throw rules::InputError("behind", "no unit with id " + std::to_string(ctx.inputs.count("behind")));
        if (ctx.target && behind->id == ctx.target->id) throw rules::InputError("behind", "the unit behind is another unit than the target");
        std::set<std::string> others;
        for (const auto& id : chosen) {
            const Modifier* m = find_modifier(t.shooting.modifiers, id);
            if (m && m->group != "target") others.insert(id);
        }
        others.insert("obscured");
        const int dense_modifier = modifier_total(t, t.shooting.modifiers, others);
        out.steps.push_back({behind->name + " is next to the target on the line of fire extended: " +
                                 kit::dice_text(t.shooting.dense_dice) + " more at it, as an obscured target (" +
                                 kit::signed_text(dense_modifier) + ")",
                             cite(kDense)});
        dense = hit_roll(ctx, out, "hits on " + behind->name, t.shooting.dense_dice, dense_modifier, t.shooting.hit_on,
                         cite(kDense));
        out.dice.push_back(dense);
    }
    if (!ctx.dice) return;

    const int hits = main.successes();
    const int dense_hits = behind ? dense.successes() : 0;
    out.results["hits"] = hits;
    out.outcome = kit::hits_text(hits) + " on " + ctx.target_name();
    if (behind) {
        out.results["dense-hits"] = dense_hits;
        out.outcome += ", " + kit::hits_text(dense_hits) + " on " + behind->name;
    }
    kit::Changes changes(b, out);
    const std::string cause = "shooting by " + name;
    if (ctx.target && take_hits(ctx, changes, *ctx.target, hits, cause, out) > 0) commanders_at_risk(ctx, *ctx.target, out);
    if (behind && take_hits(ctx, changes, *behind, dense_hits, cause, out) > 0) commanders_at_risk(ctx, *behind, out);
    if (ctx.unit) {
        kit::record(b, out, *ctx.unit, Deed::Fired, How::Plain, 0, "shot");
        if (chosen.count(kMovingModifier))
            kit::set_counter(b, out, *ctx.unit, key::shot_moving_turn, b.turn, "shot moving and firing: it may move");
        kit::set_counter(b, out, *ctx.unit, key::column, 0, "shot: out of column");
    }
}

} // namespace umpire::square_hearts
