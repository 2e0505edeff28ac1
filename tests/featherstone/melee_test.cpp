// Melee (lines 130-162, 238-250): the text's guard-against-regulars example first, then the
// figures that fight, impetus, light cavalry, squares, lancers, rerolls, ties and the odds.
#include "fixture.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::ActionRequest fight(std::map<std::string, std::string> values, std::optional<int> unit = std::nullopt,
                           std::optional<int> target = std::nullopt) {
    return request("melee", std::move(values), unit, target);
}
} // namespace

TEST_CASE("melee: the text's example, guards inflicting 2 lose to regulars inflicting 3 with a leader attached") {
    auto b = napoleonic_battle();
    b.commander(2)->attached_unit = 11;  // a leader attached to the regulars
    auto r = resolve(b, fight({}, 3, 11),
                     {/*guards*/ 6, 6, 6, 6, 2, /*reroll a miss*/ 6, /*regulars save*/ 1, 1,
                      /*regulars*/ 3, 6, 6, 6, 6, /*guards save*/ 1, 1, 1});
    CHECK(has_step(r, "Grenadiers and guards reroll one die: the 6 (worth 0) is rerolled: 6"));
    CHECK(r.result("attacker-casualties-inflicted") == 2);
    CHECK(r.result("defender-casualties-inflicted") == 3);
    // 2 + 2 (Veteran/Elite) = 4 against 3 + 1 (regulars) + 2 (leader attached) = 6. The text
    // prints 5 for the regulars' total (rulings.md R17); either way the guards lose.
    CHECK(has_step(r, "1st Foot Guards: 2 inflicted, grade +2 = 4"));
    CHECK(has_step(r, "45e Ligne: 3 inflicted, grade +1, a leader attached +2 = 6"));
    CHECK(has_step(r, "45e Ligne took the most and loses") == false);
    CHECK(has_step(r, "1st Foot Guards took the most and loses"));
    CHECK(r.result("attacker-wins") == 0);
    REQUIRE(find_follow_up(r, "morale"));
    CHECK(find_follow_up(r, "morale")->unit == 3);
    CHECK(find_follow_up(r, "morale")->values.at("check") == "lost-melee");
    CHECK(has_follow_up(r, "pursue", 11));
    auto a = after(b, r);
    CHECK(a.unit(3)->figures == 21);
    CHECK(a.unit(11)->figures == 22);
    CHECK(a.unit(3)->has(model::Flag::Disordered));
    CHECK(unit_counter(a, 3, "lost-melee-turn") == 2);
    CHECK(did(b, r, 3, kit::Deed::Melee));
    CHECK(cites(r, "Featherstone Melee"));
}

TEST_CASE("melee: ties go to the defender") {
    auto r = resolve(fight({{"figures", "5"}, {"enemy-figures", "5"}}), {2, 1, 1, 2, 1, 1});
    CHECK(r.result("attacker-total") == r.result("defender-total"));
    CHECK(r.result("attacker-wins") == 0);
    CHECK(has_step(r, "(ties go to the defender)"));
}

