#include "rules/action_names.h"

namespace umpire::rules {

std::map<std::string, std::string> action_names(const Ruleset& ruleset) {
    std::map<std::string, std::string> out;
    for (const ActionSpec& a : ruleset.actions()) out[a.id] = a.name.empty() ? a.id : a.name;
    return out;
}

} // namespace umpire::rules
