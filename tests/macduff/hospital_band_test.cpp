// MacDuff hospitals and bands (section 12) with fixed dice.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Entity;

namespace {
model::Battle with_hospital() {
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Field Hospital", 1, "hospital", "average", "none", 4));
    b.units.push_back(make_unit(8, "Pipes and Drums", 1, "band", "average", "none", 4));
    return b;
}
} // namespace

TEST_CASE("the field hospital needs 24 points of work by its staff to set up or pack") {
    auto b = with_hospital();
    // 4 staff: 1 die a turn; the task defaults to setting up.
    auto r = resolve(b, request("engineer", {}, 7), {6});
    CHECK(find_effect(r, 7, "counter:work:hospital-setup")->after == 6);
    b.unit(7)->counters["work:hospital-setup"] = 20;
    auto done = resolve(b, request("engineer", {}, 7), {4});
    CHECK(find_effect(done, 7, "counter:hospital-operating")->after == 1);
    auto up = after(b, done);
    auto m = rulesets::make("macduff");
    CHECK(m->defaults(*m->action("engineer"), up, 7, std::nullopt).at("task") == "hospital-pack");
    // Pioneers' tasks are not for the staff, nor the staff's for pioneers.
    CHECK_THROWS_AS(resolve(b, request("engineer", {{"task", "gap"}}, 7), {1}), rules::InputError);
}

TEST_CASE("the field hospital: 4-6 returns one casualty to a unit of the player's choice") {
    auto b = with_hospital();
    b.unit(1)->figures = 9;
    CHECK_THROWS_AS(resolve(b, request("hospital", {}, 1), {4}), rules::InputError);  // not set up
    b.unit(7)->counters["hospital-operating"] = 1;
    auto four = resolve(b, request("hospital", {}, 1), {4});
    CHECK(find_effect(four, 1, "figures")->after == 10);
    CHECK(find_effect(four, Entity::Side, 1, "counter:hospital-turn")->after == 1);
    auto three = resolve(b, request("hospital", {}, 1), {3});
    CHECK_FALSE(find_effect(three, 1, "figures"));
    CHECK(chance(preview(b, request("hospital", {}, 1)), "a casualty") == Approx(0.5));
    CHECK_THROWS_AS(resolve(b, request("hospital", {}, 2), {4}), rules::InputError);  // no casualties
    // Once a turn: a second roll is noted.
    CHECK_THROWS_WITH(resolve(after(b, four), request("hospital", {}, 1), {4}),
                      Catch::Contains("already rolled this turn") && Catch::Contains("MacDuff 12.1 Hospitals"));
    // The enemy has no hospital.
    b.unit(4)->figures = 10;
    CHECK_THROWS_AS(resolve(b, request("hospital", {}, 4), {4}), rules::InputError);
}

TEST_CASE("bands and hospitals are captured on contact: a unit lost, not in the total") {
    auto b = with_hospital();
    auto r = resolve(b, request("capture-unit", {}, 8), {});
    CHECK(find_effect(r, 8, "flag:routed")->after == 1);
    // 3 fighting units: morale 2, the band and hospital not counted; the band lost: 1.
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale-start")->after == 2);
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 1);
    // Gone, the band no longer adds its die.
    CHECK_THROWS_AS(resolve(after(b, r), request("move", {{"band", "yes"}}, 1), {1, 1, 1}), rules::InputError);
}

TEST_CASE("12.3: an enemy moving into contact captures a band or hospital: no melee is fought") {
    auto b = with_hospital();
    // The Ghazis contact the hospital: refused as a melee, the hospital does not hit back.
    const auto melee = request("melee", {}, 5, 7);
    CHECK_THROWS_WITH(resolve(b, melee, {6, 6, 6, 6, 6, 6, 6, 6}),
                      Catch::Contains("Field Hospital: a band or hospital that an enemy moves into contact with is "
                                      "captured, not fought in melee") &&
                          Catch::Contains("MacDuff 12.3 Hospitals and Bands"));
    // Nor does the band start one.
    CHECK_THROWS_AS(resolve(b, request("melee", {}, 8, 5), {6, 6, 6, 6, 6, 6, 6, 6}), rules::Refusal);
    // The capture is its own action: a unit lost for army morale.
    auto captured = resolve(b, request("capture-unit", {}, 7), {});
    CHECK(find_effect(captured, 7, "flag:routed")->after == 1);
    // The umpire may still overrule the melee.
    auto ruled = resolve(b, overruled(melee, "a scenario's armed orderlies"), {4, 1, 1, 1, 1, 1, 1, 1});
    CHECK(ruled.result("hits") == 1);
}
