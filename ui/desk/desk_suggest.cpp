// The action offered when the umpire picks a unit: the one it took last this turn (a second
// volley is as likely as anything), else the first of the current phase's actions the unit can
// take ([[turn.phases]] actions in the ruleset's tables). The rules decide what a unit can take:
// a preview that refuses the unit itself ("is not artillery"), or a value filled in from it (a
// gun's weapon for infantry shooting), rules the action out.
#include "desk/desk.h"

#include "rules/inputs.h"
#include "turn/turn_engine.h"

namespace umpire::desk {

namespace {

bool answers_follow_up(const store::JournalLine& e) { return e.answers.has_value(); }

} // namespace

std::string Desk::suggested_action(int unit) const {
    std::vector<store::JournalLine> taken;
    try {
        taken = store_->unit_actions_in_turn(unit, battle().turn);
    } catch (const std::exception&) {
        taken.clear();  // no suggestion from the journal: the phase's action below
    }
    for (const store::JournalLine& e : taken) {
        if (turn::is_turn_step(e.action) || e.action == kDismissAction || answers_follow_up(e)) continue;
        const rules::ActionSpec* spec = ruleset_->action(e.action);
        if (spec && (spec->needs_unit || spec->unit_optional)) return e.action;
    }
    if (!turn_rules_) return {};
    const turn::TurnStatus& status = seen_turn_status();
    for (const turn::PhaseRule& phase : turn_rules_->phases) {
        if (phase.id != status.phase_id) continue;
        for (const std::string& id : phase.actions) {
            const rules::ActionSpec* spec = ruleset_->action(id);
            if (!spec || !(spec->needs_unit || spec->unit_optional)) continue;
            rules::ActionRequest request;
            request.action = id;
            request.unit = unit;
            for (auto& [input, value] : ruleset_->defaults(*spec, battle(), unit, std::nullopt))
                request.values[input] = value;
            try {
                ruleset_->preview(request, battle());
            } catch (const rules::InputError& e) {
                // Not a unit that takes this action: the rules refuse the unit itself, or a value
                // taken from the unit ("a field gun is not a small arm"; "not a battery").
                if (e.input() == "unit" || request.values.count(e.input()) > 0) continue;
            } catch (const std::exception&) {
            }
            return id;
        }
    }
    return {};
}

} // namespace umpire::desk
