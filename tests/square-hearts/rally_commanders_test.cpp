// Rally (line 60) and commanders (line 17): 4-6 cancels a hit with its modifiers (one line,
// counted once), a broken unit routed when it cannot or fails to rally; commanders moving and
// joining, capture, and the replacement at the end of the next turn.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("Rally: 4, 5 or 6 cancels 1 hit (line 60)", "[square-hearts][rally]") {
    model::Battle b = grid_battle();
    b.unit(2)->hits = 1;
    auto ok = resolve(b, request("rally", {}, 2), {4});
    CHECK(find_effect(ok, 2, "hits")->after == 0);
    CHECK(ok.outcome == "Heavies rallies: 1 hit cancelled");
    CHECK(near(chance(preview(b, request("rally", {}, 2)), "rally"), 0.5));
    auto failed = resolve(b, request("rally", {}, 2), {3});
    CHECK_FALSE(find_effect(failed, 2, "hits"));
    CHECK(failed.outcome == "Heavies fails to rally");
    CHECK(did(b, failed, 2, kit::Deed::Rallied));
    CHECK_THROWS_WITH(resolve(grid_battle(), request("rally", {}, 2), {4}), Catch::Contains("has no hits to recover"));
}

TEST_CASE("Rally modifiers: commander, support or elite +1 once, militia or levy -1", "[square-hearts][rally]") {
    model::Battle b = grid_battle();
    b.commander(2)->attached_unit = 1;
    b.unit(1)->hits = 1;
    b.unit(12)->hits = 1;
    auto ruleset = rulesets::make("square-hearts");
    const auto* spec = ruleset->action("rally");
    CHECK(ruleset->defaults(*spec, b, 1, std::nullopt).at("modifiers") == "commander,elite");
    CHECK(ruleset->defaults(*spec, b, 12, std::nullopt).at("modifiers") == "militia");
    auto guards = resolve(b, request("rally", {{"modifiers", "commander,support,elite"}}, 1), {3});
    CHECK(guards.dice.front().modifier == 1);
    CHECK(find_effect(guards, 1, "hits")->after == 0);
    auto stacked = resolve(b, request("rally", {{"modifiers", "commander,support,elite"}}, 1), {3},
                           "[options]\nmodifier_groups_stack = true\n");
    CHECK(stacked.dice.front().modifier == 3);
    auto levies = resolve(b, request("rally", {{"modifiers", "militia"}}, 12), {4});
    CHECK(levies.dice.front().modifier == -1);
    CHECK_FALSE(find_effect(levies, 12, "hits"));
}

TEST_CASE("A broken unit rallies or is routed: unable (adjacent) or failing (line 60)", "[square-hearts][rally]") {
    model::Battle b = grid_battle();
    b.unit(2)->hits = 2;
    b.unit(2)->counters["broken"] = 1;
    b.unit(2)->set(model::Flag::NeedsRally, true);
    auto rallied = resolve(b, request("rally", {}, 2), {5});
    CHECK(find_effect(rallied, 2, "hits")->after == 1);
    CHECK(find_effect(rallied, 2, "counter:broken")->after == 0);
    CHECK(find_effect(rallied, 2, "flag:needs-rally")->after == 0);
    CHECK(has_step(rallied, "Heavies is no longer broken"));

    auto routed = resolve(b, request("rally", {}, 2), {3});
    CHECK(find_effect(routed, 2, "flag:routed")->after == 1);
    CHECK(routed.outcome == "Heavies is routed and removed");

    auto unable = resolve(b, request("rally", {{"adjacent", "yes"}}, 2), {});
    CHECK(unable.dice.empty());
    CHECK(find_effect(unable, 2, "flag:routed")->after == 1);
    CHECK(has_step(unable, "unable to rally"));

    model::Battle hit = grid_battle();
    hit.unit(2)->hits = 1;
    CHECK_THROWS_WITH(resolve(hit, request("rally", {{"adjacent", "yes"}}, 2), {4}),
                      Catch::Contains("may not be adjacent to an enemy"));
}

