// MacDuff movement (section 5) and terrain (section 6) with fixed dice: the whole movement
// table, orders and their bonuses, average dice, Follow Me! and the band, terrain, maneuvers,
// charges, and distances on a scaled or metric table.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Flag;

namespace {

rules::ActionRequest move(std::map<std::string, std::string> values, std::optional<int> unit = std::nullopt,
                          std::optional<int> target = std::nullopt) {
    return request("move", std::move(values), unit, target);
}

int tenths(const rules::Resolution& r) { return r.result("allowance_tenths", -1); }

} // namespace

TEST_CASE("movement table: basic move dice for every row") {
    struct Row { const char* id; int dice; };
    for (auto row : {Row{"formed-infantry", 2}, Row{"unformed-infantry", 3}, Row{"formed-cavalry", 3},
                     Row{"mounted-infantry", 3}, Row{"unformed-cavalry", 4}, Row{"commander", 4},
                     Row{"messenger", 4}, Row{"artillery", 2}, Row{"wagon", 2}, Row{"boat", 3},
                     Row{"steam-engine", 2}, Row{"train", 4}, Row{"airship", 2}}) {
        INFO(row.id);
        std::vector<int> dice(static_cast<std::size_t>(row.dice), 2);
        auto r = resolve(move({{"troop", row.id}}), dice);
        CHECK(dice_rolled(r) == row.dice);
        CHECK(r.result("dice_total") == 2 * row.dice);
        CHECK(tenths(r) == 20 * row.dice);
        // One die too few is refused.
        dice.pop_back();
        CHECK_THROWS_AS(resolve(move({{"troop", row.id}}), dice), dice::DiceError);
    }
}

TEST_CASE("movement table: artillery and wagons +1d6 fast, +2d6 horse, not both") {
    CHECK(dice_rolled(resolve(move({{"troop", "artillery"}, {"fast", "yes"}}), {1, 1, 1})) == 3);
    CHECK(dice_rolled(resolve(move({{"troop", "artillery"}, {"horse", "yes"}}), {1, 1, 1, 1})) == 4);
    auto both = resolve(move({{"troop", "artillery"}, {"horse", "yes"}, {"fast", "yes"}}), {1, 2, 3, 4});
    CHECK(dice_rolled(both) == 4);
    CHECK(tenths(both) == 100);
    CHECK(dice_rolled(resolve(move({{"troop", "wagon"}, {"fast", "yes"}}), {1, 1, 1})) == 3);
    // Infantry is never "fast": the flag adds nothing.
    CHECK(dice_rolled(resolve(move({{"troop", "formed-infantry"}, {"fast", "yes"}}), {1, 1})) == 2);
}

TEST_CASE("movement table: boats with and against the current") {
    auto with = resolve(move({{"troop", "boat"}, {"current", "with"}}), {2, 2, 2, 5});
    CHECK(tenths(with) == 110);
    auto against = resolve(move({{"troop", "boat"}, {"current", "against"}}), {4, 4, 4, 5});
    CHECK(tenths(against) == 70);
    // 3d6 - 1d6 can fall below nothing: the boat does not move.
    auto stuck = resolve(move({{"troop", "boat"}, {"current", "against"}}), {1, 1, 1, 6});
    CHECK(stuck.result("dice_total") == -3);
    CHECK(tenths(stuck) == 0);
    auto odds = preview(move({{"troop", "boat"}, {"current", "against"}}));
    CHECK(odds.odds[0].distribution.min() == -3);
    CHECK(odds.odds[0].distribution.max() == 17);
    CHECK(odds.odds[0].distribution.mean() == Approx(7.0));
}

