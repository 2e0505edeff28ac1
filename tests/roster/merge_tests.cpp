// Two rosters in one battle: sides matched by name or appended, everything renumbered, and the
// mistakes that cannot be merged refused with the roster named.
#include "roster/merge.h"
#include "roster/roster.h"

#include <catch2/catch.hpp>

namespace model = umpire::model;
namespace roster = umpire::roster;

namespace {

std::string roster_text(const std::string& side_a, const std::string& units_a, const std::string& side_b,
                        const std::string& units_b, const std::string& extra = "") {
    return "format = \"umpire-roster\"\nversion = 1\nruleset = \"macduff\"\nname = \"Test\"\n" + extra +
           "\n[[side]]\nname = \"" + side_a + "\"\n" + units_a + "\n[[side]]\nname = \"" + side_b + "\"\n" + units_b;
}

std::string unit(const std::string& name, const std::string& commander = "") {
    return "[[side.unit]]\nname = \"" + name + "\"\n" + (commander.empty() ? "" : "commander = \"" + commander + "\"\n") +
           "type = \"infantry\"\nquality = \"average\"\nweapon = \"rifle\"\nfigures = 12\n";
}

std::string commander(const std::string& name, bool general = false) {
    return "[[side.commander]]\nname = \"" + name + "\"\n" + (general ? "general = true\n" : "");
}

} // namespace

TEST_CASE("merge: sides with the same name join, others are appended, ids renumbered") {
    auto a = roster::parse_roster(
        roster_text("British", commander("Roberts", true) + unit("Gordons", "Roberts"), "Afghans", unit("Ghazis")), "a.toml");
    auto b = roster::parse_roster(
        roster_text("british", commander("Macpherson") + unit("Sikhs", "Macpherson") + unit("Gurkhas"), "Baluchis",
                    unit("Baluch Levy")),
        "b.toml");
    const model::Battle m = roster::merge_rosters({a, b}, {"a.toml", "b.toml"});
    REQUIRE(m.sides.size() == 3);
    CHECK(m.sides[0].name == "British");
    CHECK(m.sides[2].name == "Baluchis");
    REQUIRE(m.units.size() == 5);
    for (std::size_t i = 0; i < m.units.size(); ++i) CHECK(m.units[i].id == static_cast<int>(i) + 1);
    const model::Unit* sikhs = m.find_unit("Sikhs");
    REQUIRE(sikhs);
    CHECK(sikhs->side == 1);
    REQUIRE(sikhs->commander);
    CHECK(m.commander(*sikhs->commander)->name == "Macpherson");
    CHECK(m.find_unit("Baluch Levy")->side == 3);
    CHECK(m.find_unit("Gordons")->commander == 1);
    CHECK(m.commanders.size() == 2);
    CHECK(m.name == "Test");
}

TEST_CASE("merge: the same commander in both rosters is one commander") {
    auto a = roster::parse_roster(roster_text("British", commander("Roberts", true) + unit("Gordons", "Roberts"), "Afghans",
                                              unit("Ghazis")), "a");
    auto b = roster::parse_roster(roster_text("British", commander("Roberts", true) + unit("Sikhs", "Roberts"), "Afghans",
                                              unit("Herati Regulars")), "b");
    const model::Battle m = roster::merge_rosters({a, b});
    CHECK(m.commanders.size() == 1);
    CHECK(m.find_unit("Sikhs")->commander == 1);
    CHECK(m.sides.size() == 2);
    CHECK(m.units.size() == 4);
}

TEST_CASE("merge: refusals name the roster and say why") {
    auto a = roster::parse_roster(roster_text("British", commander("Roberts", true) + unit("Gordons"), "Afghans", unit("Ghazis")), "a");
    SECTION("a unit name used twice") {
        auto b = roster::parse_roster(roster_text("British", unit("gordons"), "Afghans", unit("Others")), "b");
        try {
            roster::merge_rosters({a, b}, {"a.toml", "b.toml"});
            FAIL("merged");
        } catch (const roster::RosterError& e) {
            CHECK(e.file() == "b.toml");
            CHECK_THAT(e.message(), Catch::Contains("also in a.toml"));
        }
    }
    SECTION("two generals on one side") {
        auto b = roster::parse_roster(roster_text("British", commander("Stewart", true) + unit("Sikhs"), "Afghans", unit("Others")), "b");
        CHECK_THROWS_WITH(roster::merge_rosters({a, b}), Catch::Contains("two generals"));
    }
    SECTION("another ruleset") {
        auto b = a;
        b.ruleset = "edwardian";
        CHECK_THROWS_WITH(roster::merge_rosters({a, b}), Catch::Contains("edwardian roster"));
    }
    SECTION("different house rules") {
        auto b = roster::parse_roster(roster_text("British", unit("Sikhs"), "Afghans", unit("Others"), "house_rules = \"x = 1\"\n"), "b");
        auto c = roster::parse_roster(roster_text("British", unit("Gurkhas"), "Afghans", unit("More"), "house_rules = \"x = 2\"\n"), "c");
        CHECK_NOTHROW(roster::merge_rosters({a, b}));
        CHECK_THROWS_WITH(roster::merge_rosters({a, b, c}), Catch::Contains("house rules"));
    }
    SECTION("nothing to merge") { CHECK_THROWS_AS(roster::merge_rosters({}), roster::RosterError); }
}

TEST_CASE("merge: one roster comes back unchanged") {
    auto a = roster::parse_roster(roster::demo_roster(), "demo");
    const model::Battle m = roster::merge_rosters({a});
    CHECK(roster::write_roster(m) == roster::write_roster(a));
}
