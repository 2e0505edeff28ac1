#pragma once
// Internal to the store: the battle as it stood when the file was created (its origin), kept as
// JSON in the origin table. Replaying the journal over the origin gives the state: that is how
// `check` tells whether the state agrees with the journal and how a damaged file is rebuilt.
#include "model/battle.h"

#include <nlohmann/json.hpp>

namespace umpire::store::detail {

// Compact JSON, keys sorted: the very text nlohmann::json's dump() would give, written directly.
std::string origin_text(const model::Battle& battle);
// What of the battle's text is not UTF-8, in words ("the name of side 2"); "" when all of it is.
// Such text cannot be written as JSON: it comes only from a damaged or hand-edited file.
std::string not_utf8_text(const model::Battle& battle);
// The same as damage, in words: "the battle's text is damaged: the name of side 2 is not UTF-8 text".
std::string bad_text_damage(const model::Battle& battle);
// Throws std::exception (json or invalid_argument) for anything not written by origin_text.
model::Battle battle_from_json(const nlohmann::json& j);

// The same in parts, for a server that keeps each unit in a row of its own: one unit as
// origin_text writes it, and the battle without its units (the "units" key left out); read back
// by unit_from_json and remainder_from_json (a battle with no units), with the same throws.
std::string unit_text(const model::Unit& unit);
std::string remainder_text(const model::Battle& battle);
model::Unit unit_from_json(const nlohmann::json& j);
model::Battle remainder_from_json(const nlohmann::json& j);

} // namespace umpire::store::detail
