#pragma once
// Reading a ruleset's reference tables (reference/<id>/tables.toml with a battle's house rules
// laid over it) into typed values. Every error names the file, the table, the entry (by its id
// where it has one) and the field, so a bad house rule is refused with a message the umpire can
// act on: "reference/macduff/tables.toml: shooting.weapons[rifle].close (line 40): expected a
// whole number".
#include <toml++/toml.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace umpire::kit {

// The merged reference: its text (what the quick reference and the sheet show) and its parse.
struct Reference {
    std::string text;
    // The one parse of `text` in this process (rules::parse_toml_once: the turn sequence and the
    // next battle opened read the same), with its source lines; `root` is its top table.
    std::shared_ptr<const toml::table> parsed;
    const toml::table& root;
    std::string file;  // "reference/macduff/tables.toml", with " and house rules" when laid over
    bool lines_are_the_files = true;  // false when house rules were merged: lines are not the user's
};

// Lays `house_rules` over the embedded `base` (rules::merge_reference) and parses the result once;
// without house rules, loads `compiled`, the base's compiled form (umpire_embed_compiled_toml),
// instead of parsing it. Throws rules::InputError("house rules", ...) for TOML that does not parse.
Reference load_reference(std::string_view base, const std::string& base_name, std::string_view house_rules,
                         std::string_view compiled = {});

class TableReader {
public:
    TableReader(const toml::table& table, std::string path, const Reference& reference);
    // The top of the reference: checks its `format` and `version`.
    static TableReader top(const Reference& reference, int newest_version);

    [[noreturn]] void fail(const std::string& what) const;            // "FILE: PATH: what"
    [[noreturn]] void fail_at(std::string_view key, const std::string& what) const;  // names the field

    std::string field(std::string_view key) const;  // "shooting.hit_on"
    const std::string& context() const { return path_; }
    const toml::table& raw() const { return table_; }
    const toml::node* get(std::string_view key) const { return table_.get(key); }
    bool has(std::string_view key) const { return table_.get(key) != nullptr; }

    int integer(std::string_view key, std::optional<int> fallback = std::nullopt) const;
    int positive(std::string_view key, std::optional<int> fallback = std::nullopt) const;
    int non_negative(std::string_view key, std::optional<int> fallback = std::nullopt) const;
    // A die face, 1 to 6 (or 0 where the table allows "none").
    int face(std::string_view key, std::optional<int> fallback = std::nullopt, bool zero_ok = false) const;
    double number(std::string_view key, std::optional<double> fallback = std::nullopt) const;
    double non_negative_number(std::string_view key, std::optional<double> fallback = std::nullopt) const;
    std::string text(std::string_view key, std::optional<std::string> fallback = std::nullopt) const;
    std::string one_of(std::string_view key, const std::vector<std::string>& allowed,
                       std::optional<std::string> fallback = std::nullopt) const;
    bool flag(std::string_view key, std::optional<bool> fallback = std::nullopt) const;

    TableReader table(std::string_view key) const;
    const toml::array& array(std::string_view key) const;
    // Absent lists read as empty.
    std::vector<std::string> strings(std::string_view key) const;
    // `size` > 0: exactly that many values.
    std::vector<int> integers(std::string_view key, std::size_t size = 0) const;
    std::vector<double> numbers(std::string_view key, std::size_t size = 0) const;
    // [numerator, denominator], both 1 or more.
    std::pair<int, int> fraction(std::string_view key, std::pair<int, int> fallback) const;

    const Reference& reference() const { return reference_; }

private:
    std::string where(const toml::node& node) const;  // " (line 12)" when the lines are the file's
    std::uint32_t line_of(const toml::node& node) const;

    const toml::table& table_;
    std::string path_;
    const Reference& reference_;
};

// Calls read_one(entry) for each table of the list `key`, each reader named after the entry's id
// ("weapons[rifle]") or its place ("weapons[3]").
template <typename F>
void each_entry(const TableReader& parent, std::string_view key, F&& read_one) {
    int index = 0;
    for (const auto& n : parent.array(key)) {
        ++index;
        std::string name = std::to_string(index);
        if (const auto* t = n.as_table())
            if (auto id = (*t)["id"].value<std::string>()) name = *id;
        const std::string path = parent.field(key) + "[" + name + "]";
        if (!n.is_table()) TableReader(parent.raw(), path, parent.reference()).fail("must be a table");
        read_one(TableReader(*n.as_table(), path, parent.reference()));
    }
}

// The head every row of a table has: a stable id (files, the command line) and the name shown.
struct Row {
    std::string id;
    std::string name;
};

// A row of type R with its head (id and name) read; the caller reads the rest.
template <typename R>
R row_of(const TableReader& r) {
    R row;
    row.id = r.text("id");
    row.name = r.text("name");
    return row;
}

// The row with this id, or null: every table of rows is looked up so.
template <typename Row>
const Row* by_id(const std::vector<Row>& rows, std::string_view id) {
    for (const auto& r : rows)
        if (r.id == id) return &r;
    return nullptr;
}

} // namespace umpire::kit
