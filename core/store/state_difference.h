#pragma once
// Internal to the store: how a battle's stored state differs from the one its journal replays to,
// by meaning, in words (for `umpire check`).
#include "model/battle.h"

#include <string>

namespace umpire::store::detail {

// The first few differences ("unit 2 (Gordon Highlanders) figures: 3 stored, 12 from the journal").
std::string state_difference(const model::Battle& stored, const model::Battle& replayed);

} // namespace umpire::store::detail
