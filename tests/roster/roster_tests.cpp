// Roster loading: the sample roster, the write/read round trip, and that every kind of mistake
// in a hand-edited roster is reported at the right line and column with a useful message.
#include "roster/roster.h"

#include "../store/battle_diff.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

using umpire::roster::RosterError;
using umpire::testing::battle_diff;
namespace model = umpire::model;
namespace roster = umpire::roster;

namespace {

// The ids the MacDuff ruleset accepts, as the brief for the sample roster lists them.
const std::set<std::string> kTypes{"infantry", "cavalry", "mounted-infantry", "artillery"};
const std::set<std::string> kQualities{"elite", "average", "poor"};
const std::set<std::string> kWeapons{"none",  "musket",     "carbine",          "rifle",  "jezzail",
                                     "light-gun", "foot-artillery", "rifled-artillery", "mortar", "rocket"};
const std::set<std::string> kTraits{"shock-troops", "militia",     "not-equipped-for-melee",
                                    "superior-firepower", "skirmishers", "well-drilled",
                                    "impetuous", "regular", "irregular"};

std::optional<std::string> macduff_like(std::string_view field, std::string_view value) {
    const std::set<std::string>* known = field == "type"      ? &kTypes
                                         : field == "quality" ? &kQualities
                                         : field == "weapon"  ? &kWeapons
                                                              : nullptr;
    if (!known || known->count(std::string(value))) return std::nullopt;
    std::string expected = "one of: ";
    for (const auto& id : *known) expected += (expected.size() > 8 ? ", " : "") + id;
    return expected;
}

// A small valid roster with known line numbers; the error tests change one line of it.
const char* const kBase = R"(format = "umpire-roster"
version = 1
ruleset = "macduff"
name = "Test"

[[side]]
name = "Red"
colour = "red"
  [[side.commander]]
  name = "Hawthorne"
  general = true
  [[side.commander]]
  name = "Ames"
  [[side.unit]]
  name = "2nd Sikhs"
  commander = "Ames"
  type = "infantry"
  quality = "average"
  weapon = "rifle"
  figures = 16

[[side]]
name = "Black"
colour = "black"
  [[side.unit]]
  name = "Ghazis"
  type = "infantry"
  quality = "average"
  weapon = "none"
  formed = false
  figures = 12
  traits = ["shock-troops"]
)";

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// kBase with line `n` (1-based) replaced by `replacement` (which may hold several lines).
std::string with_line(int n, const std::string& replacement) {
    auto lines = lines_of(kBase);
    lines.at(static_cast<std::size_t>(n - 1)) = replacement;
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

// 1-based column where `needle` starts on line `n` of `text`.
int column_of(const std::string& text, int n, const std::string& needle) {
    auto line = lines_of(text).at(static_cast<std::size_t>(n - 1));
    auto pos = line.find(needle);
    REQUIRE(pos != std::string::npos);
    return static_cast<int>(pos) + 1;
}

RosterError error_from(const std::string& text, const roster::ValueChecker& check = {}) {
    try {
        roster::parse_roster(text, "test.toml", check);
    } catch (const RosterError& e) {
        return e;
    }
    FAIL("roster was accepted:\n" << text);
    throw std::logic_error("unreachable");
}

void expect_error(const std::string& text, int line, const std::string& at,
                  const std::string& message, const roster::ValueChecker& check = {}) {
    RosterError e = error_from(text, check);
    INFO(e.what());
    CHECK(e.file() == "test.toml");
    CHECK(e.line() == line);
    CHECK(e.column() == column_of(text, line, at));
    CHECK_THAT(e.message(), Catch::Contains(message));
    CHECK(std::string(e.what()) == "test.toml:" + std::to_string(e.line()) + ":" +
                                       std::to_string(e.column()) + ": " + e.message());
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("the base test roster is valid") {
    model::Battle b = roster::parse_roster(kBase, "test.toml", macduff_like);
    REQUIRE(b.units.size() == 2);
    CHECK(b.units[0].commander == 2);
    CHECK(b.units[1].traits.count("shock-troops") == 1);
}

TEST_CASE("the sample MacDuff roster loads") {
    std::string path = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";
    model::Battle b = roster::load_roster_file(path, macduff_like);

    CHECK(roster::demo_roster() == read_file(path));
    CHECK(b.ruleset == "macduff");
    CHECK(b.name == "Action at the Kotal Pass");
    CHECK(b.distance_unit == "in");
    CHECK(b.distance_scale == 1.0);
    CHECK(b.turn == 1);
    REQUIRE(b.sides.size() == 2);
    CHECK(b.sides[0].id == 1);
    CHECK(b.sides[0].name == "Frontier Field Force");
    CHECK(b.sides[0].colour == "red");
    CHECK(b.sides[1].name == "Pathan Lashkar");
    CHECK(b.sides[1].colour == "black");
    CHECK(b.units.size() >= 10);

    for (const auto& side : b.sides) {
        auto commanders = std::count_if(b.commanders.begin(), b.commanders.end(),
                                        [&](const auto& c) { return c.side == side.id; });
        auto generals = std::count_if(b.commanders.begin(), b.commanders.end(),
                                      [&](const auto& c) { return c.side == side.id && c.is_general; });
        CHECK(commanders >= 2);
        CHECK(generals == 1);
    }
    std::set<std::string> types;
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        const auto& u = b.units[i];
        INFO(u.name);
        CHECK(u.id == static_cast<int>(i) + 1);
        CHECK(u.figures == u.start_figures);
        for (const auto& [trait, value] : u.traits) CHECK(kTraits.count(trait) == 1);
        if (u.has_trait("skirmishers") || u.has_trait("irregular")) CHECK_FALSE(u.formed);
        if (u.commander) CHECK(b.commander(*u.commander)->side == u.side);
        types.insert(u.troop_type);
    }
    CHECK(types.size() >= 3);

    const model::Unit* sikhs = b.find_unit("2nd Sikhs");
    REQUIRE(sikhs);
    CHECK(sikhs->troop_type == "infantry");
    CHECK(sikhs->quality == "average");
    CHECK(sikhs->weapon == "rifle");
    CHECK(sikhs->figures == 16);
    CHECK(sikhs->side == 1);
    CHECK(b.commander(*sikhs->commander)->name == "Colonel Ames");

    const model::Unit* ghazis = b.find_unit("Ghazis");
    REQUIRE(ghazis);
    CHECK_FALSE(ghazis->formed);
    CHECK(ghazis->has_trait("shock-troops"));
    CHECK(ghazis->weapon == "none");
    CHECK(ghazis->side == 2);

    const model::Unit* battery = b.find_unit("No. 8");
    REQUIRE(battery);
    CHECK(battery->troop_type == "artillery");
    CHECK(battery->weapon == "light-gun");
    CHECK(battery->figures == 4);
    CHECK(battery->formed);
}

TEST_CASE("write_roster round trips the sample roster") {
    model::Battle b = roster::parse_roster(roster::demo_roster(), "demo", macduff_like);
    std::string written = roster::write_roster(b);
    model::Battle again = roster::parse_roster(written, "written", macduff_like);
    CHECK(battle_diff(b, again) == "");
}

TEST_CASE("write_roster round trips the awkward cases") {
    model::Battle b = roster::parse_roster(kBase, "test.toml");
    b.name = "Quotes \" and \\ backslashes\tand tabs";
    b.distance_unit = "cm";
    b.distance_scale = 1.1;  // not exact in binary: must still come back bit for bit
    b.house_rules = "[shooting]\nrange = \"long\" # a comment\n'''\n";
    b.units[0].figures = 9;  // starts under strength
    b.units[0].hit_capacity = 3;
    b.units[0].traits = {{"mad-minute", "2"}, {"odd key.with dot", "x\"y"}};
    b.units[1].commander.reset();
    b.units[1].name = "Ünïcödé Ghazis";

    std::string written = roster::write_roster(b);
    INFO(written);
    model::Battle again = roster::parse_roster(written, "written");
    CHECK(battle_diff(b, again) == "");
}

TEST_CASE("a missing required field is reported at its table") {
    expect_error(with_line(17, ""), 14, "[[side.unit]]",
                 "side 1, unit 1 \"2nd Sikhs\": missing required key 'type'");
    expect_error(with_line(4, ""), 1, "format", "missing required key 'name'");
}

TEST_CASE("a value of the wrong type says what was expected") {
    expect_error(with_line(30, "  formed = \"yes\""), 30, "\"yes\"",
                 "side 2, unit 1 \"Ghazis\": formed: expected true or false, got \"yes\"");
    expect_error(with_line(2, "version = \"1\""), 2, "\"1\"",
                 "version: expected an integer, got \"1\"");
    expect_error(with_line(19, "  weapon = 3"), 19, "3", "weapon: expected a string, got 3");
    expect_error(with_line(20, "  figures = \"12a\""), 20, "\"12a\"",
                 "side 1, unit 1 \"2nd Sikhs\": figures must be a whole number from 1 to 10000, "
                 "got \"12a\"");
    expect_error(with_line(32, "  traits = \"shock-troops\""), 32, "\"shock-troops\"",
                 "traits: expected a list of strings");
}

TEST_CASE("an unknown key names the key and the keys expected") {
    std::string text = with_line(20, "  figuers = 16");
    expect_error(text, 20, "figuers",
                 "side 1, unit 1 \"2nd Sikhs\": unknown key 'figuers' in unit; expected one of: "
                 "name, commander, type, quality, weapon, formed, reserve, figures");
    CHECK_THAT(error_from(text).message(), Catch::Contains("Did you mean 'figures'?"));
    expect_error(with_line(8, "color = \"red\""), 8, "color",
                 "side 1 \"Red\": unknown key 'color' in side");
}

TEST_CASE("figures out of range") {
    expect_error(with_line(20, "  figures = 0"), 20, "0",
                 "side 1, unit 1 \"2nd Sikhs\": figures must be a whole number from 1 to 10000, got 0");
    expect_error(with_line(20, "  figures = 1000000000"), 20, "1000000000",
                 "figures must be a whole number from 1 to 10000, got 1000000000");
    expect_error(with_line(20, "  figures = 16\n  current_figures = 17"), 21, "17",
                 "current_figures must be a whole number from 0 to 16");
}

TEST_CASE("duplicate unit names, ignoring case") {
    expect_error(with_line(26, "  name = \"2nd SIKHS\""), 26, "\"2nd SIKHS\"",
                 "side 2, unit 1 \"2nd SIKHS\": duplicate unit name \"2nd SIKHS\"; side 1, unit 1 "
                 "\"2nd Sikhs\" on line 15 has the same name");
}

TEST_CASE("a unit's commander must be one of its side's commanders") {
    expect_error(with_line(16, "  commander = \"Amse\""), 16, "\"Amse\"",
                 "side 1, unit 1 \"2nd Sikhs\": commander \"Amse\" is not a commander of side 1 "
                 "\"Red\"; expected one of: \"Hawthorne\", \"Ames\"");
    expect_error(with_line(29, "  weapon = \"none\"\n  commander = \"Ames\""), 30, "\"Ames\"",
                 "commander \"Ames\" is not a commander of side 2 \"Black\"");
}

TEST_CASE("at most one general per side") {
    expect_error(with_line(13, "  name = \"Ames\"\n  general = true"), 14, "true",
                 "side 1, commander 2 \"Ames\": a side has at most one general, and \"Hawthorne\" "
                 "(line 11) already is");
}

TEST_CASE("the ruleset's checker rejects unknown ids") {
    std::string text = with_line(17, "  type = \"cavalary\"");
    expect_error(text, 17, "\"cavalary\"",
                 "side 1, unit 1 \"2nd Sikhs\": unknown type \"cavalary\"; expected one of: "
                 "artillery, cavalry, infantry, mounted-infantry",
                 macduff_like);
    // Without a checker the roster module has no opinion on ruleset ids.
    CHECK_NOTHROW(roster::parse_roster(text, "test.toml"));
}

TEST_CASE("a TOML syntax error keeps its line and column") {
    std::string text = with_line(19, "  weapon = \"rifle");
    RosterError e = error_from(text);
    INFO(e.what());
    CHECK(e.line() == 19);
    CHECK(e.column() >= column_of(text, 19, "\"rifle"));
    CHECK_THAT(e.message(), Catch::StartsWith("TOML syntax error: "));

    std::string dup = with_line(20, "  figures = 16\n  figures = 17");
    RosterError d = error_from(dup);
    INFO(d.what());
    CHECK(d.line() == 21);
    CHECK(d.column() == column_of(dup, 21, "17"));  // toml++ points at the second value
}

TEST_CASE("a newer roster format is refused") {
    expect_error(with_line(2, "version = 2"), 2, "2",
                 "version 2 is a newer roster format than this build of Umpire reads (up to 1)");
    expect_error(with_line(1, "format = \"something-else\""), 1, "\"something-else\"",
                 "format must be \"umpire-roster\"");
}

TEST_CASE("other structural mistakes") {
    // One side only.
    std::string one_side;
    for (const auto& line : lines_of(kBase)) {
        if (line == "name = \"Black\"") break;  // stop at the second [[side]]
        one_side += line + "\n";
    }
    one_side.resize(one_side.rfind("[[side]]"));
    RosterError e = error_from(one_side);
    CHECK_THAT(e.message(), Catch::Contains("at least two [[side]] tables, found 1"));
    CHECK(e.line() == 6);

    expect_error(with_line(5, "distance_unit = \"mm\""), 5, "\"mm\"",
                 "distance_unit must be \"in\" or \"cm\" (on a grid: \"squares\" or \"hexes\"), got \"mm\"");
    expect_error(with_line(5, "distance_scale = -1"), 5, "-1",
                 "distance_scale must be a number greater than 0");
    expect_error(with_line(32, "  traits = [\"a\", \"a\"]"), 32, "\"a\"]",
                 "traits: \"a\" is listed twice");
    expect_error(with_line(15, "  name = \"  \""), 15, "\"  \"", "name must not be empty");
}

TEST_CASE("a missing roster file names the file") {
    try {
        roster::load_roster_file("/nonexistent/roster.toml");
        FAIL("no error");
    } catch (const RosterError& e) {
        CHECK(e.line() == 0);
        CHECK_THAT(std::string(e.what()), Catch::StartsWith("/nonexistent/roster.toml: cannot read"));
    }
}

TEST_CASE("a control character in a name or a trait is refused where it stands (a terminal escape in a unit's name)") {
    // kBase line 15 names the first unit; the name below retitles and clears a terminal.
    expect_error(with_line(15, R"(  name = "T\u001b]0;pwned\u0007\u001b[2J")"), 15, "\"T", "control character \\x1b");
    expect_error(with_line(7, "name = \"Red\\u009b31m\""), 7, "\"Red", "control character \\u009b");
    expect_error(with_line(15, "  name = \"2nd\\rSikhs\""), 15, "\"2nd", "control character \\x0d");
    expect_error(with_line(15, "  name = \"2nd Sikhs\"\n  traits = [\"skirm\\u0007ishers\"]"), 16, "\"skirm",
                 "control character \\x07");
    // A plain name of any script is still a name.
    CHECK_NOTHROW(roster::parse_roster(with_line(15, "  name = \"2nd Sikhs \u00e9\u4e2d\""), "test.toml"));
}
