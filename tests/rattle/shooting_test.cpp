// Shooting (lines 54-62): ranges by weapon, 1 die per 4 figures or 2 gunners with remainders of
// 1/2 or more (errata), each modified 5-6 a hit, the modifiers once each, overhead fire, units in
// contact, fire out of turn at a charging unit.
#include "fixture.h"
#include "turn/turn_state.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::Resolution shoot(std::map<std::string, std::string> in, std::vector<int> dice, std::string house = {}) {
    return resolve(request("shoot", std::move(in)), std::move(dice), std::move(house));
}
} // namespace

TEST_CASE("shooting: 1 die per 4 figures, remainders of 1/2 or more count, each 5 or 6 a hit") {
    auto r = shoot({{"figures", "16"}, {"weapon", "rifle"}, {"range", "10"}}, {6, 5, 4, 1});
    CHECK(r.result("dice") == 4);
    CHECK(r.result("hits") == 2);
    CHECK(cites(r, "Rattle Shooting: Dice (line 57)"));
    CHECK(shoot({{"figures", "14"}, {"weapon", "rifle"}, {"range", "10"}}, {1, 1, 1, 1}).result("dice") == 4);  // 3.5
    CHECK(shoot({{"figures", "13"}, {"weapon", "rifle"}, {"range", "10"}}, {1, 1, 1}).result("dice") == 3);     // 3.25
    CHECK(shoot({{"figures", "2"}, {"weapon", "rifle"}, {"range", "10"}}, {1}).result("dice") == 1);            // 1/2
    // One figure is less than half a die: said, not rolled in silence.
    auto lone = shoot({{"figures", "1"}, {"weapon", "rifle"}, {"range", "10"}}, {});
    CHECK(lone.result("dice", -1) == 0);
    CHECK(has_step(lone, "Too few figures for a die: no dice to roll, no hits"));
    CHECK(shoot({{"figures", "14"}, {"weapon", "rifle"}, {"range", "10"}}, {1, 1, 1}, "[options]\ncount_half_remainders = false\n")
              .result("dice") == 3);
    // Gunners: 1 die per 2.
    const auto b = fair_oaks();
    CHECK(resolve(b, request("shoot", {{"range", "30"}}, 5, 11), {1, 1}).result("dice") == 2);
    auto three = fair_oaks();
    three.unit(5)->figures = 3;
    CHECK(resolve(three, request("shoot", {{"range", "30"}}, 5, 11), {1, 1}).result("dice") == 2);  // 1.5
}

TEST_CASE("shooting: the dice by the troop type, named on the form or the unit's own, no more figures than it has") {
    // 4 gunners are 2 dice (line 57), whether the form names the type or the weapon's crew says it.
    CHECK(shoot({{"figures", "4"}, {"type", "foot-artillery"}, {"weapon", "artillery"}, {"range", "30"}}, {1, 1})
              .result("dice") == 2);
    auto by_weapon = shoot({{"figures", "4"}, {"weapon", "artillery"}, {"range", "30"}}, {1, 1});
    CHECK(by_weapon.result("dice") == 2);
    CHECK(has_step(by_weapon, "No troop type named: Artillery is served by gunners"));
    CHECK(has_step(by_weapon, "4 gunners, 1 die per 2, remainder of 1/2 or more counts: 2 dice"));
    CHECK(shoot({{"figures", "4"}, {"weapon", "mg"}, {"range", "20"}}, {1, 1}).result("dice") == 2);
    // 4 infantry or dismounted cavalry are 1 die.
    CHECK(shoot({{"figures", "4"}, {"type", "infantry"}, {"weapon", "rifle"}, {"range", "10"}}, {1}).result("dice") == 1);
    CHECK(shoot({{"figures", "4"}, {"weapon", "rifle"}, {"range", "10"}}, {1}).result("dice") == 1);
    // Named cavalry are mounted: they do not shoot (R7), overrulable.
    CHECK_THROWS_WITH(preview(request("shoot", {{"figures", "4"}, {"type", "cavalry"}, {"weapon", "rifle"}, {"range", "10"}})),
                      Catch::Contains("mounted cavalry do not shoot"));
    // A unit's own type: another named is bad input.
    const auto b = fair_oaks();
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "10"}, {"type", "foot-artillery"}}, 1, 11)),
                      "Troop type: 104th Pennsylvania is Infantry, not Foot artillery");
    // No more figures than the unit has: 40 of the 104th's 16 is bad input, nothing done.
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "10"}, {"figures", "40"}}, 1, 11)),
                      "Figures shooting: 104th Pennsylvania has 16 figures, not 40");
    CHECK(resolve(b, request("shoot", {{"range", "10"}, {"figures", "16"}}, 1, 11), {1, 1, 1, 1}).result("dice") == 4);
}

