// The sheet layout language: paths into the reference TOML and text templates over them.
//   path      shooting.weapons[id=rifle].close     keys joined by '.', [id=X] picks an entry
//   template  "1 die per {figures_per_die} figures"  {path}, {path?} (may be missing),
//             {a|b} (the first there), {path:format}; {/path} starts at the reference root;
//             [? ... ?] only when every optional value inside is there; {{ and }} are braces
#include "print/sheet_layout.h"

#include "print/print.h"
#include "rules/distance.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>

namespace umpire::embedded {
// Generated from reference/*/sheet.toml (see core/print/CMakeLists.txt).
struct EmbeddedSheet {
    const char* ruleset;
    std::string_view (*text)();
};
extern const EmbeddedSheet kSheetLayouts[];
extern const std::size_t kSheetLayoutCount;
} // namespace umpire::embedded

namespace umpire::print {

namespace {

constexpr std::int64_t kLayoutVersion = 1;

// Where an error in the layout is reported: file:line:column and which section.
struct Site {
    const std::string* file;
    toml::source_region at;
    std::string context;  // "section 2 \"Weapons and ranges\""

    [[noreturn]] void fail(const std::string& message) const {
        std::string where = *file + ":" + std::to_string(std::max<int>(1, static_cast<int>(at.begin.line))) +
                            ":" + std::to_string(std::max<int>(1, static_cast<int>(at.begin.column)));
        throw PrintError(where + ": " + (context.empty() ? "" : context + ": ") + message);
    }
    Site at_node(const toml::node& node) const { return Site{file, node.source(), context}; }
};

toml::table parse_toml(std::string_view text, const std::string& name) {
    try {
        return toml::parse(text, name);
    } catch (const toml::parse_error& e) {
        throw PrintError(name + ":" + std::to_string(e.source().begin.line) + ":" +
                         std::to_string(e.source().begin.column) + ": " + std::string(e.description()));
    }
}

void check_keys(const toml::table& table, const std::vector<std::string_view>& allowed, const Site& site,
                std::string_view what) {
    for (const auto& [key, value] : table) {
        if (std::find(allowed.begin(), allowed.end(), key.str()) != allowed.end()) continue;
        std::string list;
        for (auto k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
        Site{site.file, key.source(), site.context}.fail("unknown key '" + std::string(key.str()) + "' in " +
                                                         std::string(what) + "; expected one of: " + list);
    }
}

std::string string_key(const toml::table& table, std::string_view key, const Site& site, bool required) {
    const toml::node* node = table.get(key);
    if (!node) {
        if (required) site.fail("missing required key '" + std::string(key) + "'");
        return {};
    }
    if (!node->is_string()) site.at_node(*node).fail("'" + std::string(key) + "' must be text in quotes");
    return node->as_string()->get();
}

// --- Paths -----------------------------------------------------------------------------------

// Resolves `path` from `base`; nullptr when any step is missing.
const toml::node* resolve(const toml::node* base, std::string_view path, const Site& site) {
    const toml::node* node = base;
    std::size_t pos = 0;
    if (path.empty()) site.fail("an empty path");
    while (node && pos <= path.size()) {
        std::size_t dot = pos;
        int depth = 0;
        while (dot < path.size() && (path[dot] != '.' || depth > 0)) {
            if (path[dot] == '[') ++depth;
            if (path[dot] == ']') --depth;
            ++dot;
        }
        std::string_view step = path.substr(pos, dot - pos);
        std::string_view key = step, select;
        if (auto open = step.find('['); open != std::string_view::npos) {
            if (step.back() != ']') site.fail("path '" + std::string(path) + "': expected ']'");
            key = step.substr(0, open);
            select = step.substr(open + 1, step.size() - open - 2);
        }
        if (key.empty()) site.fail("path '" + std::string(path) + "' has an empty key");
        if (!node->is_table()) return nullptr;
        node = node->as_table()->get(key);
        if (node && !select.empty()) {
            auto eq = select.find('=');
            if (eq == std::string_view::npos)
                site.fail("path '" + std::string(path) + "': a selection looks like [id=rifle]");
            std::string_view field = select.substr(0, eq), wanted = select.substr(eq + 1);
            if (!node->is_array()) return nullptr;
            const toml::node* found = nullptr;
            for (const toml::node& item : *node->as_array()) {
                if (!item.is_table()) continue;
                const toml::node* v = item.as_table()->get(field);
                if (v && v->is_string() && v->as_string()->get() == wanted) found = &item;
            }
            node = found;
        }
        if (dot >= path.size()) break;
        pos = dot + 1;
    }
    return node;
}

// --- Values ----------------------------------------------------------------------------------

std::string number_text(double v) {
    if (std::abs(v - std::round(v)) < 1e-9) return std::to_string(static_cast<long long>(std::llround(v)));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

std::optional<double> number_of(const toml::node& node) {
    if (node.is_integer()) return static_cast<double>(node.as_integer()->get());
    if (node.is_floating_point()) return node.as_floating_point()->get();
    return std::nullopt;
}

std::string plain(const toml::node& node, const Site& site, std::string_view path) {
    switch (node.type()) {
    case toml::node_type::string: return node.as_string()->get();
    case toml::node_type::integer:
    case toml::node_type::floating_point: return number_text(*number_of(node));
    case toml::node_type::boolean: return node.as_boolean()->get() ? "yes" : "no";
    case toml::node_type::array: {
        std::string out;
        for (const toml::node& item : *node.as_array()) out += (out.empty() ? "" : ", ") + plain(item, site, path);
        return out;
    }
    case toml::node_type::table: site.fail("'" + std::string(path) + "' is a table, not a value to print");
    default: return "";
    }
}

// A list of whole numbers with each run of consecutive ones joined: [4, 5, 6] prints 4-6 (an
// en dash), [1] prints 1, [1, 2, 5] prints 1-2, 5. For the die faces of a chart's row.
std::string span_text(const toml::node* node, std::string_view path, const Site& site) {
    auto refuse = [&] {
        site.fail("'" + std::string(path) + "' must be a whole number or a list of them for :span");
    };
    std::vector<std::int64_t> values;
    if (node->is_integer()) values.push_back(node->as_integer()->get());
    if (const toml::array* a = node->as_array())
        for (const toml::node& item : *a) {
            if (!item.is_integer()) refuse();
            values.push_back(item.as_integer()->get());
        }
    if (values.empty()) refuse();
    std::string out;
    for (std::size_t i = 0; i < values.size();) {
        std::size_t end = i;
        while (end + 1 < values.size() && values[end + 1] == values[end] + 1) ++end;
        out += (out.empty() ? "" : ", ") + std::to_string(values[i]);
        if (end > i) out += "\u2013" + std::to_string(values[end]);
        i = end + 1;
    }
    return out;
}

struct Scope {
    const toml::node* context;  // the row, or the section's `from`
    const toml::table* root;
    const toml::node* previous_row = nullptr;  // for the band format
    const Distances* distances;
};

std::string format_value(const toml::node* node, std::string_view path, std::string_view format,
                         const Scope& scope, const Site& site) {
    auto need_number = [&]() -> double {
        auto n = node ? number_of(*node) : std::nullopt;
        if (!n) site.fail("'" + std::string(path) + "' must be a number for :" + std::string(format));
        return *n;
    };
    if (format.empty()) return node ? plain(*node, site, path) : "";
    if (format == "check") return node && node->is_boolean() && node->as_boolean()->get() ? "\u2713" : "";
    if (!node) return "";
    if (format == "signed") {
        double v = need_number();
        return v > 0 ? "+" + number_text(v) : v < 0 ? "\u2212" + number_text(-v) : "0";
    }
    if (format == "distance") {
        double v = need_number();
        return v == 0 ? "\u2013" : format_distance(v, *scope.distances);
    }
    if (format == "dice") {
        double v = need_number();
        return v == 0 ? "\u2013" : number_text(v) + "d6";
    }
    if (format == "dice_distance") {
        double v = need_number();
        if (v == 0) return "\u2013";
        const Distances& d = *scope.distances;
        if (d.scale == 1.0 && d.unit != "cm") return number_text(v) + "d6\"";
        // Each pip is this far on the table: exact to 2 decimals, unlike a range.
        if (d.unit == "cm") return number_text(v) + "d6 \u00d7 " + number_text(d.scale * 2.54) + " cm";
        return number_text(v) + "d6 \u00d7 " + number_text(d.scale) + "\"";
    }
    if (format == "fraction") {
        const toml::array* a = node->as_array();
        if (!a || a->size() != 2 || !number_of((*a)[0]) || !number_of((*a)[1]))
            site.fail("'" + std::string(path) + "' must be a fraction [numerator, denominator] for :fraction");
        return number_text(*number_of((*a)[0])) + "/" + number_text(*number_of((*a)[1]));
    }
    if (format == "span") return span_text(node, path, site);
    if (format == "band") {
        double v = need_number();
        if (!scope.previous_row) return number_text(v) + "+";
        const toml::node* prev = resolve(scope.previous_row, path, site);
        auto upper_bound = prev ? number_of(*prev) : std::nullopt;
        if (!upper_bound) site.fail("'" + std::string(path) + "' missing in the row before, for :band");
        if (*upper_bound <= v) site.fail(":band needs rows in descending order of '" + std::string(path) +
                                         "' (sort = \"" + std::string(path) + "\", descending = true)");
        double upper = *upper_bound - 1;
        if (v <= -10) return number_text(upper) + " or less";
        if (v == upper) return number_text(v);
        return number_text(v) + "\u2013" + number_text(upper);
    }
    site.fail("unknown format ':" + std::string(format) +
              "'; known: signed, distance, dice, dice_distance, fraction, band, span, check, if");
}

// Renders `text` without [? ?] segments; sets *missing when an optional value was absent.
std::string render_plain(std::string_view text, std::string_view whole, const Scope& scope, const Site& site,
                         bool* missing) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') ++i;
            else site.fail("a lone '}' in \"" + std::string(whole) + "\" (write }} for a brace)");
            out += '}';
            continue;
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        auto close = text.find('}', i);
        if (close == std::string_view::npos) site.fail("unclosed '{' in \"" + std::string(whole) + "\"");
        std::string_view spec = text.substr(i + 1, close - i - 1);
        i = close;
        std::string_view format;
        if (auto colon = spec.find(':'); colon != std::string_view::npos) {
            format = spec.substr(colon + 1);
            spec = spec.substr(0, colon);
        }
        bool optional = !spec.empty() && spec.back() == '?';
        if (optional) spec.remove_suffix(1);
        // {a|b}: the first of the paths that is there.
        const toml::node* node = nullptr;
        std::string_view path;
        bool from_root = false;
        std::string tried;
        while (true) {
            auto bar = spec.find('|');
            std::string_view alternative = spec.substr(0, bar);
            const toml::node* base = scope.context;
            from_root = !alternative.empty() && alternative.front() == '/';
            if (from_root) {
                base = scope.root;
                alternative.remove_prefix(1);
            }
            path = alternative;
            tried += (tried.empty() ? "'" : "' or '") + std::string(alternative);
            node = resolve(base, alternative, site);
            if (node || bar == std::string_view::npos) break;
            spec.remove_prefix(bar + 1);
        }
        if (!node && !optional && format != "check" && format != "if")
            site.fail("the reference tables have no " + tried + "'" + (from_root ? std::string() : std::string(" here")) +
                      " (write {" + std::string(path) + "?} if it may be missing)");
        if (!node && optional && missing) *missing = true;
        if (format == "if") {  // prints nothing; inside [? ?] keeps the segment only when true
            bool on = node && node->is_boolean() && node->as_boolean()->get();
            if (!on && missing) *missing = true;
            continue;
        }
        out += format_value(node, path, format, scope, site);
    }
    return out;
}

std::string render(std::string_view text, const Scope& scope, const Site& site) {
    // [? ... ?] is printed only when every optional value inside it is there.
    std::string out;
    std::size_t at = 0;
    while (at < text.size()) {
        auto open = text.find("[?", at);
        out += render_plain(text.substr(at, open == std::string_view::npos ? std::string_view::npos : open - at), text,
                            scope, site, nullptr);
        if (open == std::string_view::npos) break;
        auto close = text.find("?]", open + 2);
        if (close == std::string_view::npos) site.fail("unclosed '[?' in \"" + std::string(text) + "\"");
        std::string_view inner = text.substr(open + 2, close - open - 2);
        if (inner.find("[?") != std::string_view::npos) site.fail("'[?' segments do not nest: \"" + std::string(text) + "\"");
        bool missing = false;
        std::string segment = render_plain(inner, text, scope, site, &missing);
        if (!missing) out += segment;
        at = close + 2;
    }
    return out;
}

Align align_of(const toml::table& column, const Site& site) {
    std::string a = string_key(column, "align", site, false);
    if (a.empty() || a == "left") return Align::Left;
    if (a == "centre" || a == "center") return Align::Centre;
    if (a == "right") return Align::Right;
    site.fail("align must be \"left\", \"centre\" or \"right\"");
}

bool bool_key(const toml::table& table, std::string_view key, const Site& site) {
    const toml::node* node = table.get(key);
    if (!node) return false;
    if (!node->is_boolean()) site.at_node(*node).fail("'" + std::string(key) + "' must be true or false");
    return node->as_boolean()->get();
}

const toml::array& array_key(const toml::table& table, std::string_view key, const Site& site) {
    const toml::node* node = table.get(key);
    if (!node) site.fail("missing required key '" + std::string(key) + "'");
    if (!node->is_array() || node->as_array()->empty())
        site.at_node(*node).fail("'" + std::string(key) + "' must be a non-empty array");
    for (const toml::node& item : *node->as_array())
        if (!item.is_table()) site.at_node(item).fail("each entry of '" + std::string(key) + "' must be a { ... } table");
    return *node->as_array();
}

// The rows of a table section: an array of tables in order, or a table of tables (each row
// gets its key as `_key`) ordered by `order`, the rest after in name order.
std::vector<toml::table> rows_of(const toml::node& data, const toml::table& section, std::string_view from,
                                 const Site& site) {
    std::vector<toml::table> rows;
    if (const toml::array* a = data.as_array()) {
        for (const toml::node& item : *a) {
            if (!item.is_table()) site.fail("'" + std::string(from) + "' must hold tables, one per row");
            rows.push_back(*item.as_table());
        }
    } else if (const toml::table* t = data.as_table()) {
        std::vector<std::string> keys;
        if (const toml::node* order = section.get("order")) {
            if (!order->is_array()) site.at_node(*order).fail("'order' must be an array of keys");
            for (const toml::node& k : *order->as_array()) {
                if (!k.is_string()) site.at_node(k).fail("'order' must list keys as text");
                keys.push_back(k.as_string()->get());
            }
        }
        for (const auto& [key, value] : *t)
            if (std::find(keys.begin(), keys.end(), key.str()) == keys.end()) keys.emplace_back(key.str());
        for (const auto& key : keys) {
            const toml::node* value = t->get(key);
            if (!value) continue;  // listed in `order` but not (or no longer) in the data
            if (!value->is_table()) site.fail("'" + std::string(from) + "." + key + "' must be a table to be a row");
            toml::table row = *value->as_table();
            row.insert_or_assign("_key", key);
            rows.push_back(std::move(row));
        }
    } else {
        site.fail("'" + std::string(from) + "' must be an array of tables or a table of tables to make rows");
    }
    if (rows.empty()) site.fail("'" + std::string(from) + "' has no rows");
    if (const toml::node* sort = section.get("sort")) {
        if (!sort->is_string()) site.at_node(*sort).fail("'sort' must name a key");
        std::string key = sort->as_string()->get();
        bool descending = bool_key(section, "descending", site);
        for (const auto& row : rows) {
            const toml::node* v = row.get(key);
            if (!v || !number_of(*v)) site.fail("every row needs a number '" + key + "' to sort by");
        }
        std::stable_sort(rows.begin(), rows.end(), [&](const toml::table& a, const toml::table& b) {
            double x = *number_of(*a.get(key)), y = *number_of(*b.get(key));
            return descending ? x > y : x < y;
        });
    }
    // Each row's place, counted from 1 after sorting, for numbered steps ("{_row}. {name}").
    for (std::size_t r = 0; r < rows.size(); ++r) rows[r].insert_or_assign("_row", static_cast<std::int64_t>(r + 1));
    return rows;
}

SheetSection build_section(const toml::table& section, const toml::table& root, const Site& site,
                           const Distances& distances) {
    check_keys(section, {"heading", "citation", "kind", "from", "columns", "items", "text", "intro", "note", "order",
                         "sort", "descending", "column"},
               site, "a [[section]]");
    SheetSection out;
    std::string kind = string_key(section, "kind", site, true);
    std::string from = string_key(section, "from", site, kind == "table");
    const toml::node* context = &root;
    if (!from.empty()) {
        context = resolve(&root, from, site);
        if (!context) site.fail("the reference tables have no '" + from + "'");
    }
    Scope scope{context, &root, nullptr, &distances};
    auto text_of = [&](std::string_view key, bool required) {
        std::string tmpl = string_key(section, key, site, required);
        const toml::node* node = section.get(key);
        return node ? render(tmpl, scope, site.at_node(*node)) : std::string();
    };
    out.heading = text_of("heading", true);
    out.citation = text_of("citation", false);
    out.intro = text_of("intro", false);
    if (const toml::node* column = section.get("column")) {
        std::string place = column->is_string() ? column->as_string()->get() : std::string();
        if (place == "left") out.column = SheetSection::Place::Left;
        else if (place == "right") out.column = SheetSection::Place::Right;
        else if (place != "full") site.at_node(*column).fail("column must be \"full\", \"left\" or \"right\"");
    }
    out.note = text_of("note", false);

    if (kind == "table") {
        out.kind = SectionKind::Table;
        const toml::array& columns = array_key(section, "columns", site);
        std::vector<std::pair<std::string, Site>> values;
        for (const toml::node& node : columns) {
            const toml::table& column = *node.as_table();
            Site at = site.at_node(node);
            check_keys(column, {"label", "value", "wrap", "align"}, at, "a column");
            out.labels.push_back(string_key(column, "label", at, true));
            out.wrap.push_back(bool_key(column, "wrap", at));
            out.align.push_back(align_of(column, at));
            values.emplace_back(string_key(column, "value", at, true), at.at_node(*column.get("value")));
        }
        std::vector<toml::table> rows = rows_of(*context, section, from, site);
        for (std::size_t r = 0; r < rows.size(); ++r) {
            Scope row_scope{&rows[r], &root, r > 0 ? &rows[r - 1] : nullptr, &distances};
            std::vector<std::string> cells;
            for (const auto& [tmpl, at] : values) {
                Site row_site = at;
                const toml::node* id = rows[r].get("id");
                const toml::node* key = rows[r].get("_key");
                const toml::node* named = id ? id : key;
                row_site.context += ", row " + std::to_string(r + 1) +
                                    (named && named->is_string() ? " (" + named->as_string()->get() + ")" : "");
                cells.push_back(render(tmpl, row_scope, row_site));
            }
            out.rows.push_back(std::move(cells));
        }
    } else if (kind == "list") {
        out.kind = SectionKind::List;
        for (const toml::node& node : array_key(section, "items", site)) {
            const toml::table& item = *node.as_table();
            Site at = site.at_node(node);
            check_keys(item, {"label", "value"}, at, "a list item");
            std::string label = string_key(item, "label", at, true);
            std::string value = string_key(item, "value", at, true);
            out.rows.push_back({render(label, scope, at.at_node(*item.get("label"))),
                                render(value, scope, at.at_node(*item.get("value")))});
        }
    } else if (kind == "text") {
        out.kind = SectionKind::Text;
        out.text = text_of("text", true);
    } else {
        const toml::node* k = section.get("kind");
        site.at_node(*k).fail("kind must be \"table\", \"list\" or \"text\", found \"" + kind + "\"");
    }
    return out;
}

struct Parsed {
    toml::table layout;
    toml::table reference;
};

Parsed parse_both(std::string_view layout, const std::string& layout_name, std::string_view reference) {
    Parsed p{parse_toml(layout, layout_name), parse_toml(reference, "reference tables")};
    Site site{&layout_name, p.layout.source(), ""};
    check_keys(p.layout, {"format", "version", "title", "subtitle", "roster", "section"}, site, "the sheet layout");
    if (string_key(p.layout, "format", site, true) != "umpire-sheet")
        site.fail("format must be \"umpire-sheet\"");
    const toml::node* version = p.layout.get("version");
    if (!version || !version->is_integer()) site.fail("version must be a whole number (version = 1)");
    if (version->as_integer()->get() > kLayoutVersion)
        site.at_node(*version).fail("this layout is a newer format than this Umpire reads");
    return p;
}

// The path under [roster] `key`, with the unit's {type}, {quality} and {weapon} filled in.
std::optional<std::string> roster_path(const toml::table& layout, std::string_view key, const model::Unit& unit,
                                       const Site& site) {
    const toml::node* roster = layout.get("roster");
    if (!roster) return std::nullopt;
    if (!roster->is_table()) site.at_node(*roster).fail("[roster] must be a table");
    const toml::node* node = roster->as_table()->get(key);
    if (!node) return std::nullopt;
    if (!node->is_string()) site.at_node(*node).fail("[roster] " + std::string(key) + " must be a path in quotes");
    std::string path = node->as_string()->get();
    const std::pair<std::string, std::string> fields[] = {
        {"{type}", unit.troop_type}, {"{quality}", unit.quality}, {"{weapon}", unit.weapon}};
    for (const auto& [name, value] : fields)
        for (auto at = path.find(name); at != std::string::npos; at = path.find(name, at + value.size()))
            path.replace(at, name.size(), value);
    return path;
}

} // namespace

std::string format_distance(double rulebook_inches, const Distances& distances) {
    double inches = rulebook_inches * distances.scale;
    if (distances.unit == "cm") {
        double cm = std::round(inches * 2.54 * 2) / 2;  // to the half centimetre
        return number_text(cm) + " cm";
    }
    return rules::format_inches(std::round(inches * 2) / 2);
}

std::optional<std::string_view> sheet_layout_text(std::string_view ruleset_id) {
    for (std::size_t i = 0; i < embedded::kSheetLayoutCount; ++i)
        if (ruleset_id == embedded::kSheetLayouts[i].ruleset) return embedded::kSheetLayouts[i].text();
    return std::nullopt;
}

SheetContent build_sheet(std::string_view layout, const std::string& layout_name, std::string_view reference_toml,
                         const Distances& distances) {
    Parsed p = parse_both(layout, layout_name, reference_toml);
    Site top{&layout_name, p.layout.source(), ""};
    Scope root_scope{&p.reference, &p.reference, nullptr, &distances};
    SheetContent content;
    content.title = render(string_key(p.layout, "title", top, true), root_scope, top);
    content.subtitle = render(string_key(p.layout, "subtitle", top, false), root_scope, top);
    const toml::node* sections = p.layout.get("section");
    if (!sections || !sections->is_array_of_tables() || sections->as_array()->empty())
        top.fail("the layout needs [[section]] tables");
    int number = 0;
    for (const toml::node& node : *sections->as_array()) {
        const toml::table& section = *node.as_table();
        ++number;
        std::string context = "section " + std::to_string(number);
        if (const toml::node* h = section.get("heading"); h && h->is_string())
            context += " \"" + h->as_string()->get() + "\"";
        Site site{&layout_name, node.source(), context};
        content.sections.push_back(build_section(section, p.reference, site, distances));
        // A right-hand stack must follow a left-hand one: they are printed side by side.
        auto place = [&](std::size_t back) { return content.sections[content.sections.size() - 1 - back].column; };
        if (place(0) == SheetSection::Place::Right &&
            (content.sections.size() == 1 || place(1) == SheetSection::Place::Full))
            site.fail("column = \"right\" needs column = \"left\" sections just before it");

    }
    return content;
}

struct RosterReader::Impl {
    std::string name;
    Parsed parsed;
};

RosterReader::RosterReader(std::string_view layout, const std::string& layout_name, std::string_view reference_toml)
    : impl_(std::make_unique<Impl>(Impl{layout_name, parse_both(layout, layout_name, reference_toml)})) {
    Site site{&impl_->name, impl_->parsed.layout.source(), "[roster]"};
    if (const toml::node* roster = impl_->parsed.layout.get("roster")) {
        if (!roster->is_table()) site.at_node(*roster).fail("[roster] must be a table");
        site.at = roster->source();
        check_keys(*roster->as_table(), {"type", "quality", "weapon", "shaken_loss", "shaken_note"}, site,
                   "[roster]");
    }
}

RosterReader::~RosterReader() = default;

RosterLookup RosterReader::lookup(const model::Unit& unit) const {
    const Parsed& p = impl_->parsed;
    Site site{&impl_->name, p.layout.source(), "[roster]"};
    auto name = [&](std::string_view key, const std::string& fallback) {
        auto path = roster_path(p.layout, key, unit, site);
        if (!path) return fallback;
        const toml::node* node = resolve(&p.reference, *path, site);
        return node && node->is_string() ? node->as_string()->get() : fallback;
    };
    RosterLookup out;
    out.type = name("type", unit.troop_type);
    out.quality = name("quality", unit.quality);
    out.weapon = name("weapon", unit.weapon);
    if (auto path = roster_path(p.layout, "shaken_loss", unit, site)) {
        const toml::node* node = resolve(&p.reference, *path, site);
        const toml::array* a = node ? node->as_array() : nullptr;
        if (!a || a->size() != 2 || !(*a)[0].is_integer() || !(*a)[1].is_integer() ||
            (*a)[1].as_integer()->get() <= 0)
            site.fail("the reference tables have no fraction [numerator, denominator] at '" + *path +
                      "' for unit \"" + unit.name + "\"");
        out.shaken_loss = std::make_pair(static_cast<int>((*a)[0].as_integer()->get()),
                                         static_cast<int>((*a)[1].as_integer()->get()));
    }
    return out;
}

RosterNotes RosterReader::notes() const {
    const Parsed& p = impl_->parsed;
    Site site{&impl_->name, p.layout.source(), "[roster]"};
    RosterNotes notes;
    const toml::node* roster = p.layout.get("roster");
    if (!roster || !roster->is_table()) return notes;
    const toml::node* note = roster->as_table()->get("shaken_note");
    if (!note) return notes;
    if (!note->is_string()) site.at_node(*note).fail("shaken_note must be text in quotes");
    Distances none;
    Scope scope{&p.reference, &p.reference, nullptr, &none};
    notes.shaken = render(note->as_string()->get(), scope, site.at_node(*note));
    return notes;
}

int shaken_after(int start, std::pair<int, int> fraction) {
    // Shaken when lost * d > start * n, i.e. when more than floor(start * n / d) are lost.
    long long n = fraction.first, d = fraction.second;
    if (d <= 0) return start;
    return static_cast<int>(std::min<long long>(start, static_cast<long long>(start) * n / d));
}

} // namespace umpire::print
