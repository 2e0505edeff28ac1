// Shooting (lines 30-53, 17): dice by weapon, 4+ hits, range in areas with diagonals, every
// modifier (groups counting once), dense targets and columns, observed fire, no shooting next to
// the enemy, and a commander with a unit hit killed on a 1.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

rules::ActionRequest shoot(int unit, int target, const std::string& range, std::map<std::string, std::string> more = {}) {
    more["range"] = range;
    return request("shoot", more, unit, target);
}

} // namespace

TEST_CASE("Small arms roll 1 die, artillery and MGs 2, each 4+ hits (lines 32, 43)", "[square-hearts][shooting]") {
    const model::Battle b = grid_battle();
    // The Field battery (range 18) at the Spearmen 4 areas away: no modifier.
    auto guns = resolve(b, shoot(6, 11, "4"), {4, 3});
    CHECK(guns.dice.front().values.size() == 2);
    CHECK(guns.results.at("hits") == 1);
    CHECK(guns.outcome == "1 hit on Spearmen");
    CHECK(find_effect(guns, 11, "hits")->after == 1);
    CHECK(did(b, guns, 6, kit::Deed::Fired));
    const auto previewed = preview(b, shoot(6, 11, "4"));
    const auto* odds = umpire::test::odds(previewed, "hits");
    REQUIRE(odds);
    CHECK(near(odds->mean(), 1.0));  // 2 dice at 1/2

    // Rifles: 1 die.
    auto rifles = resolve(b, shoot(2, 13, "1d+1"), {6});
    CHECK(rifles.dice.front().values.size() == 1);
}

TEST_CASE("The range table in areas, with diagonals at 1.5 (lines 30, 34-39)", "[square-hearts][shooting]") {
    const model::Battle b = grid_battle();
    // Rifles 3 areas: 1d+1 = 2.5 is in range, over half range (1.5): -1, hits on 5-6.
    auto rifles = resolve(b, shoot(2, 13, "1d+1"), {4});
    CHECK(has_step(rifles, "Range 1 diagonal step x 1.5 + 1 straight step = 2.5 areas (Squares); Rifles reach 3 areas"));
    CHECK(has_step(rifles, "Over half range -1"));
    CHECK(rifles.results.at("hits") == 0);
    CHECK_THROWS_WITH(resolve(b, shoot(2, 13, "2d+1"), {4}), Catch::Contains("out of range: Rifles reach 3 areas"));
    // The MG: 4 areas; 2d+1 is exactly 4; 3d is 4.5.
    CHECK_NOTHROW(resolve(b, shoot(5, 13, "2d+1"), {4, 4}));
    CHECK_THROWS_WITH(resolve(b, shoot(5, 13, "3d"), {4, 4}), Catch::Contains("out of range"));
    // Within half range no -1: the battery at 9 of 18.
    CHECK_FALSE(has_step(resolve(b, shoot(6, 11, "9"), {4, 4}), "Over half range"));
    CHECK(has_step(resolve(b, shoot(6, 11, "6d+1"), {4, 4}), "Over half range -1"));  // 10 areas
    // An adjacent target (one step, straight or diagonal) is not shot at.
    CHECK_THROWS_WITH(resolve(b, shoot(2, 13, "1d"), {4}), Catch::Contains("the target is adjacent"));
    CHECK_THROWS_WITH(resolve(b, shoot(2, 13, "2", {{"adjacent", "yes"}}), {4}),
                      Catch::Contains("a unit which is adjacent to the enemy may not shoot"));
}

TEST_CASE("The arc of fire: 45 degrees on squares, 60 on hexes (line 30)", "[square-hearts][shooting]") {
    model::Battle b = grid_battle();
    CHECK(has_step(preview(b, shoot(6, 11, "4")), "45 degrees either side of directly ahead (Squares)"));
    b.distance_unit = "hexes";
    CHECK(has_step(preview(b, shoot(6, 11, "4")), "60 degrees either side of directly ahead (Hexes)"));
}

