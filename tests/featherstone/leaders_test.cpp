// Leaders and generals (Death of a leader, lines 252-264; Design Notes, lines 312-315).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("leaders: an attached general is hit on 1-2 when his unit takes 6 or more hits") {
    auto b = napoleonic_battle();
    b.commander(1)->attached_unit = 1;
    // The 45e's volley: 5 dice, 4+4+... = 6 hits on the 52nd: the check falls due.
    auto volley = resolve(b, request("shoot", {{"range", "2"}}, 11, 1), {4, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6});
    CHECK(volley.result("hits") == 6);
    REQUIRE(has_follow_up(volley, "leader-hit", 1));
    const auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("leader-hit"), b, 1, {});
    CHECK(d.at("who") == "general");
    CHECK(d.at("general") == "1");
    auto hit = resolve(b, request("leader-hit", {}, 1), {2});
    CHECK(hit.result("hit") == 1);
    CHECK(after(b, hit).commander(1)->status == model::CommanderStatus::Killed);
    CHECK_FALSE(after(b, hit).commander(1)->attached_unit.has_value());
    auto miss = resolve(b, request("leader-hit", {}, 1), {3});
    CHECK(after(b, miss).commander(1)->status == model::CommanderStatus::Active);
    CHECK(near(chance(preview(b, request("leader-hit", {}, 1)), "hit"), 2.0 / 6));
    // 5 hits: no check.
    auto five = resolve(b, request("shoot", {{"range", "2"}}, 11, 1), {4, 1, 6, 6, 6, 6, 6, 6, 6, 6});
    CHECK_FALSE(find_follow_up(five, "leader-hit"));
}

TEST_CASE("leaders: a unit commander killed gives -1 morale for the rest of the game") {
    auto b = napoleonic_battle();
    b.unit(1)->traits["leader"] = "";
    auto hit = resolve(b, request("leader-hit", {{"who", "unit-leader"}}, 1), {1});
    apply(b, hit);
    CHECK(unit_counter(b, 1, "leader-killed") == 1);
    const auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("morale"), b, 1, {});
    CHECK(d.at("leader-killed") == "yes");
    CHECK_THROWS_AS(resolve(b, request("leader-hit", {{"who", "unit-leader"}}, 1), {1}), rules::InputError);
    CHECK_THROWS_AS(resolve(request("leader-hit", {{"who", "unit-leader"}}), {1}, "[options]\nunit_leaders = false\n"),
                    rules::InputError);
}

TEST_CASE("leaders: a general overrun is removed on 1-3, else escapes and influences no one this turn") {
    auto b = napoleonic_battle();
    auto caught = resolve(b, request("overrun", {{"general", "2"}, {"fate", "captured"}}), {3});
    CHECK(after(b, caught).commander(2)->status == model::CommanderStatus::Captured);
    auto escaped = resolve(b, request("overrun", {{"general", "2"}}), {4});
    CHECK(escaped.result("removed") == 0);
    CHECK(after(b, escaped).counters.at("overrun-turn:2") == 2);
    CHECK(near(chance(preview(b, request("overrun", {{"general", "2"}})), "removed"), 0.5));
    CHECK_THROWS_AS(resolve(b, request("overrun", {}), {4}), rules::InputError);
}
