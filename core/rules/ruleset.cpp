// The Ruleset interface's default behaviour: the target rule most actions of most rulesets share.
#include "rules/ruleset.h"

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

std::vector<int> Ruleset::target_candidates(const ActionSpec&, const model::Battle& battle,
                                            std::optional<int> unit) const {
    return enemy_targets(battle, unit);
}

} // namespace umpire::rules
