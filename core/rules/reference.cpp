#include "rules/reference.h"
#include "rules/toml_limits.h"

#include "rules/inputs.h"

#include <toml++/toml.h>

#include <algorithm>
#include <deque>
#include <mutex>
#include <sstream>
#include <utility>

namespace umpire::rules {

namespace {

void merge(toml::table& base, const toml::table& over);

void merge_array(toml::array& base, const toml::array& over) {
    bool keyed = !over.empty() && std::all_of(over.begin(), over.end(), [](const toml::node& n) {
        return n.is_table() && n.as_table()->contains("id");
    });
    if (!keyed) {
        base = over;
        return;
    }
    for (const auto& item : over) {
        const auto& over_table = *item.as_table();
        auto id = over_table["id"].value<std::string>();
        auto existing = std::find_if(base.begin(), base.end(), [&](toml::node& n) {
            return n.is_table() && n.as_table()->get("id") &&
                   (*n.as_table())["id"].value<std::string>() == id;
        });
        if (existing == base.end())
            base.push_back(over_table);
        else
            merge(*existing->as_table(), over_table);
    }
}

void merge(toml::table& base, const toml::table& over) {
    for (const auto& [key, value] : over) {
        toml::node* mine = base.get(key);
        if (mine && mine->is_table() && value.is_table())
            merge(*mine->as_table(), *value.as_table());
        else if (mine && mine->is_array() && value.is_array())
            merge_array(*mine->as_array(), *value.as_array());
        else
            base.insert_or_assign(key, value);
    }
}

toml::table parse_or_throw(std::string_view text, std::string_view source) {
    if (const auto breach = toml_limit_breach(text)) {
        std::ostringstream out;
        out << source << ":" << breach->line << ":" << breach->column << ": not read: " << breach->message;
        throw InputError("house rules", out.str());
    }
    try {
        return toml::parse(text, source);
    } catch (const toml::parse_error& e) {
        std::ostringstream out;
        out << source << ":" << e.source().begin.line << ":" << e.source().begin.column << ": "
            << e.description();
        throw InputError("house rules", out.str());
    }
}

} // namespace

std::string merge_reference(std::string_view base, std::string_view base_name,
                            std::string_view house_rules) {
    const toml::table over = parse_or_throw(house_rules, "house rules");
    // No house rules: the reference text as written, so its order (which follows the rules
    // text) and its comments reach the quick reference. toml++ writes a table's keys sorted.
    // Its readers parse it (once: parse_toml_once), so it is not parsed here.
    if (over.empty()) return std::string(base);
    toml::table root = parse_or_throw(base, base_name);
    merge(root, over);
    std::ostringstream out;
    out << root;
    return out.str();
}

std::shared_ptr<const toml::table> parse_toml_once(std::string_view text, std::string_view source) {
    static std::mutex lock;
    // Newest first. Never destroyed: freeing every parsed node as the process ends cost a command
    // of the command line a tenth of its own work, for memory the system takes back anyway.
    static auto& parsed = *new std::deque<std::pair<std::string, std::shared_ptr<const toml::table>>>;
    constexpr std::size_t kKept = 8;  // the rulesets' tables and a few battles' house rules
    {
        const std::lock_guard<std::mutex> hold(lock);
        for (const auto& [kept, table] : parsed)
            if (kept == text) return table;
    }
    auto table = std::make_shared<const toml::table>(toml::parse(text, source));
    const std::lock_guard<std::mutex> hold(lock);
    parsed.emplace_front(std::string(text), table);
    if (parsed.size() > kKept) parsed.pop_back();
    return table;
}

} // namespace umpire::rules
