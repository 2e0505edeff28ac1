#pragma once
// The ruleset's actions by id with the names players know them by ("shoot": "Shooting"), for
// lists that come from the journal (the after-action report) and would otherwise show ids.
#include "rules/ruleset.h"

#include <map>
#include <string>

namespace umpire::rules {

std::map<std::string, std::string> action_names(const Ruleset& ruleset);

} // namespace umpire::rules
