#include "model/effect.h"

namespace umpire::model {

std::string_view entity_id(Entity entity) {
    switch (entity) {
    case Entity::Unit: return "unit";
    case Entity::Commander: return "commander";
    case Entity::Side: return "side";
    case Entity::Battle: return "battle";
    }
    return "unknown";
}

bool is_text_field(const Effect& effect) {
    const std::string_view field = effect.field;
    auto starts = [&](std::string_view prefix) { return field.rfind(prefix, 0) == 0; };
    switch (effect.entity) {
    case Entity::Unit:
        return field == "name" || field == "quality" || field == "troop-type" ||
               field == "weapon" || starts("trait:");
    case Entity::Commander:
    case Entity::Side: return field == "name";
    case Entity::Battle: return field == "name" || starts("text:");
    }
    return false;
}

Effect text_effect(Entity entity, int id, std::string field, std::optional<std::string> before,
                   std::optional<std::string> after, std::string reason) {
    Effect e;
    e.entity = entity;
    e.id = id;
    e.field = std::move(field);
    e.text_before = std::move(before);
    e.text_after = std::move(after);
    e.reason = std::move(reason);
    return e;
}

} // namespace umpire::model
