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

    // The distance units a battle of this ruleset may be measured in: "in" and "cm" for rules
    // measured on an open table (the default), "squares" and "hexes" for rules played on a grid
    // of areas (rules/grid.h). The first is what a battle gets when its roster names none.
    virtual std::vector<std::string> distance_units() const { return {"in", "cm"}; }

    // What the ruleset derives from a unit's roster values when the unit joins a battle (from
    // a roster, or added at the table): Square Hearts' hit capacity by class. Values the roster
    // gives are kept. The default derives nothing.
    virtual void complete_unit(model::Unit& unit) const { (void)unit; }

    // What the ruleset keeps of a unit, in words for its card: the Featherstone-like set's
    // formation and shots fired. The card shows these in place of the raw counters they read.
    // The default says nothing.
    struct UnitNote {
        std::string label;                // "Formation"
        std::string value;                // "square"
        std::vector<std::string> counters;  // the unit counters it reads
        // A state the unit is in that the Status line says beside its markers ("in square");
        // empty for a note that is only a row of the card.
        std::string badge = {};
    };
    virtual std::vector<UnitNote> unit_notes(const model::Battle& battle, const model::Unit& unit) const {
        (void)battle;
        (void)unit;
        return {};
    }

    // What the ruleset keeps through a turn that the players ask about at the table, a sentence
    // a line: Square Hearts' orders left to each commander. The Turn panel and the turn status
    // show them. The default keeps nothing of the kind.
    virtual std::vector<std::string> turn_notes(const model::Battle& battle) const {
        (void)battle;
        return {};
    }

    // What the rules say must still be done before the turn's phase `phase_id` ends, in words
    // ("Colonel Ames has not rolled for his orders"), or "" when nothing is: Square Hearts' roll
    // for each commander's orders. The turn engine refuses to end the phase while it says so,
    // unless the umpire ends it anyway. The default asks for nothing.
    virtual std::string phase_unfinished(const model::Battle& battle, std::string_view phase_id) const {
        (void)battle;
        (void)phase_id;
        return "";
    }

    // Why `unit` can no longer take `action` at all, whatever the inputs (it has routed, it is
    // off the table, the action is not one its kind takes), or nullopt while it can: a follow-up
    // it can no longer do is dropped from Pending with this reason.
    virtual std::optional<std::string> unit_unable(const model::Battle& battle, std::string_view action, int unit) const {
        (void)battle;
        (void)action;
        (void)unit;
        return std::nullopt;
    }

    // Why the follow-up `f` is no longer to be done, or nullopt while it is: its unit can no longer take its
    // action (unit_unable), or it is an obligation (`f.owed`) its unit no longer owes: paid, or lifted by the
    // rules (it retreated out of contact, its opponent gone). Pending drops it with the reason. The answer
    // depends on the battle through `f`'s unit alone: the desk asks again only for the units a change touches.
    virtual std::optional<std::string> follow_up_void(const model::Battle& battle, const FollowUp& f) const {
        return f.unit ? unit_unable(battle, f.action, *f.unit) : std::nullopt;
    }

    // The working up to the dice and the exact odds, without rolling. Throws InputError.
    virtual Resolution preview(const ActionRequest& request, const model::Battle& battle) const = 0;

    // The full resolution. Throws InputError for bad input and dice::DiceError when typed dice
    // are too few or too many; in both cases nothing has changed.
    virtual Resolution resolve(const ActionRequest& request, const model::Battle& battle,
                               dice::DiceSource& dice) const = 0;
};

// Readies a battle made from rosters for this ruleset before it is created: refuses a distance
// unit the ruleset is not played in (InputError "distance unit", saying which it is played in)
// and completes every unit (Ruleset::complete_unit). Nothing else changes.
void prepare_battle(const Ruleset& ruleset, model::Battle& battle);

// The common target rule: units on the table that are not on the acting unit's side (every unit
// on the table when no unit acts, or the acting unit is unknown), never the acting unit itself.
std::vector<int> enemy_targets(const model::Battle& battle, std::optional<int> unit);

} // namespace umpire::rules
