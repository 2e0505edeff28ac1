#pragma once
// Internal to the MacDuff tables: typed reads from the reference TOML that name the entry and
// field (and line and column) when a value is missing or of the wrong type, so a bad house rule
// is refused with a message the umpire can act on.
#include "rules/inputs.h"

#include <toml++/toml.h>

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::macduff::detail {

inline std::string where(const toml::node& node) {
    const auto& src = node.source();
    std::ostringstream out;
    out << "line " << src.begin.line << ", column " << src.begin.column;
    return out.str();
}

[[noreturn]] inline void table_error(const std::string& message) {
    throw rules::InputError("house rules", message);
}

class Reader {
public:
    Reader(const toml::table& table, std::string context) : t_(table), ctx_(std::move(context)) {}

    int integer(std::string_view key, std::optional<int> fallback = std::nullopt) const {
        const toml::node* n = t_.get(key);
        if (!n) {
            if (fallback) return *fallback;
            table_error(ctx_ + ": missing \"" + std::string(key) + "\"");
        }
        auto v = n->value<std::int64_t>();
        if (!v || !n->is_integer())
            table_error(ctx_ + "." + std::string(key) + " (" + where(*n) + "): expected a whole number");
        if (*v < -1000000 || *v > 1000000)
            table_error(ctx_ + "." + std::string(key) + " (" + where(*n) + "): out of range");
        return static_cast<int>(*v);
    }
    int positive(std::string_view key, std::optional<int> fallback = std::nullopt) const {
        int v = integer(key, fallback);
        if (v < 1) table_error(ctx_ + "." + std::string(key) + ": must be 1 or more");
        return v;
    }
    int non_negative(std::string_view key, std::optional<int> fallback = std::nullopt) const {
        int v = integer(key, fallback);
        if (v < 0) table_error(ctx_ + "." + std::string(key) + ": must be 0 or more");
        return v;
    }
    // A die face, 1 to 6 (or 0 where the table allows "none").
    int face(std::string_view key, std::optional<int> fallback = std::nullopt, bool zero_ok = false) const {
        int v = integer(key, fallback);
        if ((v < 1 || v > 6) && !(zero_ok && v == 0))
            table_error(ctx_ + "." + std::string(key) + ": must be a die score from 1 to 6");
        return v;
    }
    std::string text(std::string_view key, std::optional<std::string> fallback = std::nullopt) const {
        const toml::node* n = t_.get(key);
        if (!n) {
            if (fallback) return *fallback;
            table_error(ctx_ + ": missing \"" + std::string(key) + "\"");
        }
        if (!n->is_string())
            table_error(ctx_ + "." + std::string(key) + " (" + where(*n) + "): expected text");
        return *n->value<std::string>();
    }
    // One of `allowed`, named in the error.
    std::string one_of(std::string_view key, const std::vector<std::string>& allowed,
                       std::optional<std::string> fallback = std::nullopt) const {
        std::string v = text(key, std::move(fallback));
        for (const auto& a : allowed)
            if (a == v) return v;
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        table_error(ctx_ + "." + std::string(key) + ": \"" + v + "\" is not one of: " + list);
    }
    bool flag(std::string_view key, std::optional<bool> fallback = std::nullopt) const {
        const toml::node* n = t_.get(key);
        if (!n) return fallback.value_or(false);
        if (!n->is_boolean())
            table_error(ctx_ + "." + std::string(key) + " (" + where(*n) + "): expected true or false");
        return *n->value<bool>();
    }
    bool has(std::string_view key) const { return t_.get(key) != nullptr; }
    const toml::table& table(std::string_view key) const {
        const toml::node* n = t_.get(key);
        if (!n || !n->is_table()) table_error(ctx_ + ": \"" + std::string(key) + "\" must be a table");
        return *n->as_table();
    }
    const toml::array& array(std::string_view key) const {
        const toml::node* n = t_.get(key);
        if (!n || !n->is_array()) table_error(ctx_ + ": \"" + std::string(key) + "\" must be a list");
        return *n->as_array();
    }
    std::vector<std::string> strings(std::string_view key) const {
        std::vector<std::string> out;
        if (!t_.get(key)) return out;
        for (const auto& n : array(key)) {
            if (!n.is_string()) table_error(ctx_ + "." + std::string(key) + " (" + where(n) + "): expected text");
            out.push_back(*n.value<std::string>());
        }
        return out;
    }
    std::vector<int> integers(std::string_view key) const {
        std::vector<int> out;
        for (const auto& n : array(key)) {
            if (!n.is_integer()) table_error(ctx_ + "." + std::string(key) + " (" + where(n) + "): expected whole numbers");
            out.push_back(static_cast<int>(*n.value<std::int64_t>()));
        }
        return out;
    }
    const std::string& context() const { return ctx_; }

private:
    const toml::table& t_;
    std::string ctx_;
};

// Calls read_one(table, context) for each entry of the list `key` (an array of tables).
template <typename F>
void each_table(const Reader& parent, std::string_view key, F&& read_one) {
    int index = 0;
    for (const auto& n : parent.array(key)) {
        ++index;
        std::string ctx = parent.context() + "." + std::string(key) + "[" + std::to_string(index) + "]";
        if (!n.is_table()) table_error(ctx + ": must be a table");
        read_one(*n.as_table(), ctx);
    }
}

} // namespace umpire::macduff::detail
