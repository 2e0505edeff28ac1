// Melee (lines 64-75) with the author's answers: figures counted (the 2nd rank as in contact,
// half the 3rd and 4th), dice per 4 or per 2, defensive fire first, the result by side.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
using Values = std::map<std::string, std::string>;
rules::Resolution melee(Values in, std::vector<int> dice, std::string house = {}) {
    return resolve(request("melee", std::move(in)), std::move(dice), std::move(house));
}
int dice_of(const rules::Resolution& r, const std::string& label) {
    for (const auto& g : r.dice)
        if (g.label == label) return static_cast<int>(g.values.size());
    return -1;
}
} // namespace

TEST_CASE("melee: the author's worked example, a 4-wide 3-deep unit against a 6-wide one") {
    // "the small unit would count 10 figures worth 3 dice ... I would count 6 figures in contact for
    // the large unit + 6 touching in the 2nd rank plus 1/2 the 3rd rank for a total of 15 or 4 dice."
    auto r = melee({{"front", "4"}, {"ranks", "3"}, {"enemy-front", "6"}, {"enemy-ranks", "3"}},
                   {1, 1, 1, /*enemy*/ 1, 1, 1, 1});
    CHECK(has_step(r, "The unit: 4 in contact, 4 in the 2nd rank (as in contact), half of 4 in rank 3: 10 figures"));
    CHECK(has_step(r, "The unit: 10 figures, 1 die per 4, remainder of 1/2 or more counts: 3 dice"));
    CHECK(has_step(r, "The enemy: 15 figures, 1 die per 4, remainder of 1/2 or more counts: 4 dice"));
    CHECK(dice_of(r, "The unit") == 3);
    CHECK(dice_of(r, "The enemy") == 4);
    CHECK(cites(r, "comment 9"));
    // The reader's way of seeing the large unit: 4 in contact and 2 touching them: 14 figures, still 4 dice.
    auto will = melee({{"front", "4"}, {"ranks", "3"}, {"enemy-front", "4"}, {"enemy-overlap", "2"}, {"enemy-ranks", "3"}},
                      {1, 1, 1, 1, 1, 1, 1});
    CHECK(has_step(will, "The enemy: 14 figures"));
    CHECK(dice_of(will, "The enemy") == 4);
}

TEST_CASE("melee: the 4th rank counts half too, the 5th not at all, cavalry 1 die per 2 with no half ranks") {
    auto four = melee({{"front", "3"}, {"ranks", "5"}, {"enemy-front", "1"}}, {1, 1});  // 9 figures: 2 dice; 1 figure: none
    CHECK(has_step(four, "3 in contact, 3 in the 2nd rank (as in contact), half of 3 in rank 3, half of 3 in rank 4: 9 figures"));
    auto odd = melee({{"front", "3"}, {"ranks", "3"}, {"enemy-front", "1"}}, {1, 1});
    CHECK(has_step(odd, "7.5 figures"));  // 7.5 / 4 = 1.875: 2 dice
    CHECK(dice_of(odd, "The unit") == 2);
    auto down = melee({{"front", "3"}, {"ranks", "3"}, {"enemy-front", "1"}}, {1, 1}, "[options]\nhalf_rank_rounding = \"down\"\n");
    CHECK(has_step(down, ": 7 figures"));
    auto cav = melee({{"type", "cavalry"}, {"front", "3"}, {"ranks", "3"}, {"enemy-front", "1"}}, {1, 1, 1});
    CHECK(dice_of(cav, "The unit") == 3);  // 6 figures in two ranks, per 2
}

TEST_CASE("melee: decided by side: reaction fire and melee hits on both sides of the scale (comment 2)") {
    // The reader's case: the attacker takes 1 hit from reaction fire and 1 in melee, and inflicts
    // 2: decided by side that is 2 each, so no one is defeated and the melee goes on.
    auto b = fair_oaks();
    // The attacker: 8 figures, 2 dice; the enemy 4 figures, 1 die (made regular here).
    const Values in{{"front", "4"}, {"ranks", "2"}, {"enemy-front", "4"}, {"enemy-ranks", "1"}, {"enemy-quality", "regular"}};
    Values with_fire = in;
    with_fire["reaction-hits"] = "1";
    auto r = resolve(b, request("melee", with_fire, 1, 12), {6, 5, /*enemy*/ 6});
    CHECK(r.result("hits_taken") == 2);
    CHECK(r.result("enemy_hits_taken") == 2);
    CHECK(r.result("defeated") == 0);
    CHECK(has_step(r, "the melee goes on next turn"));
    CHECK(find_effect(r, 1, "counter:melee-with")->after == 12);
    // One more hit on the enemy and it is defeated: retreat, rally on its next move.
    auto win = resolve(b, request("melee", in, 1, 12), {6, 5, /*enemy*/ 6});
    CHECK(win.result("defeated") == 2);
    CHECK(find_effect(win, 12, "flag:needs-rally")->after == 1);
    CHECK(has_follow_up(win, "rally", 12));
    CHECK(find_effect(win, 12, "figures")->after == 10);
    CHECK(did(b, win, 1, kit::Deed::Melee));
}

