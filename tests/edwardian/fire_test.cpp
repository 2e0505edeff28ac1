// Rifle fire, MG fire and the Mad Minute (I Rifle Fire, I Machinegun Fire, II The Mad Minute)
// with fixed dice.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("rifle fire: bands up to 8 / 16 / 24 kill on 4 / 5 / 6") {
    // One figure at each band edge; a 4 kills only at short range.
    auto at = [](const char* range, int die) {
        return resolve(request("rifle-fire", {{"figures", "1"}, {"range", range}}), {die}).result("kills");
    };
    CHECK(at("8", 4) == 1);
    CHECK(at("8.5", 4) == 0);
    CHECK(at("8.5", 5) == 1);
    CHECK(at("16", 5) == 1);
    CHECK(at("17", 5) == 0);
    CHECK(at("24", 6) == 1);
    auto beyond = resolve(request("rifle-fire", {{"figures", "6"}, {"range", "25"}}), {});
    CHECK(dice_rolled(beyond) == 0);
    CHECK(beyond.result("kills") == 0);
    CHECK(has_step(beyond, "beyond the 24\" range"));
}

TEST_CASE("rifle fire: every figure rolls, split between bands, kills per band and in total") {
    auto r = resolve(request("rifle-fire", {{"short", "3"}, {"medium", "2"}, {"long", "2"}}),
                     {4, 3, 6, /*medium*/ 5, 4, /*long*/ 6, 5});
    CHECK(dice_rolled(r) == 7);
    CHECK(r.result("kills") == 4);  // short 2, medium 1, long 1
    REQUIRE(r.dice.size() == 3);
    CHECK(r.dice[0].label.find("short") != std::string::npos);
    CHECK(has_step(r, "short range: 2 kills"));
    CHECK(has_step(r, "medium range: 1 kill"));
    CHECK(has_step(r, "Kills in total: 4"));
    CHECK(cites(r, "Edwardian I Rifle Fire"));
}

TEST_CASE("rifle fire: the modifiers of the text") {
    auto kills = [](const char* mods, int die, const char* range = "4") {
        return resolve(request("rifle-fire", {{"figures", "1"}, {"range", range}, {"modifiers", mods}}), {die})
            .result("kills");
    };
    CHECK(kills("soft-cover", 4) == 0);
    CHECK(kills("soft-cover", 5) == 1);
    CHECK(kills("hard-cover", 5) == 0);
    CHECK(kills("hard-cover", 6) == 1);
    CHECK(kills("target-cavalry", 3) == 1);
    CHECK(kills("firer-cavalry", 4) == 0);
    CHECK(kills("open-order-or-crew", 4) == 0);
    // Long range in hard cover: 6 - 2 needs an 8, no score can kill (no automatic 6).
    CHECK(kills("hard-cover", 6, "20") == 0);
    CHECK(resolve(request("rifle-fire", {{"figures", "1"}, {"range", "20"}, {"modifiers", "hard-cover"}}), {6},
                  "[options]\nnatural_six_always_kills = true\n")
              .result("kills") == 1);
    // Soft and hard cover together are refused.
    CHECK_THROWS_AS(kills("soft-cover,hard-cover", 6), rules::InputError);
}

TEST_CASE("rifle fire: exact odds are the sum of per-figure trials") {
    auto r = preview(model::Battle{}, request("rifle-fire", {{"short", "2"}, {"long", "1"}}));
    const auto* k = odds(r, "kills");
    REQUIRE(k);
    // P(0) = (1/2)^2 * 5/6.
    CHECK(near(k->p_exactly(0), 0.25 * 5.0 / 6.0));
    CHECK(near(k->p_exactly(3), 0.25 / 6.0));
    CHECK(near(k->mean(), 2 * 0.5 + 1.0 / 6.0));
    CHECK(r.dice.empty());
}

TEST_CASE("rifle fire: obsolete rifles have 18\" in 6\" bands, marksmen 36\" in 12\"") {
    auto obsolete = [](const char* range, int die) {
        return resolve(request("rifle-fire", {{"figures", "1"}, {"range", range}, {"weapon", "obsolete-rifle"}}), {die});
    };
    CHECK(obsolete("6", 4).result("kills") == 1);
    CHECK(obsolete("7", 4).result("kills") == 0);
    CHECK(obsolete("18", 6).result("kills") == 1);
    CHECK_THROWS_AS(obsolete("19", 6), dice::DiceError);  // beyond 18": no die is rolled
    CHECK(resolve(request("rifle-fire", {{"figures", "1"}, {"range", "19"}, {"weapon", "obsolete-rifle"}}), {})
              .result("kills") == 0);
    CHECK(cites(obsolete("7", 5), "II Obsolete Rifles"));
    CHECK(resolve(request("rifle-fire", {{"figures", "1"}, {"range", "30"}, {"weapon", "marksman-rifle"}}), {6})
              .result("kills") == 1);
    // Switched off, obsolete weapons are refused.
    CHECK_THROWS_AS(resolve(request("rifle-fire", {{"figures", "1"}, {"range", "3"}, {"weapon", "obsolete-rifle"}}),
                            {6}, "[options]\nobsolete_weapons = false\n"),
                    rules::InputError);
}

