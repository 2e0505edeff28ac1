// Melee (lines 64-75, with the author's answers): each side's units in contact count their
// figures and roll; infantry or artillery charged from the front may roll first as defensive
// fire, its hits removed before the charger rolls; the rest roll at once. A side that took more
// hits from reaction fire and melee than it inflicted is defeated (by side, not unit by unit):
// its units in the melee turn and retreat a full move and must rally on their next move; a
// colour bearer's unit rallies round the flag. Otherwise the melee goes on next turn, no one
// charging.
#include "rulesets/rattle/melee_count.h"
#include "rulesets/rattle/movement.h"

#include "rules/distance.h"

#include <algorithm>
#include <array>

namespace umpire::rattle {

namespace {

constexpr std::array<const char*, 4> kPrefix{"", "ally-", "enemy-", "enemy-ally-"};
constexpr const char* kDefensiveModifier = "superior-defensive-fire";

// Charging in this melee: it charged this turn and has not fought since (a melee drawn in the first
// melee phase goes on in the second with neither side counting as charging, line 75; R18).
bool charging(const model::Battle& battle, const model::Unit& u) {
    return kit::did(battle, u, Deed::Charged, Within::Turn) && !kit::did(battle, u, Deed::Melee, Within::Turn);
}

// One unit fighting, as the umpire described it.
struct Slot {
    int index = 0;
    int side = 0;        // 0: the acting unit's side, 1: the enemy's
    int opponent = 0;    // the slot its hits land on
    const model::Unit* unit = nullptr;
    std::string name;
    const TroopType* type = nullptr;
    const Quality* quality = nullptr;
    Frontage frontage;
    bool defensive = false;
    int per = 4;
    int halves = 0;
    int dice = 0;
    int modifier = 0;
    int natural = 7;
    bool used = false;
};

const model::Unit* ally_input(const Context& ctx, const char* id, int side_of) {
    const int wanted = ctx.inputs.count(id);
    if (wanted <= 0) return nullptr;
    const model::Unit* u = ctx.battle.unit(wanted);
    if (!u || !u->on_table()) throw rules::InputError(id, "no unit on the table has id " + std::to_string(wanted));
    if (side_of && u->side != side_of) throw rules::InputError(id, u->name + " is not on that side");
    if ((ctx.unit && u->id == ctx.unit->id) || (ctx.target && u->id == ctx.target->id))
        throw rules::InputError(id, u->name + " is already in the melee");
    return u;
}

int count_or(const Context& ctx, const std::string& id, int fallback) {
    return ctx.inputs.has(id) ? ctx.inputs.count(id) : fallback;
}

void describe_slot(const Context& ctx, Slot& s, rules::Resolution& out) {
    const std::string p = kPrefix[static_cast<std::size_t>(s.index)];
    const Tables& t = ctx.tables;
    const bool main = s.index == 0 || s.index == 2;
    if (main && ctx.inputs.has(p + "type")) s.type = t.troop_type(ctx.inputs.choice(p + "type"));
    else if (s.unit) s.type = &type_of(t, *s.unit);
    if (main && ctx.inputs.has(p + "quality")) s.quality = t.quality(ctx.inputs.choice(p + "quality"));
    else if (s.unit) s.quality = &quality_of(t, *s.unit);
    if (!s.type || !s.quality) throw rules::InputError(p + "type", s.name + " needs its troop type and class");
    if (!ctx.inputs.has(p + "front")) throw rules::InputError(p + "front", s.name + ": how many figures are in contact?");
    s.frontage = {ctx.inputs.count(p + "front"), count_or(ctx, p + "overlap", 0), count_or(ctx, p + "ranks", 1)};
    s.defensive = main && ctx.inputs.flag(p + "defensive-fire");
    const bool mounted = s.type->mounted && !(s.unit && kit::counter(*s.unit, key::kDismounted));
    if (s.defensive && !s.type->defensive_fire)
        throw rules::InputError(p + "defensive-fire", s.name + ": only infantry or artillery charged from the front fire defensively");
    if (s.defensive && s.unit && !this_turn(ctx.battle, *s.unit, key::kChargedFrontTurn))
        ctx.forbid(out, s.name + (this_turn(ctx.battle, *s.unit, key::kChargedByTurn) ? " was charged in the flank or rear"
                                                                                      : " was not charged this turn") +
                            ": only infantry or artillery charged from the front fire defensively",
                   cite("Melee: Defensive Fire (line 68)"));
    s.per = s.defensive && s.type->defensive_per > 0 ? s.type->defensive_per
            : mounted                                 ? s.type->melee_per
                                                      : (s.type->mounted ? t.figures_per_die : s.type->melee_per);
    const Count c = count_figures(t, s.frontage, s.type->half_ranks && !mounted, s.unit ? s.unit->figures : 0);
    s.halves = c.halves;
    out.steps.push_back({s.name + ": " + c.text, cite("Melee: Who (line 66; the author's answer, comment 9)")});
    s.modifier = s.quality->melee;
    if (s.quality->melee) out.steps.push_back({s.name + ": " + s.quality->name + " " + signed_text(s.quality->melee),
                                               cite("Melee: Troop Quality (line 74)")});
    for (const auto& m : t.melee_modifiers) {
        if (!ctx.inputs.modifiers(p + "modifiers").count(m.id)) continue;
        if (m.charged_only && s.unit && !charging(ctx.battle, *s.unit))
            ctx.forbid(out, s.name + (kit::did(ctx.battle, *s.unit, Deed::Charged, Within::Turn)
                                          ? " has fought this melee once already: a melee that goes on"
                                          : " did not charge this turn: a melee that goes on") +
                                " has no charger, neither side counting as charging",
                       cite("Melee: Charge Bonus (line 72); Result (line 75)"));
        if (m.defensive_only && !s.defensive) {
            out.steps.push_back({s.name + ": " + m.name + " applies only to defensive fire: not counted", cite(m.citation)});
            continue;
        }
        s.modifier += m.value;
        out.steps.push_back({s.name + ": " + m.name + " " + signed_text(m.value), cite(m.citation)});
    }
    s.natural = kit::natural_needed(t.hit_on, s.modifier);
}

// The slot's dice from its figures (after any defensive fire's hits), with the working.
int dice_of(const Context& ctx, const Slot& s, int halves, rules::Resolution* out) {
    int dice = melee_dice(ctx.tables, std::max(0, halves), s.per);
    if (out) {
        out->steps.push_back({s.name + ": " + halves_text(std::max(0, halves)) + " figures, " +
                                  per_die_words(ctx.tables, s.per) + (s.defensive ? " (defensive fire)" : "") + ": " +
                                  dice_text(dice) + ", " + kit::need_text(s.natural, "hit"),
                              cite("Melee: Dice (line 67)")});
        dice = shaken_dice(ctx, dice, s.unit && s.unit->has(model::Flag::Shaken), s.name, *out);
    } else if (s.unit && s.unit->has(model::Flag::Shaken) && ctx.tables.shaken.enabled) {
        dice = dice_for(ctx.tables, dice, ctx.tables.shaken.divisor);
    }
    return dice;
}

dice::Distribution hits_of(int dice, int natural) { return dice::Distribution::successes(dice, kit::chance_of(natural)); }

// Exact odds: each side's hits (defensive fire first, the charger's dice as its hits leave them)
// and the chance of each result.
void odds(const Context& ctx, const std::vector<Slot>& slots, const std::array<int, 2>& reaction, const std::string& a,
          const std::string& b, rules::Resolution& out) {
    const Slot* def = nullptr;
    for (const auto& s : slots)
        if (s.defensive) def = &s;
    const dice::Distribution first = def ? hits_of(def->dice, def->natural) : dice::Distribution::constant(0);
    std::array<std::vector<double>, 2> taken;  // hits taken by each side, reaction fire included
    double a_defeated = 0, b_defeated = 0;
    const bool counts = ctx.tables.options.defensive_fire_first_counts;
    for (int k = first.min(); k <= first.max(); ++k) {
        const double pk = first.p_exactly(k);
        if (pk <= 0) continue;
        std::array<dice::Distribution, 2> on;  // hits landing on each side from melee
        on[0] = on[1] = dice::Distribution::constant(0);
        for (const auto& s : slots) {
            if (s.defensive) continue;
            const int halves = def && def->opponent == s.index ? s.halves - 2 * k : s.halves;
            on[1 - s.side] = on[1 - s.side] + hits_of(dice_of(ctx, s, halves, nullptr), s.natural);
        }
        const int first_on = def ? 1 - def->side : 0;
        for (int side = 0; side < 2; ++side) {
            const int shift = reaction[static_cast<std::size_t>(side)] + (def && side == first_on && counts ? k : 0);
            auto& v = taken[static_cast<std::size_t>(side)];
            for (int x = on[static_cast<std::size_t>(side)].min(); x <= on[static_cast<std::size_t>(side)].max(); ++x) {
                const auto at = static_cast<std::size_t>(x + shift);
                if (v.size() <= at) v.resize(at + 1, 0.0);
                v[at] += pk * on[static_cast<std::size_t>(side)].p_exactly(x);
            }
        }
        for (int x = on[0].min(); x <= on[0].max(); ++x)
            for (int y = on[1].min(); y <= on[1].max(); ++y) {
                const double p = pk * on[0].p_exactly(x) * on[1].p_exactly(y);
                const int ta = x + reaction[0] + (def && first_on == 0 && counts ? k : 0);
                const int tb = y + reaction[1] + (def && first_on == 1 && counts ? k : 0);
                if (ta > tb) a_defeated += p;
                if (tb > ta) b_defeated += p;
            }
    }
    out.odds.push_back({"hits taken by " + a, dice::Distribution::from_probabilities(0, taken[0])});
    out.odds.push_back({"hits taken by " + b, dice::Distribution::from_probabilities(0, taken[1])});
    out.chances.push_back({b + " defeated", b_defeated});
    out.chances.push_back({a + " defeated", a_defeated});
    out.chances.push_back({"the melee goes on", std::max(0.0, 1 - a_defeated - b_defeated)});
}

void defeated(const Context& ctx, kit::Changes& c, const Slot& s, rules::Resolution& out) {
    if (!s.unit || c.figures(*s.unit) == 0) return;
    const model::Unit& u = *s.unit;
    out.steps.push_back({u.name + " is defeated: it turns and retreats a full move (" +
                             rules::format_inches(base_move(ctx.tables, u)) +
                             "), passing through friends unless stopped by a blocked defile, stopping at the board edge; "
                             "it must rally on its next move",
                         cite("Melee: Result (line 75)")});
    c.set_flag(u, model::Flag::NeedsRally, true, "defeated in melee: must rally");
    c.set_unit_counter(u, key::kDefeatedTurn, ctx.battle.turn, "defeated in melee");
    out.follow_ups.push_back({"rally", u.id, u.name + " was defeated in melee: it must rally on its next move",
                              cite("Rally (line 77)")});
    const TroopType& tt = type_of(ctx.tables, u);
    if (tt.colours && u.has_trait("colour-bearer") && kit::counter(u, key::kFlagLost) == 0)
        ctx.owe(out, u, "defeated-rally-round-the-flag", u.name + " was defeated (a 1 and the enemy captures the flag)");
}

void resolve_melee(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    std::vector<Slot> slots;
    const model::Unit* ally = ally_input(ctx, "ally", ctx.unit ? ctx.unit->side : 0);
    const model::Unit* enemy_ally = ally_input(ctx, "enemy-ally", ctx.target ? ctx.target->side : 0);
    const std::array<const model::Unit*, 4> units{ctx.unit, ally, ctx.target, enemy_ally};
    for (int i = 0; i < 4; ++i) {
        if (i % 2 == 1 && !units[static_cast<std::size_t>(i)]) continue;
        Slot s;
        s.index = i;
        s.side = i / 2;
        s.unit = units[static_cast<std::size_t>(i)];
        s.name = s.unit ? s.unit->name : i == 0 ? "The unit" : "The enemy";
        slots.push_back(s);
    }
    auto slot_at = [&](int index) -> Slot* {
        for (auto& s : slots)
            if (s.index == index) return &s;
        return nullptr;
    };
    // Who fights whom: each unit's hits land on the unit it faces.
    for (auto& s : slots) {
        const int facing = s.index % 2 == 1 && slot_at(s.index ^ 2) ? s.index ^ 2 : (s.side == 0 ? 2 : 0);
        s.opponent = facing;
    }
    for (auto& s : slots) describe_slot(ctx, s, out);
    int defensive = 0;
    for (const auto& s : slots) defensive += s.defensive ? 1 : 0;
    if (defensive > 1) throw rules::InputError("defensive-fire", "only the side charged from the front fires defensively");
    const std::string side_a = ctx.unit ? kit::side_name(ctx.battle, ctx.unit->side) : "The unit's side";
    const std::string side_b = ctx.target ? kit::side_name(ctx.battle, ctx.target->side) : "The enemy's side";
    const std::array<int, 2> reaction{
        ctx.inputs.count("reaction-hits") +
            (ally && this_turn(ctx.battle, *ally, key::kReactionHitsTurn) ? kit::counter(*ally, key::kReactionHits) : 0),
        ctx.inputs.count("enemy-reaction-hits") +
            (enemy_ally && this_turn(ctx.battle, *enemy_ally, key::kReactionHitsTurn)
                 ? kit::counter(*enemy_ally, key::kReactionHits)
                 : 0)};
    for (int side = 0; side < 2; ++side)
        if (reaction[static_cast<std::size_t>(side)] > 0)
            out.steps.push_back({(side ? side_b : side_a) + " took " + hits_text(reaction[static_cast<std::size_t>(side)]) +
                                     " from fire out of turn: they count in the result",
                                 cite("Melee: Result (line 75; comment 2)")});
    for (auto& s : slots) s.dice = dice_of(ctx, s, s.halves, nullptr);
    for (const auto& s : slots)
        if (s.defensive) {
            // The battle says how it was charged; without one, the umpire's word does.
            const bool front = !s.unit || this_turn(ctx.battle, *s.unit, key::kChargedFrontTurn);
            out.steps.push_back({s.name + (front ? " was charged from the front" : " fires defensively as the umpire ruled") +
                                     ": it fires first, and its hits come off " + slot_at(s.opponent)->name +
                                     " before it rolls",
                                 cite("Melee: Defensive Fire (line 68)")});
        }
    odds(ctx, slots, reaction, side_a, side_b, out);

    // Defensive fire first, then every other die at once (line 67).
    std::array<int, 4> on{};  // hits landing on each slot
    std::array<int, 2> taken{reaction[0], reaction[1]};
    for (auto& s : slots) {
        if (!s.defensive) continue;
        s.dice = dice_of(ctx, s, s.halves, &out);
        if (!ctx.dice) continue;
        rules::DiceGroup g{s.name + " (defensive fire)", ctx.dice->d6s(s.dice, "the defensive fire dice"), s.modifier, t.hit_on};
        const int hits = g.successes();
        out.dice.push_back(g);
        on[static_cast<std::size_t>(s.opponent)] += hits;
        if (t.options.defensive_fire_first_counts) taken[static_cast<std::size_t>(1 - s.side)] += hits;
        Slot& target = *slot_at(s.opponent);
        target.halves = std::max(0, target.halves - 2 * hits);
        out.steps.push_back({"Defensive fire: " + hits_text(hits) + " on " + target.name + ", removed before it rolls",
                             cite("Melee: Defensive Fire (line 68)")});
    }
    for (auto& s : slots) {
        if (s.defensive) continue;
        s.dice = dice_of(ctx, s, s.halves, &out);
    }
    if (!ctx.dice) {
        out.outcome = "Melee: " + side_a + " against " + side_b;
        return;
    }
    for (auto& s : slots) {
        if (s.defensive) continue;
        rules::DiceGroup g{s.name, ctx.dice->d6s(s.dice, "the melee dice of " + s.name), s.modifier, t.hit_on};
        const int hits = g.successes();
        out.dice.push_back(g);
        on[static_cast<std::size_t>(s.opponent)] += hits;
        taken[static_cast<std::size_t>(1 - s.side)] += hits;
    }
    kit::Changes c(ctx.battle, out);
    for (const auto& s : slots) {
        out.steps.push_back({s.name + " takes " + hits_text(on[static_cast<std::size_t>(s.index)]), cite("Melee: Effect (line 70)")});
        if (s.unit) {
            take_hits(ctx, c, *s.unit, on[static_cast<std::size_t>(s.index)], HitSource::Melee);
            kit::record(ctx.battle, out, *s.unit, Deed::Melee, How::Plain, 0, "fought in melee");
        }
    }
    out.results["hits_taken"] = taken[0];
    out.results["enemy_hits_taken"] = taken[1];
    out.steps.push_back({"By side: " + side_a + " took " + hits_text(taken[0]) + ", " + side_b + " took " +
                             hits_text(taken[1]) + " (reaction fire and melee)",
                         cite("Melee: Result (line 75; the author's answer, comment 2)")});
    if (taken[0] == taken[1]) {
        out.results["defeated"] = 0;
        out.steps.push_back({"Neither side took more: no one retreats; the melee goes on next turn with neither side "
                             "counting as charging, unless one side retreats during movement",
                             cite("Melee: Result (line 75)")});
        for (const auto& s : slots)
            if (s.unit && slot_at(s.opponent)->unit && c.figures(*s.unit) > 0)
                c.set_unit_counter(*s.unit, key::kMeleeWith, slot_at(s.opponent)->unit->id, "the melee goes on");
        out.outcome = "Melee: " + std::to_string(taken[0]) + " hits each, it goes on next turn";
        return;
    }
    const int loser = taken[0] > taken[1] ? 0 : 1;
    out.results["defeated"] = loser == 0 ? 1 : 2;
    const std::string lost = loser == 0 ? side_a : side_b;
    out.steps.push_back({lost + " took more hits than it inflicted: it is defeated (only units in the melee, not those "
                         "that gave fire support)",
                         cite("Melee: Result (line 75; the author's answer, comment 2)")});
    for (const auto& s : slots) {
        if (s.unit) c.set_unit_counter(*s.unit, key::kMeleeWith, 0, "out of contact");
        if (s.side == loser) defeated(ctx, c, s, out);
    }
    out.outcome = "Melee: " + lost + " defeated, " + std::to_string(taken[static_cast<std::size_t>(loser)]) + " hits to " +
                  std::to_string(taken[static_cast<std::size_t>(1 - loser)]);
}

// The form starts from what the units are: their type and class, every figure in contact in
// their formation's depth, the charge bonus, defensive fire against a charge into the front,
// and the hits each side took from fire out of turn this turn.
void frontage_defaults(const DefaultsContext& c, const model::Unit& u, const std::string& p, Defaults& d) {
    const Formation* f = formation_of(c.tables, u);
    d[p + "type"] = u.troop_type;
    d[p + "quality"] = u.quality;
    // A first guess at the depth from the formation (a column 3 deep, a line 2); the umpire
    // corrects it from the table.
    const int ranks = f && f->id == "column" ? 3 : f && f->id == "line" ? 2 : 1;
    d[p + "ranks"] = std::to_string(ranks);
    d[p + "front"] = std::to_string((u.figures + ranks - 1) / ranks);
    if (this_turn(c.battle, u, key::kReactionHitsTurn)) d[p + "reaction-hits"] = std::to_string(kit::counter(u, key::kReactionHits));
}

void melee_defaults(const DefaultsContext& c, Defaults& d) {
    std::array<std::string, 2> mods;
    const std::array<const model::Unit*, 2> units{c.unit, c.target};
    for (std::size_t i = 0; i < 2; ++i) {
        const model::Unit* u = units[i];
        if (!u) continue;
        const std::string p = i ? "enemy-" : "";
        frontage_defaults(c, *u, p, d);
        auto add = [&](const char* id) { mods[i] += (mods[i].empty() ? "" : ",") + std::string(id); };
        if (charging(c.battle, *u)) add("charging");
        if (this_turn(c.battle, *u, key::kObstacleTurn)) add("difficult");
        const model::Unit* other = units[1 - i];
        const TroopType& tt = type_of(c.tables, *u);
        if (other && tt.defensive_fire && this_turn(c.battle, *u, key::kChargedFrontTurn) &&
            kit::did(c.battle, *other, Deed::Charged, Within::Turn) && !kit::did(c.battle, *u, Deed::Melee, Within::Turn)) {
            d[p + "defensive-fire"] = "yes";
            if (is_mounted(c.tables, *other)) add("difficult");
            if (u->has_trait("superior-weapons") || u->has_trait("sharpshooters")) add(kDefensiveModifier);
        }
        d[p + "modifiers"] = mods[i];
    }
}

void add_slot_inputs(const Tables& t, rules::ActionSpec& a, const std::string& p, const std::string& who, bool main) {
    if (main) {
        std::vector<rules::Choice> types, classes;
        for (const auto& tt : t.troop_types) types.push_back({tt.id, tt.name, 0, ""});
        for (const auto& q : t.qualities) classes.push_back({q.id, q.name, q.melee, ""});
        a.inputs.push_back(kit::choice_input(p + "type", who + ": troop type", types, "infantry"));
        a.inputs.push_back(kit::choice_input(p + "quality", who + ": class", classes, "regular",
                                             "Elite +1, Militia or Irregular -1"));
    }
    rules::InputSpec front = kit::count_input(p + "front", who + ": figures in contact",
                                              "Figures in contact with the enemy (corner to corner counts)");
    if (!main) front.required = false;
    a.inputs.push_back(front);
    a.inputs.push_back(kit::count_input(p + "overlap", who + ": figures touching those in contact",
                                        "Further front-rank figures touching a figure in contact", 0, kit::kMaxFigures, "0"));
    a.inputs.push_back(kit::count_input(p + "ranks", who + ": ranks deep",
                                        "The 2nd rank counts as in contact; the 3rd and 4th rank of infantry count half",
                                        1, 100, "1"));
    a.inputs.push_back(kit::modifiers_input(p + "modifiers", who + ": modifiers", t.melee_modifiers));
    if (main) {
        a.inputs.push_back(kit::flag_input(p + "defensive-fire", who + ": defensive fire",
                                           "Infantry or artillery charged from the front roll first; artillery 1 die per 2 crew"));
        a.inputs.push_back(kit::count_input(p + "reaction-hits", who + "'s side: hits from fire out of turn",
                                            "Hits it took this turn from units shooting out of turn at the charge", 0,
                                            kit::kMaxFigures, "0"));
    }
}

} // namespace

void add_melee_actions(const Tables& t, ActionDefs& out) {
    ActionDef d;
    rules::ActionSpec& a = d.spec = kit::action("melee", "Melee",
                                                "Units in contact fight: figures counted, defensive fire first, the "
                                                "result by side",
                                                cite("Melee (lines 64-75)"));
    a.needs_unit = true;
    a.target_optional = true;
    rules::InputSpec ally = kit::count_input("ally", "A second unit of this side", "Another unit of this side in the melee; 0: none",
                                             0, kit::kMaxId, "0");
    ally.id_of = rules::IdOf::Unit;
    rules::InputSpec enemy_ally = ally;
    enemy_ally.id = "enemy-ally";
    enemy_ally.label = "A second enemy unit";
    enemy_ally.help = "Another enemy unit in the melee; 0: none";
    add_slot_inputs(t, a, "", "The unit", true);
    add_slot_inputs(t, a, "enemy-", "The enemy", true);
    a.inputs.push_back(ally);
    add_slot_inputs(t, a, "ally-", "The second unit", false);
    a.inputs.push_back(enemy_ally);
    add_slot_inputs(t, a, "enemy-ally-", "The second enemy unit", false);
    d.resolve = resolve_melee;
    d.defaults = melee_defaults;
    out.push_back(d);
}

} // namespace umpire::rattle