TEST_CASE("melee: a defeated unit with colours must rally round the flag") {
    auto b = fair_oaks();
    auto r = resolve(b, request("melee", {{"front", "4"}, {"ranks", "1"}, {"enemy-front", "4"}, {"enemy-ranks", "1"}}, 1, 11),
                     {1, /*the elite 6th Alabama, +1*/ 5});
    CHECK(r.result("defeated") == 1);
    const auto* flag = find_follow_up(r, "flag");
    REQUIRE(flag);
    CHECK(flag->values.at("defeated") == "yes");
}

TEST_CASE("melee: defensive fire first, its hits come off the charger before it rolls") {
    // 8 chargers (4 wide, 2 deep: 2 dice); the defender's 3 hits leave 5 figures: 1 die.
    auto r = melee({{"front", "4"}, {"ranks", "2"}, {"enemy-front", "4"}, {"enemy-ranks", "3"}, {"enemy-defensive-fire", "yes"}},
                   {/*defensive*/ 6, 6, 5, /*charger*/ 1});
    CHECK(dice_of(r, "The enemy (defensive fire)") == 3);
    CHECK(dice_of(r, "The unit") == 1);
    CHECK(has_step(r, "Defensive fire: 3 hits on The unit, removed before it rolls"));
    CHECK(r.result("hits_taken") == 3);
    // Artillery's defensive fire: 1 die per 2 crew; in melee 1 per 4.
    auto guns = melee({{"front", "4"}, {"enemy-type", "foot-artillery"}, {"enemy-front", "4"}, {"enemy-defensive-fire", "yes"}},
                      {1, 1, /*charger*/ 1});
    CHECK(dice_of(guns, "The enemy (defensive fire)") == 2);
    auto no_df = melee({{"front", "4"}, {"enemy-type", "foot-artillery"}, {"enemy-front", "4"}}, {1, 1});
    CHECK(dice_of(no_df, "The enemy") == 1);
    CHECK_THROWS_AS(melee({{"front", "4"}, {"enemy-type", "cavalry"}, {"enemy-front", "4"}, {"enemy-defensive-fire", "yes"}}, {}),
                    rules::InputError);
}

TEST_CASE("melee: the modifiers, and the form's defaults after a charge") {
    auto elite = preview(request("melee", {{"quality", "elite"}, {"front", "4"}, {"modifiers", "charging"}, {"enemy-front", "4"},
                                           {"enemy-quality", "militia"}}));
    CHECK(has_step(elite, "The unit: 4 figures, 1 die per 4, remainder of 1/2 or more counts: 1 die, hits on 3-6"));
    CHECK(has_step(elite, "The enemy: 4 figures, 1 die per 4, remainder of 1/2 or more counts: 1 die, hits on a 6"));
    auto ignored = preview(request("melee", {{"front", "4"}, {"modifiers", "superior-defensive-fire"}, {"enemy-front", "4"}}));
    CHECK(has_step(ignored, "applies only to defensive fire: not counted"));
    auto b = fair_oaks();
    apply(b, resolve(b, request("charge", {{"distance", "6"}, {"over-obstacle", "yes"}}, 13, 1), {}));
    auto r = rulesets::make("rattle");
    auto d = r->defaults(*r->action("melee"), b, 13, 1);
    CHECK(d.at("modifiers") == "charging,difficult");
    CHECK(d.at("enemy-defensive-fire") == "yes");
    CHECK(d.at("enemy-modifiers") == "difficult");  // defensive fire against cavalry
    CHECK(d.at("enemy-ranks") == "2");
    CHECK(d.at("enemy-front") == "8");
}

TEST_CASE("melee: exact odds of each result") {
    auto r = preview(request("melee", {{"front", "4"}, {"enemy-front", "4"}}));
    CHECK(near(chance(r, "The unit's side defeated"), 2.0 / 9));
    CHECK(near(chance(r, "The enemy's side defeated"), 2.0 / 9));
    CHECK(near(chance(r, "the melee goes on"), 5.0 / 9));
    // With defensive fire the charger's dice depend on its hits: 8 chargers against 1 die of fire.
    auto df = preview(request("melee", {{"front", "4"}, {"ranks", "2"}, {"enemy-front", "4"}, {"enemy-defensive-fire", "yes"}}));
    // No defensive hit (2/3): 2 dice at 1/3; a hit (1/3): 7 figures still 2 dice. The enemy takes 0-2.
    const auto* on_enemy = odds(df, "hits taken by The enemy's side");
    REQUIRE(on_enemy);
    CHECK(near(on_enemy->p_exactly(2), 1.0 / 9));
}

