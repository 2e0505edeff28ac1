#include "rules/reference.h"
#include "rules/compiled_toml.h"
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

// `text` as toml++ is given it: each line that is only a comment left empty. toml++ reads a
// comment a character at a time like anything else, and a ruleset's tables are four tenths
// comments, a quarter of their parse (a quarter of a command's loading of its ruleset). The other
// lines keep their places and their columns, so what toml++ says of one is unchanged. Only for a
// text with no multi-line string, where no line can begin inside a string; and a comment with
// anything toml++ might refuse in a comment (a control character, a byte past ASCII) is left to it.
bool comment_line(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] != '#') return false;
    return std::all_of(line.begin() + static_cast<std::ptrdiff_t>(first), line.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return (byte >= 0x20 && byte < 0x7f) || c == '\t';
    });
}

std::string without_comment_lines(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t newline = text.find('\n', start);
        const std::size_t end = newline == std::string_view::npos ? text.size() : newline;
        const std::string_view line = text.substr(start, end - start);
        if (!comment_line(line)) out.append(line);
        if (newline != std::string_view::npos) out.push_back('\n');
        start = end + 1;
    }
    return out;
}

toml::table parse_without_comment_lines(std::string_view text, std::string_view source) {
    const bool multi_line_strings =
        text.find("\"\"\"") != std::string_view::npos || text.find("'''") != std::string_view::npos;
    if (multi_line_strings) return toml::parse(text, source);
    return toml::parse(std::string_view(without_comment_lines(text)), source);
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

std::shared_ptr<const toml::table> parse_toml_once(std::string_view text, std::string_view source,
                                                   std::string_view compiled) {
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
    auto table = std::make_shared<const toml::table>(compiled_from(compiled, text) ? load_compiled_toml(compiled)
                                                                                   : parse_without_comment_lines(text, source));
    const std::lock_guard<std::mutex> hold(lock);
    parsed.emplace_front(std::string(text), table);
    if (parsed.size() > kKept) parsed.pop_back();
    return table;
}

} // namespace umpire::rules
