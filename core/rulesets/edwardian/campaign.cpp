// The Campaign Game (III Campaign Game, lines 456-517): the parts one battle file can hold.
// Reinforcements and transfers between battles, the battle's result and the country standing it
// leaves, and a unit's quality after the battle. What lies between battles and countries (the
// unit cards' history, fronts, the running totals of every pair of countries) is typed in from
// the players' records; see rulings.md R38-R43.
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

#include <algorithm>

namespace umpire::edwardian {

namespace {

const std::string kCampaign = "III Campaign Game";

const Quality& lower_grade(const Tables& t, const Quality& q) {
    const Quality* lower = t.quality_by_points(q.points - 1);
    return lower ? *lower : q;
}

const Quality& higher_grade(const Tables& t, const Quality& q) {
    const Quality* higher = t.quality_by_points(q.points + 1);
    return higher ? *higher : q;
}

// The unit's grade as a quality-grade counter: 0 when it is the roster's own.
int grade_counter(const Tables& t, const model::Unit& u, const Quality& q) {
    const Quality* roster = t.quality(u.quality);
    return roster && roster->points == q.points ? 0 : q.points;
}

// Newcomers join `u` (re-enforcements, whatever their grade by default, or transfers from a unit of
// lower quality): once more than half of its figures are newcomers it drops a grade, once (line 480).
void add_newcomers(const Tables& t, Changes& changes, const model::Unit& u, int figures_after, int added,
                   bool of_lower_grade, rules::Resolution& out) {
    if (!of_lower_grade || added <= 0) return;
    const Campaign& k = t.campaign;
    const int newcomers = changes.unit_counter(u, key::newcomers) + added;
    changes.set_unit_counter(u, key::newcomers, newcomers, std::to_string(added) + " newcomers");
    const bool most = newcomers * k.newcomers_denominator > figures_after * k.newcomers_numerator;
    std::string text = u.name + ": " + std::to_string(newcomers) + " of " + std::to_string(figures_after) +
                       " figures are newcomers (re-enforcements, or transfers from a unit of lower quality)";
    if (most && changes.unit_counter(u, key::diluted) == 0) {
        const Quality& q = quality_of(t, u);
        const Quality& dropped = lower_grade(t, q);
        if (dropped.points != q.points) {
            changes.set_unit_counter(u, key::quality_grade, grade_counter(t, u, dropped), "mostly newcomers");
            changes.set_unit_counter(u, key::diluted, 1, "dropped a grade for its newcomers");
            text += ", more than half: it drops from " + q.name + " to " + dropped.name;
            out.results["grade"] = dropped.points;
        }
    } else if (!most) {
        text += ", not more than half: its grade stands";
    }
    out.steps.push_back({text, cite(kCampaign)});
}

// Whether reinforcements count against the unit's grade (R40).
bool reinforcements_lower(const Tables& t, const model::Unit& u) {
    const Quality* r = t.quality(t.campaign.reinforcement_quality);
    return t.campaign.reinforcements_always_dilute || (r && r->points < quality_of(t, u).points);
}

// The side of the battle's two that is not `side`.
int other_side(const model::Battle& b, int side) {
    for (const auto& s : b.sides)
        if (s.id != side) return s.id;
    return 0;
}

std::string side_name(const model::Battle& b, int id) {
    const model::Side* s = b.side(id);
    return s ? s->name : "side " + std::to_string(id);
}

// Figures still fighting for a side: in units on the table (headquarters are markers, line 39).
int fighting_figures(const Tables& t, const model::Battle& b, int side) {
    int n = 0;
    for (const auto& u : b.units) {
        const TroopType* tt = troop_of(t, u);
        if (side_of(u) == side && u.on_table() && !(tt && !tt->moves)) n += u.figures;
    }
    return n;
}

} // namespace

void resolve_reinforce(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string citation = cite(kCampaign);
    const std::string& kind = ctx.inputs.choice("kind");
    const auto row = t.reinforcements.find(kind);
    if (row == t.reinforcements.end()) throw rules::InputError("kind", "no reinforcement column for " + kind);
    const int room = ctx.unit ? std::max(0, ctx.unit->start_figures - ctx.unit->figures) : 1000;
    if (ctx.unit && room <= 0)
        ctx.forbid(out, ctx.unit->name + " is at full strength: only units below full strength roll for "
                                         "reinforcements, and never above the strength they started with",
                   citation);
    std::string table;
    for (std::size_t f = 0; f < 6; ++f)
        table += (f ? ", " : "") + std::to_string(f + 1) + ": " + std::to_string(row->second[f]);
    out.steps.push_back({"One die for a unit below full strength, " + kind + " column (" + table +
                             "); never above the strength the unit started the campaign with",
                         citation});
    std::vector<double> p;
    for (int v : row->second) {
        const int gained = std::min(v, room);
        if (static_cast<int>(p.size()) <= gained) p.resize(static_cast<std::size_t>(gained + 1), 0.0);
        p[static_cast<std::size_t>(gained)] += 1.0 / 6;
    }
    out.odds.push_back({"figures gained", dice::Distribution::from_probabilities(0, p)});
    if (!ctx.dice) {
        out.outcome = ctx.unit_name() + ": reinforcement roll";
        return;
    }
    const int roll = ctx.dice->d6("the reinforcement die");
    out.dice.push_back({"Reinforcement die", {roll}, 0, 0});
    const int gained = std::min(row->second[static_cast<std::size_t>(roll - 1)], room);
    const Quality* rq = t.quality(t.campaign.reinforcement_quality);
    out.results["gained"] = gained;
    out.steps.push_back({"Rolled " + std::to_string(roll) + ": " + plural(gained, "figure", "figures") +
                             " (reinforcements are " + (rq ? rq->name : t.campaign.reinforcement_quality) + ")",
                         citation});
    out.outcome = ctx.unit_name() + ": " + plural(gained, "reinforcement", "reinforcements");
    if (!ctx.unit) return;
    Changes changes(ctx.battle, out);
    // One die a campaign turn, whatever it gives (the reference's limit reads this).
    changes.set_unit_counter(*ctx.unit, key::reinforced, 1, "rolled for reinforcements");
    if (gained == 0) return;
    const int after = ctx.unit->figures + gained;
    changes.set_figures(*ctx.unit, after, std::to_string(gained) + " reinforcements");
    add_newcomers(t, changes, *ctx.unit, after, gained, reinforcements_lower(t, *ctx.unit), out);
}

void resolve_campaign_transfer(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    if (!ctx.unit || !ctx.target)
        throw rules::InputError("target", "a transfer needs the unit giving figures (the unit) and the unit receiving "
                                          "them (the target)");
    const model::Unit& from = *ctx.unit;
    const model::Unit& to = *ctx.target;  // same side and type, or a gun taking crew (targets.cpp)
    const int n = ctx.inputs.count("figures");
    if (n < 1 || n > from.figures)
        throw rules::InputError("figures", from.name + " has " + std::to_string(from.figures) + " figures to give");
    const int after = to.figures + n;
    if (t.campaign.transfers_capped && after > to.start_figures)
        ctx.forbid(out, "units may never be re-enforced above the strength at which they started the campaign: " +
                            to.name + " started with " + std::to_string(to.start_figures) + " figures and has " +
                            std::to_string(to.figures) + ", room for " +
                            std::to_string(std::max(0, to.start_figures - to.figures)),
                   cite(kCampaign));
    const Quality& giver = quality_of(t, from);
    const Quality& taker = quality_of(t, to);
    out.steps.push_back({plural(n, "figure", "figures") + " of " + from.name + " (" + giver.name + ") transfer to " +
                             to.name + " (" + taker.name + ")" +
                             (is_gun(t, to) && !is_gun(t, from) ? " as crewmen" : std::string()) +
                             ", in the campaign turn's reinforcement step",
                         cite(kCampaign)});
    Changes changes(ctx.battle, out);
    changes.set_figures(from, from.figures - n, std::to_string(n) + " transferred to " + to.name);
    changes.set_figures(to, after, std::to_string(n) + " transferred from " + from.name);
    add_newcomers(t, changes, to, after, n, giver.points < taker.points, out);
    out.results["figures"] = n;
    out.outcome = plural(n, "figure", "figures") + " of " + from.name + " transferred to " + to.name;
}

void resolve_battle_result(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const std::string citation = cite(kCampaign);
    if (b.sides.size() != 2)
        throw rules::InputError("action", "a campaign battle is fought between two countries' sides; this battle has " +
                                              std::to_string(b.sides.size()));
    const std::string& ending = ctx.inputs.choice("ending");
    const int first = b.sides[0].id, second = b.sides[1].id;
    int winner = 0;
    bool no_fight = false;
    if (ending == "conceded" || ending == "no-fight") {
        if (!ctx.unit) throw rules::InputError("unit", "name a unit of the side that concedes");
        winner = other_side(b, side_of(*ctx.unit));
        no_fight = ending == "no-fight";
        out.steps.push_back({side_name(b, side_of(*ctx.unit)) + " concedes" +
                                 (no_fight ? " without a fight: a result for strategic victory, not a battle for "
                                             "troop quality"
                                           : ""),
                             citation});
    } else if (ending == "draw") {
        out.steps.push_back({"Both players agree the battle is a draw", citation});
    } else if (counter(b.counters, key::game_over)) {
        winner = counter(b.counters, key::winner);
        out.steps.push_back({std::string("The battle has already been decided ") +
                                 (counter(b.counters, key::draw) ? "a draw" : "for " + side_name(b, winner)) +
                                 " (headquarters overrun or army morale)",
                             cite("II General Headquarters, II Optional Rule - Army Morale")});
    } else {
        // "If all of the figures on one side are killed or belong to units with broken morale,
        // then that side has lost the battle" (line 495).
        const int a = fighting_figures(t, b, first), z = fighting_figures(t, b, second);
        out.steps.push_back({side_name(b, first) + ": " + plural(a, "figure", "figures") + " still fighting; " +
                                 side_name(b, second) + ": " + plural(z, "figure", "figures") +
                                 " (figures killed or in units that broke do not count)",
                             citation});
        if (a > 0 && z > 0) {
            out.outcome = "Neither side is destroyed: the battle goes on until one concedes or both agree a draw";
            out.results["decided"] = 0;
            return;
        }
        if (a > 0) winner = first;
        if (z > 0) winner = second;
    }
    out.results["decided"] = 1;
    out.results["winner"] = winner;

    // The running total for this pair of countries (line 501), from the players' record.
    const int before = ctx.inputs.count("standing");
    const int after = before + (winner == first ? 1 : winner == second ? -1 : 0);
    const int margin = t.campaign.conquest_margin;
    const int conquered = after >= margin ? second : after <= -margin ? first : 0;
    out.steps.push_back({side_name(b, first) + " against " + side_name(b, second) + ": " + signed_text(before) +
                             " before, " + signed_text(after) + " after (wins minus losses; " + std::to_string(margin) +
                             " more wins than losses conquers)",
                         citation});
    out.results["standing"] = after;
    out.results["conquered"] = conquered;
    std::string outcome = winner ? side_name(b, winner) + " wins the battle" : std::string("The battle is a draw");
    if (conquered) {
        out.steps.push_back({side_name(b, conquered) + "'s country is conquered: all its troops leave the campaign "
                             "from the following turn",
                             citation});
        outcome += "; " + side_name(b, conquered) + " is conquered";
    }
    out.outcome = outcome;
    Changes changes(b, out);
    changes.set_battle_counter(key::game_over, 1, "battle decided");
    changes.set_battle_counter(key::winner, winner, "battle result");
    changes.set_battle_counter(key::draw, winner ? 0 : 1, "battle result");
    changes.set_battle_counter(key::no_fight, no_fight ? 1 : 0, "battle result");
    changes.set_battle_counter(key::standing, after, "campaign standing");
    changes.set_battle_counter(key::capitulation, conquered, "campaign standing");
}

void resolve_campaign_quality(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Campaign& k = t.campaign;
    const std::string citation = cite("III Campaign Game, Unit Quality Levels");
    if (!ctx.unit) throw rules::InputError("unit", "name the unit whose card is brought up to date");
    const model::Unit& u = *ctx.unit;
    const Quality& q = quality_of(t, u);
    const int streak = ctx.inputs.count("streak");
    const bool failed = ctx.inputs.flag("failed");
    const std::string& result = ctx.inputs.choice("result");
    const bool capitulation = ctx.inputs.flag("capitulation");
    if (counter(ctx.battle.counters, key::no_fight)) {
        out.steps.push_back({"Conceded without a fight: not counted as a battle for troop quality", citation});
        out.outcome = u.name + " stays " + q.name;
        out.results["grade"] = q.points;
        out.results["streak"] = streak;
        return;
    }
    // This battle and the run before it, and whether the run holds a victory.
    const int run = streak + 1;
    const bool victory = result == "victory" || (streak > 0 && ctx.inputs.flag("earlier-victory"));
    const Quality* next = &q;
    std::string why = "no change of level";
    if (failed) {
        next = &lower_grade(t, q);
        why = "failed morale and was removed from play: down a level";
    } else if (capitulation || run >= k.promotion_battles || (run >= k.promotion_battles_with_victory && victory)) {
        next = &higher_grade(t, q);
        why = capitulation ? "did not fail morale in a battle that conquered a country: up a level"
              : run >= k.promotion_battles
                  ? std::to_string(run) + " battles in a row without failing morale: up a level"
                  : std::to_string(run) + " battles in a row without failing morale, one a victory: up a level";
    }
    if (why != "no change of level" && next->points == q.points) why += " (already " + q.name + ")";
    const bool changed = next->points != q.points;
    // A change of level starts the count again, so each promotion needs its own run (R43).
    const int streak_after = failed || changed ? 0 : streak + 1;
    out.steps.push_back({u.name + " (" + q.name + ", " + plural(streak, "battle", "battles") +
                             " in a row before this one without failing morale): " + why,
                         citation});
    out.steps.push_back({"No unit goes higher than Elite or lower than Poor. On the card: " + next->name + ", " +
                             plural(streak_after, "battle", "battles") + " in a row without failing morale",
                         citation});
    out.results["grade"] = next->points;
    out.results["streak"] = streak_after;
    out.outcome = u.name + (changed ? ": " + q.name + " -> " + next->name : " stays " + q.name);
    if (!changed) return;
    Changes changes(ctx.battle, out);
    changes.set_unit_counter(u, key::quality_grade, grade_counter(t, u, *next), "campaign quality: " + next->name);
}

} // namespace umpire::edwardian
