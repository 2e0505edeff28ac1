#pragma once
// What the umpire asked for, as typed: an action id, the unit and target, and raw input text.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace umpire::rules {

struct ActionRequest {
    std::string action;
    std::optional<int> unit;    // Unit::id acting
    std::optional<int> target;  // Unit::id acted upon
    // Raw values by input id. Modifiers are a comma-separated list of choice ids.
    std::map<std::string, std::string> values;
    // The journal entry whose follow-up this answers (a rally test taken from the Pending list),
    // so the list read back from the journal knows exactly which prompt was worked.
    std::optional<std::int64_t> answers;
    // The umpire's reason for applying an action the rules refuse (a second volley, a move with
    // no order). Empty: the rules are enforced. Journaled with the request.
    std::string overrule = {};
    // The umpire whose sector the acting unit is in (model/sectors.h), when another umpire applies
    // it and confirmed acting there: journaled with the request and said on the journal's line.
    std::string in_sector_of = {};
};

} // namespace umpire::rules
