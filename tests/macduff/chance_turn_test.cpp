// A chance card drawn through the turn engine (core/turn, draw_chance) hands its action on as a
// follow-up; the follow-up's action and values resolve through the MacDuff ruleset, with the
// unit the card asks for. This is the path the desk takes from "Draw the chance card".
#include "fixture.h"

#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Entity;

namespace {

struct Table {
    model::Battle battle = frontier_battle();
    std::unique_ptr<rules::Ruleset> ruleset = rulesets::make("macduff");
    turn::TurnRules rules = turn::turn_rules(*ruleset);

    Table() {
        turn::TurnOptions options;
        options.seed = 4;
        options.chance_cards = true;
        battle.apply(turn::configure(battle, rules, options).resolution.effects);
    }

    // Puts `id` on top of the colour's pile and draws it for `side`: the card's follow-up.
    rules::FollowUp draw(int side, const std::string& colour, const std::string& id) {
        turn::TurnState s = turn::turn_state(battle);
        s.chance_piles[colour].insert(s.chance_piles[colour].begin(), id);
        battle.texts[turn::kTurnText] = turn::to_text(s);
        const turn::TurnStep step = turn::draw_chance(battle, rules, side);
        battle.apply(step.resolution.effects);
        REQUIRE(step.resolution.follow_ups.size() == 1);
        return step.resolution.follow_ups.front();
    }

    // Resolves the follow-up as the desk does: its action and values, plus the unit asked for.
    rules::Resolution resolve(const rules::FollowUp& f, std::vector<int> dice, std::optional<int> unit = std::nullopt,
                              std::optional<int> target = std::nullopt) const {
        rules::ActionRequest req{f.action, unit, target, f.values, {}};
        dice::TypedDice typed(std::move(dice));
        return ruleset->resolve(req, battle, typed);
    }
};

} // namespace

TEST_CASE("chance cards drawn by the turn engine resolve through their MacDuff actions") {
    Table t;
    SECTION("They Couldn't Hit an Elephant") {
        auto f = t.draw(1, "red", "they-couldnt-hit-an-elephant");
        CHECK(f.action == "sniper");
        CHECK(f.values.at("side") == "1");
        auto r = t.resolve(f, {1});
        CHECK(find_effect(r, Entity::Commander, 1, "status"));  // the red side's General
    }
    SECTION("Never Say Die") {
        t.battle.unit(5)->figures = 9;
        auto f = t.draw(2, "black", "never-say-die");
        auto r = t.resolve(f, {2});
        CHECK(find_effect(r, 5, "figures")->after == 11);
    }
    SECTION("Huzzah! asks for the player's own unit") {
        auto f = t.draw(1, "red", "huzzah");
        // "It may add 1d6" to any move or +1 to each melee die": the player's, asked (R54).
        auto asked = t.resolve(f, {}, 2);
        REQUIRE(asked.question);
        CHECK(asked.question->input == "use");
        CHECK(asked.question->options.size() == 2);
        CHECK(asked.effects.empty());
        f.values["use"] = "move";
        auto r = t.resolve(f, {5}, 2);
        CHECK(find_effect(r, 2, "counter:huzzah-move-inches")->after == 5);
    }
    SECTION("Ammo Shortage names an enemy unit, which the ruleset offers") {
        auto f = t.draw(2, "black", "ammo-shortage");
        CHECK(f.action == "nominate");
        // With the card drawn, a front end offers the red side's units.
        const auto offered = t.ruleset->target_candidates(*t.ruleset->action("nominate"), t.battle, std::nullopt);
        CHECK(offered == std::vector<int>{1, 2, 3});
        auto r = t.resolve(f, {}, std::nullopt, 1);
        CHECK(find_effect(r, 1, "counter:no-activation-turn")->after == t.battle.turn);
        CHECK(has_follow_up(r, "move", 1));
    }
    SECTION("I'll Try Sir! marks the player's own unit for the turn being played") {
        auto f = t.draw(2, "black", "ill-try-sir");
        CHECK(f.action == "nominate");
        auto r = t.resolve(f, {}, std::nullopt, 6);
        CHECK(find_effect(r, 6, "counter:extra-die-turn")->after == t.battle.turn);
        CHECK(has_step(r, "A unit which charges this turn"));  // the black set's words
    }
}
