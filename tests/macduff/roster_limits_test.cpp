// 12: "Each army may have 1 band and 1 hospital" (line 231): the [[roster_limits]] of the MacDuff
// tables, checked as a roster is read (the error names the file, the line of the second band and
// the rule), when several rosters are put together, and in the roster editor.
#include "fixture.h"

#include "roster/checks.h"
#include "roster/edit.h"
#include "roster/roster.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

// The frontier battle's roster as a file would have it, with two bands on the Field Force's side.
model::Battle with_bands(const std::string& first, const std::string& second) {
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Pipes of the 92nd", 1, first, "average", "none", 4));
    b.units.push_back(make_unit(8, "Drums of the 66th", 1, second, "average", "none", 4));
    return b;
}

// The line of the `n`th (from 1) line of `text` that holds `what`.
int line_of(const std::string& text, const std::string& what, int n) {
    int line = 1;
    for (std::size_t at = 0; at < text.size(); ++line) {
        const std::size_t end = text.find('\n', at);
        const std::string row = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
        if (row.find(what) != std::string::npos && --n == 0) return line;
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return 0;
}

} // namespace

TEST_CASE("12: a roster's second band on one side is refused where it stands, naming the rule") {
    const auto ruleset = rulesets::make("macduff");
    const auto checks = roster::checks_for(*ruleset);
    const std::string two_bands = roster::write_roster(with_bands("band", "band"));
    const int second_band = line_of(two_bands, "type = \"band\"", 2);
    REQUIRE(second_band > 0);
    try {
        roster::parse_roster(two_bands, "music.toml", checks.value, checks.unit);
        FAIL("a second band was accepted");
    } catch (const roster::RosterError& e) {
        CHECK(e.file() == "music.toml");
        CHECK(e.line() == second_band);
        CHECK_THAT(e.message(), Catch::Contains("\"Drums of the 66th\"") &&
                                    Catch::Contains("Field Force already has 1 band (\"Pipes of the 92nd\")") &&
                                    Catch::Contains("each army may have 1 band and 1 hospital") &&
                                    Catch::Contains("MacDuff 12 Hospitals and Bands"));
        CHECK_THAT(std::string(e.what()), Catch::Contains("music.toml:" + std::to_string(second_band) + ":"));
    }
    // Without the ruleset's checks the roster itself is sound.
    CHECK(roster::parse_roster(two_bands, "music.toml").units.size() == 8);
    // A band and a hospital on one side, a band on each side: within the limits.
    CHECK(roster::parse_roster(roster::write_roster(with_bands("band", "hospital")), "ok.toml", checks.value,
                               checks.unit)
              .units.size() == 8);
    auto each_side = with_bands("band", "band");
    each_side.unit(8)->side = 2;
    CHECK_NOTHROW(roster::parse_roster(roster::write_roster(each_side), "ok.toml", checks.value, checks.unit));
    // A second hospital is refused like a second band.
    CHECK_THROWS_WITH(roster::parse_roster(roster::write_roster(with_bands("hospital", "hospital")), "h.toml",
                                           checks.value, checks.unit),
                      Catch::Contains("Field Force already has 1 hospital (\"Pipes of the 92nd\")"));
}

TEST_CASE("12: sides joined from several rosters, and the roster editor, keep to 1 band an army") {
    const auto ruleset = rulesets::make("macduff");
    const auto checks = roster::checks_for(*ruleset);
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Pipes", 1, "band", "average", "none", 4));
    b.units.push_back(make_unit(8, "Lashkar Drums", 2, "band", "average", "none", 4));
    CHECK_NOTHROW(roster::check_units(b, checks.unit, "the rosters together"));
    b.units.push_back(make_unit(9, "Drums", 1, "band", "average", "none", 4));
    CHECK_THROWS_WITH(roster::check_units(b, checks.unit, "the rosters together"),
                      Catch::Contains("the rosters together") && Catch::Contains("unit \"Drums\"") &&
                          Catch::Contains("MacDuff 12 Hospitals and Bands"));
    b.units.pop_back();
    // The roster editor refuses a second band, naming the rule; a hospital is welcome.
    roster::NewUnit band{"Drums", 1, std::nullopt, "band", "average", "none", true, 4, false};
    CHECK_THROWS_WITH(roster::add_unit(b, *ruleset, band), Catch::Contains("each army may have 1 band and 1 hospital"));
    roster::NewUnit hospital{"Field Hospital", 1, std::nullopt, "hospital", "average", "none", true, 4, false};
    CHECK_NOTHROW(roster::add_unit(b, *ruleset, hospital));
}
