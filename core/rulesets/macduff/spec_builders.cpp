// Builders for declared inputs, so each action's declaration reads as a list of its inputs.
#include "rulesets/macduff/action_def.h"

namespace umpire::macduff {

using rules::InputKind;
using rules::InputSpec;

std::string yes_no(bool b) { return b ? "yes" : "no"; }

InputSpec count_input(std::string id, std::string label, std::string help, int min, int max,
                      std::string fallback) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Count;
    s.min = min;
    s.max = max;
    s.fallback = std::move(fallback);
    s.help = std::move(help);
    return s;
}

InputSpec flag_input(std::string id, std::string label, std::string help) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Flag;
    s.fallback = "no";
    s.help = std::move(help);
    return s;
}

InputSpec distance_input(std::string id, std::string label, std::string help, bool required) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Distance;
    s.min = 0;
    s.max = kMaxDistance;
    s.required = required;
    s.help = std::move(help);
    return s;
}

InputSpec choice_input(std::string id, std::string label, std::vector<rules::Choice> choices,
                       std::string fallback, std::string help) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Choice;
    s.choices = std::move(choices);
    s.fallback = std::move(fallback);
    s.help = std::move(help);
    return s;
}

InputSpec modifiers_input(std::string id, std::string label, const std::vector<Modifier>& from) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = InputKind::Modifiers;
    for (const auto& m : from) s.choices.push_back({m.id, m.name, m.value, m.help});
    s.required = false;
    return s;
}

InputSpec commander_input_spec(std::string help) {
    InputSpec s = count_input("commander", "Commander", std::move(help), 1, kMaxId);
    s.id_of = rules::IdOf::Commander;
    s.required = false;
    return s;
}

} // namespace umpire::macduff
