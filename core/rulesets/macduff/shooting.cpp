// Shooting (7): range band from the weapons table, figures able to fire (two ranks of formed
// infantry), dice by figures or gunners with remainders of 1/2 or more counted, halved at long
// range and again when shaken, modifiers that count once per group, hits on a modified 5 or 6;
// dense targets, the unit behind them, rogue rockets, fires in towns and return fire.
#include "rulesets/macduff/action_def.h"

#include "model/names.h"
#include "rules/distance.h"
#include "turn/places.h"

#include <algorithm>
#include <set>

namespace umpire::macduff {

using model::Flag;

namespace {

std::string need_text(int natural) { return kit::need_text(natural, "hit"); }

// 12.3: "Bands and hospitals may not be targeted by civilized armies" (R61): every army is
// civilised unless the tables name its side.
void civilised_target(const Context& ctx, rules::Resolution& out) {
    if (!ctx.unit || !ctx.target) return;
    const auto& kinds = ctx.tables.army_morale.not_counted;
    if (std::find(kinds.begin(), kinds.end(), ctx.target->troop_type) == kinds.end()) return;
    const std::string side = model::lower(side_name(ctx.battle, ctx.unit->side));
    for (const auto& name : ctx.tables.hospital.uncivilised_sides)
        if (model::lower(name) == side) return;
    ctx.forbid(out, ctx.target->name + " is a " + ctx.target->troop_type + ": bands and hospitals may not be targeted by "
                    "civilized armies (" + side_name(ctx.battle, ctx.unit->side) + " is one)",
               cite("12.3 Hospitals and Bands"));
}

bool is_mounted(const model::Unit& u) {
    return (u.troop_type == "cavalry" || u.troop_type == "mounted-infantry") &&
           u.counters.count(key::kDismounted) == 0;
}

// 7.4: a unit fired at may return fire if it has not yet fired or marched or used a charge bonus.
std::string return_fire_bar(const model::Battle& b, const model::Unit& u) {
    if (fired_this_turn(b, u)) return "it has already fired";
    if (marched_this_turn(b, u)) return "it marched this turn";
    if (this_turn(b, u, key::kChargeBonusTurn)) return "it used a charge bonus this turn";
    if (u.counters.count(key::kMeleeWith)) return "it is in a continuing melee";
    return {};
}

// 3.1, 7.4: a reaction answers what the enemy did to the unit. A unit of the side whose card is up
// that has no order may shoot as a reaction only if it was fired at or charged this phase (by a
// unit activated out of turn): otherwise "reaction" would let it shoot without the order it lacks.
// The side not acting is asked the same by its reaction's place in the turn (R63).
void reaction_of_the_acting_side(const Context& ctx, rules::Resolution& out) {
    if (!ctx.unit || !ctx.inputs.flag("reaction") || !turn_running(ctx.battle)) return;
    const model::Unit& u = *ctx.unit;
    if (active_side(ctx.battle) != u.side || kit::did(ctx.battle, u, Deed::Ordered)) return;
    if (turn::met_this_phase(ctx.battle, u, "shoot") || turn::met_this_phase(ctx.battle, u, "move")) return;
    ctx.forbid(out, u.name + " has no order and was neither fired at nor charged this phase: a unit without an order "
                             "may only react, and it has nothing to react to",
               cite("3.1 Activation, 7.4 Return fire"));
}

struct ChosenModifiers {
    int total = 0;
    bool reroll = false;
    bool first_fire = false;
};

// 7.8: each chosen modifier, counting once per group (R5) and leaving out cover for weapons that
// ignore it (the weapons table: mortars, rockets).
ChosenModifiers apply_modifiers(const Context& ctx, const Weapon& weapon, rules::Resolution& out) {
    ChosenModifiers m;
    std::set<std::string> groups_used;
    for (const auto& id : ctx.inputs.modifiers("modifiers")) {
        const Modifier& mod = *ctx.tables.shooting_modifier(id);
        if (mod.artillery_only && !weapon.crew_served)
            throw rules::InputError("modifiers", mod.name + " applies to artillery only, not " + weapon.name);
        if (mod.first_fire && ctx.unit && ctx.unit->counters.count(key::kFirstFireUsed))
            throw rules::InputError("modifiers", ctx.unit->name + " has already had its first-fire bonus");
        if (mod.cover && weapon.ignores_cover) {
            out.steps.push_back({mod.name + ": ignored, " + weapon.name + " ignores cover",
                                 cite("7 Shooting, weapons table")});
            continue;
        }
        if (!mod.group.empty() && !groups_used.insert(mod.group).second) {
            out.steps.push_back({mod.name + ": counts once with the other " + mod.group + " modifier",
                                 cite(mod.citation)});
            continue;
        }
        m.total += mod.value;
        m.reroll = m.reroll || mod.reroll_misses;
        m.first_fire = m.first_fire || mod.first_fire;
        out.steps.push_back({mod.name + (mod.value != 0 ? " " + signed_text(mod.value) + " per die" : "") +
                                 (mod.reroll_misses ? ": misses are rerolled once" : ""),
                             cite(mod.citation)});
    }
    return m;
}

void resolve_shooting(const Context& ctx, rules::Resolution& out) {
    const Shooting& s = ctx.tables.shooting;
    const Weapon& weapon = *ctx.tables.weapon(ctx.inputs.choice("weapon"));
    int figures = ctx.inputs.count("figures");
    const double range = ctx.inputs.distance("range");
    const bool shaken = ctx.inputs.flag("shaken");
    const bool reaction = ctx.inputs.flag("reaction");
    const bool at_town = ctx.inputs.flag("at-town");
    const std::string firer = who(ctx.unit);

    if (weapon.close <= 0) throw rules::InputError("weapon", weapon.name + " cannot shoot");
    reaction_of_the_acting_side(ctx, out);
    if (ctx.unit && weapon.crew_served && ctx.unit->counters.count(key::kLimbered))
        throw rules::InputError("unit", firer + " is limbered: artillery must be unlimbered to shoot "
                                        "(unlimbering is a maneuver, 5.3)");
    const model::Unit* behind = nullptr;
    if (int id = ctx.inputs.count("behind"); id > 0) {
        behind = ctx.battle.unit(id);
        if (!behind || !behind->on_table())
            throw rules::InputError("behind", "no unit on the table has id " + std::to_string(id));
        if ((ctx.target && behind->id == ctx.target->id) || (ctx.unit && behind->id == ctx.unit->id))
            throw rules::InputError("behind", "the unit behind must be another unit than the target and the firer");
    }
    // 7.8: "the artillery will roll misses against that unit": no other weapon does (R38).
    if (behind && !weapon.crew_served)
        throw rules::InputError("behind", "only artillery rolls its misses at a unit behind a dense target, not " +
                                              weapon.name + " (7.8)");
    civilised_target(ctx, out);

    // 7.1 Restrictions and 5.4 Marching (once per turn, not in a continuing melee, not after a
    // march) are the [[limits]] of the tables, refused before the rule runs.
    if (weapon.indirect)
        out.steps.push_back({weapon.name + " does not need a line of fire", cite("7 Shooting, weapons table")});

    // Range band (the weapons table of 7).
    const bool long_range = range > weapon.close;
    if (long_range && (weapon.long_range <= 0 || range > weapon.long_range)) {
        std::string reach = weapon.long_range > 0
                                ? "long range " + rules::format_inches(weapon.long_range)
                                : "range " + rules::format_inches(weapon.close) + " (no long range)";
        out.steps.push_back({weapon.name + " at " + rules::format_inches(range) + ": beyond its " + reach + ". No shot.",
                             cite("7 Shooting, weapons table")});
        out.outcome = firer + ": target out of range";
        out.results["hits"] = 0;
        out.odds.push_back({"hits", dice::Distribution::constant(0)});
        return;
    }
    out.steps.push_back({weapon.name + " at " + rules::format_inches(range) + ": " + (long_range ? "long" : "close") +
                             " range (close to " + rules::format_inches(weapon.close) +
                             (weapon.long_range > 0 ? ", long to " + rules::format_inches(weapon.long_range) : "") + ")",
                         cite("7 Shooting, weapons table")});

    // 7.2: two ranks of formed infantry may shoot, one rank of other troops.
    const int frontage = ctx.inputs.count("frontage");
    if (frontage > 0) {
        const int ranks = ctx.inputs.count("ranks");
        const int able = std::min(figures, frontage * ranks);
        out.steps.push_back({std::to_string(frontage) + " figures wide, " + std::to_string(ranks) +
                                 (ranks == 1 ? " rank" : " ranks") + " may shoot: " + std::to_string(able) +
                                 " of " + std::to_string(figures) + " figures",
                             cite("7.2 Line of Fire")});
        figures = able;
    }

    // Dice (7.5): per gunner for crew-served weapons, else per 2 figures.
    const int per = weapon.crew_served ? s.gunners_per_die : s.figures_per_die;
    int dice = dice_for(figures, per);
    std::string what = weapon.crew_served ? "gunners" : "figures";
    std::string how = per == 1 ? "1 die per " + what.substr(0, what.size() - 1)
                               : "1 die per " + std::to_string(per) + ", remainder of 1/2 or more counts";
    out.steps.push_back({std::to_string(figures) + " " + what + ", " + how + ": " + dice_text(dice), cite(s.citation)});
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

    const ChosenModifiers mods = apply_modifiers(ctx, weapon, out);
    if (behind && !mods.reroll && s.behind_needs_dense_target)
        throw rules::InputError("behind", "misses roll at a unit behind only when the artillery fires at a dense target "
                                          "(a square, a column or limbered artillery: the dense-target modifier) (7.8)");
    const int natural = natural_needed(s.hit_on, mods.total);
    out.steps.push_back({"Each modified score of " + std::to_string(s.hit_on) + "+ hits; modifier " +
                             signed_text(mods.total) + ": " + need_text(natural),
                         cite("7.7 Effect")});
    if (behind)
        out.steps.push_back({"Misses roll again against " + behind->name + ", behind the target within " +
                                 rules::format_inches(s.dense_behind_range), cite("7.8 Die Modifiers")});
    const bool town_fire = at_town && weapon.crew_served;
    if (at_town && !weapon.crew_served)
        out.steps.push_back({"Only artillery sets a town alight", cite("7.11 Fires")});

    const double p = success_chance(s.hit_on, mods.total, mods.reroll);
    out.odds.push_back({"hits", dice::Distribution::successes(dice, p)});
    if (town_fire) out.chances.push_back({"a fire starts", any_at_least(dice, s.fire_on)});
    if (!ctx.dice) {
        out.outcome = firer + ": " + dice_text(dice) + ", " + need_text(natural);
        return;
    }

    // Roll, then reroll the misses when allowed, then the misses left at the unit behind.
    rules::DiceGroup first{"Shooting dice", ctx.dice->d6s(dice, "the shooting dice"), mods.total, s.hit_on};
    int hits = first.successes();
    int misses = dice - hits;
    out.dice.push_back(first);
    if (mods.reroll && misses > 0) {
        rules::DiceGroup again{"Rerolled misses", ctx.dice->d6s(misses, "the rerolled misses"), mods.total, s.hit_on};
        hits += again.successes();
        misses -= again.successes();
        out.dice.push_back(again);
    }
    out.steps.push_back({"Hits: " + std::to_string(hits), cite("7.7 Effect")});
    int behind_hits = 0;
    if (behind && misses > 0) {
        rules::DiceGroup at_behind{"Misses at " + behind->name, ctx.dice->d6s(misses, "the misses at the unit behind"),
                                   mods.total, s.hit_on};
        behind_hits = at_behind.successes();
        out.dice.push_back(at_behind);
        out.steps.push_back({std::to_string(misses) + " misses rolled again at " + behind->name + ": " +
                                 hits_text(behind_hits), cite("7.8 Die Modifiers")});
    }
    int rogues = 0;
    if (weapon.rogue_on > 0)
        rogues = static_cast<int>(std::count(first.values.begin(), first.values.end(), weapon.rogue_on));
    if (rogues > 0)
        out.steps.push_back({std::to_string(rogues) + " rogue rocket" + (rogues > 1 ? "s" : "") +
                                 ": halfway along the line of fire choose a random direction for the rest; a "
                                 "unit of either side where it lands takes a hit (record it with casualties)",
                             cite("7 Shooting, weapons table (Rocket)")});
    const bool fire = town_fire && std::count(first.values.begin(), first.values.end(), s.fire_on) > 0;
    if (town_fire)
        out.steps.push_back({fire ? "A " + std::to_string(s.fire_on) + " among the artillery's dice: the town is on fire"
                                  : "No " + std::to_string(s.fire_on) + ": no fire",
                             cite("7.11 Fires")});
    out.results["hits"] = hits;
    out.results["dice"] = dice;
    if (rogues > 0) out.results["rogue"] = rogues;
    if (behind) out.results["hits_behind"] = behind_hits;
    if (town_fire) out.results["fire"] = fire ? 1 : 0;

    if (ctx.unit) {
        kit::record(ctx.battle, out, *ctx.unit, Deed::Fired, reaction ? How::Reaction : How::Plain, figures,
                    reaction ? "fired as a reaction" : "fired");
        if (mods.first_fire) set_counter(ctx.battle, out, *ctx.unit, key::kFirstFireUsed, 1, "first-fire bonus used");
    }
    out.outcome = firer + ": " + hits_text(hits) + (ctx.target ? " on " + ctx.target->name : std::string());
    if (behind) out.outcome += ", " + hits_text(behind_hits) + " on " + behind->name;
    if (ctx.target) {
        if (fire) set_counter(ctx.battle, out, *ctx.target, key::kTownFire, 1, "artillery set the town alight");
        take_casualties(ctx, *ctx.target, hits, /*rally_if_shaken=*/true, HitSource::Shooting, out);
    }
    if (behind) take_casualties(ctx, *behind, behind_hits, true, HitSource::Shooting, out);

    // 7.4: the target may return fire, before the firer moves. An option, so a line of the
    // working rather than a prompt the umpire would have to dismiss after every shot.
    if (ctx.target && ctx.unit && !reaction && !flag_now(ctx.battle, out, *ctx.target, Flag::Routed)) {
        const Weapon* theirs = ctx.tables.weapon(ctx.target->weapon);
        std::string bar = return_fire_bar(ctx.battle, *ctx.target);
        if (bar.empty() && (!theirs || theirs->close <= 0)) bar = "it has no missile weapons";
        const int reach = theirs ? std::max(theirs->close, theirs->long_range) : 0;
        if (bar.empty() && range > reach)
            bar = theirs->name + " cannot reach " + rules::format_inches(range);
        out.steps.push_back({bar.empty() ? ctx.target->name + " may return fire now, before " + firer +
                                               " moves (shooting as a reaction)"
                                         : ctx.target->name + " may not return fire: " + bar,
                             cite("7.4 Return fire")});
    }
}

void shooting_defaults(const DefaultsContext& c, Defaults& d) {
    const model::Unit* unit = c.unit;
    const model::Unit* target = c.target;
    if (!unit) return;
    const Shooting& s = c.tables.shooting;
    d["figures"] = std::to_string(unit->figures);
    d["weapon"] = unit->weapon;
    d["shaken"] = yes_no(unit->has(Flag::Shaken));
    const bool formed_infantry = unit->troop_type == "infantry" && unit->formed && !unit->has(Flag::Disordered);
    d["ranks"] = std::to_string(formed_infantry ? s.formed_infantry_ranks : s.other_ranks);
    std::string mods;
    auto add = [&](const char* id) { mods += (mods.empty() ? "" : ",") + std::string(id); };
    // 7.8: skirmishers and cavalry are difficult targets; so is firing when mounted.
    // Skirmishers may not claim it when charging.
    const bool skirmishers = target && target->has_trait("skirmishers") &&
                             !charged_this_turn(c.battle, *target);
    if (is_mounted(*unit) || (target && target->troop_type == "cavalry") || skirmishers)
        add("difficult-target");
    if (unit->has_trait("superior-firepower")) add("superior-firepower");
    if (unit->has_trait("first-fire") && !unit->counters.count(key::kFirstFireUsed)) add("first-fire");
    const Weapon* w = c.tables.weapon(unit->weapon);
    if (target && w && w->crew_served &&
        (target->counters.count(key::kSquare) || target->counters.count(key::kLimbered)))
        add("dense-target");
    d["modifiers"] = mods;
}

} // namespace

void add_shooting_actions(const Tables& t, ActionDefs& out) {
    ActionDef d;
    rules::ActionSpec& a = d.spec;
    a.id = "shoot";
    a.name = "Shooting";
    a.summary = "A unit shoots: dice by figures and range, hits on a modified 5 or 6";
    a.citation = cite("7 Shooting");
    a.needs_unit = true;
    a.target_optional = true;
    a.inputs.push_back(count_input("figures", "Figures shooting",
                                   "Figures able to shoot: 2 ranks of formed infantry, 1 rank of others; "
                                   "gunners for artillery"));
    std::vector<rules::Choice> weapons;
    for (const auto& w : t.shooting.weapons) weapons.push_back({w.id, w.name, 0, w.note});
    a.inputs.push_back(choice_input("weapon", "Weapon", weapons, {}));
    a.inputs.push_back(distance_input("range", "Range", "Measured from the front rank, e.g. 14, 14\", 14in or 35cm"));
    a.inputs.push_back(flag_input("shaken", "Shooter is shaken", "Shaken units roll half the dice (7.6)"));
    a.inputs.push_back(modifiers_input("modifiers", "Die modifiers", t.shooting.modifiers));
    a.inputs.push_back(count_input("frontage", "Frontage (figures wide)",
                                   "0: every figure counted above may shoot. Otherwise only the front ranks "
                                   "shoot: frontage x ranks (7.2)", 0, kMaxFigures, "0"));
    a.inputs.push_back(count_input("ranks", "Ranks that may shoot",
                                   "2 for formed infantry, 1 for other troops (7.2)", 1, 2,
                                   std::to_string(t.shooting.other_ranks)));
    a.inputs.push_back(flag_input("reaction", "Firing as a reaction",
                                  "Return fire or Fire! at a charge: the unit may still move or maneuver later (7.3)"));
    a.inputs.push_back(flag_input("at-town", "Artillery firing at a town",
                                  "A 6 among an artillery unit's dice sets the town alight (7.11)"));
    rules::InputSpec behind = count_input("behind", "Unit behind a dense target",
                                          "Misses at a dense target roll again against a unit of either side behind "
                                          "it within 6\" (7.8); 0 for none", 0, kMaxId, "0");
    behind.id_of = rules::IdOf::Unit;
    a.inputs.push_back(behind);
    d.resolve = resolve_shooting;
    d.defaults = shooting_defaults;
    out.push_back(d);
}

} // namespace umpire::macduff