TEST_CASE("shooting: difficult -1, vulnerable +1, superior firepower +1, each once, canister within 12\"") {
    auto diff = preview(request("shoot", {{"figures", "4"}, {"weapon", "rifle"}, {"range", "5"}, {"modifiers", "difficult"}}));
    CHECK(has_step(diff, "hits on a 6"));
    auto vul = preview(request("shoot", {{"figures", "4"}, {"weapon", "rifle"}, {"range", "5"}, {"modifiers", "vulnerable,superior"}}));
    CHECK(has_step(vul, "hits on 3-6"));
    const auto b = fair_oaks();
    auto canister = preview(b, request("shoot", {{"range", "12"}}, 5, 11));
    CHECK(has_step(canister, "Canister within 12\""));
    CHECK(has_step(canister, "hits on 4-6"));
    CHECK_FALSE(has_step(preview(b, request("shoot", {{"range", "13"}}, 5, 11)), "Canister"));
    // The form starts from the target: cavalry is difficult, a column vulnerable; sharpshooters superior.
    auto r = rulesets::make("rattle");
    const auto* shoot_spec = r->action("shoot");
    CHECK(r->defaults(*shoot_spec, b, 1, 13).at("modifiers") == "difficult");
    auto col = fair_oaks();
    col.unit(11)->counters["formation"] = 2;
    CHECK(r->defaults(*shoot_spec, col, 3, 11).at("modifiers") == "vulnerable,superior");
    CHECK(r->defaults(*shoot_spec, b, 1, 18).at("modifiers") == "difficult");  // skirmishers
}

TEST_CASE("shooting: exact odds before the roll") {
    auto r = preview(request("shoot", {{"figures", "16"}, {"weapon", "rifle"}, {"range", "10"}}));
    const auto* hits = odds(r, "hits");
    REQUIRE(hits);
    CHECK(near(hits->p_exactly(2), 6 * (1.0 / 9) * (4.0 / 9)));
    CHECK(near(hits->mean(), 4.0 / 3));
}

TEST_CASE("shooting: ranges by weapon, beyond range refused clearly, never zero dice in silence") {
    CHECK_THROWS_WITH(preview(request("shoot", {{"figures", "8"}, {"weapon", "musket"}, {"range", "7"}})),
                      Catch::Contains("out of range"));
    CHECK_NOTHROW(preview(request("shoot", {{"figures", "8"}, {"weapon", "musket"}, {"range", "6"}})));
    CHECK_NOTHROW(preview(request("shoot", {{"figures", "8"}, {"weapon", "rifle"}, {"range", "12"}})));
    CHECK_NOTHROW(preview(request("shoot", {{"figures", "2"}, {"weapon", "mg"}, {"range", "24"}})));
    CHECK_NOTHROW(preview(request("shoot", {{"figures", "4"}, {"weapon", "artillery"}, {"range", "36"}})));
    CHECK_THROWS_AS(preview(request("shoot", {{"figures", "4"}, {"weapon", "artillery"}, {"range", "37"}})), rules::Refusal);
    CHECK_THROWS_WITH(preview(request("shoot", {{"figures", "8"}, {"weapon", "spear"}, {"range", "1"}})),
                      Catch::Contains("melee weapon"));
}

TEST_CASE("shooting: overhead fire from a hill or by rockets, with 6\" gaps") {
    const std::map<std::string, std::string> base{{"figures", "4"}, {"weapon", "artillery"}, {"range", "20"}, {"overhead", "yes"}};
    auto with = [&](std::map<std::string, std::string> more) {
        auto in = base;
        for (auto& [k, v] : more) in[k] = v;
        return request("shoot", in);
    };
    CHECK_NOTHROW(preview(with({{"on-hill", "yes"}, {"gap-at-gun", "6"}, {"gap-at-target", "6"}})));
    CHECK_THROWS_WITH(preview(with({{"gap-at-gun", "6"}, {"gap-at-target", "6"}})), Catch::Contains("only from a hill"));
    CHECK_THROWS_WITH(preview(with({{"on-hill", "yes"}, {"gap-at-gun", "5"}, {"gap-at-target", "6"}})),
                      Catch::Contains("a gap of 6\""));
    CHECK_NOTHROW(preview(with({{"weapon", "rockets"}, {"gap-at-gun", "6"}, {"gap-at-target", "7"}})));
    CHECK_THROWS_WITH(preview(with({{"weapon", "rifle"}, {"range", "10"}, {"gap-at-gun", "6"}, {"gap-at-target", "6"}})),
                      Catch::Contains("may not fire overhead"));
}

