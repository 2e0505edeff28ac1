// MacDuff shooting beyond the first slice (section 7): ranks, modifiers that count once, mortars
// and rockets, dense targets and the unit behind, fires in towns, restrictions and return fire.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Flag;

namespace {
rules::ActionRequest shot(std::map<std::string, std::string> values) { return request("shoot", std::move(values)); }
} // namespace

TEST_CASE("shooting: two ranks of formed infantry, one rank of others") {
    // 16 figures 6 wide: 2 ranks, 12 shoot: 6 dice. 1 rank: 6 shoot: 3 dice.
    auto two = resolve(shot({{"figures", "16"}, {"weapon", "rifle"}, {"range", "5"}, {"frontage", "6"}, {"ranks", "2"}}),
                       std::vector<int>(6, 1));
    CHECK(dice_rolled(two) == 6);
    CHECK(has_step(two, "12 of 16 figures"));
    CHECK(dice_rolled(resolve(shot({{"figures", "16"}, {"weapon", "rifle"}, {"range", "5"}, {"frontage", "6"}}),
                              std::vector<int>(3, 1))) == 3);
    // The defaults: 2 ranks for formed infantry, 1 for others.
    auto b = frontier_battle();
    auto m = rulesets::make("macduff");
    CHECK(m->defaults(*m->action("shoot"), b, 1, 4).at("ranks") == "2");
    CHECK(m->defaults(*m->action("shoot"), b, 6, 1).at("ranks") == "1");
    b.unit(1)->set(Flag::Disordered, true);
    CHECK(m->defaults(*m->action("shoot"), b, 1, 4).at("ranks") == "1");
}

TEST_CASE("shooting: difficult target counts once, mortars and rockets ignore cover") {
    auto both = resolve(shot({{"figures", "4"}, {"weapon", "rifle"}, {"range", "5"},
                              {"modifiers", "difficult-target,hard-cover"}}), {5, 6});
    CHECK(both.result("hits") == 1);  // -1 once: 6s hit
    CHECK(has_step(both, "counts once"));
    auto mortar = resolve(shot({{"figures", "2"}, {"weapon", "mortar"}, {"range", "20"}, {"modifiers", "hard-cover"}}),
                          {5, 5});
    CHECK(mortar.result("hits") == 2);
    CHECK(has_step(mortar, "ignores cover"));
    CHECK(has_step(mortar, "does not need a line of fire"));
    // Cover that is not the hard-cover modifier (an obscured target) still counts.
    CHECK(resolve(shot({{"figures", "2"}, {"weapon", "mortar"}, {"range", "20"}, {"modifiers", "difficult-target"}}),
                  {5, 5}).result("hits") == 0);
}

TEST_CASE("shooting: superior firepower and the first-fire bonus, +1 once, the bonus once a game") {
    auto both = resolve(shot({{"figures", "4"}, {"weapon", "musket"}, {"range", "3"},
                              {"modifiers", "superior-firepower,first-fire"}}), {4, 3});
    CHECK(both.result("hits") == 1);  // +1: 4-6
    auto b = frontier_battle();
    b.unit(1)->weapon = "musket";
    b.unit(1)->traits["first-fire"] = "";
    auto first = resolve(b, request("shoot", {{"range", "3"}}, 1, 4), {4, 4, 1, 1, 1, 1});
    CHECK(first.result("hits") == 2);
    CHECK(find_effect(first, 1, "counter:first-fire-used")->after == 1);
    auto later = after(b, first);
    later.turn += 1;  // the next turn: it may shoot again, without the bonus
    CHECK(resolve(later, request("shoot", {{"range", "3"}}, 1, 4), {4, 4, 1, 1, 1, 1}).result("hits") == 0);
    CHECK_THROWS_AS(resolve(later, request("shoot", {{"range", "3"}, {"modifiers", "first-fire"}}, 1, 4),
                            {4, 4, 1, 1, 1, 1}),
                    rules::InputError);
}

