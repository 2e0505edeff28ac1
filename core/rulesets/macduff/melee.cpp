// Melee (8): both sides roll 1 die per 2 figures fighting (2 ranks if formed, 1 if unformed or
// attacked in flank or rear; half if shaken), hits on a modified 4, 5 or 6; the side that took
// more hits than it inflicted is defeated and routs if shaken, else retreats a full move unformed
// (infantry in square fighting cavalry stands, and the square is broken). A charger whose enemy
// is defeated may pursue; units still in contact fight again next melee phase. Two chance cards
// add to a unit's melee this turn: Huzzah!'s +1 a die (a modifier) and I'll Try Sir!'s extra die.
#include "rulesets/macduff/action_def.h"
#include "rulesets/macduff/chance.h"

#include <algorithm>
#include <set>

namespace umpire::macduff {

using model::Flag;

namespace {

constexpr const char* kSquareModifier = "cavalry-vs-square";
constexpr const char* kChargingModifier = "charging";
constexpr const char* kExtraDieInput = "extra-die";  // I'll Try Sir!'s box (R57)
constexpr const char* kEnemyExtraDieInput = "enemy-extra-die";

// One side of the melee as the umpire described it.
struct Side {
    std::string name;
    const model::Unit* unit;
    int figures;
    bool shaken;
    std::set<std::string> modifiers;
    bool charged = false;
    bool extra_die = false;  // the I'll Try Sir! box
    int dice = 0;
    int modifier = 0;
};

Side make_side(const Context& ctx, const model::Unit* unit, const std::string& prefix, const char* fallback) {
    const Melee& m = ctx.tables.melee;
    Side side{who(unit, fallback), unit, ctx.inputs.count(prefix + "figures"), ctx.inputs.flag(prefix + "shaken"),
              ctx.inputs.modifiers(prefix + "modifiers")};
    side.charged = ctx.inputs.flag(prefix + "charged") || side.modifiers.count(kChargingModifier) > 0;
    side.extra_die = ctx.inputs.flag(prefix + kExtraDieInput);
    // The app keeps the card on the unit: a box ticked without it is a slip, as with move's Huzzah!.
    if (side.extra_die && unit && !this_turn(ctx.battle, *unit, key::kExtraDieTurn))
        throw rules::InputError(prefix + kExtraDieInput, unit->name + " was not named for " +
                                                             ctx.tables.extra_die_card()->name + " this turn");
    // 8.1: 2 ranks if formed, 1 if unformed or attacked in flank or rear.
    const int frontage = ctx.inputs.count(prefix + "frontage");
    if (frontage > 0) {
        const bool flank = ctx.inputs.flag(prefix + "flank");
        const int ranks = flank ? m.unformed_ranks : ctx.inputs.count(prefix + "ranks");
        side.figures = std::min(side.figures, frontage * ranks);
    }
    return side;
}

// I'll Try Sir! (chance card): "a unit which charges this turn may add 1 extra die in melee". Added
// after halving for shaken: the card adds to what the unit rolls, not to its figures (R57).
void card_dice(const Context& ctx, Side& side, rules::Resolution& out) {
    const NominateCard* card = ctx.tables.extra_die_card();
    if (!card || !side.extra_die || side.figures <= 0) return;  // no figures fighting: no one to roll it
    const std::string citation = chance_citation(ctx.tables);
    if (!side.charged) {
        out.steps.push_back({side.name + " did not charge into this melee: no " + card->name + " extra die", citation});
        return;
    }
    side.dice += card->extra_dice;
    out.steps.push_back({side.name + " charged: " + card->name + " (chance card) adds " + dice_text(card->extra_dice) +
                             ": " + dice_text(side.dice),
                         citation});
}

void count_dice(const Context& ctx, Side& side, const std::string& prefix, rules::Resolution& out) {
    const Melee& m = ctx.tables.melee;
    if (const int frontage = ctx.inputs.count(prefix + "frontage"); frontage > 0) {
        const bool flank = ctx.inputs.flag(prefix + "flank");
        const int ranks = flank ? m.unformed_ranks : ctx.inputs.count(prefix + "ranks");
        out.steps.push_back({side.name + ": " + std::to_string(frontage) + " figures wide, " + std::to_string(ranks) +
                                 (ranks == 1 ? " rank" : " ranks") +
                                 (flank ? " (attacked in flank or rear)" : "") + " fight",
                             cite(m.citation)});
    }
    side.dice = dice_for(side.figures, m.figures_per_die);
    out.steps.push_back({side.name + ": " + std::to_string(side.figures) + " figures fighting, 1 die per " +
                             std::to_string(m.figures_per_die) + ", remainder of 1/2 or more counts: " +
                             dice_text(side.dice),
                         cite(m.citation)});
    if (side.shaken) {
        side.dice = dice_for(side.dice, m.shaken_divisor);
        out.steps.push_back({side.name + " is shaken: half the dice: " + dice_text(side.dice), cite("8.2 Shaken")});
    }
    card_dice(ctx, side, out);
    for (const auto& id : side.modifiers) {
        const Modifier& mod = *ctx.tables.melee_modifier(id);
        side.modifier += mod.value;
        out.steps.push_back({side.name + ": " + mod.name + " " + signed_text(mod.value), cite(mod.citation)});
    }
    const int natural = natural_needed(m.hit_on, side.modifier);
    out.steps.push_back({side.name + ": modifier " + signed_text(side.modifier) + ", " + kit::need_text(natural, "hit"),
                         cite("8.3 Effect")});
}

void end_contact(const Context& ctx, const Side& a, const Side& b, rules::Resolution& out) {
    for (const Side* s : {&a, &b})
        if (s->unit) set_counter(ctx.battle, out, *s->unit, key::kMeleeWith, 0, "out of contact");
}

// The loser of the round (8.5): rout if shaken after its casualties, else retreat unformed,
// except infantry in square fighting cavalry, which stands and is broken.
void defeated(const Context& ctx, const Side& loser, const Side& winner, bool shaken_now, bool broken_square,
              rules::Resolution& out) {
    const std::string citation = cite("8.5 Result");
    if (broken_square) {
        out.steps.push_back({loser.name + ", the broken square, loses the pursuit melee: it routs and is destroyed",
                             cite("8.6 Pursuit")});
        if (loser.unit) unit_lost(ctx, *loser.unit, LossCause::Destroyed, "broken square defeated by cavalry", out);
        return;
    }
    if (shaken_now) {
        out.steps.push_back({loser.name + " is defeated and shaken: it routs and is removed", citation});
        if (loser.unit) unit_lost(ctx, *loser.unit, LossCause::Routed, "defeated in melee while shaken", out);
        return;
    }
    if (winner.modifiers.count(kSquareModifier) > 0) {
        out.steps.push_back({loser.name + " is defeated but is infantry in square fighting cavalry: it stands. "
                             "The square is broken: the cavalry fights a pursuit melee with no square modifier; "
                             "if the cavalry wins that, the infantry routs and is destroyed, otherwise the square "
                             "reforms",
                             cite("8.5 Result, 8.6 Pursuit")});
        if (loser.unit) set_counter(ctx.battle, out, *loser.unit, key::kSquareBroken, 1, "square broken by cavalry");
        if (winner.unit) ctx.owe(out, *winner.unit, owed::kSquarePursuit, "defeated " + loser.name + " in square");
        return;
    }
    out.steps.push_back({loser.name + " is defeated: it turns and retreats a full move facing away from the enemy, "
                         "unformed",
                         citation});
    if (loser.unit) {
        set_flag(ctx.battle, out, *loser.unit, Flag::Disordered, true, "defeated in melee: retreats unformed");
        ctx.owe(out, *loser.unit, owed::kMeleeRetreat, "defeated by " + winner.name);
    }
    end_contact(ctx, loser, winner, out);
}

// 8.6: a charger whose melee opponents are all defeated or eliminated may charge again at once,
// with no reaction; impetuous units must.
void offer_pursuit(const Context& ctx, const Side& winner, bool square_stands, rules::Resolution& out) {
    if (!winner.charged || square_stands) return;
    // For Want of a Nail: a unit that may not move this turn may not charge again either (R58).
    if (winner.unit && this_turn(ctx.battle, *winner.unit, key::kNoMoveTurn)) {
        out.steps.push_back({winner.name + " may not pursue: a courier has been delayed (For Want of a Nail) and it "
                             "may not move this turn",
                             chance_citation(ctx.tables)});
        return;
    }
    const bool must = winner.unit && winner.unit->has_trait("impetuous");
    out.steps.push_back({winner.name + (must ? " is impetuous and must pursue" : " may pursue") +
                             ": charge the same or another unit and fight a round at once, with no reaction",
                         cite("8.6 Pursuit")});
    if (!winner.unit) return;
    if (must) {
        ctx.owe(out, *winner.unit, owed::kImpetuousPursuit, winner.name + " is impetuous and its enemy is defeated");
        return;
    }
    rules::FollowUp pursue{"melee", winner.unit->id, winner.name + " may pursue: a pursuit charge, no reaction",
                           cite("8.6 Pursuit")};
    pursue.values["pursuit"] = "yes";
    out.follow_ups.push_back(std::move(pursue));
}

void resolve_melee(const Context& ctx, rules::Resolution& out) {
    const Melee& m = ctx.tables.melee;
    Side a = make_side(ctx, ctx.unit, "", "The unit");
    Side b = make_side(ctx, ctx.target, "enemy-", "The enemy");
    const bool pursuit = ctx.inputs.flag("pursuit");
    const bool broken_square = ctx.inputs.flag("broken-square");
    if (pursuit && ctx.unit && this_turn(ctx.battle, *ctx.unit, key::kNoMoveTurn))
        ctx.forbid(out, a.name + " may not move this turn (For Want of a Nail): no pursuit charge",
                   chance_citation(ctx.tables));
    if (pursuit) {
        out.steps.push_back({a.name + " is pursuing: no reaction to a pursuit charge; +1 as charging", cite("8.6 Pursuit")});
        a.modifiers.insert(kChargingModifier);
        a.charged = true;
    }
    if (broken_square) {
        out.steps.push_back({"Pursuit melee against a broken square: no square modifier", cite("8.6 Pursuit")});
        a.modifiers.erase(kSquareModifier);
    }
    count_dice(ctx, a, "", out);
    count_dice(ctx, b, "enemy-", out);

    const auto a_hits = dice::Distribution::successes(a.dice, success_chance(m.hit_on, a.modifier));
    const auto b_hits = dice::Distribution::successes(b.dice, success_chance(m.hit_on, b.modifier));
    out.odds.push_back({"hits by " + a.name, a_hits});
    out.odds.push_back({"hits by " + b.name, b_hits});
    double a_wins = 0, b_wins = 0;
    for (int x = a_hits.min(); x <= a_hits.max(); ++x)
        for (int y = b_hits.min(); y <= b_hits.max(); ++y) {
            double p = a_hits.p_exactly(x) * b_hits.p_exactly(y);
            if (x > y) a_wins += p;
            if (y > x) b_wins += p;
        }
    out.chances.push_back({b.name + " defeated", a_wins});
    out.chances.push_back({a.name + " defeated", b_wins});
    out.chances.push_back({"neither defeated", 1 - a_wins - b_wins});

    if (!ctx.dice) {
        out.outcome = a.name + " " + dice_text(a.dice) + " against " + b.name + " " + dice_text(b.dice);
        return;
    }

    rules::DiceGroup a_roll{a.name + " melee dice", ctx.dice->d6s(a.dice, "the unit's melee dice"), a.modifier, m.hit_on};
    rules::DiceGroup b_roll{b.name + " melee dice", ctx.dice->d6s(b.dice, "the enemy's melee dice"), b.modifier, m.hit_on};
    out.dice.push_back(a_roll);
    out.dice.push_back(b_roll);
    const int a_inflicted = a_roll.successes();
    const int b_inflicted = b_roll.successes();
    out.results["hits"] = a_inflicted;
    out.results["hits_taken"] = b_inflicted;
    out.steps.push_back({a.name + " inflicts " + hits_text(a_inflicted) + "; " + b.name + " inflicts " +
                             hits_text(b_inflicted),
                         cite("8.3 Effect")});

    // 5.7: a unit contacted by a charge is pinned until at least 1 round of melee is fought. Both
    // have fought their melee this phase (4.2: what the melee phase owes them).
    for (const Side* s : {&a, &b})
        if (s->unit) {
            set_flag(ctx.battle, out, *s->unit, Flag::Pinned, false, "a round of melee fought");
            set_counter(ctx.battle, out, *s->unit, key::kChargedBy, 0, "a round of melee fought");
            kit::record(ctx.battle, out, *s->unit, Deed::Melee, pursuit ? How::Pursuit : How::Plain, 0, "fought a round of melee");
        }

    // Casualties first: "when a unit drops below strength it is immediately shaken" (9.2), so the
    // loser's rout check sees the shaken state after this round (R13).
    bool a_shaken = a.shaken, b_shaken = b.shaken;
    bool a_gone = false, b_gone = false;
    // Gone: destroyed by the hits (a last figure awaiting Steady Men! still stands, R20).
    if (a.unit) {
        a_shaken = take_casualties(ctx, *a.unit, b_inflicted, false, HitSource::Melee, out);
        a_gone = flag_now(ctx.battle, out, *a.unit, Flag::Routed);
    }
    if (b.unit) {
        b_shaken = take_casualties(ctx, *b.unit, a_inflicted, false, HitSource::Melee, out);
        b_gone = flag_now(ctx.battle, out, *b.unit, Flag::Routed);
    }
    const std::string score = " (" + std::to_string(a_inflicted) + "-" + std::to_string(b_inflicted) + ")";

    if (b_inflicted > a_inflicted) {
        out.outcome = a.name + " defeated by " + b.name + score;
        if (!a_gone) defeated(ctx, a, b, a_shaken, false, out);
        if (b.unit && b_shaken && a_inflicted > 0 && !b_gone) require_rally(ctx, *b.unit, out);
        if (broken_square) {
            out.steps.push_back({"The cavalry did not win: the square is immediately reformed", cite("8.6 Pursuit")});
            if (b.unit) set_counter(ctx.battle, out, *b.unit, key::kSquareBroken, 0, "square reformed");
        }
        offer_pursuit(ctx, b, !a_gone && !a_shaken && b.modifiers.count(kSquareModifier) > 0, out);
    } else if (a_inflicted > b_inflicted) {
        out.outcome = b.name + " defeated by " + a.name + score;
        if (!b_gone) defeated(ctx, b, a, b_shaken, broken_square, out);
        if (a.unit && a_shaken && b_inflicted > 0 && !a_gone) require_rally(ctx, *a.unit, out);
        offer_pursuit(ctx, a, !b_gone && !b_shaken && !broken_square && a.modifiers.count(kSquareModifier) > 0, out);
    } else {
        out.outcome = "Drawn melee between " + a.name + " and " + b.name + score;
        out.steps.push_back({"Equal hits: neither is defeated; units still in contact fight again next melee phase",
                             cite("8.5 Result")});
        if (broken_square) {
            out.steps.push_back({"The cavalry did not win: the square is immediately reformed", cite("8.6 Pursuit")});
            if (b.unit) set_counter(ctx.battle, out, *b.unit, key::kSquareBroken, 0, "square reformed");
        }
        if (a.unit && a_shaken && b_inflicted > 0 && !a_gone) require_rally(ctx, *a.unit, out);
        if (b.unit && b_shaken && a_inflicted > 0 && !b_gone) require_rally(ctx, *b.unit, out);
    }
    // Still in contact: a drawn round, or a square standing against cavalry.
    if (a.unit && b.unit && !flag_now(ctx.battle, out, *a.unit, Flag::Routed) &&
        !flag_now(ctx.battle, out, *b.unit, Flag::Routed) &&
        (a_inflicted == b_inflicted || counter_now(ctx.battle, out, *b.unit, key::kSquareBroken) > 0)) {
        set_counter(ctx.battle, out, *a.unit, key::kMeleeWith, b.unit->id, "still in contact");
        set_counter(ctx.battle, out, *b.unit, key::kMeleeWith, a.unit->id, "still in contact");
    }
}

std::string melee_mods(const model::Unit& u, const model::Unit* enemy, const model::Battle& battle) {
    std::string mods;
    auto add = [&](const char* id) { mods += (mods.empty() ? "" : ",") + std::string(id); };
    if (u.quality == "elite" || u.has_trait("shock-troops")) add("elite-or-shock");
    if (u.has_trait("militia") || u.has_trait("not-equipped-for-melee")) add("militia");
    if (charged_this_turn(battle, u) && !fired_this_turn(battle, u)) add(kChargingModifier);
    if (this_turn(battle, u, key::kHuzzahMeleeTurn)) add(kHuzzahModifier);  // the chance card (R54)
    if (enemy && u.troop_type == "cavalry" && enemy->counters.count(key::kSquare) &&
        !enemy->counters.count(key::kSquareBroken))
        add(kSquareModifier);
    return mods;
}

void melee_defaults(const DefaultsContext& c, Defaults& d) {
    const Melee& m = c.tables.melee;
    const bool card = c.tables.extra_die_card() != nullptr;  // I'll Try Sir!'s box, ticked by the marker (R57)
    auto ranks = [&](const model::Unit& u) {
        return std::to_string(u.formed && !u.has(Flag::Disordered) ? m.formed_ranks : m.unformed_ranks);
    };
    if (c.unit) {
        d["figures"] = std::to_string(c.unit->figures);
        d["shaken"] = yes_no(c.unit->has(Flag::Shaken));
        d["modifiers"] = melee_mods(*c.unit, c.target, c.battle);
        d["ranks"] = ranks(*c.unit);
        d["charged"] = yes_no(charged_this_turn(c.battle, *c.unit));
        if (card) d[kExtraDieInput] = yes_no(this_turn(c.battle, *c.unit, key::kExtraDieTurn));
        d["broken-square"] = yes_no(c.target && c.unit->troop_type == "cavalry" &&
                                    c.target->counters.count(key::kSquareBroken));
    }
    if (c.target) {
        d["enemy-figures"] = std::to_string(c.target->figures);
        d["enemy-shaken"] = yes_no(c.target->has(Flag::Shaken));
        d["enemy-modifiers"] = melee_mods(*c.target, c.unit, c.battle);
        d["enemy-ranks"] = ranks(*c.target);
        d["enemy-charged"] = yes_no(charged_this_turn(c.battle, *c.target));
        if (card) d[kEnemyExtraDieInput] = yes_no(this_turn(c.battle, *c.target, key::kExtraDieTurn));
    }
}

} // namespace

void add_melee_actions(const Tables& t, ActionDefs& out) {
    ActionDef d;
    rules::ActionSpec& a = d.spec;
    a.id = "melee";
    a.name = "Melee";
    a.summary = "A round of melee between the unit and its enemy: hits on a modified 4, 5 or 6";
    a.citation = cite("8 Melee");
    a.needs_unit = true;
    a.needs_target = true;
    const std::string ranks_help = "2 if formed; 1 if unformed or attacked in flank or rear (8.1)";
    const std::string frontage_help = "0: every figure counted fights. Otherwise frontage x ranks fight (8.1)";
    const std::string ranks_default = std::to_string(t.melee.unformed_ranks);
    a.inputs.push_back(count_input("figures", "Figures fighting", "2 ranks if formed; 1 rank if unformed or attacked in flank or rear"));
    a.inputs.push_back(flag_input("shaken", "Unit is shaken", "Shaken units roll half the dice (8.2)"));
    a.inputs.push_back(modifiers_input("modifiers", "Unit's die modifiers", t.melee.modifiers));
    a.inputs.push_back(count_input("enemy-figures", "Enemy figures fighting", "2 ranks if formed; 1 rank if unformed or attacked in flank or rear"));
    a.inputs.push_back(flag_input("enemy-shaken", "Enemy is shaken", "Shaken units roll half the dice (8.2)"));
    a.inputs.push_back(modifiers_input("enemy-modifiers", "Enemy's die modifiers", t.melee.modifiers));
    a.inputs.push_back(count_input("frontage", "Unit's frontage (figures wide)", frontage_help, 0, kMaxFigures, "0"));
    a.inputs.push_back(count_input("ranks", "Unit's ranks", ranks_help, 1, 2, ranks_default));
    a.inputs.push_back(flag_input("flank", "Unit attacked in flank or rear", "Only 1 rank fights (8.1)"));
    a.inputs.push_back(count_input("enemy-frontage", "Enemy's frontage (figures wide)", frontage_help, 0, kMaxFigures, "0"));
    a.inputs.push_back(count_input("enemy-ranks", "Enemy's ranks", ranks_help, 1, 2, ranks_default));
    a.inputs.push_back(flag_input("enemy-flank", "Enemy attacked in flank or rear", "Only 1 rank fights (8.1)"));
    a.inputs.push_back(flag_input("charged", "Unit charged into this melee", "A charger whose enemy is defeated may pursue (8.6)"));
    a.inputs.push_back(flag_input("enemy-charged", "Enemy charged into this melee", "A charger whose enemy is defeated may pursue (8.6)"));
    a.inputs.push_back(flag_input("pursuit", "A pursuit charge", "No reaction; +1 as pursuing (8.4, 8.6)"));
    a.inputs.push_back(flag_input("broken-square", "Cavalry's pursuit melee against a broken square",
                                  "No square modifier; if the cavalry wins the infantry is destroyed, else the square reforms (8.6)"));
    if (const NominateCard* card = t.extra_die_card()) {
        // Declared only while the tables have the card: a house rule may make it a note again.
        const std::string help = "+" + dice_text(card->extra_dice) + " if it charged into this melee: the card was "
                                 "played on it this turn (R57)";
        a.inputs.push_back(flag_input(kExtraDieInput, "Unit's " + card->name + " (chance card)", help));
        a.inputs.push_back(flag_input(kEnemyExtraDieInput, "Enemy's " + card->name + " (chance card)", help));
    }
    d.resolve = resolve_melee;
    d.defaults = melee_defaults;
    out.push_back(d);
}

} // namespace umpire::macduff
