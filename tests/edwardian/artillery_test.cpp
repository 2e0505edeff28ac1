// Artillery (I Artillery Fire, II Horse Artillery, II Obsolete Weaponry) with fixed dice.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::Resolution fire_at(const char* range, std::vector<int> dice, std::map<std::string, std::string> more = {}) {
    more["range"] = range;
    return resolve(request("artillery-fire", more), std::move(dice));
}
} // namespace

TEST_CASE("artillery: 108\" in brackets of 36\" with deviation factors 1\", 2\", 3\"") {
    CHECK(has_step(fire_at("30", {3, 4}), "short bracket"));
    CHECK(has_step(fire_at("36", {3, 4}), "deviation factor 1\""));
    CHECK(has_step(fire_at("50", {3, 4}), "medium bracket"));
    CHECK(has_step(fire_at("50", {3, 4}), "deviation factor 2\""));
    CHECK(has_step(fire_at("108", {3, 4}), "deviation factor 3\""));
    auto far = fire_at("109", {});
    CHECK(dice_rolled(far) == 0);
    CHECK(far.outcome.find("out of range") != std::string::npos);
}

TEST_CASE("artillery: the deviation dice move the impact by the factor") {
    // Medium bracket, factor 2": lateral 1 is twice left, over/under 6 is twice short.
    auto r = fire_at("50", {1, 6});
    CHECK(r.outcome.find("4\" left, 4\" short") != std::string::npos);
    CHECK(r.result("lateral_tenths") == -40);
    CHECK(r.result("over_tenths") == 40);
    CHECK(fire_at("20", {2, 1}).outcome.find("1\" left, 2\" long") != std::string::npos);
    CHECK(fire_at("20", {5, 2}).outcome.find("1\" right, 1\" long") != std::string::npos);
    CHECK(fire_at("100", {3, 4}).outcome.find("on the target point") != std::string::npos);
    CHECK(fire_at("100", {6, 5}).outcome.find("6\" right, 3\" short") != std::string::npos);
    // Exact odds: on target both ways 1/3 * 1/3.
    CHECK(near(chance(fire_at("50", {3, 3}), "on target both ways"), 1.0 / 9));
}

TEST_CASE("artillery: zeroing in on the same point adjusts each die by 1, then 2") {
    auto b = veldt_battle();
    auto first = resolve(b, request("artillery-fire", {{"range", "50"}}, 4), {1, 1});
    CHECK(first.result("firing") == 1);
    CHECK(first.outcome.find("4\" left, 4\" long") != std::string::npos);
    REQUIRE(find_follow_up(first, "shell-hits"));
    apply(b, first);
    b.turn += 1;
    // Defaults: same point, same range.
    auto second = resolve(b, request("artillery-fire", {}, 4), {1, 2});
    CHECK(second.result("firing") == 2);
    CHECK(has_step(second, "adjusted 1 toward on target"));
    CHECK(second.outcome.find("2\" left, on target") != std::string::npos);
    CHECK(near(chance(second, "on target both ways"), 4.0 / 9));  // faces 2-5 on target
    apply(b, second);
    b.turn += 1;
    auto third = resolve(b, request("artillery-fire", {}, 4), {1, 6});
    CHECK(third.result("firing") == 3);
    CHECK(third.outcome.find("on the target point") != std::string::npos);
    CHECK(near(chance(third, "on target both ways"), 1.0));
    // A new point starts again.
    auto fresh = resolve(b, request("artillery-fire", {{"firing", "1"}, {"range", "50"}}, 4), {1, 1});
    CHECK(fresh.result("firing") == 1);
    // Moving loses the lay.
    apply(b, third);
    b.turn += 1;
    auto moved = resolve(b, request("move", {{"open", "2"}}, 4), {});
    REQUIRE(find_effect(moved, 4, "counter:firing-count"));
    CHECK(find_effect(moved, 4, "counter:firing-count")->after == 0);
    apply(b, moved);
    CHECK_THROWS_WITH(resolve(b, request("artillery-fire", {{"range", "50"}}, 4), {}),
                      Catch::Contains("Field Battery has moved this turn: machineguns and artillery may not fire"));
}

