// The ruleset kit's table reader: typed values, and errors that name the file, the table, the
// entry (by its id) and the field, with the line when the lines are the file's own.
#include "kit/option_flags.h"
#include "kit/table_reader.h"
#include "rules/inputs.h"
#include "rules/reference.h"

#include "support/input_error.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace umpire;

namespace {

constexpr const char* kBase = R"(format = "umpire-reference"
version = 1
name = "Test"

[shooting]
hit_on = 5
weapons = [
  { id = "rifle", close = 12 },
  { id = "musket", close = "six" },
]
rogue_on = 9
)";


} // namespace

TEST_CASE("kit table reader: an entry's field is named by file, table, entry id and field, with its line") {
    const kit::Reference ref = kit::load_reference(kBase, "reference/test/tables.toml", "");
    const kit::TableReader top = kit::TableReader::top(ref, 1);
    CHECK(top.text("name") == "Test");
    const kit::TableReader shooting = top.table("shooting");
    CHECK(shooting.integer("hit_on") == 5);
    std::vector<int> closes;
    const std::string error = testing::input_error_of([&] {
        kit::each_entry(shooting, "weapons", [&](const kit::TableReader& w) { closes.push_back(w.integer("close")); });
    });
    CHECK(closes == std::vector<int>{12});
    CHECK(error == "house rules: reference/test/tables.toml: shooting.weapons[musket].close (line 9): expected a "
                   "whole number");
    CHECK_THAT(testing::input_error_of([&] { shooting.integer("miss_on"); }),
               Catch::Contains("reference/test/tables.toml: shooting: missing \"miss_on\""));
    CHECK_THAT(testing::input_error_of([&] { shooting.face("rogue_on"); }),
               Catch::Contains("shooting.rogue_on (line 11): must be a die score from 1 to 6"));
    CHECK_THAT(testing::input_error_of([&] { top.table("melee"); }), Catch::Contains("\"melee\" must be a table"));
}

TEST_CASE("kit table reader: with house rules laid over, the file says so and no line of the merged text is given") {
    const kit::Reference ref =
        kit::load_reference(kBase, "reference/test/tables.toml", "[shooting]\nhit_on = \"five\"\n");
    CHECK(ref.file == "reference/test/tables.toml with the house rules");
    const std::string error = testing::input_error_of([&] { kit::TableReader::top(ref, 1).table("shooting").integer("hit_on"); });
    CHECK(error == "house rules: reference/test/tables.toml with the house rules: shooting.hit_on: expected a whole number");
    // House rules that do not parse are refused with their own line and column.
    CHECK_THAT(testing::input_error_of([] { kit::load_reference(kBase, "reference/test/tables.toml", "[shooting\n"); }),
               Catch::Contains("house rules:1:"));
    // A newer format than this build reads.
    const kit::Reference newer = kit::load_reference(kBase, "reference/test/tables.toml", "version = 2\n");
    CHECK_THAT(testing::input_error_of([&] { kit::TableReader::top(newer, 1); }), Catch::Contains("newer format"));
}

TEST_CASE("kit table reader: rows by id, fractions and lists") {
    const kit::Reference ref = kit::load_reference(
        "format = \"umpire-reference\"\nversion = 1\nloss = [2, 3]\nbad = [2, 0]\nfaces = [1, 2]\nwords = [\"a\", 1]\n",
        "t.toml", "");
    const kit::TableReader top = kit::TableReader::top(ref, 1);
    CHECK(top.fraction("loss", {1, 2}) == std::pair<int, int>{2, 3});
    CHECK(top.fraction("absent", {1, 2}) == std::pair<int, int>{1, 2});
    CHECK_THAT(testing::input_error_of([&] { top.fraction("bad", {1, 2}); }), Catch::Contains("both 1 or more"));
    CHECK(top.integers("faces", 2) == std::vector<int>{1, 2});
    CHECK_THAT(testing::input_error_of([&] { top.integers("faces", 3); }), Catch::Contains("expected 3 values"));
    CHECK_THAT(testing::input_error_of([&] { top.strings("words"); }), Catch::Contains("expected a list of text"));
    struct Thing : kit::Row {
        int n = 0;
    };
    std::vector<Thing> things(2);
    things[0].id = "a";
    things[1].id = "b";
    CHECK(kit::by_id(things, "b") == &things[1]);
    CHECK(kit::by_id(things, "c") == nullptr);
}

