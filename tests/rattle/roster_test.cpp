// The sample roster at the author's scale.
#include "fixture.h"

#include "roster/roster.h"

#include <catch2/catch.hpp>

#include <set>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("the Seven Pines roster: at the author's scale, with pioneers, colours, a band and an observer") {
    auto ruleset = rulesets::make("rattle");
    auto check = [&](std::string_view field, std::string_view value) { return ruleset->check_unit_value(field, value); };
    auto battle = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/rattle-seven-pines.toml", check);
    CHECK(battle.ruleset == "rattle");
    REQUIRE(battle.sides.size() == 2);
    for (const auto& side : battle.sides) {
        INFO(side.name);
        std::set<std::string> types;
        int units = 0, colours = 0, brigades = 0;
        for (const auto& u : battle.units) {
            if (u.side != side.id) continue;
            ++units;
            types.insert(u.troop_type);
            if (u.has_trait("colour-bearer")) ++colours;
            if (u.troop_type == "infantry") CHECK((u.figures >= 12 && u.figures <= 20));
            if (u.troop_type == "cavalry" || u.troop_type == "light-infantry") CHECK((u.figures >= 6 && u.figures <= 10));
            if (u.troop_type == "foot-artillery") CHECK(u.figures == 4);
        }
        for (const auto& c : battle.commanders) {
            if (c.side != side.id || c.is_general) continue;
            ++brigades;
            int assigned = 0;
            for (const auto& u : battle.units) assigned += u.commander == c.id ? 1 : 0;
            CHECK((assigned >= 2 && assigned <= 4));  // a Brigade General per 2 to 4 units
        }
        CHECK(units >= 10);
        CHECK(brigades >= 2);
        CHECK(colours >= 1);
        for (const char* type : {"pioneers", "band", "observer", "cavalry", "light-infantry", "foot-artillery"})
            CHECK(types.count(type) == 1);
    }
}
