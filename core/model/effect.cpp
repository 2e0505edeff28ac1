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

} // namespace umpire::model
