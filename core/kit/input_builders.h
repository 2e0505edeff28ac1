#pragma once
// Builders for declared actions and inputs, so a ruleset's declaration reads as a list: the
// action, then its inputs one line each. Every ruleset declares its actions with these.
#include "rules/action_spec.h"

#include <string>
#include <vector>

namespace umpire::kit {

// Largest figure count any input accepts: a big 54mm battle has hundreds of figures, never more.
inline constexpr int kMaxFigures = 1000;
inline constexpr int kMaxDistance = 1000;  // rulebook inches
inline constexpr int kMaxId = 100000;
inline constexpr int kMaxAreas = 500;      // steps on a grid: more than any table has

// An action: id, name, one-line summary and the citation of its rule.
rules::ActionSpec action(std::string id, std::string name, std::string summary, std::string citation);

// A whole number within [min, max]; without a fallback the umpire or the unit must give it.
rules::InputSpec count_input(std::string id, std::string label, std::string help, int min = 0,
                             int max = kMaxFigures, std::string fallback = {});
// Yes or no, "no" unless given.
rules::InputSpec flag_input(std::string id, std::string label, std::string help);
// A distance typed as 14, 14", 14in or 35cm, in rulebook inches after the battle's scale.
rules::InputSpec distance_input(std::string id, std::string label, std::string help, bool required = true);
// Steps on the battle's grid of areas, typed as counted on the table (rules/grid.h): 3, 2d, 2d+1,
// from `min` areas; the help says how to type them.
rules::InputSpec areas_input(std::string id, std::string label, std::string help, bool required = true,
                             int min = 0);
// Exactly one of `choices`.
rules::InputSpec choice_input(std::string id, std::string label, std::vector<rules::Choice> choices,
                              std::string fallback, std::string help = {});
// Any subset of `choices`, each carrying its die modifier.
rules::InputSpec modifiers_input(std::string id, std::string label, std::vector<rules::Choice> choices);
// An optional id of a unit, commander or side: front ends offer the battle's by name.
rules::InputSpec id_input(std::string id, std::string label, std::string help, rules::IdOf of);

// A ruleset's modifier rows as choices (any row type with id, name, value and help).
template <typename Row>
std::vector<rules::Choice> modifier_choices(const std::vector<Row>& rows) {
    std::vector<rules::Choice> out;
    for (const auto& m : rows) out.push_back({m.id, m.name, m.value, m.help});
    return out;
}

// The same from a ruleset's modifier rows.
template <typename Row>
rules::InputSpec modifiers_input(std::string id, std::string label, const std::vector<Row>& rows) {
    return modifiers_input(std::move(id), std::move(label), modifier_choices(rows));
}

} // namespace umpire::kit
