// The ruleset kit's table reader: typed values, and errors that name the file, the table, the
// entry (by its id) and the field, with the line when the lines are the file's own.
#include "kit/option_flags.h"
#include "kit/table_reader.h"
#include "rules/inputs.h"
#include "rules/reference.h"

#include <catch2/catch.hpp>

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

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const rules::InputError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("kit table reader: an entry's field is named by file, table, entry id and field, with its line") {
    const kit::Reference ref = kit::load_reference(kBase, "reference/test/tables.toml", "");
    const kit::TableReader top = kit::TableReader::top(ref, 1);
    CHECK(top.text("name") == "Test");
    const kit::TableReader shooting = top.table("shooting");
    CHECK(shooting.integer("hit_on") == 5);
    std::vector<int> closes;
    const std::string error = error_of([&] {
        kit::each_entry(shooting, "weapons", [&](const kit::TableReader& w) { closes.push_back(w.integer("close")); });
    });
    CHECK(closes == std::vector<int>{12});
    CHECK(error == "house rules: reference/test/tables.toml: shooting.weapons[musket].close (line 9): expected a "
                   "whole number");
    CHECK_THAT(error_of([&] { shooting.integer("miss_on"); }),
               Catch::Contains("reference/test/tables.toml: shooting: missing \"miss_on\""));
    CHECK_THAT(error_of([&] { shooting.face("rogue_on"); }),
               Catch::Contains("shooting.rogue_on (line 11): must be a die score from 1 to 6"));
    CHECK_THAT(error_of([&] { top.table("melee"); }), Catch::Contains("\"melee\" must be a table"));
}

TEST_CASE("kit table reader: with house rules laid over, the file says so and no line of the merged text is given") {
    const kit::Reference ref =
        kit::load_reference(kBase, "reference/test/tables.toml", "[shooting]\nhit_on = \"five\"\n");
    CHECK(ref.file == "reference/test/tables.toml with the house rules");
    const std::string error = error_of([&] { kit::TableReader::top(ref, 1).table("shooting").integer("hit_on"); });
    CHECK(error == "house rules: reference/test/tables.toml with the house rules: shooting.hit_on: expected a whole number");
    // House rules that do not parse are refused with their own line and column.
    CHECK_THAT(error_of([] { kit::load_reference(kBase, "reference/test/tables.toml", "[shooting\n"); }),
               Catch::Contains("house rules:1:"));
    // A newer format than this build reads.
    const kit::Reference newer = kit::load_reference(kBase, "reference/test/tables.toml", "version = 2\n");
    CHECK_THAT(error_of([&] { kit::TableReader::top(newer, 1); }), Catch::Contains("newer format"));
}

TEST_CASE("kit table reader: rows by id, fractions and lists") {
    const kit::Reference ref = kit::load_reference(
        "format = \"umpire-reference\"\nversion = 1\nloss = [2, 3]\nbad = [2, 0]\nfaces = [1, 2]\nwords = [\"a\", 1]\n",
        "t.toml", "");
    const kit::TableReader top = kit::TableReader::top(ref, 1);
    CHECK(top.fraction("loss", {1, 2}) == std::pair<int, int>{2, 3});
    CHECK(top.fraction("absent", {1, 2}) == std::pair<int, int>{1, 2});
    CHECK_THAT(error_of([&] { top.fraction("bad", {1, 2}); }), Catch::Contains("both 1 or more"));
    CHECK(top.integers("faces", 2) == std::vector<int>{1, 2});
    CHECK_THAT(error_of([&] { top.integers("faces", 3); }), Catch::Contains("expected 3 values"));
    CHECK_THAT(error_of([&] { top.strings("words"); }), Catch::Contains("expected a list of text"));
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
    CHECK(error_of([&] { kit::read_flags(bad_options, {{"strict", &strict}}); }).find("options.strict") !=
          std::string::npos);
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