TEST_CASE("Modifiers: one line of the rules counts once (R4), the house rule adds each", "[square-hearts][shooting]") {
    const model::Battle b = grid_battle();
    // The battery at the Baggara (cavalry, ticked from its type) in cover: -1 once.
    auto ruleset = rulesets::make("square-hearts");
    CHECK(ruleset->defaults(*ruleset->action("shoot"), b, 6, 14).at("modifiers") == "hard-target");
    auto once = resolve(b, shoot(6, 14, "4", {{"modifiers", "cover,hard-target"}}), {5, 4});
    CHECK(once.dice.front().modifier == -1);
    CHECK(has_step(once, "Target armoured, cavalry or artillery: not again"));
    CHECK(once.results.at("hits") == 1);
    auto stacked = resolve(b, shoot(6, 14, "4", {{"modifiers", "cover,hard-target"}}), {5, 4},
                           "[options]\nmodifier_groups_stack = true\n");
    CHECK(stacked.dice.front().modifier == -2);
    // Superior firepower or heavy artillery: +1 once; inferior -1; moving -1.
    auto better = resolve(b, shoot(6, 11, "4", {{"modifiers", "superior,heavy,inferior,moving"}}), {4, 3});
    CHECK(better.dice.front().modifier == -1);
    // Over half range and observed fire are one line too.
    model::Battle with_observer = b;
    auto observed = resolve(with_observer, shoot(6, 11, "6d+1", {{"observed", "yes"}, {"observer", "2"}}), {5, 4});
    CHECK(observed.dice.front().modifier == -1);
}

TEST_CASE("Moving and firing: -1 ticked from the move, a longer move than allowed is refused",
          "[square-hearts][shooting]") {
    model::Battle b = grid_battle();
    mark(b, 3, kit::Deed::Moved, kit::How::Plain, 2);  // the Hussars moved 1 area
    auto ruleset = rulesets::make("square-hearts");
    CHECK(ruleset->defaults(*ruleset->action("shoot"), b, 3, 13).at("modifiers") == "moving");
    model::Battle far = grid_battle();
    mark(far, 3, kit::Deed::Moved, kit::How::Plain, 6);  // 3 areas
    CHECK_THROWS_WITH(resolve(far, shoot(3, 13, "2"), {6}),
                      Catch::Contains("Hussars moved 3 areas: to shoot as well it may move 1 area"));
    model::Battle gun = grid_battle();
    mark(gun, 6, kit::Deed::Moved, kit::How::Plain, 2);
    CHECK_THROWS_WITH(resolve(gun, shoot(6, 11, "4"), {6, 6}), Catch::Contains("other artillery and MGs may move or shoot"));
    // A broken unit's retreat is not a move of its own.
    model::Battle retreated = grid_battle();
    mark(retreated, 2, kit::Deed::Moved, kit::How::Retreat, 8);
    CHECK_NOTHROW(resolve(retreated, shoot(2, 13, "2"), {6}));
}

TEST_CASE("Moving and firing is -1 whichever comes first: shot then moved takes it too (lines 20-21, 50)",
          "[square-hearts][shooting]") {
    model::Battle b = grid_battle();
    give_orders(b, 2, 3);
    // The Heavies shoot without the -1, then want to move: refused, the shot should have taken it.
    const model::Battle plain = after(b, resolve(b, shoot(2, 13, "2"), {4}));
    CHECK(refusal_of(plain, request("move", {{"areas", "1"}}, 2), {}) ==
          "Heavies shot this turn without the -1 for moving and firing: a unit that shoots and moves takes it on the "
          "shot (Square Hearts Shooting modifiers (line 50); Movement (lines 20-21))");
    CHECK_FALSE(resolve(plain, overruled(request("move", {{"areas", "1"}}, 2)), {}).overruled.empty());
    // Shot with it (a 4 is then a 3: no hit), the move follows.
    auto moving = resolve(b, shoot(2, 13, "2", {{"modifiers", "moving"}}), {4});
    CHECK(moving.results.at("hits") == 0);
    CHECK(refusal_of(after(b, moving), request("move", {{"areas", "1"}}, 2), {}) == "not refused");
    // Moved first, the shot without it is refused.
    model::Battle moved = b;
    mark(moved, 2, kit::Deed::Moved, kit::How::Plain, 2);
    CHECK(refusal_of(moved, shoot(2, 13, "2", {{"modifiers", ""}}), {4}) ==
          "Heavies moved this turn: moving and firing is -1 (Square Hearts Shooting modifiers (line 50))");
}

TEST_CASE("Dense targets: an extra die at the unit behind, as obscured, a road column takes one (line 53)",
          "[square-hearts][shooting]") {
    const model::Battle b = grid_battle();
    auto dense = resolve(b, shoot(6, 11, "4", {{"behind", "12"}, {"modifiers", "cover"}}), {4, 5, 5});
    // Main: 2 dice at -1 (cover): the 5 hits. Behind: 1 die at -1 (obscured in place of cover).
    CHECK(dense.dice.size() == 2);
    CHECK(dense.dice[0].modifier == -1);
    CHECK(dense.dice[1].modifier == -1);
    CHECK(dense.dice[1].values.size() == 1);
    CHECK(dense.results.at("hits") == 1);
    CHECK(dense.results.at("dense-hits") == 1);
    CHECK(find_effect(dense, 12, "hits")->after == 1);
    CHECK(dense.outcome == "1 hit on Spearmen, 1 hit on Levies");

    model::Battle column = b;
    column.unit(11)->counters["column"] = 1;
    auto ruleset = rulesets::make("square-hearts");
    CHECK(ruleset->defaults(*ruleset->action("shoot"), column, 6, 11).at("column") == "yes");
    auto three = resolve(column, shoot(6, 11, "4", {{"column", "yes"}}), {4, 4, 4});
    CHECK(three.dice.front().values.size() == 3);
    CHECK(three.results.at("hits") == 3);
}