TEST_CASE("melee: heavy cavalry count double in the turn they charge infantry") {
    auto b = napoleonic_battle();
    mark(b, 4, kit::Deed::Charged, kit::How::Charge);
    auto r = preview(b, fight({}, 4, 11));
    CHECK(has_step(r, "cavalry figures count 2 times in the turn they charge infantry: 24"));
    CHECK(has_step(r, "24 figures, 1 die per 5 (4 left over: one more die): 5 dice"));
    // Not having charged: 12 figures, 2 dice.
    CHECK(has_step(preview(napoleonic_battle(), fight({}, 4, 11)), "12 figures, 1 die per 5 (2 left over: ignored): 2 dice"));
    // "Cavalry figures count double in the turn they charge infantry" (line 132): light cavalry too
    // (R20), then without their 1 1/2 times the dice (never both). 12 dragoons count 24: 5 dice,
    // 4, 3, 2, 1 and a 6 are 10 hits.
    auto light = napoleonic_battle();
    mark(light, 5, kit::Deed::Charged, kit::How::Charge);
    auto l = resolve(light, fight({{"enemy-figures", "1"}}, 5, 11), {4, 3, 2, 1, 6, /*saves*/ 6, 6, 6, 6, 6, 6, 6, 6, 6, 6});
    CHECK(has_step(l, "16th Light Dragoons: cavalry figures count 2 times in the turn they charge infantry: 24"));
    CHECK(has_step(l, "Rolled 4, 3, 2, 1 and 6: 6 is over 4 and misses; 4, 3, 2 and 1 added together: 10 hits"));
    CHECK_FALSE(has_step(l, "3/2 of their dice"));
    // The house rule gives the impetus to heavy cavalry only: light cavalry get 1 1/2 times their dice.
    auto heavy_only = preview(light, fight({}, 5, 11), "[options]\nimpetus_all_cavalry = false\n");
    CHECK(has_step(heavy_only, "light cavalry get 3/2 of their dice against infantry: 3 dice"));
    CHECK_FALSE(has_step(heavy_only, "count 2 times"));
    // Not charging (a melee fought on in a later turn): 1 1/2 times the dice by either reading.
    CHECK(has_step(preview(napoleonic_battle(), fight({}, 5, 11)), "light cavalry get 3/2 of their dice against infantry: 3 dice"));
}

TEST_CASE("melee: light cavalry's hits on heavy cavalry are halved") {
    auto r = resolve(fight({{"figures", "5"}, {"type", "light-cavalry"}, {"enemy-figures", "5"},
                            {"enemy-type", "heavy-cavalry"}}),
                     {4, 1, 1, /*heavy*/ 6});
    CHECK(has_step(r, "hits against heavy cavalry are halved"));
    CHECK(r.result("attacker-casualties-inflicted") == 2);
}

TEST_CASE("melee: skirmishers fighting in the open count half their hits") {
    auto open = resolve(fight({{"figures", "5"}, {"type", "skirmishers"}, {"enemy-figures", "5"}}), {3, 1, 1, 6});
    CHECK(open.result("attacker-casualties-inflicted") == 2);
    auto wood = resolve(fight({{"figures", "5"}, {"type", "skirmishers"}, {"enemy-figures", "5"}, {"open", "no"}}),
                        {3, 1, 1, 1, 6});
    CHECK(wood.result("attacker-casualties-inflicted") == 3);
}

TEST_CASE("melee: cavalry against a square: half the square fights, no impetus, halved, 4 or lose") {
    auto b = napoleonic_battle();
    set_formation(b, 1, kSquare);
    mark(b, 14, kit::Deed::Charged, kit::How::Charge);
    const auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("melee"), b, 14, 1);
    CHECK(d.at("square") == "yes");
    // Cuirassiers: 12 figures, no impetus: 2 dice. The square: 24 figures, half fight: 12, 2 dice.
    // The cuirassiers' 8 hits are saved first, 8 dice: 8 casualties, halved (line 161): 4.
    auto r = resolve(b, fight({}, 14, 1), {4, 4, /*square saves 8 hits*/ 1, 1, 1, 1, 1, 1, 1, 1,
                                            /*square*/ 4, 4, /*cuirassiers save 4+*/ 1, 1, 1, 1, 5, 5, 6, 6});
    CHECK(has_step(r, "no charge impetus against a square"));
    CHECK(has_step(r, "in square, fights with 1/2 of its figures: 12"));
    CHECK(has_step(r, "52nd Foot: a saving roll for each of 8 hits"));
    CHECK(has_step(r, "Cuirassiers: casualties cavalry inflict on a square are halved, after the saving rolls (1/2)"));
    CHECK(has_step(r, "Cuirassiers: 8 casualties halved: 4"));
    CHECK(r.result("attacker-casualties-inflicted") == 4);
    CHECK(r.result("attacker-wins") == 0);  // 4 + 1 against 4 + 1: a tie, to the defender
    CHECK(after(b, r).unit(1)->figures == 20);
    // Fewer than 4 on the square: the cavalry lose outright and retreat, whatever the totals.
    // 3 hits, 3 saving dice, 3 casualties halved (rounding up): 2.
    auto weak = resolve(b, fight({}, 14, 1), {3, 6, /*saves*/ 1, 1, 1, /*square*/ 6, 6});
    CHECK(has_step(weak, "52nd Foot: a saving roll for each of 3 hits"));
    CHECK(weak.result("attacker-casualties-inflicted") == 2);
    CHECK(weak.result("attacker-wins") == 0);
    CHECK(has_step(weak, "fewer than 4: it loses automatically"));
    CHECK_FALSE(find_follow_up(weak, "morale"));
    CHECK(did(b, weak, 14, kit::Deed::Moved));
    CHECK(near(chance(preview(b, fight({}, 14, 1)), "Cuirassiers wins") +
                   chance(preview(b, fight({}, 14, 1)), "52nd Foot wins"),
               1.0));
}