TEST_CASE("movement table: an off-rail steam engine has an accident when every die is a 6") {
    auto fine = resolve(move({{"troop", "steam-engine"}}), {6, 5});
    CHECK(fine.result("accident") == 0);
    CHECK(tenths(fine) == 110);
    // All sixes: an accident, 2d6 work points to fix it, and it does not move.
    auto crash = resolve(move({{"troop", "steam-engine"}}), {6, 6, 3, 4});
    CHECK(crash.result("accident") == 1);
    CHECK(crash.result("repair_points") == 7);
    CHECK(tenths(crash) == 0);
    CHECK(chance(preview(move({{"troop", "steam-engine"}})), "accident") == Approx(1.0 / 36));
    // In a battle the repairs are kept, and until they are done the engine cannot move.
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Traction engine", 1, "steam-engine", "average", "none", 3));
    auto r = resolve(b, move({}, 7), {6, 6, 5, 6});
    CHECK(find_effect(r, 7, "counter:repairs-needed")->after == 11);
    auto stuck = resolve(after(b, r), move({}, 7), {});
    CHECK(stuck.result("barred") == 1);
    CHECK(stuck.outcome.find("11 work points") != std::string::npos);
}

TEST_CASE("movement table: a train running an obstacle is derailed on any 6") {
    auto ok = resolve(move({{"troop", "train"}, {"obstacle", "yes"}}), {5, 5, 5, 5});
    CHECK(ok.result("derailed") == 0);
    CHECK(tenths(ok) == 200);
    auto off = resolve(move({{"troop", "train"}, {"obstacle", "yes"}}), {6, 1, 1, 1, 2, 2});
    CHECK(off.result("derailed") == 1);
    CHECK(off.result("repair_points") == 4);
    CHECK(tenths(off) == 0);
    // Without an obstacle, sixes are only speed.
    CHECK(tenths(resolve(move({{"troop", "train"}}), {6, 6, 6, 6})) == 240);
    CHECK(chance(preview(move({{"troop", "train"}, {"obstacle", "yes"}})), "derailed") ==
          Approx(1 - 625.0 / 1296));
}

TEST_CASE("movement table: airships +2d6 downwind, balloons only drift with the wind") {
    CHECK(dice_rolled(resolve(move({{"troop", "airship"}, {"downwind", "yes"}}), {1, 1, 1, 1})) == 4);
    auto drift = resolve(move({{"troop", "balloon"}, {"downwind", "yes"}}), {2, 3});
    CHECK(tenths(drift) == 50);
    auto calm = resolve(move({{"troop", "balloon"}}), {});
    CHECK(dice_rolled(calm) == 0);
    CHECK(tenths(calm) == 0);
}

TEST_CASE("movement and the turn's wind: balloons drift where it blows, nothing moves them in a calm") {
    model::Battle b;
    b.ruleset = "macduff";
    b.counters["wind-direction"] = 8;  // from the north-west, as the turn engine keeps it
    auto drift = resolve(b, move({{"troop", "balloon"}}), {2, 3});  // no box ticked: the wind decides
    CHECK(tenths(drift) == 50);
    CHECK(has_step(drift, "towards the SE"));
    auto airship = resolve(b, move({{"troop", "airship"}, {"downwind", "yes"}}), {1, 1, 2, 2});
    CHECK(tenths(airship) == 60);
    CHECK(has_step(airship, "wind from the NW"));

    b.counters["wind-direction"] = 0;  // the wind has died down
    auto calm = resolve(b, move({{"troop", "balloon"}, {"downwind", "yes"}}), {});
    CHECK(dice_rolled(calm) == 0);
    CHECK(tenths(calm) == 0);
    auto becalmed = resolve(b, move({{"troop", "airship"}, {"downwind", "yes"}}), {1, 1});
    CHECK(dice_rolled(becalmed) == 2);  // the basic move only
    CHECK(has_step(becalmed, "No wind blows"));
}

