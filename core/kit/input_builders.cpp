#include "kit/input_builders.h"

namespace umpire::kit {

using rules::InputKind;
using rules::InputSpec;

namespace {

InputSpec input(std::string id, std::string label, InputKind kind, std::string help) {
    InputSpec s;
    s.id = std::move(id);
    s.label = std::move(label);
    s.kind = kind;
    s.help = std::move(help);
    return s;
}

} // namespace

rules::ActionSpec action(std::string id, std::string name, std::string summary, std::string citation) {
    rules::ActionSpec a;
    a.id = std::move(id);
    a.name = std::move(name);
    a.summary = std::move(summary);
    a.citation = std::move(citation);
    return a;
}

InputSpec count_input(std::string id, std::string label, std::string help, int min, int max, std::string fallback) {
    InputSpec s = input(std::move(id), std::move(label), InputKind::Count, std::move(help));
    s.min = min;
    s.max = max;
    s.fallback = std::move(fallback);
    return s;
}

InputSpec flag_input(std::string id, std::string label, std::string help) {
    InputSpec s = input(std::move(id), std::move(label), InputKind::Flag, std::move(help));
    s.fallback = "no";
    return s;
}

InputSpec distance_input(std::string id, std::string label, std::string help, bool required) {
    InputSpec s = input(std::move(id), std::move(label), InputKind::Distance, std::move(help));
    s.max = kMaxDistance;
    s.required = required;
    return s;
}

InputSpec areas_input(std::string id, std::string label, std::string help, bool required, int min) {
    InputSpec s = input(std::move(id), std::move(label), InputKind::Areas,
                        help + (help.empty() ? "" : " ") +
                            "Count the steps on the grid: 3 straight, 2d two diagonal (1.5 areas each on squares), "
                            "2d+1 both; hexes have no diagonals.");
    s.min = min;
    s.max = kMaxAreas;
    s.required = required;
    return s;
}

InputSpec choice_input(std::string id, std::string label, std::vector<rules::Choice> choices, std::string fallback,
                       std::string help) {
    InputSpec s = input(std::move(id), std::move(label), InputKind::Choice, std::move(help));
    s.choices = std::move(choices);
    s.fallback = std::move(fallback);
    return s;
}

InputSpec modifiers_input(std::string id, std::string label, std::vector<rules::Choice> choices) {
    InputSpec s = input(std::move(id), std::move(label), InputKind::Modifiers, {});
    s.choices = std::move(choices);
    s.required = false;
    return s;
}

InputSpec id_input(std::string id, std::string label, std::string help, rules::IdOf of) {
    InputSpec s = count_input(std::move(id), std::move(label), std::move(help), 1, kMaxId);
    s.id_of = of;
    s.required = false;
    return s;
}

} // namespace umpire::kit