// Lines 159-160 give the cavalry's whole result when they inflict fewer than 4 on a square: it
// "automatically loses and retreats at least 1/2 and up to a full move"; "If it inflicts 4
// casualties, then the winner is determined as usual", the usual being the totals and the loser's
// roll on the Lost Melee column (lines 146-152, 446). So no Lost Melee check in the first case: its
// results (fall back 1 move in disorder, rout, disperse) would move the unit a second time, or
// otherwise than the 1/2 to 1 move the rule gives (rulings.md R23).
TEST_CASE("melee: cavalry beaten outright by a square retreat with no Lost Melee check (lines 159-160, not 146-152)") {
    auto b = napoleonic_battle();
    set_formation(b, 1, kSquare);
    mark(b, 14, kit::Deed::Charged, kit::How::Charge);
    // The cuirassiers' 2 dice, 3 and 6: 3 hits, 3 saving dice of 1, 3 casualties halved: 2, fewer
    // than 4. The square's 2 dice, 6 and 6: nothing.
    auto weak = resolve(b, fight({}, 14, 1), {3, 6, /*saves*/ 1, 1, 1, /*square*/ 6, 6});
    CHECK(weak.result("attacker-casualties-inflicted") == 2);
    CHECK(weak.outcome == "52nd Foot wins the melee; Cuirassiers retreats");
    CHECK(has_step(weak, "Cuirassiers inflicted 2 on the square, fewer than 4: it loses automatically and retreats at "
                         "least half and up to a full move"));
    for (const auto& f : weak.follow_ups) CHECK(f.owed != "lost-melee-must-check");
    CHECK_FALSE(find_follow_up(weak, "morale"));
    const model::Battle a = after(b, weak);
    CHECK(unit_counter(a, 14, "lost-melee-turn") == 2);  // it lost the melee, on the record
    CHECK(kit::done(a, *a.unit(14), kit::Deed::Moved, kit::Within::Turn).how == kit::How::Retreat);
    // With 4 or more on the square "the winner is determined as usual": losing on the totals, the
    // cavalry owe their Lost Melee check. 4, 4: 8 hits, 8 casualties halved to 4; 4 + 1 against 4 + 1,
    // a tie, to the defender.
    auto usual = resolve(b, fight({}, 14, 1), {4, 4, /*saves*/ 1, 1, 1, 1, 1, 1, 1, 1,
                                                /*square*/ 4, 4, /*cuirassiers save 4+*/ 1, 1, 1, 1, 5, 5, 6, 6});
    CHECK(usual.result("attacker-wins") == 0);
    REQUIRE(find_follow_up(usual, "morale"));
    CHECK(find_follow_up(usual, "morale")->values.at("check") == "lost-melee");
    CHECK(find_follow_up(usual, "morale")->owed == "lost-melee-must-check");
}

