// Melee (I Melee): opposed per-figure rolls with fixed dice and exact odds.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::Resolution melee(std::map<std::string, std::string> in, std::vector<int> dice) {
    return resolve(request("melee", std::move(in)), std::move(dice));
}
} // namespace

TEST_CASE("melee: a mutual pair, the higher roll kills, equal rolls kill no one") {
    auto win = melee({{"pairs", "1"}}, {5, 3});
    CHECK(win.result("kills") == 1);
    CHECK(win.result("losses") == 0);
    CHECK(melee({{"pairs", "1"}}, {3, 3}).result("kills") == 0);
    CHECK(melee({{"pairs", "1"}}, {3, 3}).result("losses") == 0);
    CHECK(melee({{"pairs", "1"}}, {2, 4}).result("losses") == 1);
    // Three pairs: the unit's dice, then the enemy's, read in order.
    auto three = melee({{"pairs", "3"}}, {6, 1, 4, /*enemy*/ 5, 2, 4});
    CHECK(three.result("kills") == 1);   // 6 against 5
    CHECK(three.result("losses") == 1);  // 1 against 2; 4 against 4 is equal
    CHECK(has_step(three, "wins 1"));
    CHECK(cites(three, "Edwardian I Melee"));
}

TEST_CASE("melee: exact odds of pairs, with modifiers") {
    auto r = preview(model::Battle{}, request("melee", {{"pairs", "1"}}));
    CHECK(near(odds(r, "The enemy figures lost")->p_exactly(1), 15.0 / 36));
    CHECK(near(odds(r, "The unit figures lost")->p_exactly(1), 15.0 / 36));
    CHECK(near(chance(r, "equal losses"), 6.0 / 36));
    auto plus = preview(model::Battle{}, request("melee", {{"pairs", "1"}, {"modifiers", "close-order"}}));
    CHECK(near(odds(plus, "The enemy figures lost")->p_exactly(1), 21.0 / 36));
    CHECK(near(odds(plus, "The unit figures lost")->p_exactly(1), 10.0 / 36));
}

TEST_CASE("melee: several figures on one target share the target's single roll") {
    // Group of 2 on one enemy figure: the target's die first, then the group's.
    auto r = melee({{"groups", "1"}}, {4, /*group*/ 3, 5});
    CHECK(r.result("kills") == 1);   // the second attacker's 5 beats 4
    CHECK(r.result("losses") == 1);  // the target's 4 beats the first attacker's 3
    auto none = melee({{"groups", "1"}, {"group-size", "3"}}, {6, 2, 3, 6});
    CHECK(none.result("kills") == 0);
    CHECK(none.result("losses") == 1);
    // Enemy groups on our figures: our target's die first.
    auto theirs = melee({{"enemy-groups", "2"}}, {2, 6, /*their groups*/ 3, 1, 5, 6});
    CHECK(theirs.result("losses") == 1);  // our 2 is beaten by their 3; our 6 is not beaten by 5 or 6
    CHECK(theirs.result("kills") == 1);   // our 6 beats the 5 it fights back at
}

TEST_CASE("melee: exact odds of a group match counting every face") {
    auto r = preview(model::Battle{}, request("melee", {{"groups", "1"}, {"group-size", "3"}}));
    double target_dies = 0, first_dies = 0;
    for (int t = 1; t <= 6; ++t)
        for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b)
                for (int c = 1; c <= 6; ++c) {
                    const double w = 1.0 / 1296;
                    if (a > t || b > t || c > t) target_dies += w;
                    if (t > a) first_dies += w;
                }
    CHECK(near(odds(r, "The enemy figures lost")->p_exactly(1), target_dies));
    CHECK(near(odds(r, "The unit figures lost")->p_exactly(1), first_dies));
}

TEST_CASE("melee: unanswered attacks cannot kill the attacker") {
    auto r = melee({{"unanswered", "2"}}, {5, 2, /*targets*/ 4, 6});
    CHECK(r.result("kills") == 1);
    CHECK(r.result("losses") == 0);
    auto them = melee({{"enemy-unanswered", "1"}}, {5, 4});
    CHECK(them.result("losses") == 1);
}

TEST_CASE("melee: the modifiers of the text and where they apply") {
    auto b = veldt_battle();
    // Lancers charge the Dervishes in the open: +1 +1 and +1 per descending level.
    auto cav = resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-in-open,cavalry-charging"},
                                            {"descending", "1"}}, 2, 15),
                       {1, 4});
    CHECK(has_step(cav, "Lancers: modifier +3"));
    CHECK(cav.result("kills") == 0);  // 1 + 3 = 4 against 4
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-charging"}}, 2, 15), {1, 4}),
                    rules::InputError);
    CHECK_NOTHROW(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-charging"}}, 2, 15), {1, 4},
                          "[options]\ncharge_bonus_needs_open = false\n"));
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"descending", "1"}}, 2, 15), {1, 4}),
                    rules::InputError);
    // Infantry is not cavalry; cavalry gets no terrain advantage; support needs close order.
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-in-open"}}, 1, 15), {1, 4}),
                    rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "terrain-advantage"}}, 2, 15), {1, 4}),
                    rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "rear-support"}}, 1, 15), {1, 4}),
                    rules::InputError);
    auto supported = resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "close-order,rear-support"}}, 1, 15),
                             {2, 3});
    CHECK(supported.result("kills") == 1);
    // Zulus: no close-order or support bonus.
    b.unit(15)->traits["no-close-order-support"] = "";
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"enemy-modifiers", "close-order"}}, 1, 15), {2, 3}),
                    rules::InputError);
}

TEST_CASE("melee in a battle: defaults, casualties on both sides and morale checks") {
    auto b = veldt_battle();
    // Guards (close order, +1) against the Dervishes: 24 pairs by default.
    std::vector<int> dice(24, 3);
    dice.insert(dice.end(), 24, 3);
    dice[0] = 1;   // 1 + 1 against 3: a Guard falls
    dice[24] = 5;  // the first Dervish rolls 5
    auto r = resolve(b, request("melee", {}, 1, 15), dice);
    CHECK(r.result("kills") == 23);  // 4 against 3 in the other 23 pairs
    CHECK(r.result("losses") == 1);
    REQUIRE(find_effect(r, 15, "figures"));
    CHECK(find_effect(r, 15, "figures")->after == 7);
    CHECK(find_effect(r, 1, "figures")->after == 23);
    CHECK(find_effect(r, 15, "counter:loss-cause")->after == 2);
    CHECK(r.follow_ups.size() == 2);
    // More figures than the unit has are refused.
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "25"}}, 1, 15), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "0"}}, 1, 15), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}}, 1), {}), rules::InputError);  // no target
}

TEST_CASE("melee: 24 against 24 has exact odds for both sides") {
    auto r = preview(model::Battle{}, request("melee", {{"pairs", "24"}}));
    const auto* ours = odds(r, "The unit figures lost");
    REQUIRE(ours);
    CHECK(ours->max() == 24);
    CHECK(near(ours->mean(), 24 * 15.0 / 36));
    CHECK(near(chance(r, "The enemy loses more"), chance(r, "The unit loses more")));
}