TEST_CASE("A unit which rallies may not move or shoot, a retreat is no move of its own", "[square-hearts][rally]") {
    model::Battle b = grid_battle();
    b.unit(2)->hits = 1;
    model::Battle moved = b;
    mark(moved, 2, kit::Deed::Moved, kit::How::Plain, 2);
    CHECK_THROWS_WITH(resolve(moved, request("rally", {}, 2), {4}), Catch::Contains("a unit which rallies may not move or shoot"));
    model::Battle shot = b;
    mark(shot, 2, kit::Deed::Fired);
    CHECK_THROWS_WITH(resolve(shot, request("rally", {}, 2), {4}), Catch::Contains("may not move or shoot"));
    model::Battle retreated = b;
    mark(retreated, 2, kit::Deed::Moved, kit::How::Retreat, 8);
    CHECK_NOTHROW(resolve(retreated, request("rally", {}, 2), {4}));
    model::Battle rallied = after(b, resolve(b, request("rally", {}, 2), {1}));
    CHECK_THROWS_WITH(resolve(rallied, request("shoot", {{"range", "2"}}, 2, 13), {6}),
                      Catch::Contains("a unit which rallies may not move or shoot"));
}

TEST_CASE("Commanders move 3 areas without an order and join a unit (lines 15, 17, 19)", "[square-hearts][commanders]") {
    const model::Battle b = grid_battle();
    auto joins = resolve(b, request("commander", {{"commander", "2"}, {"areas", "1d+1"}}, 3), {});
    CHECK(joins.outcome == "Colonel Burnaby joins Hussars");
    CHECK(find_effect(joins, model::Entity::Commander, 2, "attached-unit")->after == 3);
    CHECK_THROWS_WITH(resolve(b, request("commander", {{"commander", "2"}, {"areas", "2d+1"}}), {}),
                      Catch::Contains("commanders move 3 areas"));
    auto alone = resolve(b, request("commander", {{"commander", "2"}, {"areas", "3"}, {"enemy", "yes"}}), {});
    const auto* capture = find_follow_up(alone, "capture");
    REQUIRE(capture);
    CHECK(capture->values.at("commander") == "2");
    CHECK_THROWS_WITH(resolve(b, request("commander", {{"commander", "2"}, {"areas", "1"}}, 11), {}),
                      Catch::Contains("Spearmen is not of Colonel Burnaby's side"));
}

TEST_CASE("Capture: equal or higher escapes, lower is captured, only a commander alone rolls", "[square-hearts][commanders]") {
    model::Battle b = grid_battle();
    auto escapes = resolve(b, request("capture", {{"commander", "2"}}), {3, 3});
    CHECK(escapes.results.at("escaped") == 1);
    CHECK(has_step(escapes, "may move up to 3 areas"));
    CHECK_FALSE(find_effect(escapes, model::Entity::Commander, 2, "status"));
    auto captured = resolve(b, request("capture", {{"commander", "2"}}), {2, 5});
    CHECK(find_effect(captured, model::Entity::Commander, 2, "status")->after ==
          static_cast<int>(model::CommanderStatus::Captured));
    CHECK(near(chance(preview(b, request("capture", {{"commander", "2"}})), "escapes"), 21.0 / 36.0));
    b.commander(2)->attached_unit = 2;
    CHECK_THROWS_WITH(resolve(b, request("capture", {{"commander", "2"}}), {3, 3}), Catch::Contains("is attached to a unit"));
}

TEST_CASE("A killed commander's replacement takes over at the end of the next turn", "[square-hearts][commanders]") {
    model::Battle b = grid_battle();
    b.commander(2)->status = model::CommanderStatus::Killed;
    b.counters["killed-turn-2"] = 2;
    const auto replace = request("replacement", {{"commander", "2"}});
    in_phase(b, "second-melee", 1);
    CHECK_THROWS_WITH(resolve(b, replace, {}), Catch::Contains("takes over at the end of turn 3"));
    b.turn = 3;
    in_phase(b, "first-melee", 2);
    CHECK_THROWS_WITH(resolve(b, replace, {}), Catch::Contains("takes over at the end of turn 3"));
    in_phase(b, "second-melee", 1);
    auto r = resolve(b, replace, {});
    CHECK(find_effect(r, model::Entity::Commander, 2, "status")->after == static_cast<int>(model::CommanderStatus::Active));
    // A killed commander gives no orders meanwhile.
    model::Battle dead = grid_battle();
    dead.commander(2)->status = model::CommanderStatus::Killed;
    give_orders(dead, 1, 2);
    CHECK_THROWS_WITH(resolve(dead, request("orders", {{"commander", "2"}}), {4}),
                      Catch::Contains("until his replacement takes over"));
}