TEST_CASE("orders: march +1d6, +2d6 in a 2-wide road column, a charge +1d6 infantry, +2d6 cavalry") {
    CHECK(tenths(resolve(move({{"troop", "formed-infantry"}, {"order", "march"}}), {1, 2, 3})) == 60);
    CHECK(dice_rolled(resolve(move({{"troop", "formed-infantry"}, {"order", "march"}, {"road-column", "yes"}}),
                              {1, 1, 1, 1})) == 4);
    CHECK(dice_rolled(resolve(move({{"troop", "formed-infantry"}, {"order", "charge"}}), {1, 1, 1})) == 3);
    CHECK(dice_rolled(resolve(move({{"troop", "unformed-cavalry"}, {"order", "charge"}}), std::vector<int>(6, 1))) == 6);
    // A charger that fired gets no bonus.
    auto fired = resolve(move({{"troop", "formed-infantry"}, {"order", "charge"}, {"fired", "yes"}}), {1, 1});
    CHECK(dice_rolled(fired) == 2);
    CHECK(has_step(fired, "No charge bonus"));
    auto reacted = resolve(move({{"troop", "formed-infantry"}, {"order", "charge"}, {"fired", "reaction"}}), {1, 1});
    CHECK(dice_rolled(reacted) == 2);
}

TEST_CASE("orders: after shooting a basic move, but no maneuver or march, a reaction allows a maneuver") {
    // Refused, citing 7.3 (the umpire may overrule: refusals_test.cpp).
    CHECK_THROWS_WITH(resolve(move({{"troop", "formed-infantry"}, {"order", "march"}, {"fired", "yes"}}), {}),
                      Catch::Contains("MacDuff 7.3 Fire and movement"));
    CHECK_THROWS_AS(resolve(move({{"troop", "formed-infantry"}, {"order", "maneuver"}, {"fired", "yes"}}), {}),
                    rules::Refusal);
    CHECK(resolve(move({{"troop", "formed-infantry"}, {"order", "maneuver"}, {"fired", "reaction"}}), {1, 1})
              .result("barred") == 0);
    CHECK(resolve(move({{"troop", "formed-infantry"}, {"fired", "yes"}}), {1, 1}).result("barred") == 0);
    // A formation change is a maneuver.
    CHECK_THROWS_AS(resolve(move({{"troop", "formed-cavalry"}, {"change", "dismount"}}), {}), rules::InputError);
}