TEST_CASE("shooting: a rogue rocket on each natural 1") {
    auto r = resolve(shot({{"figures", "3"}, {"weapon", "rocket"}, {"range", "30"}}), {1, 6});  // long: 2 dice
    CHECK(r.result("rogue") == 1);
    CHECK(r.result("hits") == 1);
    CHECK(has_step(r, "rogue rocket"));
    CHECK(resolve(shot({{"figures", "2"}, {"weapon", "light-gun"}, {"range", "5"}}), {1, 1}).result("rogue") == 0);
}

TEST_CASE("shooting: dense targets reroll misses, and misses roll again at a unit behind") {
    auto b = frontier_battle();
    // The battery (4 gunners, 4 dice) fires at the Afridis in column; the Ghazis are behind them.
    auto r = resolve(b, request("shoot", {{"range", "10"}, {"modifiers", "dense-target"}, {"behind", "5"}}, 3, 4),
                     {6, 5, 1, 2, 6, 1, 6});
    // 2 hits, the 2 misses rerolled: 6 hits, 1 misses; that miss rolls at the Ghazis: 6.
    CHECK(r.result("hits") == 3);
    CHECK(r.result("hits_behind") == 1);
    CHECK(find_effect(r, 4, "figures")->after == 9);
    CHECK(find_effect(r, 5, "figures")->after == 11);
    // Exact odds with the reroll: p = 1/3 + 2/3 * 1/3 = 5/9 per die.
    auto odds = preview(b, request("shoot", {{"range", "10"}, {"modifiers", "dense-target"}}, 3, 4));
    CHECK(odds.odds[0].distribution.mean() == Approx(4 * 5.0 / 9));
    CHECK_THROWS_AS(resolve(b, request("shoot", {{"range", "10"}, {"behind", "4"}}, 3, 4), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("shoot", {{"range", "10"}, {"behind", "99"}}, 3, 4), {}), rules::InputError);
    // A square or limbered guns are dense targets by default.
    b.unit(4)->counters["square"] = 1;
    auto m = rulesets::make("macduff");
    CHECK(m->defaults(*m->action("shoot"), b, 3, 4).at("modifiers").find("dense-target") != std::string::npos);
}

TEST_CASE("shooting: a 6 from artillery firing at a town starts a fire") {
    auto b = frontier_battle();
    auto r = resolve(b, request("shoot", {{"range", "10"}, {"at-town", "yes"}}, 3, 4), {6, 1, 1, 1});
    CHECK(r.result("fire") == 1);
    CHECK(find_effect(r, 4, "counter:town-fire")->after == 1);
    CHECK(chance(preview(b, request("shoot", {{"range", "10"}, {"at-town", "yes"}}, 3, 4)), "a fire") ==
          Approx(1 - 625.0 / 1296));
    auto none = resolve(b, request("shoot", {{"range", "10"}, {"at-town", "yes"}}, 3, 4), {5, 5, 1, 1});
    CHECK(none.result("fire") == 0);
    // Muskets do not set towns alight.
    auto rifles = resolve(b, request("shoot", {{"range", "10"}, {"at-town", "yes"}}, 1, 4), {6, 6, 6, 6, 6, 6});
    CHECK_FALSE(find_effect(rifles, 4, "counter:town-fire"));
}

