// Infantry shooting (lines 78-92): roll under and sum the pips, the text's two worked examples
// first, then the dice for figures, ranges, flank, disorder, squares, support and charges.
#include "fixture.h"

#include "dice/roll_under.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::ActionRequest volley(std::map<std::string, std::string> values, std::optional<int> unit = std::nullopt,
                            std::optional<int> target = std::nullopt) {
    return request("shoot", std::move(values), unit, target);
}
} // namespace

TEST_CASE("shooting: the text's example, 3D6 at short range rolling 1, 4 and 5 score 5 hits") {
    // 15 figures are 3 dice; muskets at 2" are at short range, 4 or less.
    auto r = resolve(volley({{"figures", "15"}, {"range", "2"}}), {1, 4, 5, /*saves*/ 6, 5, 4, 3, 2});
    CHECK(has_step(r, "15 figures, 1 die per 5 (0 left over: none): 3 dice"));
    CHECK(has_step(r, "Short range (up to 2\"): roll 4 or less"));
    CHECK(has_step(r, "Rolled 1, 4 and 5: 5 is over 4 and misses; 1 and 4 added together: 5 hits"));
    CHECK(r.result("hits") == 5);
    // Formed troops save on 5+: the 6 and the 5 save, three are casualties.
    CHECK(has_step(r, "Saving rolls 6, 5, 4, 3 and 2: 2 saved, 3 casualties"));
    CHECK(r.result("casualties") == 3);
    CHECK(cites(r, "Featherstone Infantry shooting"));
    CHECK(cites(r, "Featherstone Saving Rolls"));
}

TEST_CASE("shooting: the design notes' example, 5 dice needing 3 or less roll 5, 5, 4, 2, 1 for 3 hits") {
    // 25 figures are 5 dice; muskets at 4" are at medium range, 3 or less.
    auto r = resolve(volley({{"figures", "25"}, {"range", "4"}}), {5, 5, 4, 2, 1, /*saves*/ 1, 1, 1});
    CHECK(has_step(r, "Medium range (up to 4\"): roll 3 or less"));
    CHECK(has_step(r, "Rolled 5, 5, 4, 2 and 1: 5, 5 and 4 are over 3 and miss; 2 and 1 added together: 3 hits"));
    CHECK(r.result("hits") == 3);
    CHECK(r.result("casualties") == 3);
}

TEST_CASE("shooting: 1 die per 5 figures, 1-2 left over ignored, 3-4 roll one more") {
    auto dice = [](int figures) {
        return preview(volley({{"figures", std::to_string(figures)}, {"range", "8"}})).odds.front().distribution.max() / 2;
    };
    // At long range (2 or less) each die is worth at most 2, so the most hits are 2 per die.
    CHECK(dice(1) == 0);
    CHECK(dice(2) == 0);
    CHECK(dice(3) == 1);
    CHECK(dice(5) == 1);
    CHECK(dice(7) == 1);
    CHECK(dice(8) == 2);
    CHECK(dice(12) == 2);
    CHECK(dice(13) == 3);
    CHECK(dice(24) == 5);
}

TEST_CASE("shooting: the exact odds are the summed pips of the dice at or under the number") {
    auto r = preview(volley({{"figures", "24"}, {"range", "3"}}));  // 5 dice at medium, 3 or less
    const auto* hits = odds(r, "hits");
    REQUIRE(hits);
    const auto expected = dice::roll_under_sum(5, 3);
    for (int k = 0; k <= 15; ++k) CHECK(near(hits->p_exactly(k), expected.p_exactly(k)));
    CHECK(hits->mean() == Approx(5 * 1.0));  // (1+2+3)/6 a die
    // Casualties: each hit kept with chance 4/6 by formed troops' 5+ save.
    CHECK(odds(r, "casualties")->mean() == Approx(5 * 4.0 / 6));
    CHECK(r.dice.empty());
    CHECK_FALSE(r.rolled);
}

