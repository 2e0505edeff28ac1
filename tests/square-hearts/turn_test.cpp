// The Square Hearts turn as the engine plays it from [turn]: IGO-UGO settled once (the attacker
// named, or dice), each phase its player's (the active side rules read), a chance card as each
// player's turn begins, and the army's retreat said as the turn ends (lines 13, 62, 64).
#include "fixture.h"

#include "turn/chance_deck.h"
#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

using Game = PlayedTurn;  // the test battle through the turn engine (fixture.h)

TEST_CASE("IGO-UGO: the umpire names the attacker first, for the whole game (line 13)", "[square-hearts][turn]") {
    Game g;
    g.start();
    CHECK(g.phase() == "who-first");
    CHECK(turn::turn_status(g.battle, g.rules).next == "Name the side that goes first, or roll for it");
    CHECK_THROWS_WITH(g.next(), Catch::Contains("the move order has not been rolled"));
    auto named = g.apply(turn::name_first(g.battle, g.rules, 2));
    CHECK(named.resolution.outcome == "Ansar goes first");
    CHECK_THROWS_WITH(turn::name_first(g.battle, g.rules, 1), Catch::Contains("already settled"));

    g.next();
    CHECK(g.phase() == "first-orders");
    CHECK(kit::acting_side(g.battle) == 2);
    CHECK(turn::turn_status(g.battle, g.rules).active_side == 2);
    g.roll_orders();
    g.next();
    g.next();
    CHECK(g.phase() == "first-melee");
    CHECK(kit::acting_side(g.battle) == 2);
    g.next();
    CHECK(g.phase() == "second-orders");
    CHECK(kit::acting_side(g.battle) == 1);
    g.roll_orders();
    g.next();
    g.next();
    auto turn_two = g.next();
    // The order is not asked again: turn 2 starts with the first player's orders.
    CHECK(g.battle.turn == 2);
    CHECK(g.phase() == "first-orders");
    CHECK(kit::acting_side(g.battle) == 2);
    CHECK(turn_two.resolution.outcome == "Turn 2: First player: orders");
}

TEST_CASE("IGO-UGO by dice: high goes first, no second roll", "[square-hearts][turn]") {
    Game g;
    g.start();
    dice::TypedDice dice({2, 5});
    g.apply(turn::roll_order(g.battle, g.rules, dice));
    CHECK(turn::turn_status(g.battle, g.rules).first_side == 2);
    dice::TypedDice again({6, 1});
    CHECK_THROWS_WITH(turn::roll_order(g.battle, g.rules, again), Catch::Contains("settled for the whole battle"));
}

TEST_CASE("The engine's player phases drive the rules: orders in the own turn only", "[square-hearts][turn]") {
    Game g;
    g.start();
    g.apply(turn::name_first(g.battle, g.rules, 1));
    g.next();  // first-orders, side 1
    auto ruleset = rulesets::make("square-hearts");
    dice::TypedDice four({4});
    CHECK_NOTHROW(ruleset->resolve(request("orders", {{"commander", "1"}}), g.battle, four));
    dice::TypedDice three({3});
    CHECK_THROWS_WITH(ruleset->resolve(request("orders", {{"commander", "3"}}), g.battle, three),
                      Catch::Contains("it is Field Force's"));
}

