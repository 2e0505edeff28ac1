// The rulesets' tables compiled at build time (rules/compiled_toml.h): the tree each ruleset loads
// is the tree toml++ parses from its file in reference/, with the same lines in its messages, and
// a text that is not the file (house rules laid over it) is parsed as before.
#include "kit/table_reader.h"
#include "rules/compiled_toml.h"
#include "rules/inputs.h"
#include "rules/reference.h"
#include "rulesets/edwardian/tables.h"
#include "rulesets/featherstone/tables.h"
#include "rulesets/macduff/tables.h"
#include "rulesets/rattle/tables.h"
#include "rulesets/square-hearts/tables.h"

#include "support/input_error.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <vector>

using namespace umpire;

namespace {

const std::map<std::string, std::function<kit::Reference(std::string_view)>> kRulesets{
    {"edwardian", edwardian::load_reference},     {"featherstone", featherstone::load_reference},
    {"macduff", macduff::load_reference},         {"rattle", rattle::load_reference},
    {"square-hearts", square_hearts::load_reference},
};

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every node of a tree, in order, each beside the node at the same place in a tree of the same shape.
void pair_nodes(const toml::node& a, const toml::node& b, std::vector<std::pair<const toml::node*, const toml::node*>>& out) {
    out.emplace_back(&a, &b);
    if (const toml::table* t = a.as_table())
        for (auto i = t->begin(), j = b.as_table()->begin(); i != t->end(); ++i, ++j) pair_nodes(i->second, j->second, out);
    else if (const toml::array* x = a.as_array())
        for (std::size_t i = 0; i < x->size(); ++i) pair_nodes((*x)[i], (*b.as_array())[i], out);
}


} // namespace

TEST_CASE("compiled tables: every ruleset loads the very tree toml++ parses from its file in reference/, with its lines") {
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(UMPIRE_SOURCE_DIR) + "/reference")) {
        const std::filesystem::path file = entry.path() / "tables.toml";
        if (!std::filesystem::exists(file)) continue;
        const std::string id = entry.path().filename().string();
        INFO(file.string());
        REQUIRE(kRulesets.count(id) == 1);  // a new ruleset's tables are compiled and tested too
        ++files;
        const std::string text = file_text(file);
        const kit::Reference reference = kRulesets.at(id)("");
        CHECK(reference.text == text);  // the embedded text is the file's
        CHECK(reference.lines_are_the_files);
        // Loaded from the compiled form: toml++'s parser gives every node its place, this none.
        CHECK(reference.root.source().begin.line == 0);
        const toml::table parsed = toml::parse(std::string_view(text), std::string_view(file.string()));
        REQUIRE(rules::same_tree(reference.root, parsed));
        CHECK(reference.root == parsed);  // toml++'s own comparison agrees

        // The line a message names, for nodes all through the file (each look-up parses the file).
        std::vector<std::pair<const toml::node*, const toml::node*>> nodes;
        pair_nodes(reference.root, parsed, nodes);
        REQUIRE(nodes.size() > 200);
        for (std::size_t i = 1; i < nodes.size(); i += nodes.size() / 12) {
            const auto [compiled, original] = nodes[i];
            CHECK(rules::compiled_line(reference.root, *compiled, text, file.string()) == original->source().begin.line);
        }
        const auto [last, last_parsed] = nodes.back();
        CHECK(rules::compiled_line(reference.root, *last, text, file.string()) == last_parsed->source().begin.line);
    }
    CHECK(files == kRulesets.size());
}

