#pragma once
// Every ruleset the app knows, by id. Each battle gets its own instance, built with the battle's
// house rules laid over the ruleset's reference tables.
#include "rules/ruleset.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::rulesets {

struct RulesetInfo {
    std::string id;
    std::string name;
};

std::vector<RulesetInfo> available();

// Throws std::invalid_argument for an unknown id, naming the known ones; house-rule TOML that
// does not fit the tables throws rules::InputError.
std::unique_ptr<rules::Ruleset> make(std::string_view id, std::string_view house_rules = {});

} // namespace umpire::rulesets
