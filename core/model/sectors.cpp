#include "model/sectors.h"

#include "model/names.h"

namespace umpire::model {

std::string sector_key(Entity entity, int id) {
    return std::string("sector:") + (entity == Entity::Commander ? "commander:" : "unit:") + std::to_string(id);
}

std::optional<std::string> assigned_sector(const Battle& battle, Entity entity, int id) {
    const auto it = battle.texts.find(sector_key(entity, id));
    if (it == battle.texts.end() || it->second.empty()) return std::nullopt;
    return it->second;
}

std::optional<std::string> unit_sector(const Battle& battle, int unit) {
    if (auto own = assigned_sector(battle, Entity::Unit, unit)) return own;
    const Unit* u = battle.unit(unit);
    if (u && u->commander) return assigned_sector(battle, Entity::Commander, *u->commander);
    return std::nullopt;
}

bool in_own_sector(const Battle& battle, int unit, const std::string& umpire) {
    const std::optional<std::string> owner = unit_sector(battle, unit);
    return !owner || iequals(*owner, umpire);
}

} // namespace umpire::model
