// Movement (lines 19-28): areas by type with diagonals at 1.5, moving and shooting, difficult
// terrain, roads, the enemy near, one unit an area, trains.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

model::Battle ordered_battle() {
    model::Battle b = grid_battle();
    for (int k : {1, 2, 3, 4}) give_orders(b, k, 20);
    return b;
}

rules::ActionRequest move(int unit, const std::string& areas, std::map<std::string, std::string> more = {}) {
    more["areas"] = areas;
    return request("move", more, unit);
}

} // namespace

TEST_CASE("Infantry move 2 areas, a diagonal step counts 1.5 (lines 19-20)", "[square-hearts][movement]") {
    const model::Battle b = ordered_battle();
    auto two = resolve(b, move(2, "2"), {});
    CHECK(two.outcome == "Heavies moves 2 areas");
    CHECK(did(b, two, 2, kit::Deed::Moved));
    CHECK_NOTHROW(resolve(b, move(2, "1d"), {}));  // 1.5
    CHECK_THROWS_WITH(resolve(b, move(2, "2d"), {}),
                      Catch::Contains("Heavies may move 2 areas this turn, not 3 areas") &&
                          Catch::Contains("Movement (lines 19-24)"));
    auto diagonal = preview(b, move(2, "1d"));
    CHECK(has_step(diagonal, "Heavies moves 1 diagonal step x 1.5 = 1.5 areas (Squares)"));
}

TEST_CASE("Cavalry move 3, a road column adds 1 area and marks the column (lines 21, 28)", "[square-hearts][movement]") {
    const model::Battle b = ordered_battle();
    CHECK_NOTHROW(resolve(b, move(3, "2d"), {}));  // 3 areas
    CHECK_THROWS_WITH(resolve(b, move(3, "2d+1"), {}), Catch::Contains("may move 3 areas this turn, not 4 areas"));
    auto road = resolve(b, move(3, "2d+1", {{"road", "yes"}}), {});
    CHECK(road.outcome == "Hussars moves 4 areas in road column");
    CHECK(find_effect(road, 3, "counter:column")->after == 1);
    // In column along the road: not next to known enemy, and no shooting that turn.
    CHECK_THROWS_WITH(resolve(b, move(3, "2", {{"road", "yes"}, {"enemy", "yes"}}), {}),
                      Catch::Contains("may not move adjacent to a known enemy"));
    CHECK_THROWS_WITH(resolve(b, move(3, "2", {{"road", "yes"}, {"shoots", "yes"}}), {}),
                      Catch::Contains("may not shoot"));
    const model::Battle marched = after(b, road);
    CHECK_THROWS_WITH(resolve(marched, request("shoot", {{"range", "2"}}, 3, 13), {4}),
                      Catch::Contains("road's area") && Catch::Contains("Roads (line 28)"));
}

TEST_CASE("Moving and shooting: 1 area for infantry and cavalry, other artillery and MGs move or shoot",
          "[square-hearts][movement]") {
    const model::Battle b = ordered_battle();
    CHECK_NOTHROW(resolve(b, move(2, "1", {{"shoots", "yes"}}), {}));
    CHECK_THROWS_WITH(resolve(b, move(2, "2", {{"shoots", "yes"}}), {}), Catch::Contains("may move 1 area this turn"));
    CHECK_THROWS_WITH(resolve(b, move(6, "1", {{"shoots", "yes"}}), {}), Catch::Contains("may move or shoot, not both"));
    // Having shot (taking the -1 for moving and firing, R46), a unit moves as one that shoots.
    model::Battle shot = b;
    mark(shot, 2, kit::Deed::Fired);
    shot.unit(2)->counters["shot-moving-turn"] = shot.turn;
    CHECK_THROWS_WITH(resolve(shot, move(2, "2"), {}), Catch::Contains("may move 1 area this turn"));
    CHECK_NOTHROW(resolve(shot, move(2, "1"), {}));
    mark(shot, 5, kit::Deed::Fired);
    CHECK_THROWS_WITH(resolve(shot, move(5, "1"), {}), Catch::Contains("other artillery and MGs may move or shoot"));
}

TEST_CASE("Difficult terrain stops a unit, bars guns and wheels except by road (line 26)", "[square-hearts][movement]") {
    const model::Battle b = ordered_battle();
    auto infantry = resolve(b, move(2, "1", {{"difficult", "yes"}}), {});
    CHECK(has_step(infantry, "it stops there and may move no farther this turn"));
    auto irregular = resolve(b, move(11, "2", {{"difficult", "yes"}, {"commander", "4"}}), {});
    CHECK(has_step(irregular, "Irregular, tribal or native infantry entering difficult terrain do not stop"));
    CHECK_THROWS_WITH(resolve(b, move(6, "1", {{"difficult", "yes"}}), {}),
                      Catch::Contains("may not enter difficult terrain except by road"));
    CHECK_THROWS_WITH(resolve(b, move(8, "1", {{"difficult", "yes"}}), {}), Catch::Contains("except by road"));
    CHECK_NOTHROW(resolve(b, move(6, "1", {{"difficult", "yes"}, {"road", "yes"}}), {}));
    // Pack artillery and MGs may enter it (and stop).
    CHECK(has_step(resolve(b, move(4, "1", {{"difficult", "yes"}}), {}), "it stops there"));
}

