// MacDuff shooting (section 7 of the text) with fixed dice.
#include "fixture.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::ActionRequest shoot(int figures, std::string weapon, std::string range,
                           std::string modifiers = "", bool shaken = false) {
    return request("shoot", {{"figures", std::to_string(figures)}, {"weapon", weapon},
                             {"range", range}, {"modifiers", modifiers},
                             {"shaken", shaken ? "yes" : "no"}});
}
} // namespace

TEST_CASE("shooting: 1 die per 2 figures at close range, 5 or 6 hits") {
    // 7.5: 12 infantry at close range roll 6 dice; 7.7: each 5 or 6 is a hit.
    auto r = resolve(shoot(12, "rifle", "10"), {6, 5, 5, 4, 2, 1});
    CHECK(dice_rolled(r) == 6);
    CHECK(r.result("hits") == 3);
    CHECK(has_step(r, "close range"));
    CHECK(r.steps.front().citation.find("7 Shooting") != std::string::npos);
}

TEST_CASE("shooting: the issue's example, difficult target needs a 6") {
    // umpire resolve macduff shoot --figures 12 --weapon rifle --range 10
    //   --modifier difficult-target --dice 6,5,5,4,2,1
    auto r = resolve(shoot(12, "rifle", "10", "difficult-target"), {6, 5, 5, 4, 2, 1});
    CHECK(r.result("hits") == 1);
    CHECK(has_step(r, "hits on a 6"));
}

TEST_CASE("shooting: remainders of 1/2 or more count as a die") {
    CHECK(dice_rolled(resolve(shoot(1, "musket", "3"), {6})) == 1);   // 1/2 -> 1
    CHECK(dice_rolled(resolve(shoot(3, "musket", "3"), {6, 6})) == 2); // 1 1/2 -> 2
    CHECK(dice_rolled(resolve(shoot(13, "musket", "3"), std::vector<int>(7, 1))) == 7);
}

TEST_CASE("shooting: 0 figures roll no dice and any typed die is too many") {
    auto r = resolve(shoot(0, "musket", "3"), {});
    CHECK(dice_rolled(r) == 0);
    CHECK(r.result("hits") == 0);
    CHECK_THROWS_AS(resolve(shoot(0, "musket", "3"), {6}), dice::DiceError);
}

TEST_CASE("shooting: long range halves the dice (13 figures: 7 dice, then 4)") {
    // The working DESIGN.md quotes: 13 figures -> 7 dice; long range halves -> 4 dice.
    auto r = resolve(shoot(13, "rifle", "14"), {6, 5, 5, 4});
    CHECK(dice_rolled(r) == 4);
    CHECK(r.result("hits") == 3);
    CHECK(has_step(r, "long range"));
    CHECK(has_step(r, "7 dice"));
    CHECK(has_step(r, "4 dice"));
}

TEST_CASE("shooting: shaken at long range halves twice") {
    // 13 figures: 7 dice; long range 3 1/2 -> 4; shaken: 2.
    auto r = resolve(shoot(13, "rifle", "20", "", true), {5, 2});
    CHECK(dice_rolled(r) == 2);
    CHECK(r.result("hits") == 1);
    // 1 figure, long range and shaken: 1/2 counts at every halving, so 1 die remains.
    CHECK(dice_rolled(resolve(shoot(1, "rifle", "20", "", true), {6})) == 1);
}

TEST_CASE("shooting: range bands come from the weapons table") {
    CHECK(has_step(resolve(shoot(2, "musket", "6"), {1}), "close range"));   // exactly close
    CHECK(has_step(resolve(shoot(2, "musket", "6.5"), {1}), "long range"));
    CHECK(has_step(resolve(shoot(2, "rifle", "24"), {1}), "long range"));    // exactly long
    auto out = resolve(shoot(12, "rifle", "25"), {});
    CHECK(dice_rolled(out) == 0);
    CHECK(out.result("hits") == 0);
    CHECK(out.outcome.find("out of range") != std::string::npos);
    // Mortar: 24" and no long range.
    CHECK(resolve(shoot(3, "mortar", "30"), {}).outcome.find("out of range") != std::string::npos);
    CHECK_THROWS_AS(resolve(shoot(12, "none", "3"), {}), rules::InputError);
}

