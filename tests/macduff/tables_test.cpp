// The reference tables drive the engine; house rules change them for one battle.
#include "fixture.h"
#include "rulesets/macduff/tables.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("tables: the weapons table as printed in the text") {
    auto t = macduff::load_tables();
    struct Row { const char* id; int close, long_range; };
    for (auto row : {Row{"musket", 6, 12}, Row{"carbine", 6, 12}, Row{"rifle", 12, 24},
                     Row{"jezzail", 12, 24}, Row{"light-gun", 12, 36}, Row{"foot-artillery", 12, 48},
                     Row{"rifled-artillery", 12, 72}, Row{"mortar", 24, 0}, Row{"rocket", 24, 48}}) {
        INFO(row.id);
        REQUIRE(t.weapon(row.id));
        CHECK(t.weapon(row.id)->close == row.close);
        CHECK(t.weapon(row.id)->long_range == row.long_range);
    }
    CHECK(t.shooting.hit_on == 5);
    CHECK(t.melee.hit_on == 4);
}

TEST_CASE("house rules: a changed range changes the ruling") {
    auto req = request("shoot", {{"figures", "2"}, {"weapon", "rifle"}, {"range", "14"}});
    CHECK(has_step(resolve(req, {1}), "long range"));
    const char* longer_rifles = "[[shooting.weapons]]\nid = \"rifle\"\nclose = 15\n";
    auto r = resolve(req, {1}, longer_rifles);
    CHECK(has_step(r, "close range"));
    CHECK(has_step(r, "close to 15\""));
    // The other weapons keep their rows.
    CHECK(macduff::load_tables(longer_rifles).weapon("musket")->close == 6);
}

TEST_CASE("house rules: bad values are refused with the field named") {
    CHECK_THROWS_WITH(macduff::load_tables("[shooting]\nhit_on = \"five\"\n"),
                      Catch::Contains("shooting.hit_on"));
    CHECK_THROWS_WITH(macduff::load_tables("[[shooting.weapons]]\nid = \"rifle\"\nclose = 30\n"),
                      Catch::Contains("long at least close"));
    CHECK_THROWS_AS(macduff::load_tables("this is not toml"), rules::InputError);
}

TEST_CASE("actions are declared with their inputs") {
    auto ruleset = rulesets::make("macduff");
    const auto* shoot = ruleset->action("shoot");
    REQUIRE(shoot);
    REQUIRE(shoot->input("weapon"));
    CHECK(shoot->input("weapon")->choice("rifle"));
    REQUIRE(shoot->input("modifiers"));
    CHECK(shoot->input("modifiers")->choice("difficult-target")->value == -1);
    CHECK(ruleset->action("melee"));
    CHECK(ruleset->action("rally"));
    CHECK(ruleset->check_unit_value("type", "cavalry") == std::nullopt);
    CHECK(ruleset->check_unit_value("type", "cavalary").has_value());
}

TEST_CASE("roster traits are checked against the ruleset") {
    auto ruleset = rulesets::make("macduff");
    CHECK(ruleset->check_unit_value("trait", "skirmishers") == std::nullopt);
    auto typo = ruleset->check_unit_value("trait", "skirmisher");
    REQUIRE(typo.has_value());
    CHECK(typo->find("skirmishers") != std::string::npos);
}
