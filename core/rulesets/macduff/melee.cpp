// Melee (8): both sides roll 1 die per 2 figures fighting (half if shaken), hits on a modified
// 4, 5 or 6; the side that took more hits than it inflicted is defeated and routs if shaken,
// else retreats a full move unformed (infantry in square fighting cavalry stands).
#include "rulesets/macduff/mechanics.h"

namespace umpire::macduff {

using model::Flag;

namespace {

constexpr const char* kSquareModifier = "cavalry-vs-square";

std::string dice_text(int n) { return std::to_string(n) + (n == 1 ? " die" : " dice"); }
std::string hits_text(int n) { return std::to_string(n) + (n == 1 ? " hit" : " hits"); }
std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

// One side of the melee as the umpire described it.
struct Side {
    std::string name;
    const model::Unit* unit;
    int figures;
    bool shaken;
    std::set<std::string> modifiers;
    int dice = 0;
    int modifier = 0;
};

void count_dice(const Context& ctx, Side& side, rules::Resolution& out) {
    const Melee& m = ctx.tables.melee;
    side.dice = dice_for(side.figures, m.figures_per_die);
    out.steps.push_back({side.name + ": " + std::to_string(side.figures) +
                             " figures fighting, 1 die per " + std::to_string(m.figures_per_die) +
                             ", remainder of 1/2 or more counts: " + dice_text(side.dice),
                         cite(m.citation)});
    if (side.shaken) {
        side.dice = dice_for(side.dice, m.shaken_divisor);
        out.steps.push_back({side.name + " is shaken: half the dice: " + dice_text(side.dice),
                             cite("8.2 Shaken")});
    }
    for (const auto& id : side.modifiers) {
        const Modifier& mod = *ctx.tables.melee_modifier(id);
        side.modifier += mod.value;
        out.steps.push_back({side.name + ": " + mod.name + " " + signed_text(mod.value), cite(mod.citation)});
    }
    int natural = natural_needed(m.hit_on, side.modifier);
    out.steps.push_back({side.name + ": modifier " + signed_text(side.modifier) + ", " +
                             (natural >= 7 ? std::string("no score can hit")
                                           : "hits on " + std::to_string(natural) + "-6"),
                         cite("8.3 Effect")});
}

// The loser of the round (8.5): rout if shaken after its casualties, else retreat unformed,
// except infantry in square fighting cavalry, which stands.
void defeated(const Side& loser, const Side& winner, bool shaken_now, rules::Resolution& out) {
    const std::string citation = cite("8.5 Result");
    const bool square_stands = winner.modifiers.count(kSquareModifier) > 0;
    if (shaken_now) {
        out.steps.push_back({loser.name + " is defeated and shaken: it routs and is removed", citation});
        if (loser.unit) out.effects.push_back({model::Entity::Unit, loser.unit->id, "flag:routed", 0, 1, "routed in melee"});
        return;
    }
    if (square_stands) {
        out.steps.push_back({loser.name + " is defeated but is infantry in square fighting cavalry: it "
                             "stands. The square is broken: the cavalry fights a pursuit melee with no "
                             "square modifier; if the cavalry wins that, the infantry routs",
                             cite("8.5 Result, 8.6 Pursuit")});
        if (winner.unit)
            out.follow_ups.push_back({"melee", winner.unit->id,
                                      "pursuit melee against the broken square (no square modifier)",
                                      cite("8.6 Pursuit")});
        return;
    }
    out.steps.push_back({loser.name + " is defeated: it turns and retreats a full move facing away "
                         "from the enemy, unformed",
                         citation});
    if (loser.unit && !loser.unit->has(Flag::Disordered))
        out.effects.push_back({model::Entity::Unit, loser.unit->id, "flag:disordered", 0, 1,
                               "defeated in melee: retreats unformed"});
}

} // namespace

void resolve_melee(const Context& ctx, rules::Resolution& out) {
    const Melee& m = ctx.tables.melee;
    Side a{ctx.unit ? ctx.unit->name : "The unit", ctx.unit, ctx.inputs.count("figures"),
           ctx.inputs.flag("shaken"), ctx.inputs.modifiers("modifiers")};
    Side b{ctx.target ? ctx.target->name : "The enemy", ctx.target, ctx.inputs.count("enemy-figures"),
           ctx.inputs.flag("enemy-shaken"), ctx.inputs.modifiers("enemy-modifiers")};
    count_dice(ctx, a, out);
    count_dice(ctx, b, out);

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

    // Casualties first: "when a unit drops below strength it is immediately shaken" (9.2), so the
    // loser's rout check sees the shaken state after this round (rulings.md).
    bool a_shaken = a.shaken, b_shaken = b.shaken;
    bool a_gone = false, b_gone = false;
    if (a.unit) {
        a_shaken = take_casualties(ctx.tables, *a.unit, b_inflicted, false, out);
        a_gone = b_inflicted >= a.unit->figures;
    }
    if (b.unit) {
        b_shaken = take_casualties(ctx.tables, *b.unit, a_inflicted, false, out);
        b_gone = a_inflicted >= b.unit->figures;
    }

    if (b_inflicted > a_inflicted) {
        out.outcome = a.name + " defeated by " + b.name + " (" + std::to_string(a_inflicted) + "-" +
                      std::to_string(b_inflicted) + ")";
        if (!a_gone) defeated(a, b, a_shaken, out);
        if (b.unit && b_shaken && a_inflicted > 0 && !b_gone) require_rally(*b.unit, out);
    } else if (a_inflicted > b_inflicted) {
        out.outcome = b.name + " defeated by " + a.name + " (" + std::to_string(a_inflicted) + "-" +
                      std::to_string(b_inflicted) + ")";
        if (!b_gone) defeated(b, a, b_shaken, out);
        if (a.unit && a_shaken && b_inflicted > 0 && !a_gone) require_rally(*a.unit, out);
        out.steps.push_back({a.name + " may pursue: charge the same or another unit and fight a round "
                             "at once, with no reaction" +
                                 std::string(a.unit && a.unit->has_trait("impetuous") ? " (impetuous: must pursue)" : ""),
                             cite("8.6 Pursuit")});
    } else {
        out.outcome = "Drawn melee between " + a.name + " and " + b.name + " (" +
                      std::to_string(a_inflicted) + "-" + std::to_string(b_inflicted) + ")";
        out.steps.push_back({"Equal hits: neither is defeated; units still in contact fight again "
                             "next melee phase",
                             cite("8.5 Result")});
        if (a.unit && a_shaken && b_inflicted > 0 && !a_gone) require_rally(*a.unit, out);
        if (b.unit && b_shaken && a_inflicted > 0 && !b_gone) require_rally(*b.unit, out);
    }
}

} // namespace umpire::macduff
