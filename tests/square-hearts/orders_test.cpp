// Orders (line 15): 1d6 per commander, the Army General's deferral and his 2 dice, the decision
// before any order die, and a move refused without an order (overrulable).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

rules::ActionRequest orders(int commander, bool defer = false) {
    return request("orders", {{"commander", std::to_string(commander)}, {"defer", defer ? "yes" : "no"}});
}

rules::ActionRequest move(int unit, const std::string& areas, int commander,
                          std::map<std::string, std::string> more = {}) {
    more["areas"] = areas;
    more["commander"] = std::to_string(commander);
    return request("move", more, unit);
}

} // namespace

TEST_CASE("A commander rolls 1d6: the orders he may give this turn", "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    give_orders(b, 1, 3);  // the General has decided (rolled) first
    auto r = resolve(b, orders(2), {4});
    CHECK(r.results.at("orders") == 4);
    CHECK(r.outcome == "Colonel Burnaby: 4 orders this turn");
    const model::Battle then = after(b, r);
    CHECK(battle_counter(then, "orders-left-2") == 4);
    CHECK(battle_counter(then, "orders-turn-2") == 2);
    const auto previewed = preview(b, orders(2));
    const auto* odds = umpire::test::odds(previewed, "orders");
    REQUIRE(odds);
    CHECK(near(odds->mean(), 3.5));

    // Once a turn.
    CHECK_THROWS_WITH(resolve(then, orders(2), {6}), Catch::Contains("has already rolled for his orders this turn"));
}

TEST_CASE("The Army General decides first, a subordinate waits for him", "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    CHECK_THROWS_WITH(resolve(b, orders(2), {4}),
                      Catch::Contains("the Army General first decides whether to defer") && Catch::Contains("Orders (line 15)"));
    auto general = resolve(b, orders(1), {5});
    CHECK(general.results.at("orders") == 5);
    CHECK_NOTHROW(resolve(after(b, general), orders(2), {2}));
}

TEST_CASE("The Army General defers, then rolls 2 dice or defers again", "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    auto deferred = resolve(b, orders(1, true), {});
    CHECK(deferred.dice.empty());
    CHECK(deferred.results.at("orders") == 0);
    CHECK(has_step(deferred, "defers his order die to next turn"));
    b = after(b, deferred);
    CHECK(battle_counter(b, "deferred-turn-1") == 2);
    CHECK(battle_counter(b, "orders-left-1") == 0);
    // His subordinate may roll now: the General has decided.
    CHECK_NOTHROW(resolve(b, orders(2), {3}));

    b.turn = 3;
    auto two_dice = resolve(b, orders(1), {3, 5});
    CHECK(two_dice.results.at("orders") == 8);
    CHECK(has_step(two_dice, "deferred his roll last turn: he rolls 2 dice"));
    CHECK(find_effect(two_dice, model::Entity::Battle, 0, "counter:deferred-turn-1")->after == 0);
    const auto previewed = preview(b, orders(1));
    const auto* odds = umpire::test::odds(previewed, "orders");
    CHECK(near(odds->mean(), 7.0));

    auto again = resolve(b, orders(1, true), {});
    CHECK(has_step(again, "deferred last turn and defers again"));
    CHECK(battle_counter(after(b, again), "deferred-turn-1") == 3);

    // Two turns after a deferral he rolls 1 die again.
    b.turn = 4;
    CHECK(resolve(b, orders(1), {6}).results.at("orders") == 6);
}

TEST_CASE("The deferral is decided before any order die is rolled, only the General defers", "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    give_orders(b, 2, 3);  // Burnaby has rolled (the umpire overruled the order of rolls)
    CHECK_THROWS_WITH(resolve(b, orders(1, true), {}), Catch::Contains("before any order dice are rolled"));
    CHECK_THROWS_WITH(resolve(grid_battle(), orders(2, true), {}), Catch::Contains("only the Army General may defer"));
}

TEST_CASE("Orders are rolled in the player's own orders phase", "[square-hearts][orders]") {
    PlayedTurn t;
    t.start();
    t.apply(turn::name_first(t.battle, t.rules, 2));
    t.next();  // the Ansar's orders
    CHECK_THROWS_WITH(resolve(t.battle, orders(1), {3}), Catch::Contains("it is Ansar's"));
    CHECK_NOTHROW(resolve(t.battle, orders(3), {3}));
    t.roll_orders();
    t.next();
    CHECK_THROWS_WITH(resolve(t.battle, orders(1), {3}),
                      Catch::Contains("Orders belongs in the First player: orders and Second player: orders, not the First "
                                      "player: move, shoot or rally"));
}