TEST_CASE("compiled tables: a field's error names its line in the file, as when the file was parsed") {
    constexpr std::string_view kBase = "format = \"umpire-reference\"\nversion = 1\nname = \"Test\"\n\n"
                                       "[shooting]\nweapons = [\n  { id = \"rifle\", close = 12 },\n"
                                       "  { id = \"musket\", close = \"six\" },\n]\n";
    const std::string compiled = rules::compile_toml(toml::parse(kBase, std::string_view("t.toml")), kBase);
    const kit::Reference reference = kit::load_reference(kBase, "reference/test/tables.toml", "", compiled);
    REQUIRE(reference.root.source().begin.line == 0);  // the compiled tree
    const kit::TableReader shooting = kit::TableReader::top(reference, 1).table("shooting");
    CHECK(testing::input_error_of([&] { kit::each_entry(shooting, "weapons", [](const kit::TableReader& w) { w.integer("close"); }); }) ==
          "house rules: reference/test/tables.toml: shooting.weapons[musket].close (line 8): expected a whole number");

    // A ruleset's own: the line of `name` in reference/macduff/tables.toml.
    const kit::Reference macduff = macduff::load_reference("");
    const std::string text = file_text(std::string(UMPIRE_SOURCE_DIR) + "/reference/macduff/tables.toml");
    const auto line = toml::parse(std::string_view(text), std::string_view("t"))["name"].node()->source().begin.line;
    CHECK(testing::input_error_of([&] { kit::TableReader::top(macduff, 1).fail_at("name", "a test"); }) ==
          "house rules: reference/macduff/tables.toml: name (line " + std::to_string(line) + "): a test");
}

TEST_CASE("compiled tables: house rules laid over the tables, or any other text, go through the parser") {
    const kit::Reference plain = macduff::load_reference("");
    const kit::Reference house = macduff::load_reference("[shooting]\ncitation = \"a house rule\"\n");
    CHECK(house.parsed.get() != plain.parsed.get());
    CHECK(house.root.source().begin.line != 0);  // parsed by toml++
    CHECK(house.root["shooting"]["citation"].value<std::string>() == "a house rule");
    // The compiled form stands for exactly the text it was made from.
    const std::string text = "name = \"x\"\nvalue = 1\n";
    const std::string compiled = rules::compile_toml(toml::parse(text), text);
    CHECK(rules::compiled_from(compiled, text));
    CHECK_FALSE(rules::compiled_from(compiled, "name = \"y\"\nvalue = 1\n"));
    CHECK_FALSE(rules::compiled_from(compiled, text + " "));
    CHECK_FALSE(rules::compiled_from("", text));
    const auto other = rules::parse_toml_once("name = \"y\"\nvalue = 1\n", "other.toml", compiled);
    CHECK((*other)["name"].value<std::string>() == "y");
}

TEST_CASE("compiled tables: every kind of value loads back the same, and a damaged form is refused") {
    const std::string text = "int = 7\nhex = 0xff\nfloat = 1.5\nyes = true\ntext = \"a \\\"b\\\"\"\n"
                             "list = [1, 2.5, \"three\", [4]]\ninline = { a = 1 }\n[[rows]]\nid = \"r\"\n[deep.er]\nx = -3\n";
    const toml::table parsed = toml::parse(text);
    const std::string compiled = rules::compile_toml(parsed, text);
    const toml::table loaded = rules::load_compiled_toml(compiled);
    CHECK(rules::same_tree(loaded, parsed));
    CHECK(loaded["inline"].as_table()->is_inline());
    CHECK(loaded["hex"].as_integer()->flags() == toml::value_flags::format_as_hexadecimal);
    // same_tree tells a difference toml++'s == would not see.
    CHECK_FALSE(rules::same_tree(loaded, toml::parse("int = 7\n")));
    CHECK_FALSE(rules::same_tree(toml::parse("a = { b = 1 }"), toml::parse("[a]\nb = 1")));
    CHECK_THROWS_AS(rules::load_compiled_toml(compiled.substr(0, compiled.size() - 1)), std::runtime_error);
    CHECK_THROWS_AS(rules::load_compiled_toml(compiled + "x"), std::runtime_error);
    CHECK_THROWS_AS(rules::load_compiled_toml("not compiled"), std::runtime_error);
    // A date has no place in the compiled form: the build step says so.
    CHECK_THROWS_AS(rules::compile_toml(toml::parse("when = 2024-01-01\n"), "when = 2024-01-01\n"), std::runtime_error);
}
