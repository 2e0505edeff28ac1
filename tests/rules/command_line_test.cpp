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
    Demo() = default;
    explicit Demo(const std::string& sample)
        : battle(roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/" + sample + ".toml")) {}
    std::unique_ptr<rules::Ruleset> ruleset = rulesets::make(battle.ruleset);
    rules::TypedCommand parse(std::string_view line) const {
        return rules::parse_command(rules::command_words(line), *ruleset, battle);
    }
    int id(const char* name) const { return battle.find_unit(name)->id; }
    std::string commander(const char* name) const {
        for (const auto& c : battle.commanders)
            if (c.name == name) return std::to_string(c.id);
        return "no such commander";
    }
    // The words of the refusal of `line`, which must be refused for `input`.
    std::string refusal(std::string_view line, const std::string& input) const {
        try {
            parse(line);
        } catch (const rules::InputError& e) {
            CHECK(e.input() == input);
            return e.what();
        }
        FAIL("not refused: " << line);
        return {};
    }
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

TEST_CASE("command line: a lone die typed last is the dice when it cannot be the input it would fill") {
    const Demo abu_klea("square-hearts-abu-klea");
    // The input it would fill is a yes/no (the General's deferral): the 4 is his order die.
    rules::TypedCommand c = abu_klea.parse("orders brig 4");
    CHECK(c.request.values == std::map<std::string, std::string>{{"commander", abu_klea.commander("Brigadier-General Stewart")}});
    CHECK(c.dice == "4");
    // Every input given already (the deferral by its id): the number is the dice.
    c = abu_klea.parse("orders brig defer 5");
    CHECK(c.request.values.at("defer") == "yes");
    CHECK(c.dice == "5");
    // After the range the next inputs are modifiers and a unit, which a number cannot be: a die,
    // not the unit with id 6 behind the target.
    c = abu_klea.parse("shoot ansar heavy 2d 6");
    CHECK(c.request.values == std::map<std::string, std::string>{{"range", "2d"}});
    CHECK(c.dice == "6");
    // The unit behind is still given by name or as behind=ID.
    CHECK(abu_klea.parse("shoot ansar heavy 2d behind=6").request.values.at("behind") == "6");
    CHECK(abu_klea.parse("shoot ansar heavy 2d behind=6").dice.empty());
    // A number the next input needs is that input: the range.
    c = abu_klea.parse("shoot ansar heavy 2");
    CHECK(c.request.values.at("range") == "2");
    CHECK(c.dice.empty());
    // Dice written with commas leave the numbers to the inputs.
    CHECK(abu_klea.parse("melee hamran heavy 2 6,5").request.values.at("split") == "2");
    // Out of the input's range (the split is 1 to 3 dice): a die.
    c = abu_klea.parse("melee hamran heavy 5");
    CHECK_FALSE(c.request.values.count("split"));
    CHECK(c.dice == "5");

    // MacDuff's shooting: after the range come the figures, which a number can be.
    const Demo demo;
    c = demo.parse("shoot 2nd gh 10 6 5");
    CHECK(c.request.values == std::map<std::string, std::string>{{"range", "10"}, {"figures", "6"}});
    CHECK(c.dice == "5");
}

TEST_CASE("command line: a number that could be an input or a die is refused with how to write each") {
    const Demo abu_klea("square-hearts-abu-klea");
    // The split may be left blank: "2" could be it or the die.
    CHECK(abu_klea.refusal("melee hamran heavy 2", "split") ==
          "\"2\" could be Dice at this target (the split) or a die: write the die as dice=2, or the value as "
          "split=2");
    CHECK(abu_klea.parse("melee hamran heavy split=2 dice=6").dice == "6");
    // The unit gives its figures, but a number typed after the range may change them.
    const Demo demo;
    CHECK(demo.refusal("shoot 2nd gh 10 6", "figures") ==
          "\"6\" could be Figures shooting or a die: write the die as dice=6, or the value as figures=6");
    // Values beyond the inputs: the message says how dice are written.
    CHECK_THAT(abu_klea.refusal("orders brig defer 4 5", "orders"),
               Catch::Contains("\"4\" is one value more than Orders has inputs left to fill (dice are written with "
                               "commas, 6,5,4, or as dice=6)"));
}

TEST_CASE("command line: a name is found by the start of any of its words, the candidates listed when several share it") {
    const Demo abu_klea("square-hearts-abu-klea");
    // "burn" starts no name but a word of one: Colonel Burnaby.
    rules::TypedCommand c = abu_klea.parse("orders burn 4");
    CHECK(c.request.values.at("commander") == abu_klea.commander("Colonel Burnaby"));
    CHECK(c.dice == "4");
    // A name typed whole without quotes takes its words.
    c = abu_klea.parse("orders colonel burnaby 4");
    CHECK(c.request.values.at("commander") == abu_klea.commander("Colonel Burnaby"));
    CHECK(c.dice == "4");
    c = abu_klea.parse("shoot ansar riflemen heavy camel regiment 2d 6");
    CHECK(c.request.unit == abu_klea.id("Ansar riflemen"));
    CHECK(c.request.target == abu_klea.id("Heavy Camel Regiment"));
    CHECK(c.request.values.at("range") == "2d");
    // The start of a name beats the start of a word: "colonel" is Colonel Burnaby, not
    // Lieutenant-Colonel Barrow.
    CHECK(abu_klea.parse("orders colonel 4").request.values.at("commander") == abu_klea.commander("Colonel Burnaby"));
    // Four names have a word starting "camel": the message lists those four and says to quote.
    CHECK(abu_klea.refusal("shoot ansar camel 2d", "target") ==
          "target: more than one unit has a word starting with \"camel\" (type more of the name; a name with spaces "
          "goes in quotes: \"Guards Camel Regiment\"); which: Guards Camel Regiment, Heavy Camel Regiment, Mounted "
          "Infantry Camel Regiment, Baggage camels");
    // Nothing starts so: every name, and the quotes.
    CHECK_THAT(abu_klea.refusal("orders zulu 4", "commander"),
               Catch::StartsWith("Commander: no single commander is called \"zulu\" (a unique start of a name or of a "
                                 "word in it will do; a name with spaces goes in quotes: \"Brigadier-General "
                                 "Stewart\"); commanders: Brigadier-General Stewart, Colonel Burnaby"));
    // Inside a word is no match: "urnaby" names nobody.
    CHECK_THAT(abu_klea.refusal("orders urnaby 4", "commander"), Catch::Contains("no single commander"));
}

TEST_CASE("command line: MacDuff's move names the unit that moves, then the unit it charges") {
    const Demo demo;
    // The first name is the mover (its order and formation decide the move), not the target.
    const rules::TypedCommand march = demo.parse("move ora order=march");
    CHECK(march.request.unit == demo.id("Orakzai Riflemen"));
    CHECK_FALSE(march.request.target);
    CHECK(march.request.values.at("order") == "march");
    const rules::TypedCommand charge = demo.parse("move gor gha order=charge");
    CHECK(charge.request.unit == demo.id("Gordon Highlanders"));
    CHECK(charge.request.target == demo.id("Ghazis"));
    CHECK(charge.request.values.at("order") == "charge");
}

TEST_CASE("command line: a choice is typed by a unique start of its id, as names are") {
    const Demo demo;
    CHECK(demo.parse("charge-reaction gha gor reaction=counter").request.values.at("reaction") == "counter-charge");
    CHECK(demo.parse("move ora order=mar").request.values.at("order") == "march");
    // "ma" starts both maneuver and march: left as typed, for the input's check to refuse with the choices.
    CHECK(demo.parse("move ora order=ma").request.values.at("order") == "ma");
}

TEST_CASE("command line: a number that cannot be a die is the input it fills, in every ruleset") {
    const Demo quatre_bras("featherstone-quatre-bras");
    const Demo pines("rattle-seven-pines");
    // The distance the line gives the charge, and that it left the app to roll.
    auto distance = [](const Demo& demo, std::string_view line) {
        INFO(line);
        const rules::TypedCommand c = demo.parse(line);
        CHECK(c.dice.empty());
        return c.request.values.count("distance") ? c.request.values.at("distance") : "none";
    };
    // Featherstone: the charge's distance may be left blank, yet 10 is no die (they are six-sided),
    // and a charge rolls no dice at all: even 4 can only be its distance.
    const rules::TypedCommand c = quatre_bras.parse("charge 8e 1/28 10");
    CHECK(c.request.unit == quatre_bras.id("8e Cuirassiers"));
    CHECK(c.request.target == quatre_bras.id("1/28th Foot"));
    CHECK(distance(quatre_bras, "charge 8e 1/28 10") == "10");
    CHECK(distance(quatre_bras, "charge 8e 1/28 4") == "4");
    // The Rattle of Dice reads its charge the same way.
    CHECK(pines.parse("charge 6th 104th 8").request.target == pines.id("104th Pennsylvania"));
    CHECK(distance(pines, "charge 6th 104th 8") == "8");
    CHECK(distance(pines, "charge 6th 104th 4") == "4");
    // Nothing left to fill and no die either: one value too many, not a die of 12.
    const Demo abu_klea("square-hearts-abu-klea");
    CHECK_THAT(abu_klea.refusal("orders brig defer 12", "orders"), Catch::Contains("\"12\" is one value more"));
}

TEST_CASE("command line: names before numbers where a unit may be named (shoot 5th 104 12)") {
    const Demo pines("rattle-seven-pines");
    // 104 begins 104th Pennsylvania's name: the target, and 12 the range.
    rules::TypedCommand c = pines.parse("shoot 5th 104 12");
    CHECK(c.request.unit == pines.id("5th Alabama"));
    CHECK(c.request.target == pines.id("104th Pennsylvania"));
    CHECK(c.request.values.at("range") == "12");
    // Typed whole, or with the rest of its name, the same.
    for (const char* line : {"shoot 5th 104th 12", "shoot 5th 104 pennsylvania 12"}) {
        INFO(line);
        c = pines.parse(line);
        CHECK(c.request.target == pines.id("104th Pennsylvania"));
        CHECK(c.request.values.at("range") == "12");
    }
    // A number that begins no enemy's name is a number: 10 is not 104th's or 101st's number, and
    // 12th Mississippi is the 5th Alabama's own side.
    c = pines.parse("shoot 5th 10");
    CHECK_FALSE(c.request.target);
    CHECK(c.request.values.at("range") == "10");
    c = pines.parse("shoot 5th 12");
    CHECK_FALSE(c.request.target);
    CHECK(c.request.values.at("range") == "12");
    // Where a unit must be named, too: 104 is 104th Pennsylvania, not the unit with id 104.
    CHECK(pines.parse("charge 6th 104 8").request.target == pines.id("104th Pennsylvania"));
    // And in a unit's place among the values: with a "6th Mounted Infantry" on the table, the 6
    // after the range is the unit behind the target, not a die (as it is in the sample roster).
    Demo abu_klea("square-hearts-abu-klea");
    CHECK(abu_klea.parse("shoot ansar heavy 2d 6").dice == "6");
    abu_klea.battle.unit(abu_klea.id("Mounted Infantry Camel Regiment"))->name = "6th Mounted Infantry";
    c = abu_klea.parse("shoot ansar heavy 2d 6");
    CHECK(c.request.values.at("behind") == std::to_string(abu_klea.id("6th Mounted Infantry")));
    CHECK(c.dice.empty());
}

TEST_CASE("command line: unit=, target=, dice= and overrule= are the line's own names and any other is refused once") {
    const Demo pines("rattle-seven-pines");
    rules::TypedCommand c = pines.parse("shoot 5th target=104th 12");
    CHECK(c.request.target == pines.id("104th Pennsylvania"));
    CHECK(c.request.values.at("range") == "12");
    c = pines.parse("shoot unit=5th 104th 12 dice=6,5");
    CHECK(c.request.unit == pines.id("5th Alabama"));
    CHECK(c.request.target == pines.id("104th Pennsylvania"));
    CHECK(c.dice == "6,5");
    // The umpire's overrule, with his reason (quoted: spaces kept).
    c = pines.parse("shoot 5th 104th 12 overrule=\"they had loaded twice\"");
    CHECK(c.request.overrule == "they had loaded twice");
    CHECK(c.request.values == std::map<std::string, std::string>{{"range", "12"}});
    CHECK_THAT(pines.refusal("shoot 5th 104th 12 overrule=", "overrule"), Catch::Contains("say why the umpire overrules"));
    // Any other name: refused, saying the inputs and the line's own names.
    CHECK(pines.refusal("shoot 5th 104th 12 wibble=3", "wibble") ==
          "wibble: not an input of Shoot; its inputs are: figures, type, weapon, range, modifiers, in-sight, "
          "out-of-turn, overhead, on-hill, gap-at-gun, gap-at-target, shaken; the line also takes unit=, target=, "
          "dice=, overrule=");
    // An input whose id starts "target" is still that input (Featherstone's charged troops).
    const Demo quatre_bras("featherstone-quatre-bras");
    CHECK(quatre_bras.parse("charge 8e 1/28 target-type=line-infantry").request.values.at("target-type") ==
          "line-infantry");
}

TEST_CASE("command line: a refusal says how to overrule it on the line") {
    const rules::Refusal refused("2nd Sikhs has fired this turn", "MacDuff 7.1 Restrictions");
    CHECK(rules::refused_on_line(refused) ==
          "The rules refuse this: 2nd Sikhs has fired this turn (MacDuff 7.1 Restrictions); to apply it anyway, add "
          "the umpire's reason to the line: overrule=\"why\"");
}