TEST_CASE("shooting: musket and rifle bands, out of range refused unless overruled") {
    CHECK(has_step(resolve(volley({{"figures", "5"}, {"range", "8"}}), {6}), "Long range (up to 8\"): roll 2 or less"));
    CHECK(has_step(resolve(volley({{"figures", "5"}, {"range", "8"}, {"weapon", "rifle"}}), {6}),
                   "Medium range (up to 8\"): roll 3 or less"));
    CHECK(has_step(resolve(volley({{"figures", "5"}, {"range", "16"}, {"weapon", "rifle"}}), {6}),
                   "Long range (up to 16\"): roll 2 or less"));
    CHECK_THROWS_AS(resolve(volley({{"figures", "5"}, {"range", "9"}}), {6}), rules::Refusal);
    auto over = resolve(overruled(volley({{"figures", "5"}, {"range", "9"}})), {2, 6, 6});
    CHECK(over.result("hits") == 2);
    CHECK_FALSE(over.overruled.empty());
    CHECK_THROWS_AS(resolve(volley({{"figures", "5"}, {"range", "4"}, {"weapon", "lance"}}), {6}), rules::InputError);
}

TEST_CASE("shooting: +1 to the number into a flank, disordered shooters halve the final hits, rounding up") {
    auto flank = resolve(volley({{"figures", "10"}, {"range", "2"}, {"flank", "yes"}}), {5, 6, 1, 1, 1, 1, 1});
    CHECK(has_step(flank, "Firing into an enemy flank: +1 to the number: 5 or less"));
    CHECK(flank.result("hits") == 5);
    auto disordered = resolve(volley({{"figures", "10"}, {"range", "2"}, {"disordered", "yes"}}), {4, 1, 1, 1, 1});
    CHECK(has_step(disordered, "5 halved: 3 hits"));
    CHECK(disordered.result("hits") == 3);
    // The house rule rounds down instead.
    auto down = resolve(volley({{"figures", "10"}, {"range", "2"}, {"disordered", "yes"}}), {4, 1, 1, 1},
                        "[options]\nhalves_round_up = false\n");
    CHECK(down.result("hits") == 2);
}

TEST_CASE("shooting: a square shoots with a quarter of its figures from each side, up to 4 shots") {
    auto b = napoleonic_battle();
    set_formation(b, 1, kSquare);
    auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("shoot"), b, 1, 11);
    CHECK(d["figures"] == "6");
    CHECK(d["square"] == "yes");
    auto r = resolve(b, volley({{"range", "4"}}, 1, 11), {1, 1});
    CHECK(has_step(r, "In square: 1/4 of its figures shoot from each side"));
    CHECK_THROWS_AS(resolve(b, volley({{"figures", "7"}, {"range", "4"}}, 1, 11), {1}), rules::InputError);
    // Four sides, six figures each: the fifth shot is refused, each figure having fired.
    for (int side = 0; side < 4; ++side) apply(b, resolve(b, volley({{"range", "4"}}, 1, 11), {6}));
    CHECK_THROWS_AS(resolve(b, volley({{"range", "4"}}, 1, 11), {6}), rules::Refusal);
}

TEST_CASE("shooting: each figure shoots once a turn") {
    auto b = napoleonic_battle();
    apply(b, resolve(b, volley({{"figures", "24"}, {"range", "8"}}, 1, 11), {6, 6, 6, 6, 6}));
    CHECK(did(b, {}, 1, kit::Deed::Fired));
    CHECK_THROWS_AS(resolve(b, volley({{"figures", "5"}, {"range", "8"}}, 1, 11), {6}), rules::Refusal);
}

TEST_CASE("shooting: the target loses figures, is disordered and marked to rally") {
    auto b = napoleonic_battle();
    auto r = resolve(b, volley({{"range", "2"}}, 1, 11), {4, 4, 3, 2, 1, /*saves on 14 hits*/ 1, 1, 1, 1, 1, 1, 1,
                                                        1, 1, 1, 5, 5, 6, 6});
    CHECK(r.result("hits") == 14);
    CHECK(r.result("casualties") == 10);
    auto after_fire = after(b, r);
    CHECK(after_fire.unit(11)->figures == 14);
    CHECK(after_fire.unit(11)->has(model::Flag::Disordered));
    CHECK(after_fire.unit(11)->has(model::Flag::NeedsRally));
    // No leader or general with the 45e: 14 hits call for no leader check.
    CHECK_FALSE(find_follow_up(r, "leader-hit"));
    // With a unit commander the check is due at 6 hits or more.
    b.unit(11)->traits["leader"] = "";
    auto led = resolve(b, volley({{"range", "2"}}, 1, 11), {4, 2, 6, 6, 6, 1, 1, 1, 1, 1, 1});
    CHECK(led.result("hits") == 6);
    CHECK(has_follow_up(led, "leader-hit", 11));
}

