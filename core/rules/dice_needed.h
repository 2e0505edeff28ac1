#pragma once
// How many dice a roll takes, for the message when the umpire typed too few: "6 given, the
// shooting dice need more" becomes "... need more: 8 in all".
#include "model/battle.h"
#include "rules/request.h"
#include "rules/ruleset.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace umpire::rules {

// Resolves the request again with the typed values followed by ones, counting the dice it
// draws. nullopt when the request fails for another reason. A roll whose count depends on the
// faces (a reroll on a 1) may need more than this: it is the least the roll can take.
std::optional<std::size_t> dice_needed(const Ruleset& ruleset, const ActionRequest& request,
                                       const model::Battle& battle, const std::vector<int>& typed);

} // namespace umpire::rules
