// Melee (lines 55-58, 17): 2 dice per unit (1 in road column) split before rolling, 4+ hits,
// every modifier, the order of play, rear support, and commanders in the melee.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

rules::ActionRequest melee(int unit, int target, std::map<std::string, std::string> more = {}) {
    return request("melee", std::move(more), unit, target);
}

} // namespace

TEST_CASE("2 dice per unit, each 4+ a hit, split among targets before rolling (line 55)", "[square-hearts][melee]") {
    model::Battle b = grid_battle();
    auto both = resolve(b, melee(2, 11), {4, 3});
    CHECK(both.dice.front().values.size() == 2);
    CHECK(both.results.at("hits") == 1);
    CHECK(both.outcome == "Heavies: 1 hit on Spearmen");

    auto first = resolve(b, melee(2, 11, {{"split", "1"}}), {6});
    b = after(b, first);
    CHECK(has_step(first, "Heavies has 2 dice against enemies adjacent in its arc, split among them before rolling"));
    auto second = resolve(b, melee(2, 12, {{"split", "1"}}), {6});
    CHECK(has_step(second, "1 die rolled already this phase"));
    b = after(b, second);
    CHECK_THROWS_WITH(resolve(b, melee(2, 13, {{"split", "1"}}), {6}), Catch::Contains("2 dice already rolled: not 1 more"));
    CHECK_THROWS_WITH(resolve(b, melee(2, 13), {6}), Catch::Contains("has no melee dice left this phase"));
}

TEST_CASE("A unit in road column rolls 1 die", "[square-hearts][melee]") {
    model::Battle b = grid_battle();
    b.unit(3)->counters["column"] = 1;
    auto ruleset = rulesets::make("square-hearts");
    CHECK(ruleset->defaults(*ruleset->action("melee"), b, 3, 11).at("column") == "yes");
    auto r = resolve(b, melee(3, 11, {{"column", "yes"}}), {5});
    CHECK(r.dice.front().values.size() == 1);
    CHECK(find_effect(r, 3, "counter:column")->after == 0);  // it has fought: out of column
    CHECK_THROWS_WITH(resolve(b, melee(3, 11, {{"column", "yes"}, {"split", "2"}}), {5, 5}),
                      Catch::Contains("has 1 die in melee"));
}

TEST_CASE("Melee modifiers (line 57): cavalry vs infantry, superior, obstacle, cover or armour once",
          "[square-hearts][melee]") {
    const model::Battle b = grid_battle();
    auto ruleset = rulesets::make("square-hearts");
    const auto* spec = ruleset->action("melee");
    CHECK(ruleset->defaults(*spec, b, 14, 2).at("modifiers") == "cavalry");   // Baggara at Heavies
    CHECK(ruleset->defaults(*spec, b, 14, 4).at("modifiers") == "cavalry");   // ... at the screw guns
    CHECK(ruleset->defaults(*spec, b, 14, 5).at("modifiers") == "cavalry");   // ... at the MG (R6)
    CHECK(ruleset->defaults(*spec, b, 14, 3).at("modifiers").empty());        // ... at cavalry
    CHECK(ruleset->defaults(*spec, b, 2, 16).at("modifiers") == "armoured");  // at the armoured car
    auto cavalry = resolve(b, melee(14, 2, {{"modifiers", "cavalry"}}), {3, 3});
    CHECK(cavalry.results.at("hits") == 2);
    auto once = resolve(b, melee(2, 16, {{"modifiers", "armoured,cover,obstacle,superior,scenario-minus"}}), {4, 4});
    CHECK(once.dice.front().modifier == 0);  // +1 +1 -1 (armour or cover, once) -1
    CHECK(has_step(once, "Against an armoured target: not again"));
}

TEST_CASE("MGs as artillery is a house rule (R6)", "[square-hearts][melee]") {
    const model::Battle b = grid_battle();
    auto ruleset = rulesets::make("square-hearts", "[options]\nmg_is_artillery = false\n");
    CHECK(ruleset->defaults(*ruleset->action("melee"), b, 14, 5).at("modifiers").empty());
}

TEST_CASE("Rear support: 1 die, no modifiers, hits only on 6 (line 58)", "[square-hearts][melee]") {
    model::Battle b = grid_battle();
    auto r = resolve(b, melee(2, 11, {{"rear-support", "yes"}, {"modifiers", "superior"}}), {4, 4, 5});
    REQUIRE(r.dice.size() == 2);
    CHECK(r.dice[1].modifier == 0);
    CHECK(r.dice[1].success_on == 6);
    CHECK(r.results.at("hits") == 2);  // the 5 of the support die misses
    b = after(b, r);
    CHECK_THROWS_WITH(resolve(b, melee(2, 12, {{"rear-support", "yes"}}), {6}), Catch::Contains("has no melee dice left"));
    CHECK_THROWS_WITH(resolve(grid_battle(), melee(3, 11, {{"rear-support", "yes"}}), {4, 4, 6}),
                      Catch::Contains("rear support is for an infantry unit"));
}

