#pragma once
// Edwardian Splendour, a kriegspiel for toy soldiers: the ruleset. Source text: shared seed 003
// (see reference/edwardian/rulings.md for how ambiguities were decided and how it is cited).
#include "kit/ruleset_base.h"
#include "rulesets/edwardian/tables.h"

#include <memory>

namespace umpire::edwardian {

class Edwardian final : public kit::DeclaredRuleset<Tables> {
public:
    // `reference` is the merged reference the tables were read from.
    Edwardian(Tables tables, const kit::Reference& reference);

    // Undisciplined troops operate only in open order: formed = true is refused (I Troops); then
    // the [[roster_limits]].
    std::optional<std::string> check_roster_unit(const model::Battle& battle, const model::Unit& unit) const override;

protected:
    // Enemies on the table for most actions; friends for draft, anyone for shell and shot hits,
    // abandoned intact guns for claim-gun (targets.cpp).
    std::optional<std::string> target_refusal(const Def& def, const model::Unit* acting,
                                              const model::Unit& target) const override;
    // A battle already over (headquarters overrun, army morale) is said at the top of the working.
    void opening_notes(const kit::Context<Tables>& ctx, const Def& def, rules::Resolution& out) const override;
};

// The declared actions for these tables (actions.cpp); optional rules switched off are absent.
std::vector<rules::ActionSpec> declare_actions(const Tables& tables);

// Form values from the selected unit and target (defaults.cpp).
void unit_defaults(const kit::DefaultsContext<Tables>& c, kit::Defaults& d);

} // namespace umpire::edwardian
