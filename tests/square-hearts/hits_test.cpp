// Hits against a capacity (line 60): capacities by class, breaking one hit from destruction
// (both readings of "reduced to a single hit"), destruction, and only infantry and cavalry break.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

// `dice` of the Spearmen's melee at `target`: each 4+ a hit (no modifiers between these units).
rules::Resolution hit_with(const model::Battle& b, int target, std::vector<int> dice, std::string house = {}) {
    const auto req = request("melee", {{"split", std::to_string(dice.size())}}, 11, target);
    return resolve(b, req, std::move(dice), house);
}

} // namespace

TEST_CASE("Each unit's capacity is its class's: Regular 3, Militia 2, Elite 4 (line 60)", "[square-hearts][hits]") {
    auto ruleset = rulesets::make("square-hearts");
    for (auto [quality, capacity] : std::vector<std::pair<std::string, int>>{
             {"regular", 3}, {"militia", 2}, {"elite", 4}, {"levy", 2}}) {
        model::Unit u = make_unit(1, "A", 1, "infantry", quality, "rifle", 4);
        ruleset->complete_unit(u);
        INFO(quality);
        CHECK(u.hit_capacity == capacity);
    }
    model::Unit given = make_unit(1, "A", 1, "infantry", "regular", "rifle", 4);
    given.hit_capacity = 5;  // a roster's own capacity is kept
    ruleset->complete_unit(given);
    CHECK(given.hit_capacity == 5);
}

TEST_CASE("A regular infantry unit is broken at 2 hits of 3: retreats a double move, must rally",
          "[square-hearts][hits]") {
    model::Battle b = grid_battle();
    auto r = hit_with(b, 2, {5, 4});
    CHECK(r.results.at("hits") == 2);
    REQUIRE(find_effect(r, 2, "hits"));
    CHECK(find_effect(r, 2, "hits")->after == 2);
    CHECK(find_effect(r, 2, "counter:broken")->after == 2);  // broken in turn 2
    CHECK(find_effect(r, 2, "flag:needs-rally")->after == 1);
    CHECK(has_step(r, "Heavies is broken (2 of 3 hits): it retreats a double move, 4 areas, at once"));
    CHECK(has_follow_up(r, "rally", 2));
    CHECK_FALSE(find_effect(r, 2, "flag:routed"));
    // The retreat is a move of its own kind: it is not the unit's move this turn.
    const model::Battle then = after(b, r);
    CHECK(kit::done(then, *then.unit(2), kit::Deed::Moved, kit::Within::Turn).how == kit::How::Retreat);
}

TEST_CASE("Breaking at each class: elite at 3 of 4, militia at its first hit, cavalry at 2 of 3",
          "[square-hearts][hits]") {
    model::Battle b = grid_battle();
    auto two_on_elite = resolve(b, request("melee", {}, 1, 17), {6, 6});
    CHECK(find_effect(two_on_elite, 17, "hits")->after == 2);
    CHECK_FALSE(find_effect(two_on_elite, 17, "counter:broken"));
    b = after(b, two_on_elite);
    auto third_on_elite = resolve(b, request("melee", {}, 2, 17), {4, 1});
    CHECK(find_effect(third_on_elite, 17, "hits")->after == 3);
    CHECK(find_effect(third_on_elite, 17, "counter:broken"));

    b = grid_battle();
    auto militia = resolve(b, request("melee", {{"split", "1"}}, 1, 12), {4});
    CHECK(find_effect(militia, 12, "hits")->after == 1);
    CHECK(find_effect(militia, 12, "counter:broken"));

    // Cavalry -1 as a target applies to shooting only: melee at the Baggara, 2 dice.
    auto cavalry = resolve(b, request("melee", {}, 1, 14), {4, 5});
    CHECK(find_effect(cavalry, 14, "counter:broken"));
    CHECK(has_step(cavalry, "retreats a double move, 6 areas"));  // cavalry move 3, doubled
}

