// Shooting (lines 54-62): line of sight in a 90 degree arc, artillery deployed, ranges by
// weapon, 1 die per 4 infantry or dismounted cavalry or per 2 gunners with remainders of 1/2 or
// more, each modified 5 or 6 a hit; difficult -1, vulnerable +1, superior firepower +1 (canister
// within 12"), each once; overhead fire's conditions; fire out of turn at a charging unit.
#include "rulesets/rattle/mechanics.h"

#include "kit/side_phase.h"
#include "rules/distance.h"

#include <set>

namespace umpire::rattle {

using rules::format_inches;

namespace {

const std::string kCanister = "superior";

// Overhead fire (line 62): artillery on a hill, rockets anywhere, a 6" gap before gun and target.
void overhead(const Context& ctx, const Weapon& w, rules::Resolution& out) {
    const std::string citation = cite(ctx.tables.overhead_citation);
    const double gap = ctx.tables.overhead_gap;
    if (w.overhead == "none") ctx.forbid(out, w.name + " may not fire overhead", citation);
    if (w.overhead == "hill" && !ctx.inputs.flag("on-hill"))
        ctx.forbid(out, "artillery fires over troops on the flat only from a hill", citation);
    const double at_gun = ctx.inputs.has("gap-at-gun") ? ctx.inputs.distance("gap-at-gun") : 0.0;
    const double at_target = ctx.inputs.has("gap-at-target") ? ctx.inputs.distance("gap-at-target") : 0.0;
    if (at_gun < gap || at_target < gap)
        ctx.forbid(out, "overhead fire needs a gap of " + format_inches(gap) + " in front of the gun and in front of the target (" +
                            format_inches(at_gun) + " and " + format_inches(at_target) + ")",
                   citation);
    out.steps.push_back({w.name + " fires overhead" + (w.overhead == "hill" ? " from a hill" : "") + ": gaps of " +
                             format_inches(at_gun) + " and " + format_inches(at_target),
                         citation});
}

// The shooters' troop type: the unit's, else the one the form names (null: none named). A type
// named for a unit must be its own.
const TroopType* shooter_type(const Context& ctx) {
    const std::string named = ctx.inputs.has("type") ? ctx.inputs.choice("type") : std::string();
    if (ctx.unit) {
        const TroopType& own = type_of(ctx.tables, *ctx.unit);
        if (!named.empty() && named != own.id)
            throw rules::InputError("type", ctx.unit->name + " is " + own.name + ", not " + ctx.tables.troop_type(named)->name);
        return &own;
    }
    return named.empty() ? nullptr : ctx.tables.troop_type(named);
}

// Fire out of turn at a charging unit within 6" (line 68).
void out_of_turn(const Context& ctx, double range, rules::Resolution& out) {
    const std::string citation = cite("Melee: Defensive Fire (line 68)");
    if (ctx.target && !kit::did(ctx.battle, *ctx.target, Deed::Charged, Within::Turn))
        ctx.forbid(out, "fire out of turn is only at a unit charging this turn; " + ctx.target->name + " has not charged",
                   citation);
    if (range > ctx.tables.out_of_turn_reach)
        ctx.forbid(out, "only units within " + format_inches(ctx.tables.out_of_turn_reach) +
                            " of the charging unit may shoot at it out of turn",
                   citation);
    out.steps.push_back({kit::who(ctx.unit) + " shoots out of turn at the charging unit (it may still act in its own "
                         "phase); the hits count for its side in the melee",
                         citation});
}

void resolve_shoot(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Weapon* w = t.weapon(ctx.inputs.choice("weapon"));
    const double range = ctx.inputs.distance("range");
    const bool reaction = ctx.inputs.flag("out-of-turn");
    const std::string firer = kit::who(ctx.unit);
    const std::string citation = cite(t.shooting_citation);
    if (w->melee_only) throw rules::InputError("weapon", w->name + " is a melee weapon: it does not shoot");
    const TroopType* tt = shooter_type(ctx);
    if (tt && tt->shoots == Shoots::None) throw rules::InputError("unit", firer + " (" + tt->name + ") does not shoot");
    const int figures = unit_figures(ctx, "figures");
    if (ctx.unit ? is_mounted(t, *ctx.unit) : tt && tt->mounted)
        ctx.forbid(out, "mounted cavalry do not shoot: the text counts dice for dismounted cavalry (dismount, a change of "
                        "formation)",
                   citation);
    if (ctx.unit && tt->gun && is_limbered(*ctx.unit))
        ctx.forbid(out, "artillery must be deployed to shoot", cite("Shooting (line 54); Movement (line 49)"));
    if (!ctx.inputs.flag("in-sight"))
        ctx.forbid(out, "there must be a clear line of sight to the target, within a " + std::to_string(t.arc) +
                            " degree arc centred directly ahead",
                   cite("Shooting (line 54)"));
    if (reaction) out_of_turn(ctx, range, out);
    if (ctx.inputs.flag("overhead")) overhead(ctx, *w, out);

    // Range (line 56).
    out.steps.push_back({w->name + " at " + format_inches(range) + ": range " + format_inches(w->range),
                         cite("Shooting: Range (line 56)")});
    if (range > w->range + 1e-9)
        ctx.forbid(out, w->name + " reach " + format_inches(w->range) + "; the target is " + format_inches(range) +
                            " away: out of range",
                   cite("Shooting: Range (line 56)"));

    // Dice (line 57): by the troop type; with none named, by the weapon (a gun's crew are gunners).
    const bool gunners = tt ? tt->shoots == Shoots::Gunners : w->crew;
    const int per = gunners ? t.gunners_per_die : t.figures_per_die;
    if (!tt)
        out.steps.push_back({std::string("No troop type named: ") + w->name +
                                 (w->crew ? " is served by gunners" : " is fired by infantry or dismounted cavalry"),
                             citation});
    int dice = dice_for(t, figures, per);
    out.steps.push_back({std::to_string(figures) + (gunners ? " gunners, " : " figures, ") + per_die_words(t, per) + ": " +
                             dice_text(dice),
                         citation});
    dice = shaken_dice(ctx, dice, ctx.inputs.flag("shaken"), firer, out);
    if (dice == 0)
        out.steps.push_back({"Too few " + std::string(gunners ? "gunners" : "figures") + " for a die: no dice to roll, no hits",
                             citation});

    // Modifiers (lines 59-61), each once.
    std::set<std::string> chosen = ctx.inputs.modifiers("modifiers");
    if (w->canister > 0 && range <= w->canister) {
        out.steps.push_back({"Canister within " + format_inches(w->canister) + ": superior firepower",
                             cite("Shooting: Superior Firepower (line 61)")});
        chosen.insert(kCanister);
    }
    int modifier = 0;
    for (const auto& m : t.shooting_modifiers) {
        if (!chosen.count(m.id)) continue;
        modifier += m.value;
        out.steps.push_back({m.name + ": " + signed_text(m.value), cite(m.citation)});
    }
    const int natural = kit::natural_needed(t.hit_on, modifier);
    out.steps.push_back({"Each modified " + std::to_string(t.hit_on) + " or 6 is a hit; modifier " + signed_text(modifier) +
                             ": " + kit::need_text(natural, "hit"),
                         cite("Shooting: Effect (line 58)")});
    out.odds.push_back({"hits", dice::Distribution::successes(dice, kit::chance_of(natural))});
    if (!ctx.dice) {
        out.outcome = firer + ": " + dice_text(dice) + ", " + kit::need_text(natural, "hit");
        return;
    }
    rules::DiceGroup g{"Shooting dice", ctx.dice->d6s(dice, "the shooting dice"), modifier, t.hit_on};
    const int hits = g.successes();
    out.dice.push_back(g);
    out.results["hits"] = hits;
    out.results["dice"] = dice;
    out.steps.push_back({"Hits: " + std::to_string(hits), cite("Shooting: Effect (line 58)")});
    kit::Changes c(ctx.battle, out);
    if (ctx.unit)
        kit::record(ctx.battle, out, *ctx.unit, Deed::Fired, reaction ? How::Reaction : How::Plain, figures,
                    reaction ? "fired out of turn" : "fired");
    if (ctx.target) {
        take_hits(ctx, c, *ctx.target, hits, HitSource::Shooting);
        if (reaction && hits > 0) {
            const int before = this_turn(ctx.battle, *ctx.target, key::kReactionHitsTurn)
                                   ? kit::counter(*ctx.target, key::kReactionHits)
                                   : 0;
            c.set_unit_counter(*ctx.target, key::kReactionHits, before + hits, "hits from fire out of turn");
            c.set_unit_counter(*ctx.target, key::kReactionHitsTurn, ctx.battle.turn, "hits from fire out of turn this turn");
        }
    }
    out.outcome = firer + ": " + hits_text(hits) + (ctx.target ? " on " + ctx.target->name : std::string());
}

void shoot_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    d["figures"] = std::to_string(c.unit->figures);
    d["type"] = c.unit->troop_type;
    d["weapon"] = c.unit->weapon;
    d["shaken"] = yes_no(c.unit->has(model::Flag::Shaken));
    std::string mods;
    auto add = [&](const char* id) { mods += (mods.empty() ? "" : ",") + std::string(id); };
    if (c.target) {
        const TroopType* tt = c.tables.troop_type(c.target->troop_type);
        const Formation* f = formation_of(c.tables, *c.target);
        const bool cavalry = tt && tt->mounted && is_mounted(c.tables, *c.target);
        if ((tt && tt->difficult && (!tt->mounted || cavalry)) || (f && f->difficult)) add("difficult");
        if (f && f->vulnerable) add("vulnerable");
        // At a unit that charged this turn, outside its own side's phase: fire out of turn.
        if (kit::did(c.battle, *c.target, Deed::Charged, Within::Turn) && kit::acting_side(c.battle) != c.unit->side)
            d["out-of-turn"] = "yes";
    }
    if (c.unit->has_trait("sharpshooters") || c.unit->has_trait("superior-weapons")) add("superior");
    d["modifiers"] = mods;
}

} // namespace