TEST_CASE("shooting: artillery rolls 1 die per gunner") {
    auto r = resolve(shoot(4, "light-gun", "30"), {6, 1});  // long range: 4 -> 2 dice
    CHECK(dice_rolled(r) == 2);
    CHECK(r.result("hits") == 1);
    CHECK(has_step(r, "1 die per gunner: 4 dice"));
}

TEST_CASE("shooting: superior firepower hits on 4-6") {
    auto r = resolve(shoot(8, "rifle", "10", "superior-firepower"), {4, 4, 3, 6});
    CHECK(r.result("hits") == 3);
}

TEST_CASE("shooting: artillery rerolls misses against dense targets") {
    // 3 gunners: 3 dice; the 2 and 1 miss and are rerolled: 5 hits, 3 misses.
    auto r = resolve(shoot(3, "foot-artillery", "10", "dense-target"), {6, 2, 1, 5, 3});
    CHECK(r.dice.size() == 2);
    CHECK(r.dice[1].values == std::vector<int>{5, 3});
    CHECK(r.result("hits") == 2);
    CHECK_THROWS_AS(resolve(shoot(12, "rifle", "10", "dense-target"), {}), rules::InputError);
    // Exact odds: each die hits with 1/3 + 2/3 * 1/3 = 5/9.
    CHECK(r.odds[0].distribution.mean() == Approx(3 * 5.0 / 9));
}

TEST_CASE("shooting: a rocket's natural 1 goes rogue") {
    auto r = resolve(shoot(2, "rocket", "20"), {1, 5});
    CHECK(r.result("hits") == 1);
    CHECK(has_step(r, "rogue rocket"));
}

TEST_CASE("shooting: exact odds before rolling") {
    auto ruleset = rulesets::make("macduff");
    model::Battle empty;
    auto r = ruleset->preview(shoot(12, "rifle", "10"), empty);
    REQUIRE(r.odds.size() == 1);
    CHECK_FALSE(r.rolled);
    CHECK(r.dice.empty());
    CHECK(r.odds[0].distribution.mean() == Approx(2.0));
    CHECK(r.odds[0].distribution.p_at_least(1) == Approx(1 - std::pow(2.0 / 3, 6)));
}

TEST_CASE("shooting: typed dice must be exactly enough") {
    CHECK_THROWS_AS(resolve(shoot(12, "rifle", "10"), {6, 5, 5}), dice::DiceError);
    CHECK_THROWS_AS(resolve(shoot(12, "rifle", "10"), {6, 5, 5, 4, 2, 1, 3}), dice::DiceError);
}

