// MacDuff artillery rules beyond the dice: overhead fire (7.9), breaching (7.10), fires (7.11).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::ActionRequest overhead(std::string weapon, std::string range, std::string to_friends, std::string to_enemy,
                              bool hill = true, bool lower = true) {
    return request("overhead-fire", {{"weapon", weapon}, {"range", range}, {"gun-to-friends", to_friends},
                                     {"friends-to-enemy", to_enemy}, {"on-hill", hill ? "yes" : "no"},
                                     {"friends-lower", lower ? "yes" : "no"}});
}
} // namespace

TEST_CASE("overhead fire: on a hill, at long range, over lower friends closer to the gun than the enemy") {
    auto yes = resolve(overhead("foot-artillery", "30", "8", "10"), {});
    CHECK(yes.result("allowed") == 1);
    CHECK(dice_rolled(yes) == 0);
    // Equidistant is not closer.
    auto equal = resolve(overhead("foot-artillery", "30", "10", "10"), {});
    CHECK(equal.result("allowed") == 0);
    CHECK(has_step(equal, "not closer to the guns"));
    CHECK(resolve(overhead("foot-artillery", "12", "4", "6"), {}).result("allowed") == 0);  // close range
    CHECK(resolve(overhead("foot-artillery", "12.5", "4", "6"), {}).result("allowed") == 1);
    CHECK(resolve(overhead("foot-artillery", "30", "4", "6", false), {}).result("allowed") == 0);
    CHECK(resolve(overhead("foot-artillery", "30", "4", "6", true, false), {}).result("allowed") == 0);
    CHECK(resolve(overhead("rifle", "20", "4", "6"), {}).result("allowed") == 0);
    CHECK(resolve(overhead("foot-artillery", "30", "4", "6"), {}, "[overhead_fire]\nlong_range_only = false\n")
              .result("allowed") == 1);
}

TEST_CASE("breaching fire: 1 die light, 2 field, 3 siege, a 6 breaches, 6\" or less") {
    auto b = frontier_battle();
    CHECK(dice_rolled(resolve(b, request("breach", {{"range", "6"}}, 3), {5})) == 1);  // light gun by default
    auto breach = resolve(b, request("breach", {{"range", "6"}}, 3), {6});
    CHECK(breach.result("breach") == 1);
    CHECK(find_effect(breach, model::Entity::Battle, 0, "counter:breaches")->after == 1);
    CHECK(did(b, breach, 3, kit::Deed::Fired));
    CHECK(dice_rolled(resolve(request("breach", {{"gun", "field"}, {"range", "3"}}), {1, 1})) == 2);
    auto siege = resolve(request("breach", {{"gun", "siege"}, {"range", "3"}}), {1, 5, 6});
    CHECK(siege.result("breach") == 1);
    CHECK(chance(preview(request("breach", {{"gun", "siege"}, {"range", "3"}})), "breach") == Approx(1 - 125.0 / 216));
    auto far = resolve(b, request("breach", {{"range", "6.5"}}, 3), {});
    CHECK(far.result("breach") == 0);
    CHECK(dice_rolled(far) == 0);
    CHECK(resolve(b, request("breach", {{"range", "5"}, {"line-of-sight", "no"}}, 3), {}).result("breach") == 0);
    b.unit(3)->traits["siege-gun"] = "";
    CHECK(dice_rolled(resolve(b, request("breach", {{"range", "5"}}, 3), {1, 1, 1})) == 3);
}

TEST_CASE("fires: the garrison rolls 1 die per 4 figures, 4-6 puts it out, else 1d6 damage") {
    auto b = frontier_battle();
    b.unit(4)->counters["town-fire"] = 1;
    // 12 figures: 3 dice. A 4 puts it out.
    auto out = resolve(b, request("fight-fire", {}, 4), {1, 2, 4});
    CHECK(out.result("put_out") == 1);
    CHECK(find_effect(out, 4, "counter:town-fire")->after == 0);
    // All below 4: 1d6 damage, and it burns on.
    auto burns = resolve(b, request("fight-fire", {}, 4), {1, 2, 3, 5});
    CHECK(burns.result("damage") == 5);
    CHECK(find_effect(burns, 4, "counter:town-damage")->after == 5);
    CHECK_FALSE(find_effect(burns, 4, "counter:town-fire"));
    // Remainders of 1/2 or more: 6 figures 2 dice, 5 figures 1 die, 2 figures 1 die, 1 figure none.
    CHECK(dice_rolled(resolve(request("fight-fire", {{"figures", "6"}}), {4, 4})) == 2);
    CHECK(dice_rolled(resolve(request("fight-fire", {{"figures", "5"}}), {4})) == 1);
    CHECK(dice_rolled(resolve(request("fight-fire", {{"figures", "2"}}), {4})) == 1);
    CHECK(dice_rolled(resolve(request("fight-fire", {{"figures", "1"}}), {3})) == 1);  // only the damage die
    // ...or complete groups only, by house rule.
    CHECK(dice_rolled(resolve(request("fight-fire", {{"figures", "6"}}), {4}, "[fires]\ncount_half_remainders = false\n")) == 1);
    CHECK(chance(preview(request("fight-fire", {{"figures", "8"}})), "the fire") == Approx(0.75));
    // In melee it cannot fight the fire: only the damage.
    auto melee = resolve(b, request("fight-fire", {{"in-melee", "yes"}}, 4), {2});
    CHECK(dice_rolled(melee) == 1);
    // A town destroyed forces the garrison out.
    b.unit(4)->counters["town-damage"] = 8;
    auto gone = resolve(b, request("fight-fire", {{"town-strength", "10"}}, 4), {1, 1, 1, 2});
    CHECK(gone.result("destroyed") == 1);
    CHECK(find_effect(gone, 4, "counter:town-destroyed")->after == 1);
    CHECK(has_follow_up(gone, "move", 4));
    // No fire, nothing to fight.
    CHECK_THROWS_AS(resolve(frontier_battle(), request("fight-fire", {}, 4), {}), rules::InputError);
}
