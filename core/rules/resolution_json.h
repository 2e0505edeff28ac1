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
nlohmann::json to_json(const FollowUp& follow_up);
// Fields missing or of the wrong type are left empty.
FollowUp follow_up_from_json(const nlohmann::json& j);
nlohmann::json to_json(const model::Effect& effect);
nlohmann::json to_json(const std::vector<model::Effect>& effects);
// A text effect whose two texts together are this long or longer is written as a patch
// (model/text_patch.h): {"from": [size, hash], "to": [size, hash], "edits": [[at, cut, put], ...]}.
inline constexpr std::size_t kPatchFrom = 256;
nlohmann::json to_json(const model::TextPatch& patch);
// The whole unit, every field: carried by roster-place effects and the battle file's origin.
nlohmann::json to_json(const model::Unit& unit);

ActionRequest request_from_json(const nlohmann::json& j);
model::Effect effect_from_json(const nlohmann::json& j);
std::vector<model::Effect> effects_from_json(const nlohmann::json& j);
model::TextPatch text_patch_from_json(const nlohmann::json& j);
model::Unit unit_from_json(const nlohmann::json& j);

} // namespace umpire::rules
