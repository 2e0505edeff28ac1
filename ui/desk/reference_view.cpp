#include "desk/reference_view.h"

#include "desk/text.h"

#include <toml++/toml.h>

#include <algorithm>
#include <optional>
#include <tuple>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace umpire::desk {

namespace {

// toml++ keeps a table's keys sorted; the file's order (which the rules text follows) comes
// back from each node's source position. With house rules the text shown is toml++'s own writing
// of the merged tables, in key order: then `order`, the same table in the reference as written,
// gives the order, and keys it lacks (added by house rules) come after, as they stand.
using Ordered = std::vector<std::pair<std::string, const toml::node*>>;

Ordered in_file_order(const toml::table& t, const toml::table* order = nullptr) {
    Ordered out;
    for (const auto& [k, v] : t) out.emplace_back(std::string(k.str()), &v);
    const auto position = [order](const std::pair<std::string, const toml::node*>& e) {
        const toml::node* at = order ? order->get(e.first) : nullptr;
        const auto& src = (at ? at : e.second)->source().begin;
        return std::make_tuple(at ? 0 : 1, src.line, src.column);
    };
    std::stable_sort(out.begin(), out.end(), [&](const auto& a, const auto& b) { return position(a) < position(b); });
    return out;
}

const toml::table* order_of(const toml::table* order, const std::string& key) {
    return order ? order->get_as<toml::table>(key) : nullptr;
}

// The order table of item `i` of the array `key` (the first item's, past the end).
const toml::table* order_item(const toml::table* order, const std::string& key, std::size_t i) {
    const toml::array* arr = order ? order->get_as<toml::array>(key) : nullptr;
    if (!arr || arr->empty()) return nullptr;
    return (*arr)[std::min(i, arr->size() - 1)].as_table();
}

struct Record {
    std::string key;
    const toml::table* table = nullptr;
    const toml::table* order = nullptr;
};

std::string format_value(const toml::node& n);

std::string format_number(double d) {
    std::ostringstream ss;
    ss << d;
    return ss.str();
}

std::string format_value(const toml::node& n) {
    if (auto s = n.as_string()) return s->get();
    if (auto i = n.as_integer()) return std::to_string(i->get());
    if (auto f = n.as_floating_point()) return format_number(f->get());
    if (auto b = n.as_boolean()) return b->get() ? "yes" : "no";
    if (auto a = n.as_array()) {
        std::string out;
        for (const auto& e : *a) out += (out.empty() ? "" : ", ") + format_value(e);
        return out;
    }
    if (auto t = n.as_table()) {
        std::string out;
        for (const auto& [k, v] : in_file_order(*t)) out += (out.empty() ? "" : "; ") + k + " " + format_value(*v);
        return out;
    }
    // Dates and times: written as TOML writes them.
    std::ostringstream ss;
    if (auto d = n.as_date()) ss << *d;
    else if (auto t = n.as_time()) ss << *t;
    else if (auto dt = n.as_date_time()) ss << *dt;
    return ss.str();
}

bool is_flat(const toml::table& t) {
    for (const auto& [k, v] : t)
        if (v.is_table() || v.is_array_of_tables()) return false;
    return true;
}

// Rows of records (an array of tables, or a table of flat tables) as one grid: the columns are
// every key any record has, in the order they first appear; `first` names the key column.
ReferenceTable records(std::string title, const std::vector<Record>& items, const char* first) {
    ReferenceTable out;
    out.title = std::move(title);
    const bool keyed = first != nullptr;
    if (keyed) out.columns.emplace_back(first);
    for (const Record& r : items)
        for (const auto& [k, v] : in_file_order(*r.table, r.order))
            if (std::find(out.columns.begin(), out.columns.end(), k) == out.columns.end()) out.columns.push_back(k);
    for (const Record& r : items) {
        std::vector<std::string> row(out.columns.size());
        if (keyed) row[0] = r.key;
        for (std::size_t c = keyed ? 1 : 0; c < out.columns.size(); ++c)
            if (const toml::node* v = r.table->get(out.columns[c])) row[c] = format_value(*v);
        out.rows.push_back(std::move(row));
    }
    return out;
}

std::vector<Record> array_records(const toml::array& arr, const toml::table* order, const std::string& key) {
    std::vector<Record> items;
    std::size_t i = 0;
    for (const auto& e : arr)
        if (auto et = e.as_table()) items.push_back({std::string(), et, order_item(order, key, i++)});
    return items;
}

void add_table(ReferenceView& view, const std::string& title, const toml::table& t, const toml::table* order) {
    ReferenceTable scalars;
    scalars.title = title;
    scalars.columns = {"key", "value"};
    std::vector<Record> flat_children;
    std::vector<std::pair<std::string, const toml::node*>> nested;
    for (const auto& [k, v] : in_file_order(t, order)) {
        if (k == "citation" && v->is_string()) {
            scalars.citation = v->as_string()->get();
        } else if (auto sub = v->as_table(); sub && is_flat(*sub)) {
            flat_children.push_back({k, sub, order_of(order, k)});
        } else if (v->is_table() || v->is_array_of_tables()) {
            nested.emplace_back(k, v);
        } else {
            scalars.rows.push_back({k, format_value(*v)});
        }
    }
    const std::string citation = scalars.citation;
    if (!scalars.rows.empty() || (flat_children.empty() && nested.empty())) view.tables.push_back(std::move(scalars));
    if (!flat_children.empty()) {
        ReferenceTable grid = records(title, flat_children, "id");
        grid.citation = citation;
        view.tables.push_back(std::move(grid));
    }
    for (const auto& [k, v] : nested) {
        const std::string sub_title = title + "." + k;
        if (auto sub = v->as_table()) {
            add_table(view, sub_title, *sub, order_of(order, k));
        } else if (auto arr = v->as_array()) {
            ReferenceTable grid = records(sub_title, array_records(*arr, order, k), nullptr);
            grid.citation = citation;
            view.tables.push_back(std::move(grid));
        }
    }
}

} // namespace