TEST_CASE("shooting: skirmishers save on 4+ against shooting, cuirassiers on 4+") {
    auto skirm = resolve(volley({{"figures", "5"}, {"range", "2"}, {"target-type", "skirmishers"}}), {4, 4, 3, 3, 1});
    CHECK(has_step(skirm, "skirmish infantry save on 4+ against shooting"));
    CHECK(skirm.result("casualties") == 3);
    auto armour = resolve(volley({{"figures", "5"}, {"range", "2"}, {"target-type", "heavy-cavalry"},
                                  {"target-armoured", "yes"}}),
                          {4, 4, 3, 3, 1});
    CHECK(armour.result("casualties") == 3);
}

TEST_CASE("shooting: supporting fire is at half strength and not from units that moved") {
    auto b = napoleonic_battle();
    auto r = resolve(b, volley({{"figures", "24"}, {"range", "4"}, {"support", "yes"}}, 1, 11), {6, 6});
    CHECK(has_step(r, "Supporting fire into a melee is at 1/2 strength: 24 -> 12 figures"));
    CHECK(dice_rolled(r) == 2);
    mark(b, 1, kit::Deed::Moved);
    CHECK_THROWS_AS(resolve(b, volley({{"figures", "24"}, {"range", "4"}, {"support", "yes"}}, 1, 11), {6, 6}),
                    rules::Refusal);
}

TEST_CASE("shooting: charging cavalry are shot at long range, a quarter lost halts the charge") {
    auto b = napoleonic_battle();
    mark(b, 14, kit::Deed::Charged, kit::How::Charge);
    auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("shoot"), b, 1, 14);
    CHECK(d["target-charging"] == "yes");
    // At 2" the musket's short range would be 4 or less; at the charging cavalry it is 2 or less.
    auto r = resolve(b, volley({{"figures", "24"}, {"range", "2"}}, 1, 14),
                     {2, 2, 1, 1, 6, /*saves 4+ armoured*/ 1, 1, 1, 1, 1, 6});
    CHECK(has_step(r, "Charging cavalry receive small arms fire at Long range"));
    CHECK(r.result("hits") == 6);
    CHECK(r.result("casualties") == 5);
    CHECK(r.result("charge-halted") == 1);
    CHECK(has_step(r, "the cavalry withdraw 1 move"));
    CHECK(has_follow_up(r, "morale", 14));
    CHECK(find_follow_up(r, "morale")->values.at("check") == "casualties");
    // Fewer than a quarter (2 of 12) does not halt it.
    auto light = resolve(b, volley({{"figures", "5"}, {"range", "2"}}, 1, 14), {2, 1, 1});
    CHECK(light.result("casualties") == 2);
    CHECK(light.result("charge-halted") == 0);
}

TEST_CASE("shooting: charging infantry halted return fire in disorder") {
    auto b = napoleonic_battle();
    mark(b, 11, kit::Deed::Charged, kit::How::Charge);
    auto r = resolve(b, volley({{"figures", "24"}, {"range", "2"}}, 1, 11),
                     {4, 4, 4, 6, 6, /*12 hits*/ 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6});
    CHECK(r.result("casualties") == 6);
    CHECK(r.result("charge-halted") == 1);
    CHECK(has_step(r, "the infantry return fire at close range in disorder"));
}

TEST_CASE("shooting: in the stationary combat phase, units that moved are refused") {
    auto b = napoleonic_battle();
    b.counters["phase"] = 6;  // combat-stationary in tables.toml [turn]
    mark(b, 1, kit::Deed::Moved);
    CHECK_THROWS_AS(resolve(b, volley({{"range", "4"}}, 1, 11), {6, 6, 6, 6, 6}), rules::Refusal);
    // A unit that stood (or was charged and withstood) shoots first.
    auto still = napoleonic_battle();
    still.counters["phase"] = 6;
    mark(still, 1, kit::Deed::Moved, kit::How::Stood);
    CHECK(dice_rolled(resolve(still, volley({{"range", "4"}}, 1, 11), {6, 6, 6, 6, 6})) == 5);
}
