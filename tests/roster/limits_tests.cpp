// Hostile TOML: a roster, a chance deck or house rules nested or strung out far past anything a
// person writes is refused with its line and column before the parser (which recurses per level)
// can overflow the stack; real files are untouched by the bounds.
#include "roster/roster.h"
#include "rules/inputs.h"
#include "rules/toml_limits.h"
#include "rulesets/registry.h"
#include "turn/chance_deck.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace umpire;

namespace {

std::string dotted(int parts, const std::string& sep = ".") {
    std::string out = "a";
    for (int i = 1; i < parts; ++i) out += sep + "a";
    return out;
}

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("a 100,000-part dotted table header is refused, not a crash") {
    const std::string text = "format = \"umpire-roster\"\n[" + dotted(100000) + "]\nx = 1\n";
    try {
        roster::parse_roster(text, "deep.toml");
        FAIL("parsed");
    } catch (const roster::RosterError& e) {
        CHECK(e.line() == 2);
        CHECK_THAT(e.message(), Catch::Contains("dotted name of more than 64 parts"));
    }
    CHECK_THROWS_WITH(turn::parse_chance_deck(text, "deck.toml"), Catch::Contains("deck.toml:2:") &&
                                                                     Catch::Contains("more than 64 parts"));
}

TEST_CASE("every way of nesting deep is bounded") {
    const std::vector<std::pair<std::string, std::string>> hostile = {
        {dotted(100000) + " = 1\n", "dotted name"},                          // a dotted key
        {"[" + dotted(5000, " . ") + "]\n", "dotted name"},                   // spaced dots
        {"[" + dotted(5000, ".\"q\".") + "]\n", "dotted name"},               // quoted parts
        {"x = " + std::string(100000, '[') + "\n", "nested more than 64 deep"},  // arrays
        {"x = " + [] { std::string s; for (int i = 0; i < 100000; ++i) s += "{a="; return s; }() + "\n", "nested"},
        {"x = \"" + std::string(70000, 'y') + "\"\n", "a line longer than"},
        {"x = \"\"\"\n" + std::string(70000, 'y') + "\n\"\"\"\n", "a line longer than"},
    };
    for (const auto& [text, why] : hostile) {
        INFO(text.substr(0, 60));
        const auto breach = rules::toml_limit_breach(text);
        REQUIRE(breach);
        CHECK_THAT(breach->message, Catch::Contains(why));
        CHECK_THROWS_AS(roster::parse_roster(text, "hostile.toml"), roster::RosterError);
    }
    // House rules are TOML too.
    CHECK_THROWS_AS(rulesets::make("macduff", "[" + dotted(100000) + "]\n"), rules::InputError);
}

TEST_CASE("dots and brackets inside strings and comments, floats and dates are not nesting") {
    const std::string text = "name = \"" + dotted(200) + "\"\n"
                             "# " + std::string(200, '[') + "\n"
                             "literal = '" + std::string(200, '{') + "'\n"
                             "multi = \"\"\"\n" + dotted(300) + "\n" + std::string(100, '[') + "\n\"\"\"\n"
                             "scale = 1.5\nwhen = 1979-05-27T07:32:00.999\nescaped = \"a\\\"[[[.\"\n";
    CHECK_FALSE(rules::toml_limit_breach(text));
    for (const auto& entry : std::filesystem::directory_iterator(UMPIRE_SOURCE_DIR "/rosters")) {
        INFO(entry.path());
        CHECK_FALSE(rules::toml_limit_breach(read(entry.path().string())));
    }
    CHECK_FALSE(rules::toml_limit_breach(read(UMPIRE_SOURCE_DIR "/reference/macduff/chance_cards.toml")));
}