TEST_CASE("Artillery and MGs do not break: they fight on to their capacity", "[square-hearts][hits]") {
    model::Battle b = grid_battle();
    auto r = hit_with(b, 4, {6, 6});
    CHECK(find_effect(r, 4, "hits")->after == 2);
    CHECK_FALSE(find_effect(r, 4, "counter:broken"));
    CHECK_FALSE(has_follow_up(r, "rally", 4));
}

TEST_CASE("At its capacity a unit is destroyed and removed, surplus hits are lost", "[square-hearts][hits]") {
    model::Battle b = grid_battle();
    b.unit(2)->hits = 2;
    auto r = hit_with(b, 2, {6, 6});
    CHECK(find_effect(r, 2, "hits")->after == 3);
    CHECK(find_effect(r, 2, "flag:routed")->after == 1);
    CHECK(has_step(r, "Heavies is destroyed and removed (3 hits)"));
    CHECK(has_step(r, "the rest fall on a unit already destroyed"));
    CHECK_FALSE(after(b, r).unit(2)->on_table());
    // The headline does not hide it behind the hits.
    CHECK_THAT(r.outcome, Catch::Contains("Heavies") && Catch::EndsWith("destroyed"));
}

TEST_CASE("House rule: \"reduced to a single hit\" read as the first hit taken", "[square-hearts][hits]") {
    model::Battle b = grid_battle();
    auto r = hit_with(b, 2, {5, 1}, "[options]\nbroken_reading = \"one-taken\"\n");
    CHECK(find_effect(r, 2, "hits")->after == 1);
    CHECK(find_effect(r, 2, "counter:broken"));
    auto default_reading = hit_with(b, 2, {5, 1});
    CHECK_FALSE(find_effect(default_reading, 2, "counter:broken"));
}

TEST_CASE("A broken unit whose retreat began on the board edge goes off it, lost to its army (line 60, R3)",
          "[square-hearts][hits]") {
    model::Battle b = grid_battle();
    const model::Battle broken = after(b, hit_with(b, 2, {5, 4}));
    auto r = resolve(broken, request("off-board", {}, 2), {});
    CHECK(find_effect(r, 2, "flag:routed")->after == 1);
    CHECK(find_effect(r, 2, "flag:needs-rally")->after == 0);
    CHECK(has_step(r, "Heavies began its broken retreat on the board edge: it goes off the board"));
    CHECK(r.outcome == "Heavies goes off the board and is lost");
    CHECK_FALSE(after(broken, r).unit(2)->on_table());
    // A unit that is not broken does not retreat: refused with the rule, unless the umpire overrules.
    CHECK(refusal_of(b, request("off-board", {}, 1), {}).find("Guards is not broken") != std::string::npos);
    auto ruled = resolve(b, overruled(request("off-board", {}, 1)), {});
    CHECK(find_effect(ruled, 1, "flag:routed")->after == 1);
    CHECK_FALSE(ruled.overruled.empty());
}

TEST_CASE("The unit card's words: broken and since when, road column, a moved unit's telephone", "[square-hearts][hits]") {
    model::Battle b = grid_battle();
    auto ruleset = rulesets::make("square-hearts", {});
    auto words = [&](int unit) {
        std::string all;
        for (const auto& n : ruleset->unit_notes(b, *b.unit(unit))) all += n.label + ": " + n.value + "\n";
        return all;
    };
    CHECK(words(2).empty());
    b.unit(2)->counters["broken"] = 2;
    b.unit(2)->counters["column"] = 1;
    b.unit(2)->counters["has-moved"] = 1;
    CHECK(words(2) == "Broken: since turn 2: it must rally\nFormation: road column\nMoved: yes: a telephone line to it is cut\n");
    b.unit(2)->counters["destroyed"] = 5;
    CHECK(words(2).rfind("Destroyed: yes\n", 0) == 0);
}