TEST_CASE("shooting: restrictions are refused (the umpire may overrule) and return fire offered") {
    auto b = frontier_battle();
    const auto shoot = request("shoot", {{"range", "10"}}, 1, 4);
    auto r = resolve(b, shoot, {1, 1, 1, 1, 1, 1});
    CHECK(has_step(r, "may return fire now"));
    mark(b, 4, kit::Deed::Fired);
    CHECK(has_step(resolve(b, shoot, {1, 1, 1, 1, 1, 1}), "may not return fire"));
    // 7.1: once per turn.
    auto again = after(b, r);
    CHECK_THROWS_WITH(resolve(again, shoot, {1, 1, 1, 1, 1, 1}),
                      Catch::Contains("2nd Sikhs has fired this turn: a unit may only shoot once per turn") &&
                          Catch::Contains("MacDuff 7.1 Restrictions"));
    // 7.1: not in a continuing melee, neither firer nor target.
    b.unit(1)->counters["melee-with"] = 5;
    CHECK_THROWS_AS(resolve(b, shoot, {1, 1, 1, 1, 1, 1}), rules::Refusal);
    CHECK_THROWS_WITH(preview(b, shoot), Catch::Contains("continuing melee"));
    b.unit(1)->counters.erase("melee-with");
    b.unit(4)->counters["melee-with"] = 6;
    CHECK_THROWS_WITH(resolve(b, shoot, {1, 1, 1, 1, 1, 1}), Catch::Contains("Afridis: a unit in a continuing melee"));
    // The umpire overrules on purpose: the action goes ahead, the working says so.
    auto ruled = resolve(b, overruled(shoot, "the melee broke off"), {5, 1, 1, 1, 1, 1});
    CHECK(ruled.result("hits") == 1);
    CHECK(ruled.overrule == "the melee broke off");
    REQUIRE(ruled.overruled.size() == 1);
    CHECK(ruled.overruled[0].citation == "MacDuff 7.1 Restrictions");
    CHECK(has_step(ruled, "Overruled by the umpire (the melee broke off)"));
}

TEST_CASE("dense targets: only artillery rolls its misses at the unit behind, and only at a dense target (7.8)") {
    auto b = frontier_battle();
    // Rifles: the 2nd Sikhs at the Afridis, the Ghazis behind. Refused before any die is rolled.
    const auto rifles = request("shoot", {{"range", "10"}, {"behind", "5"}}, 1, 4);
    CHECK_THROWS_WITH(resolve(b, rifles, {5, 4, 3, 2, 1, 1, 6, 6, 6, 6, 6}),
                      Catch::Contains("only artillery rolls its misses at a unit behind a dense target, not Rifle"));
    CHECK_THROWS_AS(preview(b, rifles), rules::InputError);
    // Artillery at a target that is not dense: no misses at the unit behind (R38)...
    const auto battery = request("shoot", {{"range", "10"}, {"behind", "5"}}, 3, 4);
    CHECK_THROWS_WITH(resolve(b, battery, {5, 1, 1, 1, 5, 1, 1}), Catch::Contains("dense target"));
    // ...unless the house rule reads the sentence of every artillery shot: 4 dice, 1 hit, the
    // 3 misses at the Ghazis (no reroll): 1 hit.
    auto every = resolve(b, battery, {5, 1, 1, 1, 5, 1, 1}, "[shooting]\nbehind_needs_dense_target = false\n");
    CHECK(every.result("hits") == 1);
    CHECK(every.result("hits_behind") == 1);
    CHECK(find_effect(every, 5, "figures")->after == 11);
}

TEST_CASE("12.3: a civilised army may not shoot at a band or a hospital (R61)") {
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Lashkar Drums", 2, "band", "average", "none", 4));
    const auto at_band = request("shoot", {{"range", "10"}}, 1, 7);
    CHECK_THROWS_AS(resolve(b, at_band, {5, 5, 1, 1, 1, 1}), rules::Refusal);
    CHECK_THROWS_WITH(preview(b, at_band), Catch::Contains("bands and hospitals may not be targeted by civilized "
                                                           "armies") &&
                                               Catch::Contains("MacDuff 12.3 Hospitals and Bands"));
    auto ruled = resolve(b, overruled(at_band, "they are playing the charge"), {5, 5, 1, 1, 1, 1});
    CHECK(ruled.result("hits") == 2);
    CHECK(ruled.overruled.at(0).citation == "MacDuff 12.3 Hospitals and Bands");
    // A side the house rules call not civilised may; side names are matched ignoring case.
    b.units.push_back(make_unit(8, "Field Hospital", 1, "hospital", "average", "none", 4));
    const std::string lashkar = "[hospital]\nuncivilised_sides = [\"lashkar\"]\n";
    CHECK(resolve(b, request("shoot", {{"range", "10"}}, 4, 8), {5, 5, 1, 1, 1, 1}, lashkar).result("hits") == 2);
    CHECK_THROWS_AS(resolve(b, at_band, {5, 5, 1, 1, 1, 1}, lashkar), rules::Refusal);
}
