// The Ruleset interface's default behaviour: the target rule most actions of most rulesets share.
#include "rules/ruleset.h"

#include "rules/grid.h"
#include "rules/inputs.h"

#include <algorithm>

namespace umpire::rules {

std::vector<int> enemy_targets(const model::Battle& battle, std::optional<int> unit) {
    const model::Unit* acting = unit ? battle.unit(*unit) : nullptr;
    std::vector<int> out;
    for (const auto& u : battle.units) {
        if (!u.on_table()) continue;
        if (acting && (u.id == acting->id || u.side == acting->side)) continue;
        out.push_back(u.id);
    }
    return out;
}

void prepare_battle(const Ruleset& ruleset, model::Battle& battle) {
    const auto units = ruleset.distance_units();
    if (std::find(units.begin(), units.end(), battle.distance_unit) == units.end()) {
        std::string known;
        for (const auto& u : units) known += (known.empty() ? "\"" : " or \"") + u + "\"";
        const bool wants_grid = !units.empty() && grid_from_unit(units.front()).has_value();
        throw InputError("distance unit", std::string(ruleset.name()) +
                                              (wants_grid ? " is played on a grid of areas" : " is measured on an open table") +
                                              ": the distance unit must be " + known + ", not \"" + battle.distance_unit +
                                              "\"");
    }
    for (auto& unit : battle.units) ruleset.complete_unit(unit);
}

std::vector<int> Ruleset::target_candidates(const ActionSpec&, const model::Battle& battle,
                                            std::optional<int> unit) const {
    return enemy_targets(battle, unit);
}

} // namespace umpire::rules
