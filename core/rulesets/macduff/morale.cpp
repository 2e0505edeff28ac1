// Shared mechanics (dice counting, hit chances) and morale: casualties, the shaken threshold
// (9.2) and the rally test (9.3).
#include "rulesets/macduff/mechanics.h"

#include <algorithm>

namespace umpire::macduff {

using model::Effect;
using model::Entity;
using model::Flag;

std::string cite(const std::string& section) { return "MacDuff " + section; }

int dice_for(int count, int per) {
    // count/per rounded half up: (2*count + per) / (2*per) in integers.
    return (2 * count + per) / (2 * per);
}

int natural_needed(int success_on, int modifier) {
    return std::clamp(success_on - modifier, 1, 7);
}

double success_chance(int success_on, int modifier, bool reroll_misses) {
    double p = (7 - natural_needed(success_on, modifier)) / 6.0;
    return reroll_misses ? p + (1 - p) * p : p;
}

bool is_shaken_by_losses(const Quality& quality, int start, int lost) {
    return lost * quality.shaken_denominator > start * quality.shaken_numerator;
}

const Quality& quality_of(const Tables& tables, const model::Unit& unit) {
    if (const Quality* q = tables.quality(unit.quality)) return *q;
    if (const Quality* q = tables.quality("average")) return *q;
    return tables.qualities.front();
}

namespace {

Effect unit_effect(const model::Unit& u, std::string field, std::int64_t before,
                   std::int64_t after, std::string reason) {
    return Effect{Entity::Unit, u.id, std::move(field), before, after, std::move(reason)};
}

Effect set_flag(const model::Unit& u, Flag flag, bool on, std::string reason) {
    return unit_effect(u, "flag:" + std::string(model::flag_id(flag)), u.has(flag) ? 1 : 0,
                       on ? 1 : 0, std::move(reason));
}

std::string fraction(const Quality& q) {
    return std::to_string(q.shaken_numerator) + "/" + std::to_string(q.shaken_denominator);
}

} // namespace

bool take_casualties(const Tables& tables, const model::Unit& unit, int hits,
                     bool rally_if_shaken, rules::Resolution& out) {
    const bool was_shaken = unit.has(Flag::Shaken);
    if (hits <= 0) return was_shaken;
    const int after = std::max(0, unit.figures - hits);
    out.effects.push_back(unit_effect(unit, "figures", unit.figures, after,
                                      std::to_string(unit.figures - after) + " casualties"));
    out.steps.push_back({unit.name + " loses " + std::to_string(unit.figures - after) +
                             " figures: " + std::to_string(unit.figures) + " -> " +
                             std::to_string(after) + " of " + std::to_string(unit.start_figures),
                         cite("9.1 Hits")});
    if (after == 0) {
        out.effects.push_back(set_flag(unit, Flag::Routed, true, "no figures left"));
        out.steps.push_back({unit.name + " has no figures left and is removed", cite("9.1 Hits")});
        return was_shaken;
    }

    const Quality& q = quality_of(tables, unit);
    const int lost = unit.start_figures - after;
    bool shaken = was_shaken;
    if (!was_shaken && is_shaken_by_losses(q, unit.start_figures, lost)) {
        shaken = true;
        out.effects.push_back(set_flag(unit, Flag::Shaken, true, "lost more than " + fraction(q)));
        out.steps.push_back({unit.name + " has lost " + std::to_string(lost) + " of " +
                                 std::to_string(unit.start_figures) + ", more than " + fraction(q) +
                                 " (" + q.name + "): shaken",
                             cite("9.2 Shaken")});
    } else if (!was_shaken) {
        out.steps.push_back({unit.name + " has lost " + std::to_string(lost) + " of " +
                                 std::to_string(unit.start_figures) + ", not more than " +
                                 fraction(q) + " (" + q.name + "): not shaken",
                             cite("9.2 Shaken")});
    }
    if (shaken && rally_if_shaken) require_rally(unit, out);
    return shaken;
}

void require_rally(const model::Unit& unit, rules::Resolution& out) {
    if (!unit.has(Flag::NeedsRally))
        out.effects.push_back(set_flag(unit, Flag::NeedsRally, true, "shaken and took casualties"));
    out.steps.push_back({unit.name + " is shaken and took casualties: it must take a rally test",
                         cite("9.2 Shaken")});
    out.follow_ups.push_back({"rally", unit.id, unit.name + " is shaken and took casualties",
                              cite("9.2 Shaken")});
}

void resolve_rally(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Quality* q = t.quality(ctx.inputs.choice("quality"));
    const bool joined = ctx.inputs.flag("joined");
    const std::string citation = cite(t.rally.citation);
    const std::string who = ctx.unit ? ctx.unit->name : std::string("The unit");

    int modifier = q->rally_modifier;
    std::string working = "1 die";
    if (q->rally_modifier != 0)
        working += ", " + std::string(q->rally_modifier > 0 ? "+" : "") +
                   std::to_string(q->rally_modifier) + " " + q->name;
    if (joined) {
        modifier += t.rally.joined_commander_modifier;
        working += ", +" + std::to_string(t.rally.joined_commander_modifier) + " joined by a commander";
    }
    out.steps.push_back({working + ": modifier " + (modifier >= 0 ? "+" : "") +
                             std::to_string(modifier),
                         citation});

    // Exact odds: the modified score and the chance of each result.
    out.odds.push_back({"modified score", dice::Distribution::die(6) + dice::Distribution::constant(modifier)});
    for (const auto& row : t.rally.results) {
        double p = 0;
        for (int face = 1; face <= 6; ++face)
            if (&t.rally_result(face + modifier) == &row) p += 1.0 / 6;
        out.chances.push_back({row.name, p});
    }
    if (!ctx.dice) {
        out.outcome = "Rally test: roll 1 die, modifier " + std::to_string(modifier);
        return;
    }

    const int roll = ctx.dice->d6("the rally test");
    out.dice.push_back({"Rally die", {roll}, modifier, 0});
    const int score = roll + modifier;
    const RallyResult& result = t.rally_result(score);
    out.steps.push_back({"Rolled " + std::to_string(roll) + ", modified " + std::to_string(score) +
                             ": " + result.name + ". " + result.text,
                         citation});
    out.outcome = who + ": " + result.name;
    out.results["score"] = score;

    if (!ctx.unit) return;
    const model::Unit& u = *ctx.unit;
    if (result.id == "rally") {
        if (u.has(Flag::NeedsRally)) out.effects.push_back(set_flag(u, Flag::NeedsRally, false, "rallied"));
        if (u.has(Flag::Disordered)) out.effects.push_back(set_flag(u, Flag::Disordered, false, "rallied and reformed"));
    } else if (result.id == "retreat") {
        if (!u.has(Flag::NeedsRally))
            out.effects.push_back(set_flag(u, Flag::NeedsRally, true, "retreats; tests again next turn"));
    } else {
        out.effects.push_back(set_flag(u, Flag::Routed, true, "routed"));
        if (u.has(Flag::NeedsRally)) out.effects.push_back(set_flag(u, Flag::NeedsRally, false, "routed"));
    }
}

} // namespace umpire::macduff