TEST_CASE("melee: lancers' damage is not halved against a square") {
    auto b = napoleonic_battle();
    set_formation(b, 1, kSquare);
    auto r = preview(b, fight({}, 15, 1));
    CHECK(has_step(r, "lancers' damage is not halved against a square"));
}

TEST_CASE("melee: lancers strike first against cavalry without lances") {
    auto b = napoleonic_battle();
    // The lancers' 2 dice: 4 + 4 = 8 hits, 6 casualties; the dragoons fight with 6 figures: 1 die.
    auto r = resolve(b, fight({}, 5, 15), {/*lancers*/ 4, 4, /*dragoons save*/ 1, 1, 1, 1, 1, 1, 5, 6,
                                           /*dragoons*/ 2, /*lancers save*/ 1, 1});
    CHECK(has_step(r, "Chevau-legers Lanciers: lancers get the first shot on cavalry without lances"));
    CHECK(has_step(r, "16th Light Dragoons: 6 figures fight (3 ranks of infantry, 2 of cavalry), after losing 6 to the first strike"));
    CHECK(r.result("defender-casualties-inflicted") == 6);
    CHECK(r.result("attacker-casualties-inflicted") == 2);
}

TEST_CASE("melee: a defender that fired first has fought with that shot") {
    auto b = napoleonic_battle();
    auto r = resolve(b, fight({{"fired-first", "3"}}, 11, 1), {1, 1, 1, 1, 1, /*saves*/ 6, 6, 6, 6, 6});
    CHECK(has_step(r, "that shot is its melee (3 casualties inflicted)"));
    CHECK(r.result("defender-casualties-inflicted") == 3);
    // The shot's casualties were removed by the shooting action: not again here.
    CHECK(after(b, r).unit(11)->figures == 24);
}

TEST_CASE("melee: the chance to win is exact (one die a side, counted out)") {
    // One die each at 4 or less, saves on 5+, regulars both: the attacker wins only by inflicting more.
    auto r = preview(fight({{"figures", "5"}, {"enemy-figures", "5"}}));
    auto binom = [](int n, int k, double p) {
        double c = 1;
        for (int i = 0; i < k; ++i) c = c * (n - i) / (i + 1);
        return c * std::pow(p, k) * std::pow(1 - p, n - k);
    };
    double wins = 0;
    for (int a = 1; a <= 6; ++a)
        for (int d = 1; d <= 6; ++d) {
            const int ha = a <= 4 ? a : 0, hd = d <= 4 ? d : 0;
            for (int ca = 0; ca <= ha; ++ca)
                for (int cd = 0; cd <= hd; ++cd)
                    if (ca > cd) wins += binom(ha, ca, 4.0 / 6) * binom(hd, cd, 4.0 / 6) / 36;
        }
    CHECK(chance(r, "The attacker wins") == Approx(wins).epsilon(1e-12));
    CHECK(chance(r, "the defender wins") == Approx(1 - wins).epsilon(1e-12));
}

TEST_CASE("melee: grenadiers reroll one die, none when no die is worth it") {
    auto r = resolve(fight({{"figures", "5"}, {"enemy-figures", "5"}, {"reroll", "yes"}}), {2, 6, 6, 6});
    CHECK(has_step(r, "No die is worth rerolling"));
    auto b = napoleonic_battle();
    const auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("melee"), b, 11, 13);
    CHECK(d.at("enemy-reroll") == "yes");
    CHECK(d.at("reroll") == "no");
}

