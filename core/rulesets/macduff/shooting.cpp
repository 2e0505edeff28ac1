// Shooting (7): range band from the weapons table, dice by figures or gunners with remainders of
// 1/2 or more counted, halved at long range and again when shaken, hits on a modified 5 or 6.
#include "rulesets/macduff/mechanics.h"

#include "rules/distance.h"

namespace umpire::macduff {

using model::Flag;

namespace {

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

std::string dice_text(int n) { return std::to_string(n) + (n == 1 ? " die" : " dice"); }

std::string need_text(int natural) {
    if (natural >= 7) return "no score can hit";
    if (natural <= 1) return "every die hits";
    if (natural == 6) return "hits on a 6";
    return "hits on " + std::to_string(natural) + "-6";
}

} // namespace

void resolve_shooting(const Context& ctx, rules::Resolution& out) {
    const Shooting& s = ctx.tables.shooting;
    const Weapon& weapon = *ctx.tables.weapon(ctx.inputs.choice("weapon"));
    const int figures = ctx.inputs.count("figures");
    const double range = ctx.inputs.distance("range");
    const bool shaken = ctx.inputs.flag("shaken");
    const auto& chosen = ctx.inputs.modifiers("modifiers");
    const std::string firer = ctx.unit ? ctx.unit->name : std::string("The unit");

    if (weapon.close <= 0)
        throw rules::InputError("weapon", weapon.name + " cannot shoot");

    // Range band (the weapons table of 7).
    const bool long_range = range > weapon.close;
    if (long_range && (weapon.long_range <= 0 || range > weapon.long_range)) {
        std::string reach = weapon.long_range > 0
                                ? "long range " + rules::format_inches(weapon.long_range)
                                : "range " + rules::format_inches(weapon.close) + " (no long range)";
        out.steps.push_back({weapon.name + " at " + rules::format_inches(range) + ": beyond its " +
                                 reach + ". No shot.",
                             cite("7 Shooting, weapons table")});
        out.outcome = firer + ": target out of range";
        out.results["hits"] = 0;
        out.odds.push_back({"hits", dice::Distribution::constant(0)});
        return;
    }
    out.steps.push_back({weapon.name + " at " + rules::format_inches(range) + ": " +
                             (long_range ? "long" : "close") + " range (close to " +
                             rules::format_inches(weapon.close) +
                             (weapon.long_range > 0 ? ", long to " + rules::format_inches(weapon.long_range) : "") +
                             ")",
                         cite("7 Shooting, weapons table")});
    if (ctx.unit && ctx.unit->has(Flag::Fired))
        out.steps.push_back({"Note: " + firer + " has already fired this turn; a unit may only "
                             "shoot once per turn",
                             cite("7.1 Restrictions")});

    // Dice (7.5): per gunner for crew-served weapons, else per 2 figures.
    const int per = weapon.crew_served ? s.gunners_per_die : s.figures_per_die;
    int dice = dice_for(figures, per);
    std::string what = weapon.crew_served ? "gunners" : "figures";
    std::string how = per == 1 ? "1 die per " + what.substr(0, what.size() - 1)
                               : "1 die per " + std::to_string(per) + ", remainder of 1/2 or more counts";
    out.steps.push_back({std::to_string(figures) + " " + what + ", " + how + ": " + dice_text(dice),
                         cite(s.citation)});
    if (long_range) {
        dice = dice_for(dice, s.long_range_divisor);
        out.steps.push_back({"Long range: half the dice, remainder of 1/2 or more counts: " + dice_text(dice),
                             cite(s.citation)});
    }
    if (shaken) {
        dice = dice_for(dice, s.shaken_divisor);
        out.steps.push_back({"Shaken: half the dice, remainder of 1/2 or more counts: " + dice_text(dice),
                             cite("7.6 Shaken")});
    }

    // Die modifiers (7.8).
    int modifier = 0;
    bool reroll = false;
    for (const auto& id : chosen) {
        const Modifier& m = *ctx.tables.shooting_modifier(id);
        if (m.artillery_only && !weapon.crew_served)
            throw rules::InputError("modifiers", m.name + " applies to artillery only, not " + weapon.name);
        modifier += m.value;
        reroll = reroll || m.reroll_misses;
        out.steps.push_back({m.name + (m.value != 0 ? " " + signed_text(m.value) + " per die" : "") +
                                 (m.reroll_misses ? ": misses are rerolled once" : ""),
                             cite(m.citation)});
    }
    const int natural = natural_needed(s.hit_on, modifier);
    out.steps.push_back({"Each modified score of " + std::to_string(s.hit_on) + "+ hits; modifier " +
                             signed_text(modifier) + ": " + need_text(natural),
                         cite("7.7 Effect")});

    const double p = success_chance(s.hit_on, modifier, reroll);
    out.odds.push_back({"hits", dice::Distribution::successes(dice, p)});
    if (!ctx.dice) {
        out.outcome = firer + ": " + dice_text(dice) + ", " + need_text(natural);
        return;
    }

    // Roll, then reroll the misses when allowed.
    rules::DiceGroup first{"Shooting dice", ctx.dice->d6s(dice, "the shooting dice"), modifier, s.hit_on};
    int hits = first.successes();
    int misses = dice - hits;
    out.dice.push_back(first);
    if (reroll && misses > 0) {
        rules::DiceGroup again{"Rerolled misses", ctx.dice->d6s(misses, "the rerolled misses"), modifier, s.hit_on};
        hits += again.successes();
        out.dice.push_back(again);
    }
    out.steps.push_back({"Hits: " + std::to_string(hits), cite("7.7 Effect")});
    if (weapon.rogue_on > 0) {
        int rogues = 0;
        for (int v : first.values)
            if (v == weapon.rogue_on) ++rogues;
        if (rogues > 0)
            out.steps.push_back({std::to_string(rogues) + " rogue rocket" + (rogues > 1 ? "s" : "") +
                                     ": halfway along the line of fire choose a random direction for "
                                     "the rest; a unit of either side where it lands takes a hit",
                                 cite("7 Shooting, weapons table (Rocket)")});
    }
    out.results["hits"] = hits;
    out.results["dice"] = dice;

    if (ctx.unit && !ctx.unit->has(Flag::Fired))
        out.effects.push_back({model::Entity::Unit, ctx.unit->id, "flag:fired", 0, 1, "fired"});
    if (ctx.target) {
        out.outcome = firer + ": " + std::to_string(hits) + (hits == 1 ? " hit" : " hits") + " on " +
                      ctx.target->name;
        take_casualties(ctx.tables, *ctx.target, hits, /*rally_if_shaken=*/true, out);
    } else {
        out.outcome = firer + ": " + std::to_string(hits) + (hits == 1 ? " hit" : " hits");
    }
}

} // namespace umpire::macduff
