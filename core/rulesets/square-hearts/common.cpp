// Shared pieces: citations, unit facts, areas, modifiers by group, hit rolls and whose turn it is.
#include "rulesets/square-hearts/mechanics.h"

#include "kit/side_phase.h"
#include "rules/grid.h"
#include "rules/inputs.h"

#include <algorithm>
#include <map>

namespace umpire::square_hearts {

std::string cite(const std::string& where) { return "Square Hearts " + where; }

std::string orders_left_key(int c) { return "orders-left-" + std::to_string(c); }
std::string orders_turn_key(int c) { return "orders-turn-" + std::to_string(c); }
std::string deferred_key(int c) { return "deferred-turn-" + std::to_string(c); }
std::string killed_key(int c) { return "killed-turn-" + std::to_string(c); }
std::string moved_key(int c) { return "commander-moved-turn-" + std::to_string(c); }
std::string escaped_key(int c) { return "escaped-turn-" + std::to_string(c); }

const TroopType* type_of(const Tables& t, const model::Unit& unit) { return t.troop_type(unit.troop_type); }

Kind kind_of(const Tables& t, const std::string& troop_type) {
    if (troop_type == "mg" && t.options.mg_is_artillery) return Kind::Artillery;
    const TroopType* tt = t.troop_type(troop_type);
    return tt ? tt->kind : Kind::Other;
}

int class_capacity(const Tables& t, const std::string& quality) {
    const Quality* q = t.quality(quality);
    return q ? q->capacity : 0;
}

int capacity_of(const Tables& t, const model::Unit& unit) {
    return unit.hit_capacity > 0 ? unit.hit_capacity : class_capacity(t, unit.quality);
}

int broken_at(const Tables& t, int capacity) {
    return t.options.broken_one_left ? std::max(1, capacity - 1) : 1;
}

bool is_broken(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit) {
    return kit::counter_now(battle, out, unit, key::broken) != 0;
}

const GridKind& grid_kind(const Tables& t, const model::Battle& battle) {
    const GridKind* g = t.grid(rules::grid_id(rules::grid_of(battle)));
    return g ? *g : t.grids.front();
}

Measure measure(const Context& ctx, const std::string& input) {
    const rules::Steps& steps = ctx.inputs.steps(input);
    const GridKind& grid = grid_kind(ctx.tables, ctx.battle);
    Measure m;
    m.areas = steps.straight + steps.diagonal * grid.diagonal;
    if (steps.diagonal == 0) {
        m.text = rules::areas_text(m.areas);
    } else {
        m.text = kit::plural(steps.diagonal, "diagonal step", "diagonal steps") + " x " + kit::decimal(grid.diagonal);
        if (steps.straight > 0) m.text += " + " + kit::plural(steps.straight, "straight step", "straight steps");
        m.text += " = " + rules::areas_text(m.areas);
    }
    m.text += " (" + grid.name + ")";
    return m;
}

int add_modifiers(const Tables& t, const std::vector<Modifier>& list, const std::set<std::string>& chosen,
                  const std::string& citation, rules::Resolution& out) {
    int total = 0;
    std::map<std::string, std::string> counted;  // group -> the modifier that counted for it
    for (const auto& m : list) {
        if (!chosen.count(m.id)) continue;
        if (!m.group.empty() && !t.options.modifier_groups_stack) {
            auto [it, first] = counted.emplace(m.group, m.name);
            if (!first) {
                out.steps.push_back({m.name + ": not again, the same line of the rules as " + it->second +
                                         " counts once",
                                     citation});
                continue;
            }
        }
        total += m.value;
        out.steps.push_back({m.name + " " + kit::signed_text(m.value), citation});
    }
    return total;
}

rules::DiceGroup hit_roll(const Context& ctx, rules::Resolution& out, const std::string& label, int count,
                          int modifier, int hit_on, const std::string& citation) {
    const int natural = kit::natural_needed(hit_on, modifier);
    out.steps.push_back({kit::dice_text(count) + ", " + std::to_string(hit_on) + "+ after " +
                             kit::signed_text(modifier) + ": " + kit::need_text(natural, "hit"),
                         citation});
    out.odds.push_back({label, dice::Distribution::successes(count, kit::chance_of(natural))});
    rules::DiceGroup g{label, {}, modifier, hit_on};
    if (ctx.dice && count > 0) g.values = ctx.dice->d6s(count, label);
    return g;
}

std::vector<const model::Commander*> attached_commanders(const model::Battle& battle, const model::Unit& unit) {
    std::vector<const model::Commander*> out;
    for (const auto& c : battle.commanders)
        if (c.status == model::CommanderStatus::Active && c.attached_unit == unit.id) out.push_back(&c);
    return out;
}

void kill_commander(const Context& ctx, const model::Commander& c, const std::string& how, rules::Resolution& out) {
    kit::change(ctx.battle, out, model::Entity::Commander, c.id, "status",
                static_cast<std::int64_t>(model::CommanderStatus::Killed), how);
    if (c.attached_unit) kit::change(ctx.battle, out, model::Entity::Commander, c.id, "attached-unit", -1, how);
    kit::change(ctx.battle, out, model::Entity::Battle, 0, "counter:" + killed_key(c.id), ctx.battle.turn, how);
    out.steps.push_back({c.name + " is killed (" + how + "): a replacement takes over at the end of turn " +
                             std::to_string(ctx.battle.turn + ctx.tables.commanders.replacement_turns),
                         cite("Commanders (line 17)")});
}

} // namespace umpire::square_hearts
