// The quick reader of roster TOML (roster/quick_toml.h) against toml++: for every roster the repo
// ships and for texts made to be odd or wrong, it reads the very tree toml++ reads (the same
// values at the same places) or leaves the text to toml++; and a roster's mistakes get the same
// message, line and column whichever of the two read its TOML.
#include "roster/quick_toml.h"
#include "roster/roster.h"
#include "roster/roster_tree.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace roster = umpire::roster;
using roster::detail::Node;

namespace {

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Whether toml++ reads `text`, and if it does, that the quick reader reads it the same or not at
// all; if toml++ refuses it, the quick reader must too. Returns whether the quick reader read it.
bool quick_agrees(const std::string& text) {
    std::optional<Node> quick = roster::detail::quick_toml(text);
    toml::table parsed;
    try {
        parsed = toml::parse(std::string_view(text), std::string_view("t.toml"));
    } catch (const toml::parse_error& e) {
        INFO("toml++ refuses it: " << e.description());
        CHECK_FALSE(quick);
        return false;
    }
    if (quick) CHECK(roster::detail::same_tree(*quick, roster::detail::tree_of(parsed)));
    return quick.has_value();
}

// What parse_roster says of `text`: the battle's size, or the error with its place.
std::string outcome(const std::string& text) {
    try {
        const umpire::model::Battle battle = roster::parse_roster(text, "r.toml");
        return "read: " + std::to_string(battle.sides.size()) + " sides, " + std::to_string(battle.units.size()) + " units";
    } catch (const roster::RosterError& e) {
        return std::string(e.what());
    }
}

// The same text, ending in a comment the quick reader leaves to toml++ (a letter past ASCII):
// every place before it is unchanged.
std::string for_toml_pp(const std::string& text) { return text + "\n# d\xc3\xa9j\xc3\xa0 vu\n"; }

const std::string kGood = "format = \"umpire-roster\"\nversion = 1\nruleset = \"macduff\"\nname = \"Test\"\n\n"
                          "[[side]]\nname = \"Red\"\n[[side.unit]]\nname = \"A\"\ntype = \"infantry\"\n"
                          "quality = \"average\"\nweapon = \"rifle\"\nfigures = 12\n\n"
                          "[[side]]\nname = \"Blue\"\n[[side.unit]]\nname = \"B\"\ntype = \"infantry\"\n"
                          "quality = \"average\"\nweapon = \"rifle\"\nfigures = 12\n";

} // namespace

TEST_CASE("quick roster reader: every roster the repo ships reads as toml++ reads it") {
    int files = 0, quick = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(UMPIRE_SOURCE_DIR) + "/rosters")) {
        if (entry.path().extension() != ".toml") continue;
        INFO(entry.path().string());
        const std::string text = file_text(entry.path());
        ++files;
        if (quick_agrees(text)) ++quick;
        // And the battle read is the same whichever reader read the TOML.
        CHECK(outcome(text) == outcome(for_toml_pp(text)));
    }
    CHECK(files >= 7);
    CHECK(quick >= files - 1);  // all of them today; one with a multi-line string would go to toml++
}

TEST_CASE("quick roster reader: what it reads of TOML, it reads as toml++ does, places included") {
    const std::vector<std::string> texts{
        kGood,
        "# a comment\r\nname = \"x\"  # another\r\n\r\n[[side]]\r\n\tname = 'literal \"quoted\"'\r\n",
        "a = \"esc \\\" \\\\ \\n \\t \\r \\b \\f end\"\nb = ''\nc = \"\"\nd = -0\ne = 0\nf = -12\ng = 3.25\nh = -0.5\n"
        "i = 0.0\nj = 999999999999999999\nk = true\nl = false\n",
        "traits = [\"a\", 'b', 1, 2.5, true, [], [1, [2]], { x = 1 },]\nempty = []\ninline = { a = \"b\", c = { d = 1 } }\n"
        "none = {}\n",
        "  [[side]]\n  name = \"indented\"\n  [[side.unit]]\n    name = \"u\"\n[[side]]\n[[side.commander]]\n[[side.unit]]\n"
        "[[side.unit]]\nx = 1\n",
        "[[a]]\n[[a.b]]\n[[a.b.c]]\nv = 1\n[[a.b.c]]\n[[a]]\nz = 2\n",
        "key-with_dash-09 = 1\n9 = 2\nend = \"no newline at the end\"",
        "",
        "\n\n# only comments\n",
    };
    for (const std::string& text : texts) {
        INFO(text);
        CHECK(quick_agrees(text));  // each is in the quick reader's part of TOML
    }
}

