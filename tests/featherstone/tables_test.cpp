// The reference tables hold the text's numbers, and a bad house rule names its entry and field.
#include "fixture.h"

#include "rulesets/featherstone/tables.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::featherstone;

TEST_CASE("tables: the numbers of the text") {
    const Tables t = load_tables();
    CHECK(t.figures_per_die == 5);
    CHECK(t.weapon("musket")->bands == std::vector<double>{2, 4, 8});
    CHECK(t.weapon("rifle")->bands == std::vector<double>{4, 8, 16});
    CHECK(t.shooting.bands[0].number == 4);
    CHECK(t.shooting.bands[1].number == 3);
    CHECK(t.shooting.bands[2].number == 2);
    CHECK(t.battery("heavy")->ranges == std::vector<double>{10, 20, 30, 40, 50});
    CHECK(t.battery("field")->ranges == std::vector<double>{8, 16, 24, 32, 40});
    std::vector<int> hit_on;
    for (const auto& b : t.artillery.bands) hit_on.push_back(b.number);
    CHECK(hit_on == std::vector<int>{0, 2, 3, 4, 5});
    CHECK(t.artillery.shots == 10);
    CHECK(t.counter_battery_row(7).text == "No effect");
    CHECK(t.counter_battery_row(2).text == "No effect");
    CHECK(t.counter_battery_row(11).text == "Gun destroyed in open or 3 men hit");
    CHECK(t.saves.formed == 5);
    CHECK(t.saves.skirmish_or_crew == 4);
    CHECK(t.saves.armoured == 4);
    CHECK(t.cover("fortified")->save == 3);
    CHECK(t.melee.target == 4);
    CHECK(t.morale.rows.size() == 8);
    CHECK(t.morale.row_for(4).charged.text == "Wavering. Stand ground. Disorder.");
    CHECK(t.morale.row_for(-3).rally.text == "Disperse.");
    CHECK(t.morale.row_for(12).rally.results == std::vector<std::string>{"rally", "charge"});
    CHECK(t.leaders.hit_on == std::vector<int>{1, 2});
    CHECK(t.leaders.overrun_removed_on == std::vector<int>{1, 2, 3});
    CHECK(t.rate_for("light-cavalry", "line")->rate == 15);
    CHECK(t.rate_for("infantry", "march-column")->rate == 12);
}

TEST_CASE("tables: house rules change a number, bad ones name the entry and field") {
    CHECK(load_tables("[[weapons]]\nid = \"musket\"\nlong = 10\n").weapon("musket")->bands.back() == 10);
    CHECK_THROWS_WITH(load_tables("[[weapons]]\nid = \"musket\"\nlong = 3\n"),
                      Catch::Contains("weapons[musket]") && Catch::Contains("increasing"));
    CHECK_THROWS_WITH(load_tables("[[morale.rows]]\nroll = 9\nrally = \"x\"\nrally_results = [\"cheer\"]\n"
                                  "charged = \"x\"\ncharged_results = []\nlost = \"x\"\nlost_results = []\n"),
                      Catch::Contains("\"cheer\" is not a morale result"));
    CHECK_THROWS_WITH(load_tables("[options]\nthreat_range = \"musket\"\n"), Catch::Contains("threat_range"));
    CHECK_THROWS_AS(load_tables("[saves]\nformed = 9\n"), rules::InputError);
}

TEST_CASE("tables: every action is declared with a citation of the text") {
    auto r = rulesets::make("featherstone");
    std::vector<std::string> ids;
    for (const auto& a : r->actions()) {
        ids.push_back(a.id);
        CHECK(a.citation.rfind("Featherstone ", 0) == 0);
    }
    CHECK(ids == std::vector<std::string>{"shoot", "artillery", "save", "melee", "morale", "move", "charge", "pursue",
                                          "recall", "leader-hit", "overrun"});
    CHECK(r->name() == "A Featherstone-like Horse and Musket set of Rules");
}
