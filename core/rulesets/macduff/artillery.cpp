// Artillery beyond the dice: overhead fire (7.9, a yes or no with its reason), breaching fire
// (7.10: 1, 2 or 3 dice by gun, a 6 breaches) and fighting a fire in a town (7.11: the garrison
// rolls 1 die per 4 figures, 4-6 puts it out; a fire not put out does 1d6 damage and burns on).
#include "rulesets/macduff/action_def.h"

#include "rules/distance.h"

#include <algorithm>

namespace umpire::macduff {

using model::Flag;

namespace {

// ---- 7.9 Overhead fire --------------------------------------------------------------------------

void resolve_overhead(const Context& ctx, rules::Resolution& out) {
    const Weapon& w = *ctx.tables.weapon(ctx.inputs.choice("weapon"));
    const double range = ctx.inputs.distance("range");
    const double to_friends = ctx.inputs.distance("gun-to-friends");
    const double friends_to_enemy = ctx.inputs.distance("friends-to-enemy");
    const std::string citation = cite(ctx.tables.overhead.citation);
    std::vector<std::string> fails;
    if (!w.crew_served) fails.push_back(w.name + " is not artillery");
    if (!ctx.inputs.flag("on-hill")) fails.push_back("the guns are not on a hill");
    if (!ctx.inputs.flag("friends-lower")) fails.push_back("the friends are not on lower ground");
    if (!(to_friends < friends_to_enemy))
        fails.push_back("the friends are " + rules::format_inches(to_friends) + " from the guns and " +
                        rules::format_inches(friends_to_enemy) + " from the enemy: not closer to the guns");
    const bool long_range = range > w.close && (w.long_range == 0 || range <= w.long_range);
    if (ctx.tables.overhead.long_range_only && !long_range)
        fails.push_back(range <= w.close ? "the target is at close range; overhead fire is at long range"
                                         : "the target is out of range");
    out.steps.push_back({"Artillery on a hill may shoot at long range over friends on lower ground who are closer "
                         "to the gun than to the enemy (measured from the front rank both ways)",
                         citation});
    for (const auto& f : fails) out.steps.push_back({"No: " + f, citation});
    const bool ok = fails.empty();
    if (ok)
        out.steps.push_back({"Yes: on a hill, over friends on lower ground " + rules::format_inches(to_friends) +
                                 " from the guns and " + rules::format_inches(friends_to_enemy) +
                                 " from the enemy, at long range",
                             citation});
    out.results["allowed"] = ok ? 1 : 0;
    out.outcome = std::string(ok ? "Overhead fire allowed" : "No overhead fire: ") + (ok ? "" : fails.front());
}

void overhead_defaults(const DefaultsContext& c, Defaults& d) {
    if (c.unit) d["weapon"] = c.unit->weapon;
}

// ---- 7.10 Breaching fire ------------------------------------------------------------------------

const BreachGun* gun_of(const Tables& t, const model::Unit& u) {
    for (const auto& g : t.breaching.guns)
        for (const auto& trait : g.traits)
            if (u.has_trait(trait)) return &g;
    for (const auto& g : t.breaching.guns)
        if (std::find(g.weapons.begin(), g.weapons.end(), u.weapon) != g.weapons.end()) return &g;
    return nullptr;
}

void resolve_breach(const Context& ctx, rules::Resolution& out) {
    const Breaching& t = ctx.tables.breaching;
    const BreachGun& gun = *ctx.tables.breach_gun(ctx.inputs.choice("gun"));
    const double range = ctx.inputs.distance("range");
    const std::string name = who(ctx.unit, "The battery");
    const std::string citation = cite(t.citation);
    if (ctx.unit && ctx.unit->troop_type != "artillery")
        throw rules::InputError("unit", name + " is not artillery");
    if (range > t.max_range || !ctx.inputs.flag("line-of-sight")) {
        const std::string why = range > t.max_range
                                    ? rules::format_inches(range) + " is beyond " + rules::format_inches(t.max_range)
                                    : "no line of sight to the base of the target";
        out.steps.push_back({"Breaching needs " + rules::format_inches(t.max_range) + " or less and line of sight to "
                             "the base of the target: " + why, citation});
        out.outcome = name + " may not try to breach: " + why;
        out.results["breach"] = 0;
        return;
    }
    out.steps.push_back({gun.name + ": " + dice_text(gun.dice) + "; a " + std::to_string(t.breach_on) +
                             " breaches a door or weak wall (instead of firing at the defenders)",
                         citation});
    out.chances.push_back({"breach", any_at_least(gun.dice, t.breach_on)});
    if (!ctx.dice) {
        out.outcome = name + ": " + dice_text(gun.dice) + " to breach";
        return;
    }
    rules::DiceGroup roll{"Breaching dice", ctx.dice->d6s(gun.dice, "the breaching dice"), 0, t.breach_on};
    out.dice.push_back(roll);
    const bool breach = roll.successes() > 0;
    out.results["breach"] = breach ? 1 : 0;
    out.steps.push_back({breach ? "A " + std::to_string(t.breach_on) + ": breached" : "No breach", citation});
    out.outcome = name + (breach ? " breaches the wall" : " fails to breach");
    if (ctx.unit) kit::record(ctx.battle, out, *ctx.unit, Deed::Fired, How::Plain, 0, "breaching fire");
    if (breach)
        change(ctx.battle, out, model::Entity::Battle, 0, std::string("counter:") + key::kBreaches,
               current(ctx.battle, out, model::Entity::Battle, 0, std::string("counter:") + key::kBreaches) + 1,
               "breach made by " + name);
}

void breach_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    if (const BreachGun* g = gun_of(c.tables, *c.unit)) d["gun"] = g->id;
}

// ---- 7.11 Fires ---------------------------------------------------------------------------------

void resolve_fight_fire(const Context& ctx, rules::Resolution& out) {
    const Fires& f = ctx.tables.fires;
    const std::string citation = cite(f.citation);
    const std::string name = who(ctx.unit, "The garrison");
    const int figures = ctx.inputs.count("figures");
    const bool in_melee = ctx.inputs.flag("in-melee");
    const int strength = ctx.inputs.count("town-strength");
    const model::Battle& b = ctx.battle;
    if (ctx.unit && !ctx.unit->counters.count(key::kTownFire))
        throw rules::InputError("unit", "no fire is burning in " + name + "'s town");
    const int dice = in_melee ? 0 : dice_for(figures, f.dice);
    if (in_melee)
        out.steps.push_back({name + " is in melee and cannot fight the fire", citation});
    else
        out.steps.push_back({std::to_string(figures) + " figures, 1 die per " + std::to_string(f.dice.figures_per_die) +
                                 (f.dice.count_half_remainders ? ", remainder of 1/2 or more counts" : "") + ": " +
                                 dice_text(dice) + "; a " + std::to_string(f.out_on) + "-6 puts it out",
                             citation});
    out.steps.push_back({"Not put out, it does " + std::to_string(f.damage_dice) + "d6 points of damage and burns on",
                         citation});
    const double p_out = any_at_least(dice, f.out_on);
    out.chances.push_back({"the fire is put out", p_out});
    out.odds.push_back({"damage if not put out", dice::Distribution::die(6).times(f.damage_dice)});
    if (!ctx.dice) {
        out.outcome = name + ": " + dice_text(dice) + " to fight the fire";
        return;
    }
    bool put_out = false;
    if (dice > 0) {
        rules::DiceGroup roll{"Fire-fighting dice", ctx.dice->d6s(dice, "the fire-fighting dice"), 0, f.out_on};
        out.dice.push_back(roll);
        put_out = roll.successes() > 0;
    }
    out.results["put_out"] = put_out ? 1 : 0;
    if (put_out) {
        out.steps.push_back({"The fire is put out", citation});
        out.outcome = name + " puts the fire out";
        if (ctx.unit) set_counter(b, out, *ctx.unit, key::kTownFire, 0, "fire put out");
        return;
    }
    const auto damage_dice = ctx.dice->d6s(f.damage_dice, "the fire damage");
    int damage = 0;
    for (int v : damage_dice) damage += v;
    out.dice.push_back({"Fire damage", damage_dice, 0, 0});
    const int total = (ctx.unit ? static_cast<int>(counter_now(b, out, *ctx.unit, key::kTownDamage)) : 0) + damage;
    out.results["damage"] = damage;
    out.results["total_damage"] = total;
    out.steps.push_back({"The fire burns on: " + std::to_string(damage) + " points of damage, " + std::to_string(total) +
                             " in all" + (strength > 0 ? " of " + std::to_string(strength) : ""),
                         citation});
    out.outcome = "The fire burns on: " + std::to_string(total) + " damage";
    if (ctx.unit) set_counter(b, out, *ctx.unit, key::kTownDamage, total, "fire damage");
    if (strength > 0 && total >= strength) {
        out.steps.push_back({"The town is destroyed by fire: the garrison must retreat", citation});
        out.outcome = "The town is destroyed by fire; " + name + " must retreat";
        out.results["destroyed"] = 1;
        if (ctx.unit) {
            set_counter(b, out, *ctx.unit, key::kTownFire, 0, "burnt out");
            set_counter(b, out, *ctx.unit, key::kTownDestroyed, 1, "town destroyed by fire");
            ctx.owe(out, *ctx.unit, owed::kTownRetreat, "the town " + name + " held is destroyed by fire");
        }
    }
}

void fire_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    d["figures"] = std::to_string(c.unit->figures);
    d["in-melee"] = yes_no(c.unit->counters.count(key::kMeleeWith) > 0);
}

} // namespace

