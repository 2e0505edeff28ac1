#include "roster/checks.h"

namespace umpire::roster {

RulesetChecks checks_for(const rules::Ruleset& ruleset) {
    return {[&ruleset](std::string_view field, std::string_view value) { return ruleset.check_unit_value(field, value); },
            [&ruleset](const model::Battle& so_far, const model::Unit& unit) {
                return ruleset.check_roster_unit(so_far, unit);
            }};
}

void check_units(const model::Battle& battle, const UnitChecker& check, const std::string& source) {
    if (!check) return;
    model::Battle so_far = battle;
    so_far.units.clear();
    for (const auto& u : battle.units) {
        if (auto why = check(so_far, u)) throw RosterError(source, 0, 0, "unit \"" + u.name + "\": " + *why);
        so_far.units.push_back(u);
    }
}

} // namespace umpire::roster
