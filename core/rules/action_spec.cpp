#include "rules/action_spec.h"
#include "rules/ruleset.h"

namespace umpire::rules {

std::string_view input_kind_id(InputKind kind) {
    switch (kind) {
    case InputKind::Count: return "count";
    case InputKind::Distance: return "distance";
    case InputKind::Choice: return "choice";
    case InputKind::Modifiers: return "modifiers";
    case InputKind::Flag: return "flag";
    case InputKind::Areas: return "areas";
    }
    return "unknown";
}

std::string_view id_of_id(IdOf of) {
    switch (of) {
    case IdOf::Nothing: return "";
    case IdOf::Unit: return "unit";
    case IdOf::Commander: return "commander";
    case IdOf::Side: return "side";
    }
    return "";
}

const Choice* InputSpec::choice(std::string_view wanted) const {
    for (const auto& c : choices)
        if (c.id == wanted) return &c;
    return nullptr;
}

const InputSpec* ActionSpec::input(std::string_view wanted) const {
    for (const auto& i : inputs)
        if (i.id == wanted) return &i;
    return nullptr;
}

const ActionSpec* Ruleset::action(std::string_view wanted) const {
    for (const auto& a : actions())
        if (a.id == wanted) return &a;
    return nullptr;
}

} // namespace umpire::rules
