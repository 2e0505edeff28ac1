#pragma once
// What a rule runs with: its ruleset's tables, the battle, the acting unit and target (either may
// be absent when resolving without a battle), the validated inputs, the dice (null for a preview)
// and the request itself (for the umpire's overrule).
#include "dice/dice_source.h"
#include "kit/owed.h"
#include "kit/refusal.h"
#include "model/battle.h"
#include "rules/action_spec.h"
#include "rules/inputs.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <map>
#include <string>

namespace umpire::kit {

template <typename Tables>
struct Context {
    const Tables& tables;
    const model::Battle& battle;
    const model::Unit* unit;
    const model::Unit* target;
    const rules::Inputs& inputs;
    dice::DiceSource* dice;
    const rules::ActionRequest& request;
    // The ruleset's declared obligations (kit/owed.h), for owe().
    const std::vector<Obligation>& obligations;

    std::string unit_name(const char* fallback = "The unit") const {
        return unit ? unit->name : std::string(fallback);
    }
    std::string target_name(const char* fallback = "the target") const {
        return target ? target->name : std::string(fallback);
    }
    // Refuses the action, citing the rule, unless the umpire overrules (kit/refusal.h).
    void forbid(rules::Resolution& out, const std::string& rule, const std::string& citation) const {
        kit::forbid(request, out, rule, citation);
    }
    // `u` must now do what the obligation `id` asks, by when it says (kit/owed.h).
    // `opponent`: the unit it is done to, where the rule knows it (the melee's opponent).
    void owe(rules::Resolution& out, const model::Unit& u, const std::string& id, const std::string& reason,
             std::optional<int> opponent = std::nullopt) const {
        kit::owe(obligations, battle, out, u, id, reason, opponent);
    }
};

// What an action's defaults are computed from: the selected unit and target (either may be null).
template <typename Tables>
struct DefaultsContext {
    const Tables& tables;
    const model::Battle& battle;
    const model::Unit* unit;
    const model::Unit* target;
    const rules::ActionSpec& action;
};
using Defaults = std::map<std::string, std::string>;

} // namespace umpire::kit
