#include "kit/units.h"

#include <algorithm>

namespace umpire::kit {

int next_unit_id(const model::Battle& battle) {
    int id = 1;
    for (const auto& u : battle.units) id = std::max(id, u.id + 1);
    return id;
}

std::string free_unit_name(const model::Battle& battle, const std::string& base) {
    auto taken = [&](const std::string& n) {
        return std::any_of(battle.units.begin(), battle.units.end(), [&](const model::Unit& u) { return u.name == n; });
    };
    if (!taken(base)) return base;
    for (int i = 2;; ++i)
        if (!taken(base + " " + std::to_string(i))) return base + " " + std::to_string(i);
}

int roster_place(const model::Battle& battle, int id) {
    for (std::size_t i = 0; i < battle.units.size(); ++i)
        if (battle.units[i].id == id) return static_cast<int>(i) + 1;
    return 0;
}

void create_unit(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit, int place,
                 std::string reason) {
    const int at = place > 0 ? place : static_cast<int>(battle.units.size()) + 1;
    model::Effect create{model::Entity::Unit, unit.id, std::string(model::kRosterPlace), 0, at, std::move(reason)};
    create.unit = unit;
    out.effects.push_back(std::move(create));
}

} // namespace umpire::kit
