#pragma once
// Internal to the store: the battle as it stood when the file was created (its origin), kept as
// JSON in the meta table. Replaying the journal over the origin gives the state: that is how
// `check` tells whether the state agrees with the journal and how a damaged file is rebuilt.
#include "model/battle.h"

#include <nlohmann/json.hpp>

namespace umpire::store::detail {

nlohmann::json battle_to_json(const model::Battle& battle);
// Throws std::exception (json or invalid_argument) for anything not written by battle_to_json.
model::Battle battle_from_json(const nlohmann::json& j);

} // namespace umpire::store::detail