TEST_CASE("quick roster reader: TOML outside its part, or wrong, is left to toml++") {
    const std::vector<std::string> texts{
        // valid TOML, outside the quick reader's part
        "name = \"\"\"multi\nline\"\"\"\n", "name = '''multi'''\n", "[side]\nname = 1\n", "a.b = 1\n",
        "\"quoted key\" = 1\n", "[[ side ]]\n", "n = 1_000\n", "n = 0x10\n", "n = +5\n", "n = 1e3\n", "n = 1.5e3\n",
        "n = inf\n", "n = nan\n", "n = -inf\n", "d = 1979-05-27\n", "t = 07:32:00\n", "dt = 1979-05-27T07:32:00Z\n",
        "s = \"\\u00e9\"\n", "s = \"caf\xc3\xa9\"\n", "# caf\xc3\xa9\nname = 1\n", "a = [\n  1,\n]\n", "a = [1, # c\n]\n",
        "n = 9999999999999999999\n", "\xef\xbb\xbfname = 1\n", "a = { b.c = 1 }\n",
        // wrong TOML: toml++ says what is wrong
        "name = \"a\"\nname = \"b\"\n", "side = 1\n[[side]]\n", "side = [{ a = 1 }]\n[[side]]\n", "[[side]]\nx = 1\n[side]\n",
        "[[side.unit]]\n", "name = \"open\n", "name = 'open\n", "name = \"bad \\q escape\"\n", "name = \"tab\x01\"\n",
        "# bell \x07 in a comment\nname = 1\n", "name = \"del\x7f\"\n", "n = 07\n", "n = -\n", "n = 1.\n", "n = .5\n",
        "n = 1.2.3\n", "b = true1\n", "b = TRUE\n", "s = \"a\"b\n", "a = [,]\n", "a = [1 2]\n", "t = { a = 1, }\n",
        "t = { a = 1, a = 2 }\n", "t = { a = 1\n", "name =\n", "name\n", "= 1\n", "name = 1 2\n", "a = 1\rb = 2\n",
        "[[]]\n", "[[side]] x\n", "[[side]\n", "[[side.]]\n", "[[.side]]\n", "k = [[1]\n",
    };
    for (const std::string& text : texts) {
        INFO(text);
        CHECK_FALSE(quick_agrees(text));
    }
    // Past the bounds of rules/toml_limits.h: not read here, and refused with the same words.
    const std::string long_line = "name = \"" + std::string(70000, 'x') + "\"\n";
    CHECK_FALSE(roster::detail::quick_toml(long_line));
    CHECK_THAT(outcome(long_line), Catch::Contains("r.toml:1:65537: not read: a line longer than 65536 bytes"));
    CHECK_FALSE(roster::detail::quick_toml("[[a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a]]\n"));
}

TEST_CASE("quick roster reader: a roster's mistakes get the same message and place whichever reader read its TOML") {
    auto with = [](const std::string& from, const std::string& to) {
        std::string text = kGood;
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        return text.replace(at, from.size(), to);
    };
    const std::vector<std::string> rosters{
        kGood,
        with("figures = 12\n\n", "figures = 12\nzeta = 1\nalpha = 2\n\n"),  // the first unknown key by name
        with("figures = 12\n\n", "figures = 12\ntraits = { zz = 1, aa = 2 }\n\n"),  // the first bad trait by name
        with("figures = 12\n\n", "figures = 12\ntraits = { b = \"x\", a = \"\" }\n\n"),
        with("figures = 12\n\n", "figures = 12\ntraits = [\"a\", \"a\"]\n\n"),
        with("figures = 12\n\n", "figures = 12\ntraits = \"skirmishers\"\n\n"),
        with("figures = 12\n\n", "figures = 0\n\n"),
        with("figures = 12\n\n", "figures = 1.5\n\n"),
        with("figures = 12\n\n", "figures = \"12\"\n\n"),
        with("figures = 12\n\n", "figures = 12\nformed = \"yes\"\n\n"),
        with("figures = 12\n\n", "figures = 12\ncurrent_figures = 13\n\n"),
        with("figures = 12\n\n", "figures = 12\nreserve = true\nhidden = true\n\n"),
        with("name = \"B\"", "name = \"a\""),  // a duplicate unit name, ignoring case
        with("name = \"B\"", "name = \" \""),
        with("name = \"B\"", "name = \"tab\\tin a name\""),
        with("name = \"A\"\ntype", "type"),  // missing name
        with("version = 1", "version = 2"),
        with("version = 1", "version = 0"),
        with("version = 1", "version = \"1\""),
        with("format = \"umpire-roster\"", "format = \"other\""),
        with("name = \"Test\"\n", "name = \"Test\"\ndistance_scale = 1.5\ndistance_unit = \"cm\"\n"),
        with("name = \"Test\"\n", "name = \"Test\"\ndistance_scale = -1.0\n"),
        with("name = \"Test\"\n", "name = \"Test\"\ndistance_scale = 2\n"),
        with("name = \"Test\"\n", "name = \"Test\"\ndistance_unit = \"mm\"\n"),
        with("name = \"Test\"\n", "name = \"Test\"\nhouse_rules = \"[shooting]\\nhit_on = 5\\n\"\n"),
        with("[[side]]\nname = \"Red\"\n", "[[side]]\nname = \"Red\"\ncolour = \"red\"\n[[side.commander]]\nname = \"C\"\n"
                                           "general = true\n[[side.commander]]\nname = \"D\"\ngeneral = true\n"),
        with("[[side]]\nname = \"Blue\"\n", "[[side]]\nname = \"Red\"\n"),
        with("weapon = \"rifle\"\nfigures = 12\n\n", "weapon = \"rifle\"\nfigures = 12\ncommander = \"Nobody\"\n\n"),
        with("[[side]]\nname = \"Blue\"\n[[side.unit]]", "[[side]]\nname = \"Blue\"\nunit = 1\n[[side.commander]]"),
        "format = \"umpire-roster\"\nversion = 1\nruleset = \"m\"\nname = \"One side\"\n[[side]]\nname = \"R\"\n",
        "format = \"umpire-roster\"\nversion = 1\nruleset = \"m\"\nname = \"No side\"\n",
        "format = \"umpire-roster\"\nversion = 1\nruleset = \"m\"\nname = \"x\"\nside = [1, 2]\n",
        "format = \"umpire-roster\"\nversion = 1\nruleset = \"m\"\nname = \"x\"\nside = 3\n",
        "version = 1\n",
    };
    for (const std::string& text : rosters) {
        INFO(text);
        CHECK(roster::detail::quick_toml(text));  // the quick reader reads its TOML
        CHECK(outcome(text) == outcome(for_toml_pp(text)));
    }
    CHECK(outcome(kGood) == "read: 2 sides, 2 units");
    CHECK_THAT(outcome(rosters[1]), Catch::Contains("r.toml:15:1") && Catch::Contains("unknown key 'alpha' in unit"));
}
