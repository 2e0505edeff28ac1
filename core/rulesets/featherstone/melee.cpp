// Melee (lines 130-162, 238-250; summary lines 442-446): the same dice as shooting at 4 or less,
// by the figures in the fighting ranks (cavalry double when they charge infantry, light cavalry
// half as many dice again against infantry, a square with half its figures), hits halved where
// the text says, saves, then the loser: casualties inflicted plus grade plus leader, ties to the
// defender. Lancers strike first against cavalry without lances; cavalry must inflict 4 on a
// square or lose; grenadiers and guards reroll a die; a defender that fired first has fought.
#include "rulesets/featherstone/mechanics.h"

#include "model/names.h"

#include <functional>

namespace umpire::featherstone {

namespace {

const std::string kMeleeCite = "Melee";

struct Fighter {
    std::string name;
    const model::Unit* unit = nullptr;
    Troops troops;
    int figures = 0;
    int grade = 0;
    int leader = 0;
    std::string leader_text;
    bool reroll = false;
    bool disordered = false;
    std::string cover = "open";
    bool square = false;
    bool attacker = false;
    bool charged = false;
};

Fighter fighter(const Context& ctx, bool attacker) {
    const Tables& t = ctx.tables;
    const std::string p = attacker ? "" : "enemy-";
    Fighter f;
    f.attacker = attacker;
    f.unit = attacker ? ctx.unit : ctx.target;
    f.name = attacker ? ctx.unit_name("The attacker") : ctx.target_name("the defender");
    f.troops = troops_of(t, ctx.inputs.choice(p + "type"), ctx.inputs.flag(p + "armoured"), ctx.inputs.flag(p + "lancers"));
    f.figures = ctx.inputs.count(p + "figures");
    if (f.unit && f.figures > f.unit->figures)
        throw rules::InputError(p + "figures", f.unit->name + " has " + plural(f.unit->figures, "figure", "figures"));
    const Quality* q = t.quality(ctx.inputs.choice(p + "quality"));
    f.grade = q ? q->grade : 0;
    const std::string leader = ctx.inputs.choice(p + "leader");
    f.leader = leader == "attached" ? t.melee.leader_attached : leader == "involved" ? t.melee.leader_involved : 0;
    f.leader_text = leader == "attached" ? "a leader attached" : "a leader involved";
    f.reroll = ctx.inputs.flag(p + "reroll");
    f.disordered = ctx.inputs.flag(p + "disordered");
    f.cover = ctx.inputs.choice(p + "cover");
    f.square = !attacker && ctx.inputs.flag("square");
    f.charged = attacker && ctx.inputs.flag("charged");
    return f;
}

bool impetus_applies(const Tables& t, const Fighter& f, const Fighter& enemy) {
    return f.charged && f.troops.arm == Arm::Cavalry && enemy.troops.arm == Arm::Infantry &&
           (f.troops.heavy || t.options.impetus_all_cavalry);
}

// The dice a side rolls having lost `lost` figures before it strikes; the working when `out`.
int melee_dice(const Tables& t, const Fighter& f, const Fighter& enemy, int lost, rules::Resolution* out) {
    const Melee& m = t.melee;
    auto note = [&](const std::string& text, const std::string& where = kMeleeCite) {
        if (out) out->steps.push_back({f.name + ": " + text, cite(where)});
    };
    int fighters = std::max(0, f.figures - lost);
    note(plural(fighters, "figure", "figures") + " fight (" + std::to_string(m.ranks_infantry) + " ranks of infantry, " +
         std::to_string(m.ranks_cavalry) + " of cavalry)" +
         (lost ? ", after losing " + std::to_string(lost) + " to the first strike" : std::string()));
    if (f.square) {
        fighters = scale(t, fighters, m.square_figures);
        note("in square, fights with " + fraction_text(m.square_figures) + " of its figures: " + std::to_string(fighters),
             "Infantry Square");
    }
    bool impetus = false;
    if (impetus_applies(t, f, enemy)) {
        if (enemy.square) {
            note("no charge impetus against a square", "Infantry Square");
        } else {
            impetus = true;
            fighters *= m.impetus;
            note("cavalry figures count " + std::to_string(m.impetus) + " times in the turn they charge infantry: " +
                 std::to_string(fighters));
        }
    }
    int dice = dice_for_figures(t, fighters);
    note(dice_for_text(t, fighters, dice));
    if (f.troops.arm == Arm::Cavalry && !f.troops.heavy && enemy.troops.arm == Arm::Infantry && !impetus) {
        const int more = scale(t, dice, m.light_cavalry_dice);
        note("light cavalry get " + fraction_text(m.light_cavalry_dice) + " of their dice against infantry: " +
                 kit::dice_text(more),
             "Special Rules");
        dice = more;
    }
    return dice;
}

// The halvings of the hits a side inflicts, as a function; the working when `out`.
std::function<int(int)> hit_adjust(const Tables& t, const Fighter& f, const Fighter& enemy, bool open,
                                   rules::Resolution* out) {
    std::vector<std::pair<Fraction, std::string>> cuts;
    const Melee& m = t.melee;
    if (f.disordered && t.options.disorder_halves_melee)
        cuts.push_back({{1, 2}, "disordered: hits halved, as in shooting"});
    const bool light = f.troops.arm == Arm::Cavalry && !f.troops.heavy;
    if (enemy.troops.arm == Arm::Cavalry && enemy.troops.heavy && (light || !t.options.light_halved_on_heavy_only))
        cuts.push_back({m.light_on_heavy, "hits against heavy cavalry are halved"});
    if (f.troops.skirmish && open)
        cuts.push_back({m.skirmishers_open, "skirmishers fighting in the open count half their hits"});
    if (out)
        for (const auto& [fraction, why] : cuts)
            out->steps.push_back({f.name + ": " + why + " (" + fraction_text(fraction) + ")", cite(kMeleeCite)});
    return [&t, cuts](int hits) {
        for (const auto& [fraction, why] : cuts) hits = scale(t, hits, fraction);
        return hits;
    };
}

// Cavalry's casualties on a square: halved after the saving rolls, "Casualties inflicted by cavalry
// on a square are halved" (line 161), lancers excepted (line 246); the working when `out`.
std::function<int(int)> casualty_adjust(const Tables& t, const Fighter& f, const Fighter& enemy, rules::Resolution* out) {
    if (f.troops.arm != Arm::Cavalry || !enemy.square) return [](int casualties) { return casualties; };
    if (f.troops.lancers) {
        if (out) out->steps.push_back({f.name + ": lancers' damage is not halved against a square", cite("Special Rules")});
        return [](int casualties) { return casualties; };
    }
    const Fraction cut = t.melee.square_cavalry;
    if (out)
        out->steps.push_back({f.name + ": casualties cavalry inflict on a square are halved, after the saving rolls (" +
                                  fraction_text(cut) + ")",
                              cite("Infantry Square")});
    return [&t, cut](int casualties) { return scale(t, casualties, cut); };
}

struct Strike {
    int hits = 0;
    int casualties = 0;
};

} // namespace

void resolve_melee(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Melee& m = t.melee;
    Fighter att = fighter(ctx, true);
    Fighter def = fighter(ctx, false);
    if (att.troops.arm == Arm::Artillery)
        throw rules::InputError("type", "artillery does not charge into melee: it shelters or fires (Sheltering "
                                        "artillery crews and generals)");
    // The reroll is a rule of infantry (lines 248-250): the Guard's cavalry do not have it.
    for (const Fighter* f : {&att, &def})
        if (f->reroll && !m.rerolls_for(f->troops.arm))
            ctx.forbid(out, f->name + " are " + model::lower(f->troops.type_name) +
                                ": grenadiers and guards reroll one die in melee as infantry, not as cavalry or artillery",
                       cite("Special Rules"));
    const bool open = ctx.inputs.flag("open");
    // Skirmishers caught as they evade "may not strike back against the enemy" (line 269).
    const bool caught = ctx.inputs.flag("caught");
    if (caught && !def.troops.skirmish)
        ctx.forbid(out, def.name + " is not skirmish infantry: only skirmishers evade a charge and are caught in retreat",
                   cite("Skirmish Infantry"));
    const int fired_first = caught ? 0 : ctx.inputs.count("fired-first");
    const bool def_rolls = !caught && fired_first == 0;
    if (def.square && att.troops.arm == Arm::Cavalry)
        out.steps.push_back({att.name + " meets a square: it must inflict " + std::to_string(m.square_must_inflict) +
                                 " or more casualties or it loses",
                             cite("Infantry Square")});
    if (def.square && att.troops.arm == Arm::Infantry)
        out.steps.push_back({"A square fights infantry with half its figures too", cite("Infantry Square")});
    // Who strikes first: lancers against cavalry without lances; a defender that fired first.
    const bool both_cavalry = att.troops.arm == Arm::Cavalry && def.troops.arm == Arm::Cavalry;
    Fighter* first = nullptr;
    if (both_cavalry && att.troops.lancers != def.troops.lancers) first = att.troops.lancers ? &att : &def;
    if (caught) {
        out.steps.push_back({def.name + " are caught in retreat: they may not strike back against the enemy",
                             cite("Skirmish Infantry")});
        first = nullptr;
    } else if (fired_first > 0) {
        out.steps.push_back({def.name + " shot first at the charging unit: that shot is its melee (" +
                                 plural(fired_first, "casualty", "casualties") + " inflicted); it does not roll again",
                             cite("Sequence of play 3")});
        first = nullptr;
    } else if (first) {
        out.steps.push_back({first->name + ": lancers get the first shot on cavalry without lances: their casualties are "
                                 "removed before the enemy strikes",
                             cite("Special Rules")});
    } else {
        out.steps.push_back({"Both sides strike at the same time", cite(kMeleeCite)});
    }
    Fighter& a = first ? *first : att;
    Fighter& b = first == &def ? att : def;
    const bool b_strikes = def_rolls || &b != &def;

    // The exact odds: each side's casualties inflicted, the second's dice after the first's losses.
    auto inflicted = [&](const Fighter& f, const Fighter& e, int lost) {
        const int dice = melee_dice(t, f, e, lost, nullptr);
        const auto adjust = hit_adjust(t, f, e, open, nullptr);
        const auto hits = pips_roll(dice, m.target, f.reroll && m.rerolls > 0).odds.map(adjust);
        return casualty_odds(t, hits, save_rule(t, e.troops, e.cover, Against::Melee)).map(casualty_adjust(t, f, e, nullptr));
    };
    auto att_wins = [&](int by_att, int by_def) {
        if (def.square && att.troops.arm == Arm::Cavalry && by_att < m.square_must_inflict) return false;
        return by_att + att.grade + att.leader > by_def + def.grade + def.leader;
    };
    const dice::Distribution a_lost_odds = inflicted(a, b, 0);
    double p_att = 0;
    for (int ca = a_lost_odds.min(); ca <= a_lost_odds.max(); ++ca) {
        const double pa = a_lost_odds.p_exactly(ca);
        if (pa <= 0) continue;
        const dice::Distribution b_odds =
            b_strikes ? inflicted(b, a, first ? ca : 0) : dice::Distribution::constant(fired_first);
        for (int cb = b_odds.min(); cb <= b_odds.max(); ++cb) {
            const int by_att = &a == &att ? ca : cb;
            const int by_def = &a == &att ? cb : ca;
            if (att_wins(by_att, by_def)) p_att += pa * b_odds.p_exactly(cb);
        }
    }
    out.chances.push_back({att.name + " wins", p_att});
    out.chances.push_back({def.name + " wins", 1 - p_att});
    out.odds.push_back({"casualties inflicted by " + a.name, a_lost_odds});

    // The strikes, in order.
    auto strike = [&](const Fighter& f, const Fighter& e, int lost) -> std::optional<Strike> {
        const int dice = melee_dice(t, f, e, lost, &out);
        const bool reroll = f.reroll && m.rerolls > 0;
        auto rolled = roll_pips(ctx, pips_roll(dice, m.target, reroll), f.name + "'s melee dice", cite(kMeleeCite), out);
        const auto adjust = hit_adjust(t, f, e, open, &out);
        const auto cut = casualty_adjust(t, f, e, &out);
        if (!rolled) return std::nullopt;
        Strike s;
        s.hits = adjust(*rolled);
        if (s.hits != *rolled) out.steps.push_back({f.name + ": " + kit::hits_text(s.hits) + " after halving", cite(kMeleeCite)});
        const int saved = *roll_saves(ctx, s.hits, save_rule(t, e.troops, e.cover, Against::Melee), e.name, out);
        s.casualties = cut(saved);
        if (s.casualties != saved)
            out.steps.push_back({f.name + ": " + plural(saved, "casualty", "casualties") + " halved: " +
                                     std::to_string(s.casualties),
                                 cite("Infantry Square")});
        return s;
    };
    const auto sa = strike(a, b, 0);
    std::optional<Strike> sb;
    if (b_strikes) sb = strike(b, a, first && sa ? sa->casualties : 0);
    if (!sa || (b_strikes && !sb)) {
        out.outcome = att.name + " against " + def.name + ": " + kit::decimal(100 * p_att, 0) + "% to win";
        return;
    }
    if (!sb) sb = Strike{0, fired_first};
    const Strike& by_att = &a == &att ? *sa : *sb;
    const Strike& by_def = &a == &att ? *sb : *sa;
    out.results["attacker-casualties-inflicted"] = by_att.casualties;
    out.results["defender-casualties-inflicted"] = by_def.casualties;

    bool attacker_wins = false;
    const bool square_beats_cavalry = def.square && att.troops.arm == Arm::Cavalry && by_att.casualties < m.square_must_inflict;
    if (square_beats_cavalry) {
        out.steps.push_back({att.name + " inflicted " + std::to_string(by_att.casualties) + " on the square, fewer than " +
                                 std::to_string(m.square_must_inflict) + ": it loses automatically and retreats at least "
                                 "half and up to a full move",
                             cite("Infantry Square")});
    } else {
        const int ta = by_att.casualties + att.grade + att.leader;
        const int td = by_def.casualties + def.grade + def.leader;
        auto total = [](const Fighter& f, int casualties, int sum) {
            return f.name + ": " + std::to_string(casualties) + " inflicted, grade " + signed_text(f.grade) +
                   (f.leader ? ", " + f.leader_text + " " + signed_text(f.leader) : std::string()) + " = " +
                   std::to_string(sum);
        };
        out.steps.push_back({total(att, by_att.casualties, ta), cite(kMeleeCite)});
        out.steps.push_back({total(def, by_def.casualties, td), cite(kMeleeCite)});
        attacker_wins = ta > td;
        out.steps.push_back({(attacker_wins ? def.name : att.name) + " took the most and loses" +
                                 (ta == td ? " (ties go to the defender)" : ""),
                             cite(kMeleeCite)});
        out.results["attacker-total"] = ta;
        out.results["defender-total"] = td;
    }
    out.results["attacker-wins"] = attacker_wins ? 1 : 0;
    const Fighter& winner = attacker_wins ? att : def;
    const Fighter& loser = attacker_wins ? def : att;
    out.outcome = winner.name + " wins the melee; " + loser.name + (square_beats_cavalry ? " retreats" : " checks morale on the Lost Melee column");

    Changes changes(ctx.battle, out);
    for (const Fighter* f : {&att, &def})
        if (f->unit) kit::record(ctx.battle, out, *f->unit, Deed::Melee, How::Plain, 0, "melee");
    if (def.unit) take_casualties(t, changes, *def.unit, by_att.casualties, "melee with " + att.name, out);
    // A defender that fired first took its toll with the shooting action already.
    if (att.unit && fired_first == 0) take_casualties(t, changes, *att.unit, by_def.casualties, "melee with " + def.name, out);
    if (def.unit) leader_check_due(ctx, *def.unit, by_att.hits, out);
    if (att.unit) leader_check_due(ctx, *att.unit, by_def.hits, out);
    if (loser.unit) {
        stamp(changes, *loser.unit, key::lost_melee, "lost a melee");
        if (square_beats_cavalry)
            kit::record(ctx.battle, out, *loser.unit, Deed::Moved, How::Retreat, 0, "retreats from the square");
        else
            ctx.owe(out, *loser.unit, "lost-melee-must-check", "lost the melee to " + winner.name);
    }
    if (winner.unit) {
        stamp(changes, *winner.unit, key::won_melee, "won a melee");
        // Victorious cavalry "will pursue"; victorious infantry "may" (lines 224-226).
        if (winner.troops.arm == Arm::Cavalry)
            ctx.owe(out, *winner.unit, "cavalry-must-pursue", "won the melee against " + loser.name);
        else if (!winner.square && !square_beats_cavalry)
            out.follow_ups.push_back({"pursue", winner.unit->id, "won the melee", cite("Morale")});
    }
}

} // namespace umpire::featherstone
