#pragma once
// A battle played through its ruleset's turn engine, for the turn tests: each step is applied to
// the battle as it is made, as the desk and the CLI do.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"
#include "turn/turn_engine.h"

#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace umpire::test {

struct TurnTable {
    model::Battle battle;
    std::unique_ptr<rules::Ruleset> ruleset;
    turn::TurnRules rules;

    TurnTable(model::Battle b, const std::string& ruleset_id)
        : battle(std::move(b)), ruleset(rulesets::make(ruleset_id)), rules(turn::turn_rules(*ruleset)) {}

    const turn::TurnStep& apply(const turn::TurnStep& step) {
        battle.apply(step.resolution.effects);
        return step;
    }
    // The turn options set (seed 7, chance cards as asked) and the first phase entered.
    void start(bool chance = false) {
        turn::TurnOptions o;
        o.seed = 7;
        o.chance_cards = chance;
        apply(turn::configure(battle, rules, o));
        apply(turn::next_phase(battle, rules));
    }
    turn::TurnStep next() { return apply(turn::next_phase(battle, rules)); }
    std::string phase() const { return turn::turn_status(battle, rules).phase_id; }
    turn::TurnStep order(std::vector<int> dice, bool first = true) {
        dice::TypedDice d(std::move(dice));
        return apply(turn::roll_order(battle, rules, d, {}, first));
    }
    // An action resolved with the typed `dice` and applied to the battle.
    rules::Resolution act(const rules::ActionRequest& r, std::vector<int> dice = {}) {
        dice::TypedDice d(std::move(dice));
        auto out = ruleset->resolve(r, battle, d);
        battle.apply(out.effects);
        return out;
    }
    // "rule (citation)" of the refusal of `r` now, or "not refused".
    std::string refusal(const rules::ActionRequest& r) const {
        try {
            ruleset->preview(r, battle);
        } catch (const rules::Refusal& e) {
            return e.rule() + " (" + e.citation() + ")";
        }
        return "not refused";
    }
    // Why the next phase is refused now (what is left to do, what is owed), or "not refused".
    std::string next_refused() const {
        try {
            turn::next_phase(battle, rules);
        } catch (const std::exception& e) {
            return e.what();
        }
        return "not refused";
    }
};

} // namespace umpire::test
