// The sample roster: Quatre Bras, loaded and checked against the ruleset's ids.
#include "fixture.h"

#include "roster/roster.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("roster: Quatre Bras has what the rules ask for") {
    auto ruleset = rulesets::make("featherstone");
    auto check = [&](std::string_view field, std::string_view value) { return ruleset->check_unit_value(field, value); };
    const auto b = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/featherstone-quatre-bras.toml", check);
    CHECK(b.ruleset == "featherstone");
    CHECK(b.sides.size() == 2);
    auto count = [&](const char* type, int figures) {
        int n = 0;
        for (const auto& u : b.units) n += u.troop_type == type && u.figures == figures ? 1 : 0;
        return n;
    };
    CHECK(count("infantry", 24) >= 6);
    CHECK(count("heavy-cavalry", 12) == 2);
    CHECK(count("light-cavalry", 12) == 3);
    CHECK(count("skirmishers", 12) == 2);
    CHECK(count("heavy-artillery", 4) == 1);
    CHECK(count("field-artillery", 4) == 2);
    int guards = 0, lancers = 0, generals = 0;
    for (const auto& u : b.units) {
        guards += u.quality == "guard" ? 1 : 0;
        lancers += u.weapon == "lance" ? 1 : 0;
    }
    for (const auto& c : b.commanders) generals += c.is_general ? 1 : 0;
    CHECK(guards == 2);
    CHECK(lancers == 2);
    CHECK(generals == 2);
    // An unknown type is refused naming the ruleset's types.
    CHECK(ruleset->check_unit_value("type", "hussars").value().find("light-cavalry") != std::string::npos);
}
