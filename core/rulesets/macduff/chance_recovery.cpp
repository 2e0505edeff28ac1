// Never Say Die (Optional Rules 2, Sample cards): roll 1d6 and recover that many casualties
// (figures, R10) across any combination of the side's units still on the table. The player names
// the units in order, each with at most how many it takes; a unit never goes above its starting
// figures, and figures the named units cannot take are lost (rulings.md R53).
#include "rulesets/macduff/chance.h"

#include <algorithm>
#include <numeric>

namespace umpire::macduff {

using model::Entity;

namespace {

// How many units the spread may name. Each is a pair of Count inputs (a GUI form row and a CLI
// flag each, no free text to parse); a d6 of figures rarely goes to more than four units.
constexpr int kSpreadSlots = 4;

std::string slot_id(const char* what, int k) { return std::string(what) + "-" + std::to_string(k); }
std::string ordinal(int k) {
    static const char* kNames[] = {"1st", "2nd", "3rd", "4th"};
    return k >= 1 && k <= 4 ? kNames[k - 1] : std::to_string(k) + "th";
}

struct Share {
    const model::Unit* unit;
    std::optional<int> most;  // none: all it can take
};

int casualties(const model::Unit& u) { return std::max(0, u.start_figures - u.figures); }

// The spread the umpire typed, checked: each named unit is the side's, on the table and has
// casualties to recover.
std::vector<Share> typed_spread(const Context& ctx, std::optional<int> side) {
    std::vector<Share> out;
    for (int k = 1; k <= kSpreadSlots; ++k) {
        const std::string into = slot_id("into", k), most = slot_id("most", k);
        if (!ctx.inputs.has(into)) {
            if (ctx.inputs.has(most))
                throw rules::InputError(most, "figures for the " + ordinal(k) + " unit, but no " + ordinal(k) +
                                                  " unit (--" + into + ")");
            continue;
        }
        const int id = ctx.inputs.count(into);
        const model::Unit* u = ctx.battle.unit(id);
        if (!u) throw rules::InputError(into, "no unit with id " + std::to_string(id));
        if (side && u->side != *side)
            throw rules::InputError(into, u->name + " is not one of " + side_name(ctx.battle, *side) +
                                              "'s units: the card recovers your own casualties");
        if (!u->on_table())
            throw rules::InputError(into, u->name + " is no longer on the table: only units still on table "
                                                    "recover casualties (R53)");
        if (casualties(*u) == 0) throw rules::InputError(into, u->name + " has no casualties to recover");
        for (const auto& s : out)
            if (s.unit->id == u->id) throw rules::InputError(into, u->name + " is named twice");
        out.push_back({u, ctx.inputs.has(most) ? std::optional<int>(ctx.inputs.count(most)) : std::nullopt});
    }
    return out;
}

// No spread typed: the side's units on the table that have casualties, in roster order.
std::vector<Share> roster_spread(const model::Battle& battle, int side) {
    std::vector<Share> out;
    for (const auto& u : battle.units)
        if (u.side == side && u.on_table() && casualties(u) > 0) out.push_back({&u, std::nullopt});
    return out;
}

int capacity(const std::vector<Share>& shares) {
    int total = 0;
    for (const auto& s : shares) total += std::min(casualties(*s.unit), s.most.value_or(casualties(*s.unit)));
    return total;
}

std::string names(const std::vector<Share>& shares) {
    std::string out;
    for (const auto& s : shares) out += (out.empty() ? "" : ", ") + s.unit->name;
    return out;
}

void resolve_recovery(const Context& ctx, rules::Resolution& out) {
    const RecoveryCard& card = ctx.tables.chance.recovery;
    const std::string citation = chance_citation(ctx.tables);
    const std::optional<int> side = side_input_value(ctx);
    if (!side && !ctx.battle.sides.empty()) side_needed(ctx, card.name);
    quote_card(ctx, side, card.card, out);
    const bool with_battle = side && !ctx.battle.units.empty();
    std::vector<Share> shares = typed_spread(ctx, side);
    const bool typed = !shares.empty();
    if (with_battle && !typed) {
        shares = roster_spread(ctx.battle, *side);
        if (!shares.empty())
            out.steps.push_back({"No spread given: the figures go to " + side_name(ctx.battle, *side) +
                                     "'s units on the table with casualties, in roster order: " + names(shares),
                                 citation});
    }
    const int room = capacity(shares);
    if (with_battle && room == 0) {
        out.steps.push_back({"No unit of " + side_name(ctx.battle, *side) + " still on the table has casualties: "
                             "nothing to recover, so nothing is rolled",
                             citation});
        out.outcome = "Nothing to recover";
        out.results["recovered"] = 0;
        return;
    }
    out.steps.push_back({"Roll " + std::to_string(card.dice) + "d6: that many casualties return to the ranks, no unit "
                         "above its starting figures" +
                             (with_battle ? " (room for " + std::to_string(room) + ")" : std::string()),
                         citation});

    // Exact odds: the die, and what the named units can take of it.
    const auto rolled = dice::Distribution::die().times(card.dice);
    out.odds.push_back({"casualties recovered (the die)", rolled});
    if (with_battle && room < rolled.max()) {
        std::vector<double> p(static_cast<std::size_t>(room - rolled.min() + 1), 0.0);
        for (int v = rolled.min(); v <= rolled.max(); ++v)
            p[static_cast<std::size_t>(std::min(v, room) - rolled.min())] += rolled.p_exactly(v);
        out.odds.push_back({"figures returned", dice::Distribution::from_probabilities(rolled.min(), p)});
        out.chances.push_back({"some recovered figures are lost (no room)", rolled.p_at_least(room + 1)});
    }
    if (!ctx.dice) {
        out.outcome = card.name + ": roll " + std::to_string(card.dice) + "d6";
        return;
    }
    const std::vector<int> dice = ctx.dice->d6s(card.dice, "the casualties recovered");
    out.dice.push_back({card.name, dice, 0, 0});
    const int total = std::accumulate(dice.begin(), dice.end(), 0);
    out.results["die"] = total;
    if (!with_battle) {
        out.steps.push_back({"Rolled " + std::to_string(total) + ": " + std::to_string(total) +
                                 " casualties return to the ranks", citation});
        out.outcome = std::to_string(total) + " casualties recovered";
        out.results["recovered"] = total;
        return;
    }
    int left = total;
    for (const auto& s : shares) {
        const model::Unit& u = *s.unit;
        const int figures = static_cast<int>(current(ctx.battle, out, Entity::Unit, u.id, "figures"));
        const int take = std::min({left, u.start_figures - figures, s.most.value_or(left)});
        if (take <= 0) continue;
        change(ctx.battle, out, Entity::Unit, u.id, "figures", figures + take, card.name + ": casualties recovered");
        out.steps.push_back({u.name + " recovers " + std::to_string(take) + ": " + std::to_string(figures) + " -> " +
                                 std::to_string(figures + take) + " of " + std::to_string(u.start_figures) + " figures",
                             citation});
        left -= take;
    }
    if (left > 0)
        out.steps.push_back({std::to_string(left) + " recovered " + (left == 1 ? "figure is" : "figures are") +
                                 " lost: beyond what " + (typed ? "the units named" : "the side's units") + " can take",
                             citation});
    out.results["recovered"] = total - left;
    out.results["lost"] = left;
    out.outcome = "Rolled " + std::to_string(total) + ": " + std::to_string(total - left) + " casualties recovered" +
                  (left > 0 ? ", " + std::to_string(left) + " lost" : std::string());
}

} // namespace

void add_recovery_action(const Tables& t, ActionDefs& out) {
    const RecoveryCard& card = t.chance.recovery;
    ActionDef d;
    d.spec.id = "never-say-die";
    d.spec.name = card.name;
    d.spec.summary = "Chance card: roll " + std::to_string(card.dice) + "d6 and recover that many casualties across "
                     "your units still on the table, none above its starting figures";
    d.spec.citation = chance_citation(t);
    d.spec.inputs.push_back(card_input({{card.card, card.name, 0, {}}}));
    d.spec.inputs.push_back(side_input());
    for (int k = 1; k <= kSpreadSlots; ++k) {
        rules::InputSpec into = count_input(slot_id("into", k), ordinal(k) + " unit to recover into",
                                            "Units in order; none named: the side's units with casualties in roster order",
                                            1, kMaxId);
        into.required = false;
        into.id_of = rules::IdOf::Unit;
        rules::InputSpec most = count_input(slot_id("most", k), "Figures into the " + ordinal(k) + " unit",
                                            "At most this many; empty: all it can take", 1, kMaxFigures);
        most.required = false;
        d.spec.inputs.push_back(into);
        d.spec.inputs.push_back(most);
    }
    d.resolve = resolve_recovery;
    d.defaults = side_defaults;  // not the selected unit as the first: leftovers would be lost
    out.push_back(d);
}

} // namespace umpire::macduff