TEST_CASE("melee: two units a side, the hits by side, fire support units are not affected") {
    auto b = fair_oaks();
    auto r = resolve(b, request("melee", {{"front", "4"}, {"ranks", "1"}, {"ally", "2"}, {"ally-front", "4"}, {"enemy-front", "4"},
                                          {"enemy-ranks", "1"}, {"enemy-quality", "regular"}},
                                1, 12),
                     {5, /*ally*/ 6, /*enemy*/ 6});
    CHECK(r.result("hits_taken") == 1);
    CHECK(r.result("enemy_hits_taken") == 2);
    CHECK(r.result("defeated") == 2);
    CHECK(find_effect(r, 12, "figures")->after == 10);
    CHECK_FALSE(find_effect(r, 3, "flag:needs-rally"));
    CHECK_THROWS_WITH(resolve(b, request("melee", {{"front", "4"}, {"ally", "2"}, {"enemy-front", "4"}}, 1, 12), {}),
                      Catch::Contains("how many figures are in contact"));
}

TEST_CASE("melee: once in a melee phase") {
    auto b = fair_oaks();
    apply(b, resolve(b, request("melee", {{"front", "4"}, {"ranks", "1"}, {"enemy-front", "4"}, {"enemy-ranks", "1"}}, 1, 12),
                     {1, 1}));
    CHECK_THROWS_WITH(preview(b, request("melee", {{"front", "4"}, {"enemy-front", "4"}}, 1, 12)),
                      Catch::Contains("once in each melee phase"));
}

TEST_CASE("melee: defensive fire only from a unit charged from the front (line 68)") {
    // The Jeff Davis Legion charges the 104th in the flank: the battle knows, and says so.
    auto flank = fair_oaks();
    apply(flank, resolve(flank, request("charge", {{"distance", "6"}, {"from-front", "no"}}, 13, 1), {}));
    auto r = rulesets::make("rattle");
    CHECK(r->defaults(*r->action("melee"), flank, 13, 1).count("enemy-defensive-fire") == 0);
    const Values df{{"front", "4"}, {"enemy-front", "4"}, {"enemy-defensive-fire", "yes"}};
    CHECK(refusal_of(flank, request("melee", df, 13, 1), {6, 1, 1, 1}) ==
          "104th Pennsylvania was charged in the flank or rear: only infantry or artillery charged from the front fire "
          "defensively (Rattle Melee: Defensive Fire (line 68))");
    // Overruled, the working does not say it was charged from the front.
    auto over = resolve(flank, overruled(request("melee", df, 13, 1)), {6, 1, 1, 1});
    CHECK(has_step(over, "104th Pennsylvania fires defensively as the umpire ruled: it fires first"));
    CHECK_FALSE(has_step(over, "was charged from the front"));
    // Not charged at all this turn: no defensive fire either.
    CHECK(refusal_of(fair_oaks(), request("melee", df, 13, 1), {6, 1, 1, 1}).find("104th Pennsylvania was not charged this "
                                                                               "turn") == 0);
    // Into its front: fired first, and said so.
    auto front = fair_oaks();
    apply(front, resolve(front, request("charge", {{"distance", "6"}}, 13, 1), {}));
    auto fired = resolve(front, request("melee", df, 13, 1), {6, 1, 1, 1});
    CHECK(has_step(fired, "104th Pennsylvania was charged from the front: it fires first"));
}

TEST_CASE("melee: a melee that goes on has no charger, even in the second melee phase of the charge's turn (line 75)") {
    auto b = fair_oaks();
    apply(b, resolve(b, request("charge", {{"distance", "6"}}, 13, 1), {}));
    // The first melee is drawn: a hit each (the Legion's 4 figures 2 dice, the 104th's 4 figures 1 die).
    const Values first{{"front", "4"}, {"ranks", "1"}, {"enemy-front", "4"}, {"enemy-ranks", "1"},
                       {"enemy-defensive-fire", "no"}, {"enemy-modifiers", ""}};
    auto draw = resolve(b, request("melee", first, 13, 1), {6, 1, 6});
    REQUIRE(draw.result("defeated") == 0);
    apply(b, draw);
    b.counters[kit::kPhaseCounter] = 5;  // the second melee phase of the same turn
    auto r = rulesets::make("rattle");
    CHECK(r->defaults(*r->action("melee"), b, 13, 1).at("modifiers").empty());
    Values again = first;
    again["modifiers"] = "charging";
    CHECK(refusal_of(b, request("melee", again, 13, 1), {6, 6, 6}) ==
          "Jeff Davis Legion has fought this melee once already: a melee that goes on has no charger, neither side "
          "counting as charging (Rattle Melee: Charge Bonus (line 72); Result (line 75))");
}
