// The short syntax of an action, as the command line and the desk's command line read it: names
// by a unique start, values in the declared order or by name, real dice with commas.
#include "roster/roster.h"
#include "rules/command_line.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

struct Demo {
    model::Battle battle = roster::parse_roster(roster::demo_roster(), "demo");
    std::unique_ptr<rules::Ruleset> ruleset = rulesets::make(battle.ruleset);
    rules::TypedCommand parse(std::string_view line) const {
        return rules::parse_command(rules::command_words(line), *ruleset, battle);
    }
    int id(const char* name) const { return battle.find_unit(name)->id; }
};

} // namespace

TEST_CASE("command line: shoot 2nd gh 10 6,5,4,3,2,1 names the action, the unit, the target, the range and the dice") {
    const Demo demo;
    const rules::TypedCommand c = demo.parse("shoot 2nd gh 10 6,5,4,3,2,1");
    CHECK(c.request.action == "shoot");
    CHECK(c.request.unit == demo.id("2nd Sikhs"));
    CHECK(c.request.target == demo.id("Ghazis"));
    CHECK(c.request.values == std::map<std::string, std::string>{{"range", "10"}});  // the unit gives the rest
    CHECK(c.dice == "6,5,4,3,2,1");
    // Without dice the app rolls.
    CHECK(demo.parse("sh 2nd gh 10").dice.empty());
}

TEST_CASE("command line: inputs by name, a modifier or a yes/no by its id alone, a quoted name") {
    const Demo demo;
    const rules::TypedCommand c = demo.parse("shoot \"2nd Sikhs\" ghazis rang=12 hard-cover shaken dice=6,6");
    CHECK(c.request.unit == demo.id("2nd Sikhs"));
    CHECK(c.request.values.at("range") == "12");
    CHECK(c.request.values.at("modifiers") == "hard-cover");
    CHECK(c.request.values.at("shaken") == "yes");
    CHECK(c.dice == "6,6");
}

TEST_CASE("command line: a start two names share takes the next word, and what cannot be read is refused by name") {
    const Demo demo;
    CHECK(demo.parse("shoot afridi marks gh 20").request.unit == demo.id("Afridi Marksmen"));
    auto refused = [&](std::string_view line, const std::string& input, const std::string& words) {
        INFO(line);
        try {
            demo.parse(line);
            FAIL("not refused");
        } catch (const rules::InputError& e) {
            CHECK(e.input() == input);
            CHECK_THAT(e.what(), Catch::Contains(words));
        }
    };
    // Two names start so: the message names those two, not the whole roster.
    refused("shoot afridi", "unit", "more than one unit starts with \"afridi\" (a unique start of a name will do); "
                                    "units: Afridi Marksmen, Afridi Swordsmen");
    refused("zap 2nd gh 10", "action", "no action starts with \"zap\"");
    refused("shoot", "unit", "needs the acting unit");
    refused("shoot 2nd gh wind=3", "wind", "not an input of Shooting");
    refused("shoot 2nd gh ra=3", "ra", "more than one input starts with");
    refused("casualties 2nd 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20", "casualties", "one value more");
}
