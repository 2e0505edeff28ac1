#pragma once
// The Quatre Bras roster played through the turn engine (seed 1815): phases ended in order, actions
// resolved with fixed dice and applied as `umpire apply` applies them, and what refuses them.
#include "fixture.h"

#include "roster/roster.h"
#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

namespace umpire::test {

struct Game {
    model::Battle battle;
    std::unique_ptr<rules::Ruleset> ruleset = rulesets::make("featherstone");
    turn::TurnRules rules = turn::turn_rules(*ruleset);

    Game() {
        battle = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/featherstone-quatre-bras.toml");
        turn::TurnOptions o;
        o.seed = 1815;
        step(turn::configure(battle, rules, o));
    }
    const turn::TurnStep& step(const turn::TurnStep& s) {
        battle.apply(s.resolution.effects);
        return s;
    }
    void next() { step(turn::next_phase(battle, rules)); }
    turn::TurnStatus status() const { return turn::turn_status(battle, rules); }
    int id(const char* name) const { return battle.find_unit(name)->id; }
    void roll(std::vector<int> dice, bool first = true) {
        dice::TypedDice d(std::move(dice));
        step(turn::roll_order(battle, rules, d, {}, first));
    }
    // On to the start of phase `phase`, each phase ended as the turn asks: the Allies roll high at
    // the initiative and go first; each side says it has finished its sub-phases.
    void to(const std::string& phase) {
        for (int guard = 0; guard < 40; ++guard) {
            const turn::TurnStatus st = status();
            if (st.phase_id == phase) return;
            if (st.phase_id == "initiative" && !st.first_side)
                roll({6, 1});
            else if (st.phase_kind == turn::PhaseKind::SideMoves && st.active_side)
                step(turn::side_done(battle, rules));
            else
                next();
        }
        FAIL("the turn never reached " << phase);
    }
    rules::ActionRequest ask(const std::string& action, const char* unit, const char* target,
                             std::map<std::string, std::string> values, const std::string& overrule = {}) const {
        rules::ActionRequest r = request(action, std::move(values));
        if (unit) r.unit = id(unit);
        if (target) r.target = id(target);
        r.overrule = overrule;
        return r;
    }
    // Resolved with `dice` and applied.
    rules::Resolution apply(const std::string& action, const char* unit, const char* target = nullptr,
                            std::map<std::string, std::string> values = {}, std::vector<int> dice = {},
                            const std::string& overrule = {}) {
        dice::TypedDice typed(std::move(dice));
        rules::Resolution r = ruleset->resolve(ask(action, unit, target, std::move(values), overrule), battle, typed);
        battle.apply(r.effects);
        return r;
    }
    // The rule and citation that refuse it, or "not refused" (then it was applied).
    std::string refusal(const std::string& action, const char* unit, const char* target = nullptr,
                        std::map<std::string, std::string> values = {}, std::vector<int> dice = {}) {
        try {
            apply(action, unit, target, std::move(values), std::move(dice));
        } catch (const rules::Refusal& r) {
            return r.rule() + " (" + r.citation() + ")";
        }
        return "not refused";
    }
    // Why `turn next` is refused now ("" when it is not).
    std::string next_refused() const {
        try {
            turn::next_phase(battle, rules);
        } catch (const rules::InputError& e) {
            return e.what();
        }
        return "";
    }
};

} // namespace umpire::test
