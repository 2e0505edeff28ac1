#include "kit/table_reader.h"

#include "rules/compiled_toml.h"
#include "rules/inputs.h"
#include "rules/reference.h"

#include <sstream>

namespace umpire::kit {

Reference load_reference(std::string_view base, const std::string& base_name, std::string_view house_rules,
                         std::string_view compiled) {
    std::string text = rules::merge_reference(base, base_name, house_rules);
    const bool merged = text != base;
    std::shared_ptr<const toml::table> parsed;
    try {
        parsed = rules::parse_toml_once(text, base_name, merged ? std::string_view() : compiled);
    } catch (const toml::parse_error& e) {
        std::ostringstream out;
        out << base_name << ":" << e.source().begin.line << ":" << e.source().begin.column << ": " << e.description();
        throw rules::InputError("house rules", out.str());
    }
    const toml::table& root = *parsed;
    return Reference{std::move(text), std::move(parsed), root, merged ? base_name + " with the house rules" : base_name,
                     !merged};
}

TableReader::TableReader(const toml::table& table, std::string path, const Reference& reference)
    : table_(table), path_(std::move(path)), reference_(reference) {}

TableReader TableReader::top(const Reference& reference, int newest_version) {
    TableReader top(reference.root, "", reference);
    if (top.text("format") != "umpire-reference") top.fail("format must be \"umpire-reference\"");
    if (top.integer("version") > newest_version) top.fail("the reference tables are a newer format than this build reads");
    return top;
}

void TableReader::fail(const std::string& what) const {
    throw rules::InputError("house rules", reference_.file + ": " + (path_.empty() ? "" : path_ + ": ") + what);
}

void TableReader::fail_at(std::string_view key, const std::string& what) const {
    const toml::node* n = table_.get(key);
    throw rules::InputError("house rules", reference_.file + ": " + field(key) + (n ? where(*n) : "") + ": " + what);
}

std::string TableReader::field(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

std::string TableReader::where(const toml::node& node) const {
    if (!reference_.lines_are_the_files) return {};
    return " (line " + std::to_string(line_of(node)) + ")";
}

std::uint32_t TableReader::line_of(const toml::node& node) const {
    // A node loaded from the compiled tables has no place in the text: found by parsing it now.
    if (node.source().begin.line != 0) return node.source().begin.line;
    return rules::compiled_line(reference_.root, node, reference_.text, reference_.file);
}

int TableReader::integer(std::string_view key, std::optional<int> fallback) const {
    const toml::node* n = table_.get(key);
    if (!n) {
        if (fallback) return *fallback;
        fail("missing \"" + std::string(key) + "\"");
    }
    if (!n->is_integer()) fail_at(key, "expected a whole number");
    const std::int64_t v = *n->value<std::int64_t>();
    if (v < -1000000 || v > 1000000) fail_at(key, "out of range");
    return static_cast<int>(v);
}

int TableReader::positive(std::string_view key, std::optional<int> fallback) const {
    const int v = integer(key, fallback);
    if (v < 1) fail_at(key, "must be 1 or more");
    return v;
}

int TableReader::non_negative(std::string_view key, std::optional<int> fallback) const {
    const int v = integer(key, fallback);
    if (v < 0) fail_at(key, "must be 0 or more");
    return v;
}

int TableReader::face(std::string_view key, std::optional<int> fallback, bool zero_ok) const {
    const int v = integer(key, fallback);
    if ((v < 1 || v > 6) && !(zero_ok && v == 0)) fail_at(key, "must be a die score from 1 to 6");
    return v;
}

double TableReader::number(std::string_view key, std::optional<double> fallback) const {
    const toml::node* n = table_.get(key);
    if (!n) {
        if (fallback) return *fallback;
        fail("missing \"" + std::string(key) + "\"");
    }
    if (!n->is_number()) fail_at(key, "expected a number");
    return *n->value<double>();
}

double TableReader::non_negative_number(std::string_view key, std::optional<double> fallback) const {
    const double v = number(key, fallback);
    if (v < 0) fail_at(key, "must be 0 or more");
    return v;
}

std::string TableReader::text(std::string_view key, std::optional<std::string> fallback) const {
    const toml::node* n = table_.get(key);
    if (!n) {
        if (fallback) return *fallback;
        fail("missing \"" + std::string(key) + "\"");
    }
    if (!n->is_string()) fail_at(key, "expected text");
    return *n->value<std::string>();
}

std::string TableReader::one_of(std::string_view key, const std::vector<std::string>& allowed,
                                std::optional<std::string> fallback) const {
    std::string v = text(key, std::move(fallback));
    for (const auto& a : allowed)
        if (a == v) return v;
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    fail_at(key, "\"" + v + "\" is not one of: " + list);
}

bool TableReader::flag(std::string_view key, std::optional<bool> fallback) const {
    const toml::node* n = table_.get(key);
    if (!n) return fallback.value_or(false);
    if (!n->is_boolean()) fail_at(key, "expected true or false");
    return *n->value<bool>();
}

TableReader TableReader::table(std::string_view key) const {
    const toml::node* n = table_.get(key);
    if (!n || !n->is_table()) fail("\"" + std::string(key) + "\" must be a table");
    return TableReader(*n->as_table(), field(key), reference_);
}

const toml::array& TableReader::array(std::string_view key) const {
    const toml::node* n = table_.get(key);
    if (!n || !n->is_array()) fail("\"" + std::string(key) + "\" must be a list");
    return *n->as_array();
}

std::vector<std::string> TableReader::strings(std::string_view key) const {
    std::vector<std::string> out;
    if (!table_.get(key)) return out;
    for (const auto& n : array(key)) {
        if (!n.is_string()) fail_at(key, "expected a list of text");
        out.push_back(*n.value<std::string>());
    }
    return out;
}

std::vector<int> TableReader::integers(std::string_view key, std::size_t size) const {
    std::vector<int> out;
    for (const auto& n : array(key)) {
        if (!n.is_integer()) fail_at(key, "expected whole numbers");
        out.push_back(static_cast<int>(*n.value<std::int64_t>()));
    }
    if (size && out.size() != size) fail_at(key, "expected " + std::to_string(size) + " values");
    return out;
}

std::vector<double> TableReader::numbers(std::string_view key, std::size_t size) const {
    std::vector<double> out;
    for (const auto& n : array(key)) {
        if (!n.is_number()) fail_at(key, "expected numbers");
        out.push_back(*n.value<double>());
    }
    if (size && out.size() != size) fail_at(key, "expected " + std::to_string(size) + " values");
    return out;
}

std::pair<int, int> TableReader::fraction(std::string_view key, std::pair<int, int> fallback) const {
    if (!table_.get(key)) return fallback;
    auto v = integers(key, 2);
    if (v[0] <= 0 || v[1] <= 0) fail_at(key, "expected [numerator, denominator], both 1 or more");
    return {v[0], v[1]};
}

} // namespace umpire::kit
