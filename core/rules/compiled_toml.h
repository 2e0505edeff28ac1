#pragma once
// A TOML document compiled at build time: its tree in a compact binary form that loads into the
// same toml::table without reading TOML text. The ruleset's tables are embedded in the program
// this way as well as as text, so a command does not parse 20-50 KB of TOML to read its ruleset
// (toml++ takes about 150 instructions a byte; loading the compiled form, a tenth of that).
//
// There is one tree: the compiled form is made by toml::parse of the file at build time
// (`umpire_compile_toml`, run by CMake) and checked there to load back equal to that parse. It
// stands for exactly the text it was made from: it records that text's length and hash, and a
// text that differs in anything (house rules laid over the tables) is parsed as before.
//
// The one thing it leaves out is each node's place in the text (toml++ lets only its parser set
// it): compiled_line() finds it, for an error message, by parsing the text then.
#include <toml++/toml.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace umpire::rules {

// The compiled form of `root`, parsed from `text`. Throws std::runtime_error for a value the
// form does not hold (dates and times: no reference table has one).
std::string compile_toml(const toml::table& root, std::string_view text);

// Whether `compiled` was made from exactly `text`.
bool compiled_from(std::string_view compiled, std::string_view text);

// The tree of `compiled` (made by compile_toml). Throws std::runtime_error for a damaged one.
toml::table load_compiled_toml(std::string_view compiled);

// The line of `text` on which `node` (a node of `root`, the tree loaded from `text`'s compiled
// form) begins, found by parsing `text` (only for a message); 0 when it is not found.
std::uint32_t compiled_line(const toml::table& root, const toml::node& node, std::string_view text,
                            std::string_view source);

// Whether two trees hold the same keys, values, kinds of value and inline tables (toml++'s ==
// does not compare the kinds of tables and arrays of tables). The build's check and the tests'.
bool same_tree(const toml::node& a, const toml::node& b);

} // namespace umpire::rules
