#pragma once
// The interface every ruleset implements. A ruleset declares its actions and turns a validated
// request plus the battle state plus dice into a Resolution. It never changes the battle: the
// caller applies Resolution::effects (through the store, inside one transaction).
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/action_spec.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <map>
#include <string>
#include <vector>

namespace umpire::rules {

class Ruleset {
public:
    virtual ~Ruleset() = default;

    virtual std::string_view id() const = 0;
    virtual std::string_view name() const = 0;
    virtual const std::vector<ActionSpec>& actions() const = 0;
    // The reference tables this instance reads, house rules included, as TOML text: what the
    // quick-reference sheet and the GUI's reference panel show.
    virtual const std::string& reference_toml() const = 0;
    const ActionSpec* action(std::string_view id) const;

    // Checks a roster value for this ruleset: field is "type", "quality", "weapon" or "trait".
    // nullopt if known, else what was expected ("one of: infantry, cavalry, artillery").
    virtual std::optional<std::string> check_unit_value(std::string_view field,
                                                        std::string_view value) const = 0;

    // Checks a roster's unit against the units before it in `battle` (what its side may field: one
    // band an army, say): nullopt if it may, else why not, citing the rule. Rosters and the roster
    // editor ask; a ruleset with no such limit keeps this default.
    virtual std::optional<std::string> check_roster_unit(const model::Battle& battle,
                                                         const model::Unit& unit) const {
        (void)battle;
        (void)unit;
        return std::nullopt;
    }

    // Values for the action's inputs taken from the selected unit and target (figures, weapon,
    // shaken, quality, modifiers that follow from troop type). The form starts from these.
    virtual std::map<std::string, std::string> defaults(const ActionSpec& action,
                                                        const model::Battle& battle,
                                                        std::optional<int> unit,
                                                        std::optional<int> target) const = 0;

    // The units `action` may name as its target when `unit` acts (none: no acting unit), as
    // Unit::ids in roster order: what a front end offers to pick from. resolve() accepts exactly
    // these targets (other inputs permitting). The default is the common rule, enemy_targets().
    virtual std::vector<int> target_candidates(const ActionSpec& action, const model::Battle& battle,
                                               std::optional<int> unit) const;

    // The working up to the dice and the exact odds, without rolling. Throws InputError.
    virtual Resolution preview(const ActionRequest& request, const model::Battle& battle) const = 0;

    // The full resolution. Throws InputError for bad input and dice::DiceError when typed dice
    // are too few or too many; in both cases nothing has changed.
    virtual Resolution resolve(const ActionRequest& request, const model::Battle& battle,
                               dice::DiceSource& dice) const = 0;
};

// The common target rule: units on the table that are not on the acting unit's side (every unit
// on the table when no unit acts, or the acting unit is unknown), never the acting unit itself.
std::vector<int> enemy_targets(const model::Battle& battle, std::optional<int> unit);

} // namespace umpire::rules
