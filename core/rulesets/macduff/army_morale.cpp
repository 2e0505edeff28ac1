// Army morale (10): the number of units / 2, less 1 for each unit routed, destroyed or forced off
// the table and each commander lost; at 0 the General concedes, and two armies reaching 0 in the
// same turn is a losing draw for both. Kept as side counters: "army-morale" (the level),
// "army-morale-start" (set once, at the first loss or the first army-morale check, so 0 is told
// apart from "not set up yet") and "army-morale-zero-turn" (the turn it reached 0).
#include "rulesets/macduff/action_def.h"

#include <algorithm>

namespace umpire::macduff {

using model::Entity;

namespace {

std::string side_counter(const char* k) { return std::string("counter:") + k; }

bool counted(const Tables& t, const model::Unit& u) {
    if (u.has(model::Flag::Reserve)) return false;  // spare units on hand are not yet the army's (R60)
    const auto& skip = t.army_morale.not_counted;
    if (std::find(skip.begin(), skip.end(), u.troop_type) != skip.end()) return false;
    auto it = u.counters.find(key::kDetachmentOf);
    return it == u.counters.end() || it->second == 0;
}

} // namespace

int army_total_units(const Tables& t, const model::Battle& battle, int side) {
    int n = 0;
    for (const auto& u : battle.units)
        if (u.side == side && counted(t, u)) ++n;
    return n;
}

int army_start_level(const Tables& t, const model::Battle& battle, int side) {
    const int total = army_total_units(t, battle, side);
    const auto& a = t.army_morale;
    return a.count_half_remainders ? dice_for(total, a.divisor) : total / a.divisor;
}

int army_level(const Context& ctx, const rules::Resolution& out, int side) {
    if (current(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMoraleStart)) == 0)
        return army_start_level(ctx.tables, ctx.battle, side);
    return static_cast<int>(current(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMorale)));
}

namespace {

// Writes the starting level into the side's counters the first time it is needed.
void set_up(const Context& ctx, int side, rules::Resolution& out) {
    if (current(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMoraleStart)) != 0) return;
    const int start = army_start_level(ctx.tables, ctx.battle, side);
    const std::string why = "army morale: " + std::to_string(army_total_units(ctx.tables, ctx.battle, side)) +
                            " units / " + std::to_string(ctx.tables.army_morale.divisor);
    change(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMoraleStart), start, why);
    change(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMorale), start, why);
}

} // namespace

void army_reinforced(const Context& ctx, int side, const std::string& unit_name, rules::Resolution& out) {
    const auto& a = ctx.tables.army_morale;
    set_up(ctx, side, out);
    if (!a.reinforcements_count) {
        out.steps.push_back({unit_name + " does not change army morale: it is fixed from the army the side began "
                             "with",
                             cite(a.citation)});
        return;
    }
    const int total = army_total_units(ctx.tables, ctx.battle, side);
    auto level_of = [&](int units) { return a.count_half_remainders ? dice_for(units, a.divisor) : units / a.divisor; };
    const int gain = level_of(total + 1) - level_of(total);
    const std::string why = unit_name + " arrives: " + std::to_string(total + 1) + " units / " +
                            std::to_string(a.divisor);
    out.steps.push_back({unit_name + " joins the army: " + std::to_string(total + 1) + " units / " +
                             std::to_string(a.divisor) + ", army morale +" + std::to_string(gain),
                         cite(a.citation)});
    if (gain == 0) return;
    for (const char* k : {key::kArmyMoraleStart, key::kArmyMorale}) {
        const std::int64_t now = current(ctx.battle, out, Entity::Side, side, side_counter(k));
        change(ctx.battle, out, Entity::Side, side, side_counter(k), now + gain, why);
    }
}

namespace {

int zero_turn(const Context& ctx, const rules::Resolution& out, int side) {
    return static_cast<int>(current(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMoraleZeroTurn)));
}

} // namespace

