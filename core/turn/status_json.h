#pragma once
// The turn status as JSON: what `umpire turn B status --json` prints and what the players'
// pages show, one document so a field added here reaches both.
#include "model/battle.h"
#include "turn/turn_engine.h"

#include <nlohmann/json.hpp>

namespace umpire::turn {

nlohmann::json status_json(const model::Battle& battle, const TurnStatus& status);

} // namespace umpire::turn