TEST_CASE("artillery: horse artillery and obsolete guns have shorter brackets") {
    auto b = veldt_battle();
    CHECK(has_step(resolve(b, request("artillery-fire", {{"range", "30"}}, 5), {3, 3}), "medium bracket"));
    CHECK(resolve(b, request("artillery-fire", {{"range", "73"}}, 5), {}).outcome.find("out of range") !=
          std::string::npos);
    // Krupp: half range, brackets of 18".
    CHECK(has_step(resolve(b, request("artillery-fire", {{"range", "20"}}, 17), {3, 3}), "medium bracket"));
    CHECK(resolve(b, request("artillery-fire", {{"range", "55"}}, 17), {}).outcome.find("out of range") !=
          std::string::npos);
    // Muzzle-loaders: 1 ft brackets, crew sight only.
    CHECK(has_step(resolve(b, request("artillery-fire", {{"range", "25"}}, 6), {3, 3}), "long bracket"));
    CHECK_THROWS_AS(resolve(b, request("artillery-fire", {{"range", "25"}, {"observer", "spotter"}}, 6), {3, 3}),
                    rules::Refusal);
    CHECK_NOTHROW(resolve(b, request("artillery-fire", {{"range", "90"}, {"observer", "spotter"}}, 4), {3, 3}));
    // Solid-shot guns do not fire shell.
    CHECK_THROWS_AS(resolve(b, request("artillery-fire", {{"range", "20"}}, 18), {3, 3}), rules::InputError);
}

TEST_CASE("artillery: muzzle-loaders fire every other turn, loading during the move") {
    auto b = veldt_battle();
    auto shot = resolve(b, request("artillery-fire", {{"range", "20"}}, 6), {3, 3});
    apply(b, shot);
    CHECK(b.units[5].counters["loaded"] == -1);
    b.turn += 1;
    CHECK_THROWS_WITH(resolve(b, request("artillery-fire", {{"range", "20"}}, 6), {3, 3}), Catch::Contains("empty"));
    auto load = resolve(b, request("load-gun", {{"round", "canister"}}, 6), {});
    apply(b, load);
    CHECK_THROWS_WITH(resolve(b, request("canister", {{"figures", "3"}}, 6, 11), {4, 4, 4}),
                      Catch::Contains("reload"));
    b.turn += 1;
    CHECK_THROWS_WITH(resolve(b, request("artillery-fire", {{"range", "20"}}, 6), {3, 3}),
                      Catch::Contains("loaded with Canister"));
    auto canister = resolve(b, request("canister", {{"figures", "4"}, {"modifiers", "soft-cover"}}, 6, 11),
                            {4, 5, 6, 1});
    CHECK(canister.result("kills") == 2);
    // Breech-loaders need no loading move.
    CHECK_THROWS_AS(resolve(b, request("load-gun", {{"round", "shell"}}, 4), {}), rules::InputError);
}

TEST_CASE("artillery: no fire without crew, after moving, when destroyed or in contact") {
    auto b = veldt_battle();
    // What the text forbids is refused (the umpire may overrule); a destroyed gun is no gun at all.
    CHECK_THROWS_AS(resolve(b, request("artillery-fire", {{"range", "20"}, {"crew", "0"}}, 4), {3, 3}),
                    rules::Refusal);
    CHECK_THROWS_AS(resolve(b, request("artillery-fire", {{"range", "20"}, {"in-contact", "yes"}}, 4), {3, 3}),
                    rules::Refusal);
    CHECK_THROWS_AS(fire_at("20", {3, 3}, {{"moved", "yes"}}), rules::Refusal);
    b.units[3].counters["gun-destroyed"] = 1;
    CHECK_THROWS_AS(resolve(b, overruled(request("artillery-fire", {{"range", "20"}}, 4)), {3, 3}), rules::InputError);
}

TEST_CASE("shell hits: every figure within 2\" rolls, 4-6 kills, cover, cavalry, crew under 3") {
    auto hits = [](std::map<std::string, std::string> in, std::vector<int> dice) {
        return resolve(request("shell-hits", std::move(in)), std::move(dice)).result("kills");
    };
    CHECK(hits({{"figures", "5"}}, {4, 3, 6, 1, 5}) == 3);
    CHECK(hits({{"figures", "5"}, {"modifiers", "soft-cover"}}, {4, 3, 6, 1, 5}) == 2);
    CHECK(hits({{"figures", "5"}, {"modifiers", "hard-cover"}}, {4, 3, 6, 1, 5}) == 1);
    CHECK(hits({{"figures", "5"}, {"modifiers", "target-cavalry"}}, {4, 3, 6, 1, 5}) == 4);
    CHECK(hits({{"figures", "5"}, {"crew", "2"}}, {4, 3, 6, 1, 5}) == 2);
    CHECK(hits({{"figures", "5"}, {"crew", "1"}}, {4, 3, 6, 1, 5}) == 1);
    CHECK_THROWS_AS(hits({{"figures", "5"}, {"crew", "0"}}, {4, 3, 6, 1, 5}), rules::Refusal);
    auto r = preview(model::Battle{}, request("shell-hits", {{"figures", "4"}}));
    CHECK(near(odds(r, "kills")->mean(), 2.0));  // the design notes' 50%
}

