#pragma once
// The turn engine's journaled steps in a player's words ("turn-draw": "Card drawn"), for the
// report's action column and anywhere else an action id would otherwise show.
#include <optional>
#include <string>
#include <string_view>

namespace umpire::turn {

// nullopt when `action` is not a turn step.
std::optional<std::string> step_name(std::string_view action);

} // namespace umpire::turn
