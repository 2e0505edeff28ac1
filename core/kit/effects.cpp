#include "kit/effects.h"

namespace umpire::kit {

using model::Entity;

namespace {

bool is_counter(const std::string& field) { return field.rfind("counter:", 0) == 0; }

std::int64_t read_battle(const model::Battle& battle, Entity entity, int id, const std::string& field) {
    auto counter_of = [&](const std::map<std::string, int>& counters) -> std::int64_t {
        return counter(counters, field.substr(8));
    };
    switch (entity) {
    case Entity::Unit: {
        const model::Unit* u = battle.unit(id);
        if (!u) return 0;
        if (field == "figures") return u->figures;
        if (field == "start-figures") return u->start_figures;
        if (field == "hits") return u->hits;
        if (field == "formed") return u->formed ? 1 : 0;
        if (field == "commander") return u->commander ? *u->commander : -1;
        if (field.rfind("flag:", 0) == 0) {
            auto flag = model::flag_from_id(std::string_view(field).substr(5));
            return flag && u->has(*flag) ? 1 : 0;
        }
        if (is_counter(field)) return counter_of(u->counters);
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
        return s && is_counter(field) ? counter_of(s->counters) : 0;
    }
    case Entity::Battle:
        if (field == "turn") return battle.turn;
        return is_counter(field) ? counter_of(battle.counters) : 0;
    }
    return 0;
}

std::string flag_field(model::Flag flag) { return "flag:" + std::string(model::flag_id(flag)); }

} // namespace

int counter(const std::map<std::string, int>& counters, const std::string& key) {
    auto it = counters.find(key);
    return it == counters.end() ? 0 : it->second;
}

int counter(const model::Unit& unit, const std::string& key) { return counter(unit.counters, key); }

std::int64_t current(const model::Battle& battle, const rules::Resolution& out, Entity entity, int id,
                     const std::string& field) {
    for (auto it = out.effects.rbegin(); it != out.effects.rend(); ++it)
        if (it->entity == entity && it->id == id && it->field == field) return it->after;
    return read_battle(battle, entity, id, field);
}

void change(const model::Battle& battle, rules::Resolution& out, Entity entity, int id, const std::string& field,
            std::int64_t after, std::string reason) {
    const std::int64_t before = current(battle, out, entity, id, field);
    if (before == after) return;
    out.effects.push_back({entity, id, field, before, after, std::move(reason)});
}

void set_flag(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit, model::Flag flag,
              bool on, std::string reason) {
    change(battle, out, Entity::Unit, unit.id, flag_field(flag), on ? 1 : 0, std::move(reason));
}

void set_counter(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit,
                 const std::string& key, std::int64_t value, std::string reason) {
    change(battle, out, Entity::Unit, unit.id, "counter:" + key, value, std::move(reason));
}

bool flag_now(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
              model::Flag flag) {
    return current(battle, out, Entity::Unit, unit.id, flag_field(flag)) != 0;
}

std::int64_t counter_now(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit,
                         const std::string& key) {
    return current(battle, out, Entity::Unit, unit.id, "counter:" + key);
}

// ---- Changes ------------------------------------------------------------------------------------

int Changes::figures(const model::Unit& u) const {
    return static_cast<int>(current(battle_, out_, Entity::Unit, u.id, "figures"));
}

int Changes::unit_counter(const model::Unit& u, const std::string& key) const {
    return static_cast<int>(counter_now(battle_, out_, u, key));
}

bool Changes::flag(const model::Unit& u, model::Flag f) const { return flag_now(battle_, out_, u, f); }

void Changes::set_figures(const model::Unit& u, int value, const std::string& reason) {
    change(battle_, out_, Entity::Unit, u.id, "figures", value, reason);
}

void Changes::set_flag(const model::Unit& u, model::Flag f, bool on, const std::string& reason) {
    kit::set_flag(battle_, out_, u, f, on, reason);
}

void Changes::set_unit_counter(const model::Unit& u, const std::string& key, int value, const std::string& reason) {
    set_counter(battle_, out_, u, key, value, reason);
}

void Changes::add_unit_counter(const model::Unit& u, const std::string& key, int delta, const std::string& reason) {
    set_unit_counter(u, key, unit_counter(u, key) + delta, reason);
}

void Changes::set_side_counter(int side, const std::string& key, int value, const std::string& reason) {
    if (!battle_.side(side)) return;
    change(battle_, out_, Entity::Side, side, "counter:" + key, value, reason);
}

void Changes::add_side_counter(int side, const std::string& key, int delta, const std::string& reason) {
    if (!battle_.side(side)) return;
    const auto now = current(battle_, out_, Entity::Side, side, "counter:" + key);
    change(battle_, out_, Entity::Side, side, "counter:" + key, now + delta, reason);
}

void Changes::set_battle_counter(const std::string& key, int value, const std::string& reason) {
    change(battle_, out_, Entity::Battle, 0, "counter:" + key, value, reason);
}

} // namespace umpire::kit
