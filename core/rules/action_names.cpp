#include "rules/action_names.h"

#include "model/sectors.h"

namespace umpire::rules {

std::map<std::string, std::string> action_names(const Ruleset& ruleset) {
    // Besides the ruleset's own: the actions every battle has that read badly as ids.
    std::map<std::string, std::string> out{{std::string(model::kSectorAction), "Sector"}};
    for (const ActionSpec& a : ruleset.actions()) out[a.id] = a.name.empty() ? a.id : a.name;
    return out;
}

} // namespace umpire::rules