TEST_CASE("Only infantry, cavalry, armoured cars and tanks move next to known enemy, one unit an area",
          "[square-hearts][movement]") {
    const model::Battle b = ordered_battle();
    auto infantry = resolve(b, move(2, "1", {{"enemy", "yes"}}), {});
    CHECK(has_step(infantry, "it stops and faces an enemy unit"));
    CHECK_NOTHROW(resolve(b, move(16, "1", {{"enemy", "yes"}, {"commander", "3"}}), {}));  // armoured car
    CHECK_THROWS_WITH(resolve(b, move(4, "1", {{"enemy", "yes"}}), {}),
                      Catch::Contains("only infantry, cavalry, armoured cars and tanks may move adjacent"));
    CHECK_THROWS_WITH(resolve(b, move(2, "1", {{"occupied", "yes"}}), {}), Catch::Contains("only 1 unit may occupy an area"));
}

TEST_CASE("A unit that begins its turn next to the enemy moves only to an area next to no enemy (line 19)",
          "[square-hearts][movement]") {
    const model::Battle b = ordered_battle();
    auto away = resolve(b, move(2, "1", {{"began-adjacent", "yes"}}), {});
    CHECK(has_step(away, "moves away, to an area next to no enemy"));
    CHECK_THROWS_WITH(resolve(b, move(2, "1", {{"began-adjacent", "yes"}, {"enemy", "yes"}}), {}),
                      Catch::Contains("either faces it or moves to an area which is not adjacent to any enemy"));
    auto sidestep = resolve(b, overruled(move(2, "1", {{"began-adjacent", "yes"}, {"enemy", "yes"}}), "a sidestep"), {});
    REQUIRE(sidestep.overruled.size() == 1);
    CHECK(sidestep.overruled[0].citation == "Square Hearts Movement (line 19)");
}

TEST_CASE("Trains on rails: up to 4 areas, speed changing by 2 a turn at most (line 24)", "[square-hearts][movement]") {
    model::Battle b = ordered_battle();
    CHECK_THROWS_WITH(resolve(b, move(7, "3"), {}), Catch::Contains("accelerate or decelerate by 2 areas"));
    auto two = resolve(b, move(7, "2"), {});
    b = after(b, two);
    CHECK(unit_counter(b, 7, "train-speed") == 2);
    b.turn = 3;
    give_orders(b, 1, 5);
    CHECK_NOTHROW(resolve(b, move(7, "4"), {}));
    CHECK_THROWS_WITH(resolve(b, move(7, "5"), {}), Catch::Contains("accelerate or decelerate"));
    model::Battle fast = b;
    fast.unit(7)->counters["train-speed"] = 4;
    CHECK_THROWS_WITH(resolve(fast, move(7, "5"), {}), Catch::Contains("may move 4 areas this turn, not 5 areas"));
    // An armoured train may move 1 and shoot.
    CHECK_NOTHROW(resolve(b, move(7, "1", {{"shoots", "yes"}}), {}));
}

TEST_CASE("A unit moves once in its turn, a broken unit or one that rallied does not move", "[square-hearts][movement]") {
    model::Battle b = ordered_battle();
    b = after(b, resolve(b, move(2, "1"), {}));
    CHECK_THROWS_WITH(resolve(b, move(2, "1"), {}), Catch::Contains("a unit moves once in its turn"));
    model::Battle broken = ordered_battle();
    broken.unit(1)->counters["broken"] = 2;
    CHECK_THROWS_WITH(resolve(broken, move(1, "1"), {}), Catch::Contains("is broken: it must rally"));
    model::Battle rallied = ordered_battle();
    mark(rallied, 1, kit::Deed::Rallied);
    CHECK_THROWS_WITH(resolve(rallied, move(1, "1"), {}), Catch::Contains("a unit which rallies may not move or shoot"));
}

TEST_CASE("Moves belong to the player's own turn, in the move phase", "[square-hearts][movement]") {
    PlayedTurn t;
    t.start();
    t.apply(turn::name_first(t.battle, t.rules, 2));
    t.until("first-actions");  // the Ansar's
    CHECK_THROWS_WITH(resolve(t.battle, move(2, "1"), {}), Catch::Contains("it is Ansar's phase, not Field Force's"));
    t.next();
    CHECK_THROWS_WITH(resolve(t.battle, move(13, "1"), {}), Catch::Contains("Move belongs in the First player: move, shoot "
                                                                            "or rally and Second player: move, shoot or rally"));
    t.until("second-actions");  // the Field Force's
    CHECK_NOTHROW(resolve(t.battle, move(2, "1"), {}));
}

TEST_CASE("On hexes a diagonal step is refused as input", "[square-hearts][movement]") {
    model::Battle b = ordered_battle();
    b.distance_unit = "hexes";
    CHECK_THROWS_WITH(resolve(b, move(2, "1d"), {}), Catch::Contains("hexes have no diagonals"));
    CHECK(has_step(resolve(b, move(2, "2"), {}), "Heavies moves 2 areas (Hexes)"));
}
