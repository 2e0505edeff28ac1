#pragma once
// The ruleset's reference tables (Ruleset::reference_toml(): the merged text the engine reads,
// house rules included) laid out as plain tables for the quick-reference panel. No rule is
// interpreted here: every table of the file becomes a grid of its keys and values, in the
// order the file gives them.
#include <string>
#include <string_view>
#include <vector>

namespace umpire::desk {

struct ReferenceTable {
    std::string title;     // the table's path in the file: "shooting", "weapons", "morale.modifiers"
    std::string citation;  // the table's own `citation` value, when it has one
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;  // each as wide as `columns`
};

struct ReferenceView {
    std::string name;  // the file's `name` ("With MacDuff to the Frontier")
    std::vector<ReferenceTable> tables;
};

// Throws std::runtime_error("reference tables: line:col: ...") when the text is not TOML.
// `order_text`, the reference as written (without house rules), gives the order of the keys
// when `toml_text` is a merged text that toml++ wrote in key order.
ReferenceView reference_view(std::string_view toml_text, std::string_view order_text = {});

// The tables whose title, citation or any cell contains `needle` (case-insensitive); every
// table when needle is empty.
std::vector<const ReferenceTable*> find_tables(const ReferenceView& view, std::string_view needle);

} // namespace umpire::desk