TEST_CASE("shooting: units in contact neither shoot nor are shot at, mounted cavalry and limbered guns do not shoot") {
    auto b = fair_oaks();
    b.unit(2)->counters["melee-with"] = 12;
    b.unit(12)->counters["melee-with"] = 2;
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "5"}}, 2, 11)), Catch::Contains("units in contact cannot shoot"));
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "5"}}, 1, 12)), Catch::Contains("cannot be shot at"));
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "5"}}, 4, 11)), Catch::Contains("mounted cavalry do not shoot"));
    b.unit(4)->counters["dismounted"] = 1;
    CHECK(resolve(b, request("shoot", {{"range", "5"}}, 4, 11), {1, 1}).result("dice") == 2);  // 8 dismounted: per 4
    b.unit(5)->counters["limbered"] = 1;
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "20"}}, 5, 11)), Catch::Contains("must be deployed"));
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "5"}, {"in-sight", "no"}}, 1, 11)),
                      Catch::Contains("90 degree arc"));
}

TEST_CASE("shooting: out of turn at a charging unit within 6\", the hits count for the melee") {
    auto b = fair_oaks();
    // The Confederates are the first player, in their phase.
    turn::TurnState s;
    s.started = true;
    s.phase = 1;
    s.moving_side = 2;
    b.texts[turn::kTurnText] = turn::to_text(s);
    b.counters["phase"] = 2;
    b.counters["active-side"] = 2;
    apply(b, resolve(b, request("charge", {{"distance", "8"}}, 11, 1), {}));
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "5"}, {"out-of-turn", "no"}}, 2, 11)),
                      Catch::Contains("it is Confederates' phase, not Union's"));
    auto r = rulesets::make("rattle");
    CHECK(r->defaults(*r->action("shoot"), b, 2, 11).at("out-of-turn") == "yes");
    auto fire = resolve(b, request("shoot", {{"range", "5"}, {"out-of-turn", "yes"}}, 2, 11), {6, 6, 1, 1, 1});
    CHECK(fire.result("hits") == 2);
    CHECK(find_effect(fire, 11, "counter:reaction-hits")->after == 2);
    CHECK(did(b, fire, 2, kit::Deed::Fired));
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "7"}, {"out-of-turn", "yes"}}, 2, 11)),
                      Catch::Contains("within 6\""));
    CHECK_THROWS_WITH(preview(b, request("shoot", {{"range", "5"}, {"out-of-turn", "yes"}}, 2, 12)),
                      Catch::Contains("12th Mississippi has done no charge this phase to react to"));
}

TEST_CASE("shooting: the Shaken rule is a house rule, off unless a battle turns it on") {
    auto off = shoot({{"figures", "16"}, {"weapon", "rifle"}, {"range", "10"}, {"shaken", "yes"}}, {1, 1, 1, 1});
    CHECK(off.result("dice") == 4);
    CHECK(has_step(off, "the text has no Shaken rule"));
    const std::string on = "[shaken]\nenabled = true\n";
    CHECK(shoot({{"figures", "16"}, {"weapon", "rifle"}, {"range", "10"}, {"shaken", "yes"}}, {1, 1}, on).result("dice") == 2);
    // With it on, a unit that has lost more than half its figures is shaken.
    auto b = fair_oaks();
    b.unit(12)->figures = 6;  // 12 at the start: one more hit and 7 are lost
    auto hit = resolve(b, request("shoot", {{"range", "5"}}, 1, 12), {6, 1, 1, 1}, on);
    CHECK(find_effect(hit, 12, "flag:shaken")->after == 1);
    CHECK_FALSE(find_effect(resolve(b, request("shoot", {{"range", "5"}}, 1, 12), {6, 1, 1, 1}), 12, "flag:shaken"));
}