TEST_CASE("rifle fire: on a 54mm table at x1.5 the bands are read through the scale") {
    auto b = veldt_battle();
    b.distance_scale = 1.5;
    // 12" on the table is 8" in the rulebook: short range, kills on 4.
    auto r = resolve(b, request("rifle-fire", {{"figures", "1"}, {"range", "12"}}, 1, 11), {4},
                     "");
    CHECK(has_step(r, "short"));
    CHECK(has_step(r, "12\" on the table"));
}

TEST_CASE("rifle fire in a battle: defaults, casualties and the morale check") {
    auto b = veldt_battle();
    // Guards fire at the Commando in open order: -1 from the defaults.
    auto r = resolve(b, request("rifle-fire", {{"figures", "4"}, {"range", "6"}}, 1, 11), {6, 5, 4, 1});
    CHECK(r.result("kills") == 2);
    CHECK(has_step(r, "open order"));
    const auto* fig = find_effect(r, 11, "figures");
    REQUIRE(fig);
    CHECK(fig->before == 20);
    CHECK(fig->after == 18);
    const auto* phase = find_effect(r, 11, "counter:phase-losses");
    REQUIRE(phase);
    CHECK(phase->after == 2);
    REQUIRE(find_follow_up(r, "morale"));
    CHECK(find_follow_up(r, "morale")->unit == 11);
    CHECK(did(b, r, 1, kit::Deed::Fired));
    // Massed Dervishes are denied the open-order -1.
    CHECK_THROWS_AS(resolve(b, request("rifle-fire", {{"figures", "1"}, {"range", "6"},
                                                       {"modifiers", "open-order-or-crew"}}, 1, 15), {6}),
                    rules::InputError);
    // With the option off, undisciplined troops are denied it too.
    auto b2 = veldt_battle();
    b2.units[8].traits["undisciplined"] = "";
    auto defaults = rulesets::make("edwardian", "[options]\nundisciplined_open_order_benefit = false\n")
                        ->defaults(*rulesets::make("edwardian")->action("rifle-fire"), b2, 1, 11);
    CHECK(defaults["modifiers"].find("open-order") == std::string::npos);
}

TEST_CASE("rifle fire: no more figures fire than stand on the table") {
    auto b = veldt_battle();
    CHECK_THROWS_AS(resolve(b, request("rifle-fire", {{"figures", "25"}, {"range", "6"}}, 1, 11), {}),
                    rules::InputError);
    // Freshly killed figures still fire in the same phase (I Turn Sequence 3).
    b.units[0].figures = 20;
    b.units[0].counters["phase-losses"] = 4;
    CHECK_NOTHROW(resolve(b, request("rifle-fire", {{"figures", "24"}, {"range", "20"}}, 1, 11),
                          std::vector<int>(24, 1)));
    CHECK_THROWS_AS(resolve(b, request("rifle-fire", {}, 1, 11), {}), rules::InputError);  // no range
}

TEST_CASE("rifle fire: poorly armed revolutionaries fire a die per pair beyond short range") {
    auto b = veldt_battle();
    b.unit(15)->weapon = "rifle";
    b.unit(15)->traits["poorly-armed"] = "";
    auto r = resolve(b, request("rifle-fire", {{"short", "3"}, {"medium", "5"}, {"figures", "0"}}, 15, 1),
                     {4, 4, 4, 5, 5});
    CHECK(dice_rolled(r) == 5);  // 3 at short + 5/2 = 2 at medium
    CHECK(r.result("kills") == 5);
}

TEST_CASE("MG fire: the jam roll comes first and a 6 jams") {
    auto r = resolve(request("mg-fire", {{"short", "3"}}), {6});
    CHECK(r.result("jammed") == 1);
    CHECK(r.result("kills") == 0);
    CHECK(dice_rolled(r) == 1);
    auto fires = resolve(request("mg-fire", {{"short", "3"}, {"medium", "2"}, {"long", "1"}}), {5, 4, 3, 4, 5, 6, 6});
    CHECK(fires.result("kills") == 5);  // jam 5 fires; short 4,3,4: 2; medium 5,6: 2; long 6: 1
}

TEST_CASE("MG fire: one roll per enemy figure in arc, kills by band, the crew modifier") {
    auto r = resolve(request("mg-fire", {{"short", "3"}, {"medium", "2"}, {"long", "1"}}), {1, 4, 3, 4, 5, 4, 6});
    CHECK(dice_rolled(r) == 7);
    CHECK(r.result("kills") == 4);  // short 4,3,4: 2; medium 5,4: 1; long 6: 1
    CHECK(has_step(r, "Only friendly figures block MG fire"));
    // Only one crewman touching: -1.
    auto one = resolve(request("mg-fire", {{"short", "2"}, {"crew", "1"}}), {1, 4, 5});
    CHECK(one.result("kills") == 1);
    CHECK(has_step(one, "Only 1 crewman"));
    CHECK_THROWS_AS(resolve(request("mg-fire", {{"short", "2"}, {"crew", "0"}}), {1, 4, 5}), rules::InputError);
    // The firer-cavalry modifier is for rifles only.
    CHECK_THROWS_AS(resolve(request("mg-fire", {{"short", "2"}, {"modifiers", "firer-cavalry"}}), {1, 4, 5}),
                    rules::InputError);
}

