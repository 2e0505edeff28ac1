// MacDuff melee (section 8 of the text) with fixed dice.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("melee: 1 die per 2 figures, 4-6 hits, the side taking more hits is defeated") {
    // Without a battle: 12 figures charging (+1) against 8.
    auto r = resolve(request("melee", {{"figures", "12"}, {"enemy-figures", "8"}, {"modifiers", "charging"}}),
                     {6, 5, 4, 3, 2, 1, 6, 6, 1, 1});
    REQUIRE(r.dice.size() == 2);
    CHECK(r.dice[0].values.size() == 6);
    CHECK(r.dice[1].values.size() == 4);
    CHECK(r.result("hits") == 4);        // 6,5,4,3 with +1 reach 4
    CHECK(r.result("hits_taken") == 2);  // 6,6
    CHECK(r.outcome.find("defeated") != std::string::npos);
}

TEST_CASE("melee: remainders and shaken halving") {
    // 5 figures: 2 1/2 -> 3 dice; shaken: 1 1/2 -> 2 dice. 1 figure: 1 die.
    auto r = resolve(request("melee", {{"figures", "5"}, {"shaken", "yes"}, {"enemy-figures", "1"}}),
                     {1, 1, 1});
    CHECK(r.dice[0].values.size() == 2);
    CHECK(r.dice[1].values.size() == 1);
    CHECK(r.outcome.find("Drawn") != std::string::npos);
}

TEST_CASE("melee: modifiers add up per die") {
    // Elite charging (+2) against hard cover (-1): net +1, hits on 3-6.
    auto r = resolve(request("melee", {{"figures", "4"}, {"modifiers", "elite-or-shock,charging,enemy-hard-cover"},
                                       {"enemy-figures", "2"}}),
                     {3, 2, 6});
    CHECK(r.result("hits") == 1);
    CHECK(r.result("hits_taken") == 1);
    // Cavalry against a square, -2: a 6 is needed.
    auto sq = resolve(request("melee", {{"figures", "4"}, {"modifiers", "cavalry-vs-square"}, {"enemy-figures", "2"}}),
                      {5, 6, 1});
    CHECK(sq.result("hits") == 1);
}

TEST_CASE("melee in a battle: the loser retreats unformed, or routs if shaken") {
    auto battle = frontier_battle();
    // The Sikhs (12) fight the Ghazis (12, poor): 6 dice each.
    auto req = request("melee", {}, 1, 5);

    SECTION("defeated and not shaken: retreat unformed") {
        auto r = resolve(battle, req, {6, 6, 1, 1, 1, 1, 5, 1, 1, 1, 1, 1});
        CHECK(r.result("hits") == 2);
        CHECK(r.result("hits_taken") == 1);
        CHECK(find_effect(r, 5, "figures")->after == 10);
        CHECK(find_effect(r, 5, "flag:disordered"));
        CHECK_FALSE(find_effect(r, 5, "flag:routed"));
        CHECK(find_effect(r, 1, "figures")->after == 11);
        CHECK_FALSE(find_effect(r, 1, "flag:disordered"));
    }
    SECTION("defeated and shaken after the round's hits: routs") {
        battle.unit(5)->figures = 9;  // poor: 3 lost; 2 more is 5 of 12, more than 1/3
        auto r = resolve(battle, request("melee", {}, 1, 5), {6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        CHECK(find_effect(r, 5, "flag:shaken"));
        CHECK(find_effect(r, 5, "flag:routed"));
        CHECK_FALSE(find_effect(r, 5, "flag:disordered"));
        CHECK(r.follow_ups.empty());  // a routed unit takes no rally test
    }
    SECTION("a shaken winner that took casualties must rally") {
        battle.unit(1)->figures = 6;
        battle.unit(1)->set(model::Flag::Shaken, true);
        // Shaken: 6 figures -> 3 dice -> 2 dice. Ghazis 6 dice.
        auto r = resolve(battle, req, {6, 6, 5, 1, 1, 1, 1, 1});
        CHECK(r.result("hits") == 2);
        CHECK(r.result("hits_taken") == 1);
        CHECK(find_effect(r, 5, "flag:disordered"));
        // The Ghazis owe their retreat (line 197), the Sikhs their rally test (line 202).
        REQUIRE(r.follow_ups.size() == 2);
        CHECK(r.follow_ups[0].action == "move");
        CHECK(r.follow_ups[0].unit == 5);
        CHECK(r.follow_ups[0].owed == "melee-retreat");
        CHECK(r.follow_ups[1].action == "rally");
        CHECK(r.follow_ups[1].unit == 1);
        CHECK(r.follow_ups[1].owed == "shaken-rally");
        CHECK(find_effect(r, 1, "flag:needs-rally"));
    }
    SECTION("a draw: neither defeated") {
        auto r = resolve(battle, req, {6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1});
        CHECK(r.outcome.find("Drawn") != std::string::npos);
        CHECK_FALSE(find_effect(r, 1, "flag:disordered"));
        CHECK_FALSE(find_effect(r, 5, "flag:disordered"));
    }
    SECTION("infantry in square defeated by cavalry stands; the cavalry fights on") {
        // The Pathan Horse (8: 4 dice, -2 against the square) charge the Sikhs in square.
        auto r = resolve(battle, request("melee", {{"modifiers", "cavalry-vs-square"}}, 6, 1),
                         {6, 6, 6, 6, 1, 1, 1, 1, 1, 1});
        CHECK(r.result("hits") == 4);
        CHECK_FALSE(find_effect(r, 1, "flag:disordered"));
        CHECK_FALSE(find_effect(r, 1, "flag:routed"));
        REQUIRE(r.follow_ups.size() == 1);
        CHECK(r.follow_ups[0].action == "melee");
        CHECK(r.follow_ups[0].unit == 6);
        // "the cavalry will fight a pursuit melee" (line 198): owed, against the broken square.
        CHECK(r.follow_ups[0].owed == "square-pursuit");
        CHECK(r.follow_ups[0].values.at("broken-square") == "yes");
    }
    SECTION("the melee needs an enemy unit") {
        CHECK_THROWS_AS(resolve(battle, request("melee", {}, 1), {}), rules::InputError);
    }
}

TEST_CASE("melee: exact chances of each result") {
    auto ruleset = rulesets::make("macduff");
    model::Battle empty;
    // 1 die each on 4+: P(a wins) = P(hit)P(miss) = 1/4, same for b, draw 1/2.
    auto r = ruleset->preview(request("melee", {{"figures", "2"}, {"enemy-figures", "2"}}), empty);
    REQUIRE(r.chances.size() == 3);
    CHECK(r.chances[0].probability == Approx(0.25));
    CHECK(r.chances[1].probability == Approx(0.25));
    CHECK(r.chances[2].probability == Approx(0.5));
}