void army_morale_loss(const Context& ctx, int side, int amount, const std::string& why,
                      rules::Resolution& out) {
    if (amount == 0 || !ctx.battle.side(side)) return;
    const auto& a = ctx.tables.army_morale;
    set_up(ctx, side, out);
    const int before = army_level(ctx, out, side);
    const int after = before - amount;
    change(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMorale), after, why);
    out.steps.push_back({side_name(ctx.battle, side) + " army morale " + std::to_string(before) + " -> " +
                             std::to_string(after) + " (" + why + ")",
                         cite(a.citation)});
    if (after > a.concede_at || before <= a.concede_at) return;
    if (zero_turn(ctx, out, side) == 0)
        change(ctx.battle, out, Entity::Side, side, side_counter(key::kArmyMoraleZeroTurn), ctx.battle.turn,
               "army morale reached " + std::to_string(a.concede_at));
    std::string text = side_name(ctx.battle, side) + "'s army morale has reached " +
                       std::to_string(a.concede_at) + ": its General must concede defeat";
    for (const auto& other : ctx.battle.sides)
        if (other.id != side && army_level(ctx, out, other.id) <= a.concede_at &&
            zero_turn(ctx, out, other.id) == ctx.battle.turn)
            text += ". " + side_name(ctx.battle, other.id) + " reached it this turn too: a losing draw for both";
    out.steps.push_back({text, cite(a.citation)});
}

namespace {

void resolve_army_morale(const Context& ctx, rules::Resolution& out) {
    const auto& a = ctx.tables.army_morale;
    if (ctx.battle.sides.empty()) {
        out.steps.push_back({"Army morale is the number of units / " + std::to_string(a.divisor) +
                                 "; it needs a battle", cite(a.citation)});
        out.outcome = "Army morale needs a battle";
        return;
    }
    std::vector<int> broken;
    for (const auto& side : ctx.battle.sides) {
        const int total = army_total_units(ctx.tables, ctx.battle, side.id);
        const int start = army_start_level(ctx.tables, ctx.battle, side.id);
        int routed = 0, commanders = 0;
        for (const auto& u : ctx.battle.units)
            if (u.side == side.id && u.has(model::Flag::Routed)) ++routed;
        for (const auto& c : ctx.battle.commanders)
            if (c.side == side.id && c.status != model::CommanderStatus::Active) ++commanders;
        const bool set = side.counters.count(key::kArmyMoraleStart) > 0;
        const int level = army_level(ctx, out, side.id);
        out.steps.push_back({side.name + ": " + std::to_string(total) + " units (not bands, hospitals or "
                             "detachments) / " + std::to_string(a.divisor) +
                             (a.count_half_remainders ? ", a remainder of 1/2 counting" : ", rounded down") +
                             ": " + std::to_string(set ? side.counters.at(key::kArmyMoraleStart) : start),
                             cite(a.citation)});
        out.steps.push_back({side.name + ": " + std::to_string(routed) + " units gone, " +
                                 std::to_string(commanders) + " commanders lost: army morale " +
                                 std::to_string(level),
                             cite(a.citation)});
        out.results["side-" + std::to_string(side.id)] = level;
        if (level <= a.concede_at) broken.push_back(side.id);
        set_up(ctx, side.id, out);  // makes the level visible as counter:army-morale from now on
    }
    if (broken.empty()) {
        std::string text;
        for (const auto& side : ctx.battle.sides)
            text += (text.empty() ? "" : ", ") + side.name + " " + std::to_string(army_level(ctx, out, side.id));
        out.outcome = "Army morale: " + text;
    } else if (broken.size() == 1) {
        out.outcome = side_name(ctx.battle, broken[0]) + "'s General must concede defeat";
    } else {
        const int t0 = zero_turn(ctx, out, broken[0]);
        bool same = t0 != 0 && std::all_of(broken.begin(), broken.end(),
                                          [&](int s) { return zero_turn(ctx, out, s) == t0; });
        out.outcome = same ? "Both armies reached " + std::to_string(a.concede_at) + " in turn " +
                                 std::to_string(t0) + ": a losing draw for both"
                           : "Both armies are at " + std::to_string(a.concede_at) +
                                 ": the first to reach it concedes";
        if (!same)
            for (int s : broken)
                out.steps.push_back({side_name(ctx.battle, s) + " reached it in turn " +
                                         std::to_string(zero_turn(ctx, out, s)),
                                     cite(a.citation)});
    }
    out.steps.push_back({"At " + std::to_string(a.concede_at) + " the General must concede; both armies "
                         "reaching it in the same turn is a losing draw for both",
                         cite(a.citation)});
}

} // namespace

void add_army_morale_actions(const Tables& t, ActionDefs& out) {
    ActionDef d;
    d.spec.id = "army-morale";
    d.spec.name = "Army morale";
    d.spec.summary = "Each army's morale: units / 2, less 1 per unit and commander lost; at 0 the General concedes";
    d.spec.citation = cite(t.army_morale.citation);
    d.resolve = resolve_army_morale;
    out.push_back(d);
}

} // namespace umpire::macduff
