#include "turn/step_names.h"

#include <utility>

namespace umpire::turn {

std::optional<std::string> step_name(std::string_view action) {
    static const std::pair<std::string_view, const char*> kNames[] = {
        {"turn-options", "Turn options set"},   {"turn-next", "Next phase"},
        {"turn-draw", "Card drawn"},            {"turn-choose", "Commander chosen"},
        {"turn-order", "Move order rolled"},    {"turn-side-done", "Side finished"},
        {"turn-move", "Unit moved"},            {"turn-wind", "Wind rolled"},
        {"turn-set-wind", "Wind set"},          {"turn-chance", "Chance card drawn"},
        {"turn-chance-deck", "Chance deck changed"}, {"turn-first", "Who goes first"},
    };
    for (const auto& [id, name] : kNames)
        if (id == action) return std::string(name);
    return std::nullopt;
}

} // namespace umpire::turn