ReferenceView reference_view(std::string_view text, std::string_view order_text) {
    // The order source is only a help: one that does not parse is not used.
    std::optional<toml::table> order_root;
    if (!order_text.empty()) {
        try {
            order_root = toml::parse(order_text, std::string_view("reference order"));
        } catch (const toml::parse_error&) {
            order_root.reset();
        }
    }
    const toml::table* order = order_root ? &*order_root : nullptr;
    toml::table root;
    try {
        root = toml::parse(text, std::string_view("reference tables"));
    } catch (const toml::parse_error& e) {
        std::ostringstream ss;
        ss << "reference tables: " << e.source().begin.line << ":" << e.source().begin.column << ": "
           << e.description();
        throw std::runtime_error(ss.str());
    }
    ReferenceView view;
    if (auto name = root["name"].value<std::string>()) view.name = *name;
    ReferenceTable top;
    top.title = "general";
    top.columns = {"key", "value"};
    for (const auto& [k, v] : in_file_order(root, order)) {
        if (k == "format" || k == "version" || k == "ruleset" || k == "name") continue;
        if (auto t = v->as_table()) {
            add_table(view, k, *t, order_of(order, k));
        } else if (auto arr = v->as_array(); arr && v->is_array_of_tables()) {
            view.tables.push_back(records(k, array_records(*arr, order, k), nullptr));
        } else {
            top.rows.push_back({k, format_value(*v)});
        }
    }
    if (!top.rows.empty()) view.tables.insert(view.tables.begin(), std::move(top));
    return view;
}

std::vector<const ReferenceTable*> find_tables(const ReferenceView& view, std::string_view needle) {
    std::vector<const ReferenceTable*> out;
    for (const ReferenceTable& t : view.tables) {
        bool hit = needle.empty() || contains_ci(t.title, needle) || contains_ci(t.citation, needle);
        for (std::size_t r = 0; !hit && r < t.rows.size(); ++r)
            for (const std::string& cell : t.rows[r])
                if (contains_ci(cell, needle)) {
                    hit = true;
                    break;
                }
        if (hit) out.push_back(&t);
    }
    return out;
}

} // namespace umpire::desk