TEST_CASE("The orders phase ends once each of the player's active commanders has rolled or deferred (line 15)",
          "[square-hearts][turn]") {
    Game g;
    g.battle.commanders[1].status = model::CommanderStatus::Wounded;  // Colonel Burnaby gives no orders
    g.battle.commanders.push_back({5, "Major Wilson", 1, false, std::nullopt, model::CommanderStatus::Active});
    g.start();
    g.apply(turn::name_first(g.battle, g.rules, 1));
    g.next();
    REQUIRE(g.phase() == "first-orders");
    const std::string both = "General Stewart and Major Wilson have not rolled for orders: each commander rolls 1d6 "
                             "(Orders (line 15))";
    CHECK_THROWS_WITH(g.next(), "phase: the First player: orders is not finished: " + both);
    const auto st = turn::turn_status(g.battle, g.rules);
    CHECK_FALSE(st.can_advance);
    CHECK(st.advance_blocked == both);

    // The General defers: that is his decision made; Major Wilson still has to roll.
    auto ruleset = rulesets::make("square-hearts");
    dice::TypedDice none({});
    g.battle.apply(ruleset->resolve(request("orders", {{"commander", "1"}, {"defer", "yes"}}), g.battle, none).effects);
    CHECK_THROWS_WITH(g.next(), Catch::EndsWith("Major Wilson has not rolled for orders: each commander rolls 1d6 "
                                                "(Orders (line 15))"));

    // The umpire may end it anyway; the step says so and why.
    const auto forced = g.apply(turn::next_phase(g.battle, g.rules, {}, true));
    CHECK(g.phase() == "first-actions");
    bool said = false;
    for (const auto& s : forced.resolution.steps)
        said = said || s.text == "Ended early by the umpire: Major Wilson has not rolled for orders: each commander "
                                 "rolls 1d6 (Orders (line 15))";
    CHECK(said);

    // The other player's orders phase asks only for his own commanders.
    g.next();
    g.next();
    REQUIRE(g.phase() == "second-orders");
    CHECK_THROWS_WITH(g.next(), Catch::EndsWith("The Emir and Musa have not rolled for orders: each commander rolls "
                                                "1d6 (Orders (line 15))"));
    g.roll_orders();
    CHECK_NOTHROW(g.next());
}

TEST_CASE("Chance cards: a player draws one as his turn begins (line 64)", "[square-hearts][turn]") {
    Game g;
    g.start(true);
    g.apply(turn::name_first(g.battle, g.rules, 1));
    g.next();
    auto st = turn::turn_status(g.battle, g.rules);
    CHECK(st.chance_due_side == 1);
    CHECK(st.next == "Field Force draws a chance card");
    CHECK_THROWS_WITH(g.next(), Catch::Contains("has a chance card to draw"));
    auto drawn = g.apply(turn::draw_chance(g.battle, g.rules));
    CHECK_THAT(drawn.resolution.outcome, Catch::StartsWith("Field Force draws"));
    g.roll_orders();
    CHECK_NOTHROW(g.next());
    // The example deck has both colours and blanks; no rule asks for more blanks than cards.
    auto deck = turn::default_deck("square-hearts");
    REQUIRE(deck);
    CHECK(deck->colours() == std::vector<std::string>{"red", "black"});
    CHECK(g.rules.blanks_at_least == 0);
}

TEST_CASE("The army that has lost over half its units must retreat, said as the turn ends (line 62)",
          "[square-hearts][turn]") {
    Game g;
    // The Ansar (7 units): 2 destroyed, 1 off the table, 1 broken = 4 lost, over half.
    g.battle.unit(11)->set(model::Flag::Routed, true);
    g.battle.unit(12)->set(model::Flag::Routed, true);
    g.battle.unit(13)->set(model::Flag::Routed, true);
    g.battle.unit(14)->counters["broken"] = 1;
    // The Field Force (8 units): 4 lost, exactly half: not over.
    for (int id : {1, 2, 3, 4}) g.battle.unit(id)->set(model::Flag::Routed, true);
    g.start();
    g.apply(turn::name_first(g.battle, g.rules, 1));
    for (int i = 0; i < 6; ++i) {
        if (g.phase() == "first-orders" || g.phase() == "second-orders") g.roll_orders();
        g.next();
    }
    CHECK(g.phase() == "second-melee");
    auto end = g.next();
    CHECK(end.resolution.outcome == "Turn 2: First player: orders; Ansar must retreat unless the scenario says otherwise");
    bool ansar = false, field_force = false;
    for (const auto& s : end.resolution.steps) {
        if (s.text == "End of turn 1: Ansar has lost 4 of its 7 units (broken, destroyed or off the table), more than "
                      "1/2: it must retreat unless the scenario says otherwise")
            ansar = s.citation == "The army (line 62)";
        if (s.text.find("Field Force has lost 4 of its 8 units") != std::string::npos &&
            s.text.find("not more than 1/2") != std::string::npos)
            field_force = true;
    }
    CHECK(ansar);
    CHECK(field_force);
}
