// We Marched All Night (Optional Rules 2, Sample cards): "An unexpected reinforcement arrives.
// Choose one independent unit selected from spare units on hand. Place the unit at the board edge
// at the most suitable place." Spare units are the roster's units in reserve (rulings.md R60).
#include "fixture.h"

#include "roster/roster.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Entity;
using model::Flag;

namespace {

// The frontier battle with a spare unit on hand for each side: the Guides (7) and the Mohmands (8).
model::Battle with_spares() {
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Guides Infantry", 1, "infantry", "elite", "rifle", 12));
    b.units.push_back(make_unit(8, "Mohmand Tribesmen", 2, "infantry", "poor", "musket", 16));
    b.unit(7)->set(Flag::Reserve, true);
    b.unit(8)->set(Flag::Reserve, true);
    return b;
}

rules::ActionRequest reinforce(int side, std::optional<int> unit) {
    return request("reinforce", {{"card", "we-marched-all-night"}, {"side", std::to_string(side)}}, unit);
}

} // namespace

TEST_CASE("We Marched All Night: the spare unit chosen arrives at the board edge") {
    auto b = with_spares();
    CHECK_FALSE(b.unit(7)->on_table());
    auto r = resolve(b, reinforce(1, 7), {});
    const model::Effect* arrives = find_effect(r, 7, "flag:reserve");
    REQUIRE(arrives);
    CHECK(arrives->before == 1);
    CHECK(arrives->after == 0);
    CHECK(has_step(r, "Guides Infantry arrives: the player places it at the board edge"));
    CHECK(r.outcome == "We Marched All Night: Guides Infantry arrives at the board edge");
    auto arrived = after(b, r);
    CHECK(arrived.unit(7)->on_table());
    // On the table it acts like any unit: it shoots (12 rifles at 10", 6 dice, 5-6 hits).
    CHECK(resolve(arrived, request("shoot", {{"range", "10"}}, 7, 4), {6, 5, 1, 1, 1, 1}).result("hits") == 2);
}

TEST_CASE("We Marched All Night: a spare unit takes no part until it arrives, and counts nowhere") {
    auto b = with_spares();
    CHECK_THROWS_WITH(resolve(b, request("shoot", {{"range", "10"}}, 7, 4), {6}),
                      Catch::Contains("Guides Infantry is a spare unit in reserve"));
    CHECK_THROWS_WITH(resolve(b, request("shoot", {{"range", "10"}}, 4, 7), {6}),
                      Catch::Contains("Guides Infantry is a spare unit in reserve"));
    // Army morale (10): the Field Force's 3 units on the table, 3 / 2 -> 2, not 4 / 2.
    CHECK(resolve(b, request("army-morale", {}), {}).result("side-1") == 2);
}

TEST_CASE("We Marched All Night: army morale is fixed from the army as it stood, a house rule counts the newcomer") {
    auto b = with_spares();
    auto r = resolve(b, reinforce(1, 7), {});
    // Set up before the arrival: 3 units / 2 = 2 (the half counting), and not raised.
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 2);
    CHECK(has_step(r, "does not change army morale"));
    auto arrived = after(b, r);
    CHECK(resolve(arrived, request("army-morale", {}), {}).result("side-1") == 2);

    // Counting reinforcements: the Lashkar's 3 units / 2 = 2 (1 1/2); with the Mohmands, 4 / 2 = 2;
    // the Field Force after a second arrival would be 5 / 2 = 3.
    const std::string counts = "[army_morale]\nreinforcements_count = true\n";
    auto lashkar = resolve(b, reinforce(2, 8), {}, counts);
    CHECK(find_effect(lashkar, Entity::Side, 2, "counter:army-morale")->after == 2);
    CHECK(has_step(lashkar, "4 units / 2, army morale +0"));
    arrived.units.push_back(make_unit(9, "Kurram Levies", 1, "infantry", "poor", "musket", 12));
    arrived.unit(9)->set(Flag::Reserve, true);
    auto levies = resolve(arrived, reinforce(1, 9), {}, counts);
    CHECK(find_effect(levies, Entity::Side, 1, "counter:army-morale")->after == 3);
    CHECK(find_effect(levies, Entity::Side, 1, "counter:army-morale-start")->after == 3);
}

TEST_CASE("We Marched All Night: only the drawing side's spare units, a unit on the table is refused") {
    auto b = with_spares();
    CHECK_THROWS_WITH(resolve(b, reinforce(1, 8), {}), Catch::Contains("not one of Field Force's units"));
    CHECK_THROWS_WITH(resolve(b, reinforce(1, 1), {}),
                      Catch::Contains("2nd Sikhs is not a spare unit held in reserve; Field Force's spare units: "
                                      "Guides Infantry"));
    CHECK_THROWS_WITH(resolve(b, reinforce(1, std::nullopt), {}), Catch::Contains("which spare unit arrives?"));
    b.unit(7)->commander = 1;
    CHECK(has_step(resolve(b, reinforce(1, 7), {}), "the card asks for an independent unit"));
}

TEST_CASE("A roster's spare units: `reserve = true`, written back the same") {
    const std::string text = R"(format = "umpire-roster"
version = 1
name = "Reserves"
ruleset = "macduff"
[[side]]
name = "Field Force"
  [[side.unit]]
  name = "2nd Sikhs"
  type = "infantry"
  quality = "average"
  weapon = "rifle"
  figures = 12
  [[side.unit]]
  name = "Guides Infantry"
  type = "infantry"
  quality = "elite"
  weapon = "rifle"
  figures = 12
  reserve = true
[[side]]
name = "Lashkar"
  [[side.unit]]
  name = "Ghazis"
  type = "infantry"
  quality = "poor"
  weapon = "none"
  figures = 12
)";
    const model::Battle b = roster::parse_roster(text, "reserves.toml");
    CHECK_FALSE(b.find_unit("2nd Sikhs")->has(Flag::Reserve));
    CHECK(b.find_unit("Guides Infantry")->has(Flag::Reserve));
    CHECK_FALSE(b.find_unit("Guides Infantry")->on_table());
    const model::Battle again = roster::parse_roster(roster::write_roster(b), "again.toml");
    CHECK(again.find_unit("Guides Infantry")->has(Flag::Reserve));
    CHECK_THROWS_WITH(roster::parse_roster(text + "  reserve_ = 1\n", "bad.toml"), Catch::Contains("reserve"));
}
