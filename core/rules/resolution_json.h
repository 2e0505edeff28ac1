#pragma once
// JSON forms of requests, resolutions, effects and action declarations: the CLI's --json output
// and the journal's stored payloads. Field names are plain: dice, steps, outcome, odds, effects.
#include "rules/action_spec.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <nlohmann/json.hpp>

namespace umpire::rules {

nlohmann::json to_json(const ActionSpec& spec);
nlohmann::json to_json(const ActionRequest& request);
nlohmann::json to_json(const Resolution& resolution);
nlohmann::json to_json(const model::Effect& effect);
nlohmann::json to_json(const std::vector<model::Effect>& effects);
// The whole unit, every field: carried by roster-place effects and the battle file's origin.
nlohmann::json to_json(const model::Unit& unit);

ActionRequest request_from_json(const nlohmann::json& j);
model::Effect effect_from_json(const nlohmann::json& j);
std::vector<model::Effect> effects_from_json(const nlohmann::json& j);
model::Unit unit_from_json(const nlohmann::json& j);

} // namespace umpire::rules