TEST_CASE("shell hits: guns and MGs are destroyed likewise") {
    auto b = veldt_battle();
    auto r = resolve(b, request("shell-hits", {{"figures", "2"}, {"guns", "1"}}, 4, 14), {1, 5, /*gun*/ 4});
    CHECK(r.result("kills") == 1);
    CHECK(has_step(r, "1 gun or MG model hit, killed on 4+"));
    CHECK(has_step(resolve(request("shell-hits", {{"figures", "1"}}), {4}), "1 figure hit, killed on 4+"));
    CHECK(r.result("guns_destroyed") == 1);
    REQUIRE(find_effect(r, 14, "counter:gun-destroyed"));
    apply(b, r);
    CHECK_THROWS_AS(resolve(b, request("artillery-fire", {{"range", "20"}}, 14), {3, 3}), rules::InputError);
    // Infantry has no gun to hit.
    CHECK_THROWS_AS(resolve(b, request("shell-hits", {{"figures", "1"}, {"guns", "1"}}, 4, 11), {1, 1}),
                    rules::InputError);
}

TEST_CASE("solid shot: the stick deviates by the die, the long-range die picks painted or unpainted") {
    auto b = veldt_battle();
    auto r = resolve(b, request("solid-shot", {}, 18), {1, 3});
    CHECK(r.outcome.find("2\" left") != std::string::npos);
    CHECK(r.result("long_painted") == 1);
    REQUIRE(find_follow_up(r, "shot-hits"));
    CHECK(resolve(request("solid-shot", {{"weapon", "breech-shot-gun"}}), {2, 4}).outcome.find("1\" left; long range: unpainted") !=
          std::string::npos);
    CHECK(resolve(request("solid-shot", {{"weapon", "breech-shot-gun"}}), {4, 5}).outcome.find("stays as laid") !=
          std::string::npos);
    CHECK(resolve(request("solid-shot", {{"weapon", "breech-shot-gun"}}), {6, 6}).outcome.find("2\" right") !=
          std::string::npos);
    auto hits = resolve(request("shot-hits", {{"short", "2"}, {"medium", "2"}, {"long", "2"}}), {4, 3, 5, 4, 6, 1});
    CHECK(hits.result("kills") == 3);
    auto covered = resolve(request("shot-hits", {{"short", "2"}, {"modifiers", "soft-cover"}}), {4, 5});
    CHECK(covered.result("kills") == 1);
    // Canister from a breech-loading shot gun: every figure within 8", 4-6.
    CHECK(resolve(request("canister", {{"figures", "3"}, {"weapon", "breech-shot-gun"}}), {4, 4, 3}).result("kills") == 2);
    CHECK_THROWS_AS(resolve(request("canister", {{"figures", "3"}, {"weapon", "field-gun"}}), {4, 4, 3}),
                    rules::InputError);
}

TEST_CASE("R16, line 326: horse guns' firing stick is shortened by a third like their brackets") {
    const auto horse_shot = request("solid-shot", {{"weapon", "breech-shot-gun"}, {"horse-artillery", "yes"}});
    auto r = resolve(horse_shot, {3, 2});
    CHECK(has_step(r, "short range to 8\", medium to 16\", long to 24\""));
    CHECK(cites(r, "Edwardian II Horse Artillery"));
    auto canister = resolve(request("canister", {{"figures", "1"}, {"weapon", "breech-shot-gun"},
                                                 {"horse-artillery", "yes"}}), {4});
    CHECK(has_step(canister, "within the red of the stick (5.3\")"));
    // The house rule keeps the yard-long stick for every gun.
    const std::string yard = "[solid_shot]\nhorse_shortened = false\n";
    CHECK(has_step(resolve(horse_shot, {3, 2}, yard), "short range to 12\", medium to 24\", long to 36\""));
    // Without horse artillery nothing changes.
    CHECK(has_step(resolve(request("solid-shot", {{"weapon", "breech-shot-gun"}}), {3, 2}),
                   "short range to 12\", medium to 24\", long to 36\""));
}