TEST_CASE("kit option flags: each key sets its flag, a key left out keeps the default, a bad value is named") {
    const kit::Reference ref = kit::load_reference(
        "format = \"umpire-reference\"\nversion = 1\nname = \"Test\"\n[options]\nstrict = true\nlenient = false\n",
        "reference/test/tables.toml", "[options]\nlenient = true\n");
    const kit::TableReader options = kit::TableReader::top(ref, 1).table("options");
    bool strict = false, lenient = false, optional = true;
    kit::read_flags(options, {{"strict", &strict}, {"lenient", &lenient}, {"optional", &optional}});
    CHECK(strict);
    CHECK(lenient);  // the house rule over the base
    CHECK(optional);
    const kit::Reference bad = kit::load_reference("format = \"umpire-reference\"\nversion = 1\nname = \"Test\"\n"
                                                   "[options]\nstrict = \"yes\"\n",
                                                   "reference/test/tables.toml", "");
    const kit::TableReader bad_options = kit::TableReader::top(bad, 1).table("options");
    CHECK(testing::input_error_of([&] { kit::read_flags(bad_options, {{"strict", &strict}}); }).find("options.strict") !=
          std::string::npos);
}

TEST_CASE("kit: a reference's comment lines are left out of its parse, and every reference reads the same") {
    // Every TOML file of reference/: the parse that skips the comment lines is the whole parse.
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(UMPIRE_SOURCE_DIR) + "/reference")) {
        if (entry.path().extension() != ".toml") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        INFO(entry.path().string());
        REQUIRE(text.find("\n#") != std::string::npos);  // it has comment lines to leave out
        const toml::table whole = toml::parse(std::string_view(text), std::string_view(entry.path().string()));
        CHECK(*rules::parse_toml_once(text, entry.path().string()) == whole);
        ++files;
    }
    CHECK(files >= 10);
}

TEST_CASE("kit: a reference parsed without its comment lines says the same lines, and keeps a string's lines") {
    // A mistake after comment lines: toml++ names the same line and column.
    const std::string bad = "# one\n  # two, indented\nname = \"x\"\n# three\nvalue = = 1\n";
    std::string whole_error, once_error;
    try {
        (void)toml::parse(std::string_view(bad), std::string_view("bad.toml"));
    } catch (const toml::parse_error& e) {
        whole_error = std::to_string(e.source().begin.line) + ":" + std::to_string(e.source().begin.column);
    }
    try {
        (void)rules::parse_toml_once(bad, "bad.toml");
    } catch (const toml::parse_error& e) {
        once_error = std::to_string(e.source().begin.line) + ":" + std::to_string(e.source().begin.column);
    }
    CHECK(whole_error == "5:9");
    CHECK(once_error == whole_error);
    // In a multi-line string a line starting with '#' is the string's.
    const auto kept = rules::parse_toml_once("text = \"\"\"\n# not a comment\n\"\"\"\n", "string.toml");
    CHECK((*kept)["text"].value<std::string>() == "# not a comment\n");
    // A comment toml++ refuses (a control character in it) is still refused.
    CHECK_THROWS_AS(rules::parse_toml_once("# bad \x01 comment\nname = \"x\"\n", "control.toml"), toml::parse_error);
}

TEST_CASE("kit: a reference text is parsed once per process, however many read it") {
    // The ruleset, its limits and its turn sequence all read tables.toml, for each battle opened.
    const std::string text = std::string(kBase) + "# parsed once\n";
    const auto first = rules::parse_toml_once(text, "once.toml");
    const auto again = rules::parse_toml_once(text, "once.toml");
    CHECK(first.get() == again.get());  // the same parse, not a second one
    CHECK((*first)["shooting"]["hit_on"].value<int>() == 5);
    const auto other = rules::parse_toml_once(text + "extra = 1\n", "once.toml");
    CHECK(other.get() != first.get());
    CHECK((*other)["shooting"]["extra"].value<int>() == 1);
    // Without house rules the merge hands the text back as written, without a parse of its own.
    CHECK(rules::merge_reference(text, "once.toml", "") == text);
    const kit::Reference loaded = kit::load_reference(text, "once.toml", "");
    CHECK(&loaded.root == first.get());  // the ruleset reads that same parse
    CHECK(loaded.root["shooting"]["hit_on"].value<int>() == 5);
}
