#pragma once
// Who may be an action's target. One function answers for both the list a front end offers
// (Ruleset::target_candidates) and the check resolve makes, so the two cannot disagree.
#include "model/battle.h"
#include "rulesets/edwardian/tables.h"

#include <optional>
#include <string>
#include <string_view>

namespace umpire::edwardian {

// nullopt when `target` may be the target of `action` with `unit` acting (null: no acting
// unit), else why not, as one sentence for an InputError on "target".
std::optional<std::string> target_refusal(const Tables& t, std::string_view action, const model::Unit* unit,
                                          const model::Unit& target);

} // namespace umpire::edwardian