void add_artillery_actions(const Tables& t, ActionDefs& out) {
    std::vector<rules::Choice> weapons;
    for (const auto& w : t.shooting.weapons) weapons.push_back({w.id, w.name, 0, w.note});
    {
        ActionDef d;
        d.spec.id = "overhead-fire";
        d.spec.name = "Overhead fire";
        d.spec.summary = "May artillery on a hill fire over friends? Yes or no, with the reason";
        d.spec.citation = cite(t.overhead.citation);
        d.spec.inputs.push_back(choice_input("weapon", "Weapon", weapons, {}));
        d.spec.inputs.push_back(distance_input("range", "Range to the target", "From the guns"));
        d.spec.inputs.push_back(flag_input("on-hill", "The guns are on a hill", ""));
        d.spec.inputs.push_back(flag_input("friends-lower", "The friends are on lower ground", ""));
        d.spec.inputs.push_back(distance_input("gun-to-friends", "Guns to friends", "From the front rank"));
        d.spec.inputs.push_back(distance_input("friends-to-enemy", "Friends to the enemy", "From the front rank"));
        d.resolve = resolve_overhead;
        d.defaults = overhead_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "breach";
        d.spec.name = "Breaching fire";
        d.spec.summary = "Artillery within 6\" tries to breach a wall: 1, 2 or 3 dice by gun, a 6 breaches";
        d.spec.citation = cite(t.breaching.citation);
        d.spec.needs_unit = true;
        std::vector<rules::Choice> guns;
        for (const auto& g : t.breaching.guns) guns.push_back({g.id, g.name, g.dice, {}});
        d.spec.inputs.push_back(choice_input("gun", "Gun", guns, t.breaching.guns.empty() ? "" : t.breaching.guns.front().id));
        d.spec.inputs.push_back(distance_input("range", "Range", "To the wall, door or palisade"));
        rules::InputSpec los = flag_input("line-of-sight", "Line of sight to the base of the target", "");
        los.fallback = "yes";
        d.spec.inputs.push_back(los);
        d.resolve = resolve_breach;
        d.defaults = breach_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "fight-fire";
        d.spec.name = "Fight a fire";
        d.spec.summary = "The garrison of a burning town fights the fire: 4-6 puts it out, else 1d6 damage";
        d.spec.citation = cite(t.fires.citation);
        d.spec.needs_unit = true;
        d.spec.inputs.push_back(count_input("figures", "Garrison figures", "1 die per 4 figures"));
        d.spec.inputs.push_back(flag_input("in-melee", "The garrison is in melee", "It cannot fight the fire"));
        d.spec.inputs.push_back(count_input("town-strength", "Damage that destroys the town",
                                            "Set by the scenario; 0 if not tracked", 0, kMaxFigures, "0"));
        d.resolve = resolve_fight_fire;
        d.defaults = fire_defaults;
        out.push_back(d);
    }
}

} // namespace umpire::macduff
