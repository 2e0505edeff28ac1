// The pieces every rule shares: counting dice with remainders, hit chances, the working's wording,
// effects chained within one resolution, and distances as the umpire measures them.
#include "rulesets/macduff/mechanics.h"

#include "rules/distance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace umpire::macduff {

using model::Entity;

std::string cite(const std::string& section) { return "MacDuff " + section; }

int dice_for(int count, int per) {
    // count/per rounded half up: (2*count + per) / (2*per) in integers.
    return (2 * count + per) / (2 * per);
}

int dice_for(int count, const PerDie& rule) {
    return rule.count_half_remainders ? dice_for(count, rule.figures_per_die)
                                      : count / rule.figures_per_die;
}

int natural_needed(int success_on, int modifier) {
    return std::clamp(success_on - modifier, 1, 7);
}

double success_chance(int success_on, int modifier, bool reroll_misses) {
    double p = (7 - natural_needed(success_on, modifier)) / 6.0;
    return reroll_misses ? p + (1 - p) * p : p;
}

double any_at_least(int n, int face) {
    double miss = (std::clamp(face, 1, 7) - 1) / 6.0;
    return 1 - std::pow(miss, n);
}

std::string dice_text(int n) { return std::to_string(n) + (n == 1 ? " die" : " dice"); }
std::string hits_text(int n) { return std::to_string(n) + (n == 1 ? " hit" : " hits"); }
std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }
std::string who(const model::Unit* unit, const char* fallback) {
    return unit ? unit->name : std::string(fallback);
}
std::string turn_note(const model::Battle& battle) { return "turn " + std::to_string(battle.turn); }

std::string side_name(const model::Battle& battle, int side) {
    if (const model::Side* s = battle.side(side)) return s->name;
    return "side " + std::to_string(side);
}

std::string table_distance(const model::Battle& battle, double rulebook_inches) {
    const double table_inches = rulebook_inches * battle.distance_scale;
    std::string text;
    if (battle.distance_unit == "cm") {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f cm", table_inches * 2.54);
        text = buf;
    } else {
        text = rules::format_inches(table_inches);
    }
    if (std::fabs(battle.distance_scale - 1.0) > 1e-9 || battle.distance_unit == "cm")
        text += " on the table (" + rules::format_inches(rulebook_inches) + " in the rules)";
    return text;
}

// ---- Effects ------------------------------------------------------------------------------------

namespace {

std::int64_t read_battle(const model::Battle& battle, Entity entity, int id, const std::string& field) {
    auto counter = [&](const std::map<std::string, int>& counters) -> std::int64_t {
        auto it = counters.find(field.substr(8));
        return it == counters.end() ? 0 : it->second;
    };
    const bool is_counter = field.rfind("counter:", 0) == 0;
    switch (entity) {
    case Entity::Unit: {
        const model::Unit* u = battle.unit(id);
        if (!u) return 0;
        if (field == "figures") return u->figures;
        if (field == "start-figures") return u->start_figures;
        if (field == "hits") return u->hits;
        if (field == "formed") return u->formed ? 1 : 0;
        if (field.rfind("flag:", 0) == 0) {
            auto flag = model::flag_from_id(std::string_view(field).substr(5));
            return flag && u->has(*flag) ? 1 : 0;
        }
        if (is_counter) return counter(u->counters);
        return 0;
    }
    case Entity::Commander: {
        const model::Commander* c = battle.commander(id);
        if (!c) return 0;
        if (field == "status") return static_cast<std::int64_t>(c->status);
        if (field == "attached-unit") return c->attached_unit ? *c->attached_unit : -1;
        return 0;
    }
    case Entity::Side: {
        const model::Side* s = battle.side(id);
        return s && is_counter ? counter(s->counters) : 0;
    }
    case Entity::Battle:
        if (field == "turn") return battle.turn;
        return is_counter ? counter(battle.counters) : 0;
    }
    return 0;
}

} // namespace

std::int64_t current(const model::Battle& battle, const rules::Resolution& out, Entity entity, int id,
                     const std::string& field) {
    for (auto it = out.effects.rbegin(); it != out.effects.rend(); ++it)
        if (it->entity == entity && it->id == id && it->field == field) return it->after;
    return read_battle(battle, entity, id, field);
}

void change(const model::Battle& battle, rules::Resolution& out, Entity entity, int id,
            const std::string& field, std::int64_t after, std::string reason) {
    const std::int64_t before = current(battle, out, entity, id, field);
    if (before == after) return;
    out.effects.push_back({entity, id, field, before, after, std::move(reason)});
}

void set_flag(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
              model::Flag flag, bool on, std::string reason) {
    change(battle, out, Entity::Unit, unit.id, "flag:" + std::string(model::flag_id(flag)), on ? 1 : 0,
           std::move(reason));
}

void set_counter(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
                 const std::string& key, std::int64_t value, std::string reason) {
    change(battle, out, Entity::Unit, unit.id, "counter:" + key, value, std::move(reason));
}

bool flag_now(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
              model::Flag flag) {
    return current(battle, out, Entity::Unit, unit.id, "flag:" + std::string(model::flag_id(flag))) != 0;
}

std::int64_t counter_now(const model::Battle& battle, const rules::Resolution& out,
                         const model::Unit& unit, const std::string& key) {
    return current(battle, out, Entity::Unit, unit.id, "counter:" + key);
}

bool this_turn(const model::Battle& battle, const model::Unit& unit, const std::string& key) {
    auto it = unit.counters.find(key);
    return it != unit.counters.end() && it->second == battle.turn;
}

const model::Commander* commander_input(const Context& ctx, const std::string& id) {
    if (!ctx.inputs.has(id)) return nullptr;
    const int wanted = ctx.inputs.count(id);
    const model::Commander* c = ctx.battle.commander(wanted);
    if (!c) {
        std::string known;
        for (const auto& k : ctx.battle.commanders)
            known += (known.empty() ? "" : ", ") + std::to_string(k.id) + " " + k.name;
        throw rules::InputError(id, "no commander with id " + std::to_string(wanted) +
                                        (known.empty() ? std::string(" in this battle")
                                                       : "; commanders: " + known));
    }
    return c;
}

} // namespace umpire::macduff