void add_shooting_actions(const Tables& t, ActionDefs& out) {
    ActionDef d;
    rules::ActionSpec& a = d.spec = kit::action("shoot", "Shoot",
                                                "A unit shoots: 1 die per 4 figures or 2 gunners, each modified 5-6 a hit",
                                                cite("Shooting (lines 54-62)"));
    a.needs_unit = true;
    a.target_optional = true;
    a.inputs.push_back(kit::count_input("figures", "Figures shooting",
                                        "Infantry or dismounted cavalry figures, or gunners (crew)"));
    std::vector<rules::Choice> types;
    for (const auto& tt : t.troop_types) types.push_back({tt.id, tt.name, 0, ""});
    rules::InputSpec type = kit::choice_input("type", "Troop type", types, {},
                                              "1 die per 4 infantry or dismounted cavalry, or per 2 gunners; none "
                                              "named: the weapon says (a gun's crew are gunners)");
    type.required = false;
    a.inputs.push_back(type);
    std::vector<rules::Choice> weapons;
    for (const auto& w : t.weapons) weapons.push_back({w.id, w.name, 0, w.note});
    a.inputs.push_back(kit::choice_input("weapon", "Weapon", weapons, {}));
    a.inputs.push_back(kit::distance_input("range", "Range", "Measured to the target, e.g. 10, 10\", 10in or 25cm"));
    a.inputs.push_back(kit::modifiers_input("modifiers", "Die modifiers", t.shooting_modifiers));
    a.inputs.push_back(yes_flag("in-sight", "Clear line of sight, in the arc",
                                "The target within a 90 degree arc centred directly ahead, with a clear line of sight"));
    a.inputs.push_back(kit::flag_input("out-of-turn", "Out of turn, at a charging unit",
                                       "Units within 6\" of a charging unit may shoot at it out of turn (defensive fire)"));
    a.inputs.push_back(kit::flag_input("overhead", "Overhead fire", "Over troops on the flat: artillery on a hill, rockets anywhere"));
    a.inputs.push_back(kit::flag_input("on-hill", "The gun is on a hill", "Overhead fire by artillery"));
    a.inputs.push_back(kit::distance_input("gap-at-gun", "Gap in front of the gun", "Overhead fire: 6\" or more", false));
    a.inputs.push_back(kit::distance_input("gap-at-target", "Gap in front of the target", "Overhead fire: 6\" or more", false));
    a.inputs.push_back(kit::flag_input("shaken", "Shooter is shaken", "Only with the Shaken house rule: half the dice"));
    d.resolve = resolve_shoot;
    d.defaults = shoot_defaults;
    out.push_back(d);
}

} // namespace umpire::rattle
