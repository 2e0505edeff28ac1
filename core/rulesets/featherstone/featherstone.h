#pragma once
// A Featherstone-like Horse and Musket set of Rules: the ruleset. Source text: shared seed 002
// (see reference/featherstone/rulings.md for how ambiguities were decided and how it is cited).
#include "kit/ruleset_base.h"
#include "rulesets/featherstone/tables.h"

namespace umpire::featherstone {

class Featherstone final : public kit::DeclaredRuleset<Tables> {
public:
    // `reference` is the merged reference the tables were read from.
    Featherstone(Tables tables, const kit::Reference& reference);
    // Its formation, a battery's shots, what morale and melee left it with this turn (unit_notes.cpp).
    std::vector<UnitNote> unit_notes(const model::Battle& battle, const model::Unit& unit) const override;
};

// The declared actions for these tables (actions.cpp).
std::vector<rules::ActionSpec> declare_actions(const Tables& tables);

// Form values from the selected unit and target (defaults.cpp).
void unit_defaults(const kit::DefaultsContext<Tables>& c, kit::Defaults& d);

} // namespace umpire::featherstone