TEST_CASE("Commanders attached add a die: 4-6 hits, a 1 kills a commander (line 17)", "[square-hearts][melee]") {
    model::Battle b = grid_battle();
    b.commander(2)->attached_unit = 2;
    auto hit = resolve(b, melee(2, 11), {5, 1, 4});
    CHECK(hit.results.at("hits") == 2);
    CHECK_FALSE(find_effect(hit, model::Entity::Commander, 2, "status"));
    auto killed = resolve(b, melee(2, 11), {5, 1, 1});
    CHECK(killed.results.at("hits") == 1);
    CHECK(find_effect(killed, model::Entity::Commander, 2, "status")->after ==
          static_cast<int>(model::CommanderStatus::Killed));
    CHECK(near(chance(preview(b, melee(2, 11)), "a commander killed"), 1.0 / 6.0));
    // Once a phase, however the dice are split.
    model::Battle split = after(b, resolve(b, melee(2, 11, {{"split", "1"}}), {5, 6}));
    CHECK(resolve(split, melee(2, 12, {{"split", "1"}}), {5}).all_dice().size() == 1);
}

TEST_CASE("The order of play: the 2nd player's infantry and artillery first, then the rest together (line 55)",
          "[square-hearts][melee]") {
    model::Battle b = grid_battle();
    in_phase(b, "first-melee", 1);
    CHECK(has_step(preview(b, melee(11, 2)), "Spearmen is of the second player's infantry and artillery: it rolls first"));
    CHECK(has_step(preview(b, melee(14, 2)), "Baggara rolls with the rest"));
    CHECK(has_step(preview(b, melee(2, 14)), "Heavies rolls with the rest"));

    // The Heavies (active player) destroyed by the Spearmen's first rolls: they do not roll.
    b.unit(2)->hits = 1;
    model::Battle first = after(b, resolve(b, melee(11, 2), {6, 6}));
    CHECK_FALSE(first.unit(2)->on_table());
    CHECK_THROWS_WITH(resolve(first, melee(2, 11), {6, 6}), Catch::Contains("no longer on the table"));
    // Destroyed by the Baggara in the simultaneous rolls: they still roll.
    model::Battle together = after(b, resolve(b, melee(14, 2), {6, 6}));
    CHECK_FALSE(together.unit(2)->on_table());
    auto still = resolve(together, melee(2, 14), {6, 6});
    CHECK(has_step(still, "destroyed by the simultaneous rolls: it still rolls"));
    CHECK(still.results.at("hits") == 2);
}

TEST_CASE("A unit broken by the 2nd player's first rolls has retreated: it does not roll with the rest (lines 55, 60)",
          "[square-hearts][melee]") {
    model::Battle b = grid_battle();
    in_phase(b, "first-melee", 1);
    // The Spearmen (2nd player's infantry) roll first: 2 hits break the Heavies (2 of 3), who retreat
    // a double move at once.
    const auto first = resolve(b, melee(11, 2), {6, 6});
    REQUIRE(find_effect(first, 2, "counter:broken"));
    const model::Battle broke = after(b, first);
    CHECK(refusal_of(broke, melee(2, 11), {6, 6}) ==
          "Heavies broke in this melee phase and retreated a double move at once: it is no longer adjacent to fight "
          "(Square Hearts Hits and rallying (line 60); Melee (line 55))");
    // Nor is it rolled at: the Baggara's dice go elsewhere.
    CHECK(refusal_of(broke, melee(14, 2), {6, 6}).rfind("Heavies broke in this melee phase", 0) == 0);
    // A unit the first rolls hit without breaking rolls with the rest.
    const model::Battle hit = after(b, resolve(b, melee(11, 1), {6, 1}));
    CHECK(refusal_of(hit, melee(1, 11), {1, 1}) == "not refused");
}

TEST_CASE("The rest do not roll at the 2nd player's infantry before it has rolled (line 55)", "[square-hearts][melee]") {
    model::Battle b = grid_battle();
    in_phase(b, "first-melee", 1);
    // The Heavies (active player) at the Spearmen (second player's infantry), who have not rolled.
    CHECK_THROWS_WITH(resolve(b, melee(2, 11), {6, 6}),
                      Catch::Contains("Spearmen is of the second player's infantry and artillery: it rolls first") &&
                          Catch::Contains("Melee (line 55)"));
    // The umpire may overrule: the Spearmen have no enemy in their arc.
    CHECK(resolve(b, overruled(melee(2, 11), "no enemy in the Spearmen's arc"), {6, 6}).results.at("hits") == 2);
    // Once the Spearmen have rolled, the rest roll at them.
    const model::Battle after_first = after(b, resolve(b, melee(11, 2), {1, 1}));
    CHECK(resolve(after_first, melee(2, 11), {6, 6}).results.at("hits") == 2);
    // At the Baggara (cavalry: with the rest) there is nothing to wait for.
    CHECK_NOTHROW(resolve(b, melee(2, 14), {6, 6}));
}

TEST_CASE("Melee is fought in a melee phase", "[square-hearts][melee]") {
    PlayedTurn t;
    t.to_first_actions();
    CHECK_THROWS_WITH(resolve(t.battle, melee(2, 11), {6, 6}), Catch::Contains("Melee belongs in the First player: melee"));
    t.until("second-melee");
    CHECK_NOTHROW(resolve(t.battle, melee(2, 11), {6, 6}));
}
