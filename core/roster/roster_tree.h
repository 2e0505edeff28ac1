#pragma once
// Internal to the roster module: a roster file's TOML as the roster reader reads it, each table,
// key and value with the place in the file where it begins (what a message names). Made by the
// quick reader of the TOML rosters are written in (quick_toml.h), or from toml++'s parse of a file
// outside it: the two give the same tree, places included, for any file both read.
#include <toml++/toml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::roster::detail {

// Where something begins: line and column from 1, as toml++ counts them.
struct Place {
    int line = 0;
    int column = 0;
    bool operator==(const Place&) const = default;
};

struct Node {
    enum class Kind : std::uint8_t { Table, Array, String, Integer, Float, Boolean, Date, Time, DateTime };
    struct Entry;

    Kind kind = Kind::Table;
    Place at;
    std::string text;          // a string's value
    std::int64_t integer = 0;  // an integer's
    double number = 0;         // a float's
    bool flag = false;         // a boolean's
    std::vector<Entry> entries;  // a table's (in the order written, or toml++'s: by key)
    std::vector<Node> items;     // an array's

    bool is_table() const { return kind == Kind::Table; }
    const Node* get(std::string_view key) const;  // a table's entry, or null
};

struct Node::Entry {
    std::string key;
    Place at;  // the key's
    Node value;
};

// Where toml++ says something begins.
Place place_of(const toml::source_region& at);

// The tree of toml++'s parse.
Node tree_of(const toml::table& root);

// A table's entries in toml++'s order (by key), to walk them so whichever reader made the tree.
std::vector<const Node::Entry*> sorted_entries(const Node& table);

// The same keys (in any order), values and places (for the tests that compare the two readers).
bool same_tree(const Node& a, const Node& b);

} // namespace umpire::roster::detail