TEST_CASE("shooting: distances as typed, in cm and scaled for big figures") {
    // 35cm is 13.8": long range for a rifle.
    CHECK(has_step(resolve(shoot(2, "rifle", "35cm"), {1}), "long range"));
    CHECK(has_step(resolve(shoot(2, "rifle", "11\""), {1}), "close range"));
    CHECK_THROWS_AS(resolve(shoot(2, "rifle", "abc"), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(shoot(2, "rifle", "14 furlongs"), {}), rules::InputError);
    // A 54mm table at x1.5: 15" on the table is 10" by the book, close range.
    model::Battle big;
    big.ruleset = "macduff";
    big.distance_scale = 1.5;
    CHECK(has_step(resolve(big, shoot(2, "rifle", "15"), {1}), "close range"));
    CHECK(has_step(resolve(big, shoot(2, "rifle", "19"), {1}), "long range"));
}

TEST_CASE("shooting: bad figure counts are refused") {
    CHECK_THROWS_AS(resolve(shoot(1000000000, "rifle", "10"), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(request("shoot", {{"figures", "-3"}, {"weapon", "rifle"}, {"range", "3"}}), {}),
                    rules::InputError);
    CHECK_THROWS_AS(resolve(request("shoot", {{"figures", "12"}, {"weapon", "laser"}, {"range", "3"}}), {}),
                    rules::InputError);
}

TEST_CASE("shooting a unit: casualties, shaken at more than half, rally test") {
    auto battle = frontier_battle();
    // Unit 1 (12 rifles) at close range on the Afridis (12, average): 6 dice.
    auto req = request("shoot", {{"range", "10"}}, 1, 4);

    SECTION("exactly half lost is not shaken") {
        battle.unit(4)->figures = 9;  // 3 lost already; 3 more makes 6 of 12
        auto r = resolve(battle, req, {6, 6, 5, 1, 1, 1});
        CHECK(r.result("hits") == 3);
        REQUIRE(find_effect(r, 4, "figures"));
        CHECK(find_effect(r, 4, "figures")->after == 6);
        CHECK_FALSE(find_effect(r, 4, "flag:shaken"));
        CHECK(r.follow_ups.empty());
        CHECK(has_step(r, "not more than 1/2"));
    }
    SECTION("one more than half: shaken, must take a rally test") {
        battle.unit(4)->figures = 9;
        auto r = resolve(battle, req, {6, 6, 5, 5, 1, 1});
        CHECK(find_effect(r, 4, "figures")->after == 5);
        REQUIRE(find_effect(r, 4, "flag:shaken"));
        CHECK(find_effect(r, 4, "flag:needs-rally"));
        REQUIRE(r.follow_ups.size() == 1);
        CHECK(r.follow_ups[0].action == "rally");
        CHECK(r.follow_ups[0].unit == 4);
    }
    SECTION("the firer is marked as having fired") {
        auto r = resolve(battle, req, {1, 1, 1, 1, 1, 1});
        CHECK(did(battle, r, 1, kit::Deed::Fired));
        CHECK(r.result("hits") == 0);
        CHECK_FALSE(find_effect(r, 4, "figures"));
    }
    SECTION("hits beyond the last figure remove the unit") {
        battle.unit(4)->figures = 2;
        auto r = resolve(battle, req, {6, 6, 6, 1, 1, 1});
        CHECK(find_effect(r, 4, "figures")->after == 0);
        CHECK(find_effect(r, 4, "flag:routed"));
    }
    SECTION("defaults come from the unit and the target") {
        // The Pathan Horse are cavalry: a difficult target by default.
        auto r = resolve(battle, request("shoot", {{"range", "10"}}, 1, 6), {6, 5, 5, 5, 5, 5});
        CHECK(r.result("hits") == 1);
        CHECK(has_step(r, "Difficult target"));
    }
    SECTION("a target on the same side is refused") {
        CHECK_THROWS_AS(resolve(battle, request("shoot", {{"range", "10"}}, 1, 2), {}), rules::InputError);
    }
}

TEST_CASE("shaken thresholds by quality: elite 2/3, average 1/2, poor 1/3") {
    auto battle = frontier_battle();
    auto shaken_after = [&](int unit, int figures_before, int hits) {
        battle.unit(unit)->figures = figures_before;
        std::vector<int> dice(6, 1);
        for (int i = 0; i < hits; ++i) dice[static_cast<std::size_t>(i)] = 6;
        auto r = resolve(battle, request("shoot", {{"range", "10"}}, 1, unit), dice);
        return find_effect(r, unit, "flag:shaken") != nullptr;
    };
    // 6 dice at most, so start part-way down: an elite target of 12.
    battle.unit(4)->quality = "elite";
    CHECK_FALSE(shaken_after(4, 10, 6));  // 8 of 12 lost: exactly 2/3
    CHECK(shaken_after(4, 9, 6));         // 9 of 12 lost: more than 2/3
    battle.unit(5)->quality = "poor";
    CHECK_FALSE(shaken_after(5, 12, 4));  // 4 of 12: exactly 1/3
    CHECK(shaken_after(5, 12, 5));        // 5 of 12
}