TEST_CASE("A move spends one of the commander's orders, none left, it is refused", "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    give_orders(b, 2, 1);
    auto r = resolve(b, move(2, "2", 2), {});
    CHECK(has_step(r, "Colonel Burnaby gives Heavies an order: 0 orders left this turn"));
    b = after(b, r);
    CHECK(battle_counter(b, "orders-left-2") == 0);
    CHECK(kit::did(b, *b.unit(2), kit::Deed::Ordered));

    CHECK_THROWS_WITH(resolve(b, move(1, "2", 2), {}),
                      Catch::Contains("Colonel Burnaby has no order left this turn") &&
                          Catch::Contains("Orders (line 15)"));
    // The umpire overrules: journaled in the working, the orders stay at 0.
    auto overruled_move = resolve(b, overruled(move(1, "2", 2), "a galloper"), {});
    CHECK(overruled_move.overrule == "a galloper");
    CHECK_FALSE(find_effect(overruled_move, model::Entity::Battle, 0, "counter:orders-left-2"));

    // A commander who has not rolled this turn has no orders either.
    b.turn = 3;
    CHECK_THROWS_WITH(resolve(b, move(1, "1", 2), {}), Catch::Contains("has not rolled for his orders this turn"));
}

TEST_CASE("Who may order: the General any unit, a subordinate his command within 6 areas, or his area",
          "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    give_orders(b, 1, 5);
    give_orders(b, 2, 5);
    CHECK_NOTHROW(resolve(b, move(3, "3", 1), {}));  // the General: any unit
    CHECK_THROWS_WITH(resolve(b, move(3, "3", 2), {}), Catch::Contains("may order only units of his command"));
    CHECK_NOTHROW(resolve(b, move(3, "3", 2, {{"from-commander", "0"}}), {}));  // in his area
    CHECK_NOTHROW(resolve(b, move(2, "2", 2, {{"from-commander", "2d+3"}}), {}));  // 6 areas
    CHECK_THROWS_WITH(resolve(b, move(2, "2", 2, {{"from-commander", "5d"}}), {}),
                      Catch::Contains("7.5 areas (Squares) from Colonel Burnaby") && Catch::Contains("within 6 areas"));
    CHECK_THROWS_WITH(resolve(b, move(11, "2", 2), {}), Catch::Contains("is not of Spearmen's side"));
}

TEST_CASE("The form's commander: the unit's own while he has orders, else the General", "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    auto ruleset = rulesets::make("square-hearts");
    const auto* spec = ruleset->action("move");
    CHECK(ruleset->defaults(*spec, b, 2, std::nullopt).at("commander") == "1");
    give_orders(b, 2, 2);
    CHECK(ruleset->defaults(*spec, b, 2, std::nullopt).at("commander") == "2");
}

TEST_CASE("The turn notes show each commander's orders: left, deferred or not rolled yet", "[square-hearts][orders]") {
    model::Battle b = grid_battle();
    auto ruleset = rulesets::make("square-hearts", {});
    CHECK(ruleset->turn_notes(b).empty());  // before the turn sequence starts

    in_phase(b, "first-orders", 2);
    b = after(b, resolve(b, orders(3, true), {}));
    give_orders(b, 1, 2);
    // In a player's phase, his side's orders alone.
    CHECK(ruleset->turn_notes(b) == std::vector<std::string>{"Orders, Ansar: The Emir deferred, Musa not rolled yet"});
    b.counters[kit::kActiveSideCounter] = 0;
    CHECK(ruleset->turn_notes(b) ==
          std::vector<std::string>{"Orders, Field Force: General Stewart 2 left, Colonel Burnaby not rolled yet",
                                   "Orders, Ansar: The Emir deferred, Musa not rolled yet"});

    // A move spends one: the note follows.
    in_phase(b, "first-actions", 1);
    b = after(b, resolve(b, move(2, "1", 1), {}));
    CHECK(ruleset->turn_notes(b) ==
          std::vector<std::string>{"Orders, Field Force: General Stewart 1 left, Colonel Burnaby not rolled yet"});
}