TEST_CASE("Observed fire: indirect guns at 6 or more, a telephone cut by a move, a radio on 2+ (line 41)",
          "[square-hearts][shooting]") {
    model::Battle b = grid_battle();
    const std::map<std::string, std::string> phone{{"observed", "yes"}, {"observer", "2"}};
    auto fire = resolve(b, shoot(6, 11, "6", phone), {4, 5});
    CHECK(has_step(fire, "Observed fire through Heavies"));
    CHECK(has_step(fire, "By telephone"));
    CHECK(fire.results.at("hits") == 1);  // -1: the 5 hits
    CHECK_THROWS_WITH(resolve(b, shoot(6, 11, "5", phone), {4, 5}), Catch::Contains("at least 6 areas"));
    CHECK_THROWS_WITH(resolve(b, shoot(5, 13, "3", phone), {4, 5}), Catch::Contains("not capable of indirect fire"));
    b.unit(2)->counters["has-moved"] = 1;
    CHECK_THROWS_WITH(resolve(b, shoot(6, 11, "6", phone), {4, 5}), Catch::Contains("the telephone line is cut"));

    model::Battle radio = grid_battle();
    std::map<std::string, std::string> by_radio = phone;
    by_radio["link"] = "radio";
    auto failed = resolve(radio, shoot(6, 11, "6", by_radio), {1});
    CHECK(failed.outcome == "Field battery: the radio does not connect, no fire");
    CHECK(find_effect(failed, 6, "counter:radio-failed")->after == 2);
    CHECK_FALSE(find_effect(failed, 11, "hits"));
    CHECK(near(chance(preview(radio, shoot(6, 11, "6", by_radio)), "radio connects"), 5.0 / 6.0));
    CHECK_THROWS_WITH(resolve(after(radio, failed), shoot(6, 11, "6", by_radio), {6, 6}),
                      Catch::Contains("failed to connect this turn"));
    auto connected = resolve(radio, shoot(6, 11, "6", by_radio), {2, 5, 5});
    CHECK(connected.results.at("hits") == 2);
    CHECK(find_effect(connected, 6, "counter:radio-turn")->after == 2);
}

TEST_CASE("A commander with a unit hit by shooting is killed on a 1 (line 17)", "[square-hearts][shooting]") {
    model::Battle b = grid_battle();
    b.commander(2)->attached_unit = 2;
    auto killed = resolve(b, shoot(15, 2, "4"), {6, 1, 1});
    CHECK(killed.results.at("hits") == 1);
    const auto* status = find_effect(killed, model::Entity::Commander, 2, "status");
    REQUIRE(status);
    CHECK(status->after == static_cast<int>(model::CommanderStatus::Killed));
    CHECK(find_effect(killed, model::Entity::Battle, 0, "counter:killed-turn-2")->after == 2);
    CHECK(has_step(killed, "a replacement takes over at the end of turn 3"));
    auto unhurt = resolve(b, shoot(15, 2, "4"), {6, 1, 2});
    CHECK_FALSE(find_effect(unhurt, model::Entity::Commander, 2, "status"));
    // No hit, no risk: no commander's die.
    CHECK(resolve(b, shoot(15, 2, "4"), {1, 1}).all_dice().size() == 2);
}

TEST_CASE("A unit without firearms does not shoot, a unit shoots once a turn", "[square-hearts][shooting]") {
    model::Battle b = grid_battle();
    CHECK_THROWS_WITH(resolve(b, shoot(11, 2, "2"), {}), Catch::Contains("has no firearms"));
    b = after(b, resolve(b, shoot(6, 11, "4"), {1, 1}));
    CHECK_THROWS_WITH(resolve(b, shoot(6, 11, "4"), {1, 1}), Catch::Contains("a unit shoots once in its turn"));
}

TEST_CASE("Without a battle: the weapon and range typed alone", "[square-hearts][shooting]") {
    auto r = resolve(request("shoot", {{"weapon", "artillery"}, {"range", "2d+1"}}), {4, 2});
    CHECK(r.results.at("hits") == 1);
    CHECK(r.outcome == "1 hit on the target");
    CHECK(r.effects.empty());
}
