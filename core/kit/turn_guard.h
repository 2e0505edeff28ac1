#pragma once
// Where an action belongs in the turn, asked of every request before its rule runs. The kit does
// not know the turn engine (which phase it is, whose card is up, whose alternate move): the turn
// module implements this (turn/places.h, from the [[turn.places]] of the ruleset's reference) and
// each ruleset gives DeclaredRuleset one, so `apply`, `resolve`, the desk and `turn moved` all
// read the same declaration.
#include "model/battle.h"
#include "rules/action_spec.h"
#include "rules/inputs.h"
#include "rules/request.h"
#include "rules/resolution.h"

namespace umpire::kit {

class TurnGuard {
public:
    virtual ~TurnGuard() = default;

    // Refuses (kit::forbid: the umpire may overrule) an action taken outside the phases its
    // declaration gives it, by a side that is not the one acting, or as a reaction to nothing.
    // With no turn running nothing is refused.
    virtual void check(const model::Battle& battle, const rules::ActionSpec& action, const model::Unit* unit,
                       const model::Unit* target, const rules::Inputs& inputs, const rules::ActionRequest& request,
                       rules::Resolution& out) const = 0;

    // After the action resolved: what a later reaction reads of it (a charge marks the unit it
    // charged, so only that unit may counter-charge).
    virtual void mark(const model::Battle& battle, const rules::ActionSpec& action, const model::Unit* unit,
                      const model::Unit* target, rules::Resolution& out) const = 0;
};

} // namespace umpire::kit
