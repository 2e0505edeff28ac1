#pragma once
// Square Hearts, a gridded version of Hearts of Tin for late 19th and early 20th century
// "colonial" wargames: the ruleset. Source text: shared seed 001 (see
// reference/square-hearts/rulings.md for how ambiguities were decided and how it is cited).
#include "kit/ruleset_base.h"
#include "rulesets/square-hearts/tables.h"

#include <string>
#include <vector>

namespace umpire::square_hearts {

class SquareHearts final : public kit::DeclaredRuleset<Tables> {
public:
    // `reference` is the merged reference the tables were read from.
    SquareHearts(Tables tables, const kit::Reference& reference);

    // Played on a grid of areas: squares (the text's own) or hexes.
    std::vector<std::string> distance_units() const override { return {"squares", "hexes"}; }
    // A unit's hit capacity is its class's (Regular 3, Militia 2, Elite 4), unless its roster
    // gives one.
    void complete_unit(model::Unit& unit) const override;
    // Each commander's orders this turn: left, deferred or not rolled yet.
    std::vector<std::string> turn_notes(const model::Battle& battle) const override;
    // An orders phase ends once every active commander of the player has rolled or deferred.
    std::string phase_unfinished(const model::Battle& battle, std::string_view phase_id) const override;
    // Broken, road column, moved, radio, train speed (unit_notes.cpp).
    std::vector<UnitNote> unit_notes(const model::Battle& battle, const model::Unit& unit) const override;
};

// The declared actions for these tables (actions.cpp).
std::vector<rules::ActionSpec> declare_actions(const Tables& tables);

// Form values from the selected unit and target (defaults.cpp).
void unit_defaults(const kit::DefaultsContext<Tables>& c, kit::Defaults& d);

} // namespace umpire::square_hearts
