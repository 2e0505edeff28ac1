// MacDuff army morale (section 10) and what counts as a unit lost.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Entity;
using model::Flag;

namespace {

// Side 1 with `n` fighting units plus a band and a hospital; side 2 with 4 units.
model::Battle armies(int n) {
    auto b = frontier_battle();
    b.units.clear();
    for (int i = 1; i <= n; ++i)
        b.units.push_back(make_unit(i, "Company " + std::to_string(i), 1, "infantry", "average", "rifle", 8));
    b.units.push_back(make_unit(100, "Band", 1, "band", "average", "none", 4));
    b.units.push_back(make_unit(101, "Hospital", 1, "hospital", "average", "none", 4));
    for (int i = 1; i <= 4; ++i)
        b.units.push_back(make_unit(200 + i, "Lashkar " + std::to_string(i), 2, "infantry", "average", "jezzail", 8));
    return b;
}

int level(const model::Battle& b, int side) {
    return resolve(b, request("army-morale", {}), {}).result("side-" + std::to_string(side));
}

// Routs unit `id` through a rally test (a shaken Poor unit rolling a 1).
rules::Resolution rout(const model::Battle& b, int id) {
    model::Battle shaken = b;
    shaken.unit(id)->set(Flag::Shaken, true);
    shaken.unit(id)->quality = "poor";
    return resolve(shaken, request("rally", {}, id), {1});
}

} // namespace

TEST_CASE("army morale: the number of units / 2, bands and hospitals not counted") {
    CHECK(level(armies(12), 1) == 6);
    CHECK(level(armies(12), 2) == 2);
    // 13 units: 6 1/2, the half counting (as the text counts figures): 7.
    CHECK(level(armies(13), 1) == 7);
    CHECK(resolve(armies(13), request("army-morale", {}), {}, "[army_morale]\ncount_half_remainders = false\n")
              .result("side-1") == 6);
    // The check sets the counters up, so the level shows as counter:army-morale from then on.
    auto r = resolve(armies(12), request("army-morale", {}), {});
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 6);
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale-start")->after == 6);
    CHECK(r.steps.front().citation == "MacDuff 10 Army Morale");
}

TEST_CASE("army morale: -1 per unit routed, destroyed or forced off table, -1 per commander lost") {
    auto b = armies(12);
    auto routed = rout(b, 1);
    CHECK(find_effect(routed, Entity::Side, 1, "counter:army-morale")->after == 5);
    b = after(b, routed);
    // Destroyed by shooting (every figure gone).
    b.unit(2)->figures = 1;
    auto destroyed = resolve(b, request("shoot", {{"range", "10"}}, 201, 2), {6, 1, 1, 1});
    CHECK(find_effect(destroyed, 2, "flag:routed"));
    CHECK(find_effect(destroyed, Entity::Side, 1, "counter:army-morale")->after == 4);
    b = after(b, destroyed);
    // Forced off the table; leaving of its own accord is no loss.
    auto off = resolve(b, request("off-table", {}, 3), {});
    CHECK(find_effect(off, Entity::Side, 1, "counter:army-morale")->after == 3);
    auto left = resolve(b, request("off-table", {{"forced", "no"}}, 4), {});
    CHECK(find_effect(left, 4, "flag:routed"));
    CHECK_FALSE(find_effect(left, Entity::Side, 1, "counter:army-morale"));
    b = after(b, off);
    // A rally test that retreats to the table edge: off the table.
    b.unit(5)->set(Flag::Shaken, true);
    auto edge = resolve(b, request("rally", {{"edge", "yes"}}, 5), {3});
    CHECK(find_effect(edge, 5, "flag:routed"));
    CHECK(find_effect(edge, Entity::Side, 1, "counter:army-morale")->after == 2);
    b = after(b, edge);
    // A commander lost.
    auto sniped = resolve(b, request("commander-lost", {{"commander", "1"}, {"status", "killed"}}), {});
    CHECK(find_effect(sniped, Entity::Side, 1, "counter:army-morale")->after == 1);
    b = after(b, sniped);
    CHECK(level(b, 1) == 1);
    // A unit already gone is not counted twice.
    CHECK_THROWS_AS(resolve(b, request("off-table", {}, 1), {}), rules::InputError);
}

TEST_CASE("army morale: at 0 the General concedes, both the same turn is a losing draw") {
    auto b = armies(2);  // morale 1
    auto r = rout(b, 1);
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 0);
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale-zero-turn")->after == 1);
    CHECK(has_step(r, "must concede"));
    b = after(b, r);
    CHECK(resolve(b, request("army-morale", {}), {}).outcome.find("Field Force's General must concede") != std::string::npos);
    // The Lashkar (4 units, morale 2) loses two the same turn: a losing draw for both.
    auto first = rout(b, 201);
    b = after(b, first);
    auto second = rout(b, 202);
    CHECK(has_step(second, "losing draw for both"));
    b = after(b, second);
    CHECK(resolve(b, request("army-morale", {}), {}).outcome.find("losing draw for both") != std::string::npos);
}

TEST_CASE("army morale: both at 0 in different turns: the first to reach it concedes") {
    auto b = armies(2);
    b = after(b, rout(b, 1));
    b.turn = 2;
    b = after(b, rout(b, 201));
    b = after(b, rout(b, 202));
    auto r = resolve(b, request("army-morale", {}), {});
    CHECK(r.outcome.find("the first to reach it concedes") != std::string::npos);
    CHECK(has_step(r, "reached it in turn 1"));
}

TEST_CASE("army morale: a captured band or hospital is a unit lost, though not in the total") {
    auto b = armies(12);
    auto r = resolve(b, request("capture-unit", {}, 100), {});
    CHECK(find_effect(r, 100, "flag:routed"));
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale-start")->after == 6);
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 5);
    CHECK_THROWS_AS(resolve(b, request("capture-unit", {}, 1), {}), rules::InputError);  // a fighting unit
    // The text's example: 12 units and a hospital count 12; 6 lost, the hospital among them, is 0.
    b = after(b, r);
    b = after(b, resolve(b, request("capture-unit", {}, 101), {}));
    for (int id = 1; id <= 4; ++id) b = after(b, rout(b, id));
    CHECK(level(b, 1) == 0);
}
