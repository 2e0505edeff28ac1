#include "roster/roster_tree.h"

#include <algorithm>
#include <bit>

namespace umpire::roster::detail {

Place place_of(const toml::source_region& at) {
    return {static_cast<int>(at.begin.line), static_cast<int>(at.begin.column)};
}

namespace {

Node node_of(const toml::node& n) {
    Node out;
    out.at = place_of(n.source());
    switch (n.type()) {
    case toml::node_type::table:
        out.kind = Node::Kind::Table;
        out.entries.reserve(n.as_table()->size());
        for (const auto& [key, value] : *n.as_table())
            out.entries.push_back({std::string(key.str()), place_of(key.source()), node_of(value)});
        break;
    case toml::node_type::array:
        out.kind = Node::Kind::Array;
        out.items.reserve(n.as_array()->size());
        for (const toml::node& item : *n.as_array()) out.items.push_back(node_of(item));
        break;
    case toml::node_type::string: out.kind = Node::Kind::String, out.text = n.as_string()->get(); break;
    case toml::node_type::integer: out.kind = Node::Kind::Integer, out.integer = n.as_integer()->get(); break;
    case toml::node_type::floating_point: out.kind = Node::Kind::Float, out.number = n.as_floating_point()->get(); break;
    case toml::node_type::boolean: out.kind = Node::Kind::Boolean, out.flag = n.as_boolean()->get(); break;
    case toml::node_type::date: out.kind = Node::Kind::Date; break;
    case toml::node_type::time: out.kind = Node::Kind::Time; break;
    default: out.kind = Node::Kind::DateTime; break;
    }
    return out;
}

} // namespace

const Node* Node::get(std::string_view key) const {
    for (const Entry& e : entries)
        if (e.key == key) return &e.value;
    return nullptr;
}

Node tree_of(const toml::table& root) { return node_of(root); }

std::vector<const Node::Entry*> sorted_entries(const Node& table) {
    std::vector<const Node::Entry*> out;
    out.reserve(table.entries.size());
    for (const Node::Entry& e : table.entries) out.push_back(&e);
    std::sort(out.begin(), out.end(),
              [](const Node::Entry* a, const Node::Entry* b) { return std::string_view(a->key) < std::string_view(b->key); });
    return out;
}

bool same_tree(const Node& a, const Node& b) {
    if (a.kind != b.kind || !(a.at == b.at) || a.text != b.text || a.integer != b.integer ||
        std::bit_cast<std::uint64_t>(a.number) != std::bit_cast<std::uint64_t>(b.number) || a.flag != b.flag ||
        a.entries.size() != b.entries.size() || a.items.size() != b.items.size())
        return false;
    for (const Node::Entry& e : a.entries) {
        const auto other = std::find_if(b.entries.begin(), b.entries.end(),
                                        [&](const Node::Entry& f) { return f.key == e.key; });
        if (other == b.entries.end() || !(other->at == e.at) || !same_tree(e.value, other->value)) return false;
    }
    for (std::size_t i = 0; i < a.items.size(); ++i)
        if (!same_tree(a.items[i], b.items[i])) return false;
    return true;
}

} // namespace umpire::roster::detail