TEST_CASE("well drilled troops may roll average dice 2,3,3,4,4,5") {
    auto req = move({{"troop", "formed-infantry"}, {"average-dice", "yes"}});
    // Typed average dice read as shown.
    CHECK(tenths(resolve(req, {2, 5})) == 70);
    // The app's own 1 and 6 are the die's second 3 and second 4.
    auto r = resolve(req, {1, 6});
    CHECK(r.dice[0].values == std::vector<int>{3, 4});
    CHECK(tenths(r) == 70);
    auto odds = preview(req);
    CHECK(odds.odds[0].distribution.min() == 4);
    CHECK(odds.odds[0].distribution.max() == 10);
    CHECK(odds.odds[0].distribution.p_exactly(7) == Approx(10.0 / 36));
    // Infantry only, and a house rule can turn the option off.
    CHECK_THROWS_AS(resolve(move({{"troop", "formed-cavalry"}, {"average-dice", "yes"}}), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(req, {2, 5}, "[movement]\nwell_drilled_average_dice = false\n"), rules::InputError);
    // The roster's well-drilled trait sets it by default.
    auto b = frontier_battle();
    b.unit(1)->traits["well-drilled"] = "";
    CHECK(resolve(b, move({}, 1), {1, 6}).dice[0].values == std::vector<int>{3, 4});
}

TEST_CASE("Follow Me! and the band each add 1d6") {
    CHECK(dice_rolled(resolve(move({{"troop", "formed-infantry"}, {"follow-me", "yes"}}), {1, 1, 1})) == 3);
    CHECK(dice_rolled(resolve(move({{"troop", "formed-infantry"}, {"band", "yes"}}), {1, 1, 1})) == 3);
    auto b = frontier_battle();
    // In a battle: Follow Me! needs a commander who joined the unit, the band a band on the table.
    CHECK_THROWS_AS(resolve(b, move({{"follow-me", "yes"}}, 1), {1, 1, 1}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, move({{"band", "yes"}}, 1), {1, 1, 1}), rules::InputError);
    b.commanders[0].attached_unit = 1;
    b.units.push_back(make_unit(7, "Pipes and Drums", 1, "band", "average", "none", 4));
    auto r = resolve(b, move({{"band", "yes"}}, 1), {1, 1, 1, 1});  // Follow Me! defaults on
    CHECK(dice_rolled(r) == 4);
}

TEST_CASE("terrain: broken ground") {
    // Unformed infantry and pack animals: a basic move only (no march bonus).
    auto unformed = resolve(move({{"troop", "unformed-infantry"}, {"terrain", "broken"}, {"order", "march"}}), {1, 2, 3});
    CHECK(dice_rolled(unformed) == 3);
    CHECK(tenths(unformed) == 60);
    CHECK(has_step(unformed, "a basic move only"));
    // Formed infantry, unformed cavalry and light artillery: a basic move at 1/2 speed.
    CHECK(tenths(resolve(move({{"troop", "formed-infantry"}, {"terrain", "broken"}}), {4, 5})) == 45);
    CHECK(tenths(resolve(move({{"troop", "unformed-cavalry"}, {"terrain", "broken"}}), {1, 1, 1, 2})) == 25);
    CHECK(tenths(resolve(move({{"troop", "artillery"}, {"terrain", "broken"}, {"class", "light-artillery"}}), {3, 4})) == 35);
    // Others may not, off road; a road negates it; a crossing place lets them cross.
    auto barred = resolve(move({{"troop", "formed-cavalry"}, {"terrain", "broken"}}), {});
    CHECK(barred.result("barred") == 1);
    CHECK(barred.outcome.find("may not move") != std::string::npos);
    CHECK(tenths(resolve(move({{"troop", "wagon"}, {"terrain", "broken"}, {"road", "yes"}}), {3, 4})) == 70);
    CHECK(tenths(resolve(move({{"troop", "wagon"}, {"terrain", "broken"}, {"gap", "yes"}}), {3, 4})) == 70);
    CHECK(tenths(resolve(move({{"troop", "artillery"}, {"terrain", "broken"}, {"class", "pack-animals"}}), {3, 4})) == 70);
}

TEST_CASE("terrain: difficult and impassable ground") {
    CHECK(tenths(resolve(move({{"troop", "unformed-infantry"}, {"terrain", "difficult"}}), {1, 2, 4})) == 35);
    CHECK(resolve(move({{"troop", "formed-infantry"}, {"terrain", "difficult"}}), {}).result("barred") == 1);
    // Others only by road or through a gap, at 1/2 speed in march column (march bonus halved too).
    auto road = resolve(move({{"troop", "formed-infantry"}, {"terrain", "difficult"}, {"road", "yes"}, {"order", "march"}}),
                        {2, 3, 4});
    CHECK(tenths(road) == 45);
    CHECK(tenths(resolve(move({{"troop", "formed-cavalry"}, {"terrain", "difficult"}, {"gap", "yes"}}), {1, 1, 1})) == 15);
    CHECK(resolve(move({{"troop", "unformed-infantry"}, {"terrain", "impassable"}, {"road", "yes"}}), {}).result("barred") == 1);
    // Terrain does not stop boats, trains or flying things.
    CHECK(tenths(resolve(move({{"troop", "airship"}, {"terrain", "impassable"}}), {1, 1})) == 20);
}

TEST_CASE("terrain: how 1/2 speed rounds is a house rule (exact by default)") {
    auto req = move({{"troop", "formed-infantry"}, {"terrain", "broken"}});
    CHECK(tenths(resolve(req, {4, 5})) == 45);
    CHECK(tenths(resolve(req, {4, 5}, "[movement]\nhalving = \"down\"\n")) == 40);
    CHECK(tenths(resolve(req, {4, 5}, "[movement]\nhalving = \"up\"\n")) == 50);
    CHECK(tenths(resolve(req, {4, 4}, "[movement]\nhalving = \"up\"\n")) == 40);
    CHECK_THROWS_AS(resolve(req, {4, 5}, "[movement]\nhalving = \"sideways\"\n"), rules::InputError);
}

TEST_CASE("terrain in a battle: the unit's class, and formed troops end unformed") {
    auto b = frontier_battle();
    // The Mountain Battery (light guns) limbered, on mules: pack animals in broken ground.
    b.unit(3)->counters["limbered"] = 1;
    auto light = resolve(b, move({{"terrain", "broken"}}, 3), {3, 4});
    CHECK(tenths(light) == 35);  // light artillery: 1/2 speed
    b.unit(3)->traits["pack-animals"] = "";
    CHECK(tenths(resolve(b, move({{"terrain", "broken"}}, 3), {3, 4})) == 70);
    // Formed infantry crossing broken ground off road ends unformed.
    auto sikhs = resolve(b, move({{"terrain", "broken"}}, 1), {3, 4});
    CHECK(find_effect(sikhs, 1, "flag:disordered")->after == 1);
    CHECK_FALSE(find_effect(resolve(b, move({{"terrain", "broken"}, {"road", "yes"}}, 1), {3, 4}), 1, "flag:disordered"));
    // Disordered, it moves as unformed infantry; reforming is a maneuver.
    auto loose = after(b, sikhs);
    CHECK(dice_rolled(resolve(loose, move({}, 1), {1, 1, 1})) == 3);
    auto reform = resolve(loose, move({{"order", "maneuver"}, {"change", "reform"}}, 1), {1, 1, 1});
    CHECK(find_effect(reform, 1, "flag:disordered")->after == 0);
}

TEST_CASE("maneuvers: mount or dismount, limber or unlimber, not both in a turn") {
    auto b = frontier_battle();
    // Unlimbered artillery may not move; light guns may manhandle as a maneuver.
    CHECK(resolve(b, move({}, 3), {}).result("barred") == 1);
    CHECK(resolve(b, move({{"order", "maneuver"}}, 3), {1, 1}).result("barred") == 0);
    auto limber = resolve(b, move({{"order", "maneuver"}, {"change", "limber"}}, 3), {1, 1});
    CHECK(find_effect(limber, 3, "counter:limbered")->after == 1);
    auto limbered = after(b, limber);
    CHECK_THROWS_WITH(resolve(limbered, move({{"order", "maneuver"}, {"change", "unlimber"}}, 3), {}),
                      Catch::Contains("not both in a turn"));
    limbered.turn = 2;
    CHECK(resolve(limbered, move({{"order", "maneuver"}, {"change", "unlimber"}}, 3), {1, 1}).result("barred") == 0);
    // Limbered artillery cannot shoot.
    CHECK_THROWS_AS(resolve(limbered, request("shoot", {{"range", "10"}}, 3, 4), {1, 1, 1, 1}), rules::InputError);
    // Cavalry dismounting moves like infantry (formed: 2d6), mounting again at the mounted rate.
    auto dismount = resolve(b, move({{"order", "maneuver"}, {"change", "dismount"}}, 6), {1, 1});
    CHECK(dice_rolled(dismount) == 2);
    auto on_foot = after(b, dismount);
    CHECK_THROWS_AS(resolve(on_foot, move({{"order", "maneuver"}, {"change", "mount"}}, 6), {}), rules::Refusal);
    on_foot.turn = 2;
    CHECK(dice_rolled(resolve(on_foot, move({}, 6), {1, 1})) == 2);
    CHECK(dice_rolled(resolve(on_foot, move({{"order", "maneuver"}, {"change", "mount"}}, 6), {1, 1, 1})) == 3);
    CHECK_THROWS_AS(resolve(b, move({{"order", "maneuver"}, {"change", "mount"}}, 6), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, move({{"order", "maneuver"}, {"change", "limber"}}, 1), {}), rules::InputError);
}

TEST_CASE("charges: the chance of reaching the enemy, and a charge that reaches pins it") {
    // 2d6 reaching 7": 21 of 36.
    CHECK(chance(preview(move({{"troop", "formed-infantry"}, {"distance", "7"}})), "reaches") == Approx(21.0 / 36));
    CHECK(chance(preview(move({{"troop", "formed-infantry"}, {"distance", "12"}})), "reaches") == Approx(1.0 / 36));
    CHECK(chance(preview(move({{"troop", "formed-infantry"}, {"distance", "12.5"}})), "reaches") == Approx(0.0));
    // Half speed: 4.5" needs 9 on the dice.
    CHECK(chance(preview(move({{"troop", "formed-infantry"}, {"terrain", "broken"}, {"distance", "4.5"}})), "reaches") ==
          Approx(10.0 / 36));
    auto b = frontier_battle();
    auto home = resolve(b, move({{"order", "charge"}, {"distance", "7"}}, 2, 5), {3, 3, 1});
    CHECK(home.result("reaches") == 1);
    CHECK(find_effect(home, 5, "flag:pinned")->after == 1);
    CHECK(did(b, home, 2, kit::Deed::Charged));
    CHECK(find_effect(home, 2, "counter:charge-bonus-turn"));
    CHECK(has_follow_up(home, "melee", 2));
    auto short_of = resolve(b, move({{"order", "charge"}, {"distance", "8"}}, 2, 5), {3, 3, 1});
    CHECK(short_of.result("reaches") == 0);
    CHECK_FALSE(find_effect(short_of, 5, "flag:pinned"));
    CHECK(short_of.outcome.find("falls short") != std::string::npos);
    // A unit that charged fights at +1 by default.
    auto d = rulesets::make("macduff")->defaults(*rulesets::make("macduff")->action("melee"), after(b, home), 2, 5);
    CHECK(d.at("modifiers").find("charging") != std::string::npos);
}

TEST_CASE("distances: the allowance on a scaled or metric table") {
    auto b = frontier_battle();
    b.distance_scale = 1.5;
    auto r = resolve(b, move({{"distance", "12"}}, 1), {3, 4});  // 12" on the table is 8" in the rules
    CHECK(r.outcome.find("10.5\"") != std::string::npos);
    CHECK(r.result("reaches") == 0);
    CHECK(tenths(r) == 70);  // rulebook inches
    b.distance_scale = 1.0;
    b.distance_unit = "cm";
    auto cm = resolve(b, move({}, 1), {3, 4});
    CHECK(cm.outcome.find("17.8 cm") != std::string::npos);
}


TEST_CASE("engines: the chance of reaching counts the mishaps") {
    // A train running an obstacle reaches 4" only with no 6 among its 4 dice: (5/6)^4.
    CHECK(chance(preview(move({{"troop", "train"}, {"obstacle", "yes"}, {"distance", "4"}})), "reaches") ==
          Approx(625.0 / 1296));
    // 20" needs 20+ on 4d6 with no 6: only 5,5,5,5.
    CHECK(chance(preview(move({{"troop", "train"}, {"obstacle", "yes"}, {"distance", "20"}})), "reaches") ==
          Approx(1.0 / 1296));
    // An engine reaching 12" needs 6,6, which is the accident: never.
    CHECK(chance(preview(move({{"troop", "steam-engine"}, {"distance", "12"}})), "reaches") == Approx(0.0));
    CHECK(chance(preview(move({{"troop", "steam-engine"}, {"distance", "11"}})), "reaches") == Approx(2.0 / 36));
}