TEST_CASE("melee: the grenadiers' and guards' reroll is infantry's (lines 248-250): the Guard's lancers have none") {
    auto b = napoleonic_battle();
    b.unit(15)->quality = "guard";  // as the Red Lancers of the Guard: light cavalry of the Guard
    const auto ruleset = rulesets::make("featherstone");
    const rules::ActionSpec& melee = *ruleset->action("melee");
    CHECK(ruleset->defaults(melee, b, 15, 1).at("reroll") == "no");
    CHECK(ruleset->defaults(melee, b, 1, 15).at("enemy-reroll") == "no");
    CHECK(ruleset->defaults(melee, b, 13, 11).at("reroll") == "yes");  // the Guard's infantry still do
    // The lancers' 5 figures against infantry: 1 die, 1 1/2 times for light cavalry, 2 dice: 6 and 6,
    // both misses, and neither rerolled. The 52nd's die, a 1: 1 hit, the save a 1: 1 casualty.
    // 0 + 2 (Guards) against 1 + 1 (regulars): a tie, which goes to the defender.
    auto r = resolve(b, fight({{"figures", "5"}, {"enemy-figures", "5"}}, 15, 1), {6, 6, 1, 1});
    CHECK_FALSE(has_step(r, "reroll one die"));
    CHECK(dice_rolled(r) == 4);
    CHECK(r.result("attacker-casualties-inflicted") == 0);
    CHECK(r.result("defender-casualties-inflicted") == 1);
    CHECK(r.result("attacker-wins") == 0);
    // Ticked by hand, the reroll is refused with the rule; the umpire may overrule it.
    auto ticked = fight({{"figures", "5"}, {"enemy-figures", "5"}, {"reroll", "yes"}}, 15, 1);
    CHECK_THROWS_AS(resolve(b, ticked, {6, 6, 1, 1}), rules::Refusal);
    ticked.overrule = "the club lets the Guard's horse reroll";
    // Overruled: the 6 rerolled is a 2, 2 hits; the 52nd's saves 1 and 1, its die a 6: 2 to 0.
    auto overruled = resolve(b, ticked, {6, 6, /*rerolled*/ 2, /*saves*/ 1, 1, /*the 52nd*/ 6});
    CHECK(has_step(overruled, "Grenadiers and guards reroll one die: the 6 (worth 0) is rerolled: 2"));
    CHECK(overruled.result("attacker-casualties-inflicted") == 2);
    CHECK(overruled.result("attacker-wins") == 1);
}

TEST_CASE("melee: skirmishers caught in retreat may not strike back (line 269)") {
    auto b = napoleonic_battle();
    // The 45e Ligne charge the 95th Rifles, who evade (and are disordered): the form then starts caught.
    auto charged = after(b, resolve(b, request("charge", {{"distance", "6"}}, 11, 2), {}));
    const auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("melee"), charged, 11, 2);
    CHECK(d.at("caught") == "yes");
    // The Ligne's one die, a 4: 4 hits, none saved; the Rifles roll nothing.
    auto r = resolve(charged, fight({{"figures", "5"}}, 11, 2), {4, 1, 1, 1, 1});
    CHECK(has_step(r, "95th Rifles are caught in retreat: they may not strike back against the enemy"));
    CHECK(r.result("attacker-casualties-inflicted") == 4);
    CHECK(r.result("defender-casualties-inflicted") == 0);
    CHECK(r.result("attacker-wins") == 1);
    CHECK(dice_rolled(r) == 5);
    // The Rifles (grade +2) win only if the Ligne's one die leaves at most 1 casualty: a miss, or 1 to 4
    // hits with all but one saved on 5+: 2/6 + 1/6 (1 + 5/9 + 7/27 + 1/9) = 53/81.
    CHECK(near(chance(preview(charged, fight({{"figures", "5"}}, 11, 2)), "95th Rifles wins"), 53.0 / 81));
    // Only skirmishers evade: formed infantry are never caught in retreat.
    CHECK(refusal_of(b, fight({{"figures", "5"}, {"caught", "yes"}}, 11, 1), {4, 1, 1, 1, 1}) ==
          "52nd Foot is not skirmish infantry: only skirmishers evade a charge and are caught in retreat (Featherstone "
          "Skirmish Infantry)");
}