TEST_CASE("MG fire: exact odds include the jam") {
    auto r = preview(model::Battle{}, request("mg-fire", {{"short", "2"}}));
    const auto* k = odds(r, "kills");
    REQUIRE(k);
    CHECK(near(k->p_exactly(0), 1.0 / 6 + 5.0 / 6 * 0.25));
    CHECK(near(k->p_exactly(2), 5.0 / 6 * 0.25));
    CHECK(near(chance(r, "jams"), 1.0 / 6));
}

TEST_CASE("MG fire in a battle: no fire after moving, one jam roll a turn") {
    auto b = veldt_battle();
    mark(b, 3, kit::Deed::Moved);
    CHECK_THROWS_WITH(resolve(b, request("mg-fire", {{"short", "4"}}, 3, 11), {}),
                      Catch::Contains("machineguns and artillery may not fire in a turn in which they move"));
    // Declared stationary is not a move.
    auto stood = veldt_battle();
    mark(stood, 3, kit::Deed::Moved, kit::How::Stood);
    CHECK(resolve(stood, request("mg-fire", {{"short", "1"}}, 3, 11), {2, 6}).result("kills") == 1);

    auto b2 = veldt_battle();
    auto first = resolve(b2, request("mg-fire", {{"short", "2"}}, 3, 11), {2, 6, 6});
    CHECK(first.result("kills") == 2);
    apply(b2, first);
    // A second target in the same turn: no second jam roll.
    auto second = resolve(b2, request("mg-fire", {{"short", "1"}}, 3, 12), {4});
    CHECK(dice_rolled(second) == 1);
    CHECK(has_step(second, "Already passed its jam roll"));
    // A jammed MG may not fire again this turn.
    auto b3 = veldt_battle();
    apply(b3, resolve(b3, request("mg-fire", {{"short", "2"}}, 3, 11), {6}));
    CHECK_THROWS_AS(resolve(b3, request("mg-fire", {{"short", "2"}}, 3, 11), {1, 1, 1}), rules::InputError);
}

TEST_CASE("MG fire: a 200-figure sweep resolves with the exact distribution") {
    auto r = resolve(request("mg-fire", {{"short", "70"}, {"medium", "70"}, {"long", "60"}}),
                     std::vector<int>(201, 4));
    CHECK(r.result("kills") == 70);
    const auto* k = odds(r, "kills");
    REQUIRE(k);
    CHECK(k->max() == 200);
    CHECK(near(k->mean(), 5.0 / 6 * (35 + 70.0 / 3 + 10)));
}

TEST_CASE("Mad Minute: close-order infantry fire as an MG, then pause 1d6 turns") {
    auto b = veldt_battle();
    auto r = resolve(b, request("mad-minute", {{"short", "6"}, {"medium", "4"}}, 1, 15),
                     {4, 4, 1, 1, 1, 1, /*medium*/ 5, 5, 1, 1, /*pause*/ 3});
    CHECK(r.result("kills") == 4);
    CHECK(r.result("pause_turns") == 3);
    const auto* until = find_effect(r, 1, "counter:mad-minute-until");
    REQUIRE(until);
    CHECK(until->after == b.turn + 3);
    apply(b, r);
    // No fire of any kind until turn 3 + 3 + 1.
    CHECK_THROWS_AS(resolve(b, request("rifle-fire", {{"figures", "1"}, {"range", "5"}}, 1, 15), {6}),
                    rules::InputError);
    // More enemy in the arc this same turn: fired with the same pause, no new pause die.
    auto again = resolve(b, request("mad-minute", {{"short", "1"}}, 1, 11), {4});
    CHECK(dice_rolled(again) == 1);
    b.turn = 6;
    CHECK_THROWS_AS(resolve(b, request("rifle-fire", {{"figures", "1"}, {"range", "5"}}, 1, 15), {6}),
                    rules::InputError);
    b.turn = 7;
    CHECK_NOTHROW(resolve(b, request("rifle-fire", {{"figures", "1"}, {"range", "5"}}, 1, 15), {6}));
    // Cavalry and open-order units may not.
    CHECK_THROWS_AS(resolve(b, request("mad-minute", {{"short", "1"}}, 2, 15), {4, 1}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("mad-minute", {{"short", "1"}}, 11, 1), {4, 1}), rules::InputError);
    // Restricted to units with the trait, or switched off.
    CHECK_THROWS_AS(resolve(veldt_battle(), request("mad-minute", {{"short", "1"}}, 1, 15), {4, 1},
                            "[options]\nmad_minute_needs_trait = true\n"),
                    rules::InputError);
    CHECK(rulesets::make("edwardian", "[options]\nmad_minute = false\n")->action("mad-minute") == nullptr);
}
