#pragma once
// The frontier battle played through the turn engine (core/turn): its phases, who acts in each and
// what the units owe, with the MacDuff ruleset resolving each request as `apply` does. Shared by the
// tests of where each action belongs (turn_places_test.cpp) and of what a unit must do
// (owed_test.cpp); refused_then_overruled is shared with refusals_test.cpp.
#include "fixture.h"

#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

#include <functional>

namespace umpire::test {

// `req` is refused, its words and its rule's citation in the refusal; the same request overruled
// goes ahead, the rule it overruled (the last refused) journaled with the umpire's reason.
inline rules::Resolution refused_then_overruled(const std::function<rules::Resolution(const rules::ActionRequest&)>& resolve_as,
                                                const rules::ActionRequest& req, const std::string& words,
                                                const std::string& citation) {
    try {
        resolve_as(req);
        FAIL("not refused: " + words);
    } catch (const rules::Refusal& e) {
        CHECK_THAT(std::string(e.what()), Catch::Contains(words) && Catch::Contains(citation));
    }
    auto ruled = resolve_as(overruled(req, "the umpire rules it"));
    CHECK(ruled.overrule == "the umpire rules it");
    REQUIRE_FALSE(ruled.overruled.empty());
    CHECK(ruled.overruled.back().citation == citation);
    return ruled;
}

struct TurnTable {
    model::Battle battle;
    std::unique_ptr<rules::Ruleset> ruleset;
    turn::TurnRules rules;

    explicit TurnTable(model::Battle b = with_ames(), const std::string& house_rules = {})
        : battle(std::move(b)), ruleset(rulesets::make("macduff", house_rules)), rules(turn::turn_rules(*ruleset)) {}

    void step(const turn::TurnStep& s) { battle.apply(s.resolution.effects); }

    // The activation phase of turn 1 under the initiative method: the Field Force rolls 6 to the
    // Lashkar's 2 and goes first (4.1 Initiative Method).
    void start_initiative() {
        turn::TurnOptions o;
        o.activation = "initiative";
        o.seed = 7;
        step(turn::configure(battle, rules, o));
        step(turn::next_phase(battle, rules));
        dice::TypedDice order({6, 2});
        step(turn::roll_order(battle, rules, order, {}, true));
    }
    // Both sides end their activations, and the melee phase begins.
    void end_activation() {
        while (turn::turn_state(battle).moving_side) step(turn::side_done(battle, rules));
    }
    void to_melee() {
        end_activation();
        step(turn::next_phase(battle, rules));
    }
    // Ends the phase (`force`: with what is owed left undone); the step, applied.
    turn::TurnStep next(bool force = false) {
        turn::TurnStep s = turn::next_phase(battle, rules, {}, force);
        step(s);
        return s;
    }
    // Why `next` is refused ("" when it is not).
    std::string next_refused() const {
        try {
            turn::next_phase(battle, rules);
        } catch (const rules::InputError& e) {
            return e.what();
        }
        return "";
    }
    turn::TurnStatus status() const { return turn::turn_status(battle, rules); }

    rules::Resolution resolve(const rules::ActionRequest& req, std::vector<int> dice = {}) const {
        dice::TypedDice typed(std::move(dice));
        return ruleset->resolve(req, battle, typed);
    }
    // Resolved and applied, as `umpire apply` does.
    rules::Resolution apply(const rules::ActionRequest& req, std::vector<int> dice = {}) {
        rules::Resolution r = resolve(req, std::move(dice));
        battle.apply(r.effects);
        return r;
    }
    std::function<rules::Resolution(const rules::ActionRequest&)> with(std::vector<int> dice) const {
        return [this, dice](const rules::ActionRequest& req) { return resolve(req, dice); };
    }
};

} // namespace umpire::test
