// The compiled form: "umpire-toml/1", the source text's length and XXH64, then the root table.
// A node is its toml::node_type as one byte and then:
//   table:   inline (1 byte), entry count (4), each entry's key (length 4, bytes) and node;
//   array:   element count (4), each element's node;
//   string:  length (4), bytes;   integer: value (8), flags (1);   float: bits (8), flags (1);
//   boolean: 1 byte.
// Numbers little-endian as the machine that builds them writes them (the program built with them
// reads them on the same machine). Keys come in the table's order, so each is inserted at the end.
#include "rules/compiled_toml.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <bit>
#include <cstring>
#include <stdexcept>
#include <variant>
#include <vector>

namespace umpire::rules {

namespace {

constexpr std::string_view kMagic = "umpire-toml/1";
constexpr std::size_t kHead = kMagic.size() + 16;  // the magic, the text's length and its hash

// --- writing -----------------------------------------------------------------------------------

class Writer {
public:
    void bytes(const void* data, std::size_t size) { out_.append(static_cast<const char*>(data), size); }
    template <typename T>
    void number(T value) { bytes(&value, sizeof value); }
    void byte(std::uint8_t value) { number(value); }
    void text(std::string_view value) {
        if (value.size() > UINT32_MAX) throw std::runtime_error("compile_toml: a string too long");
        number(static_cast<std::uint32_t>(value.size()));
        bytes(value.data(), value.size());
    }

    void node(const toml::node& n) {
        byte(static_cast<std::uint8_t>(n.type()));
        switch (n.type()) {
        case toml::node_type::table: {
            const toml::table& t = *n.as_table();
            byte(t.is_inline() ? 1 : 0);
            number(static_cast<std::uint32_t>(t.size()));
            for (const auto& [key, value] : t) {
                text(key.str());
                node(value);
            }
            return;
        }
        case toml::node_type::array: {
            const toml::array& a = *n.as_array();
            number(static_cast<std::uint32_t>(a.size()));
            for (const toml::node& element : a) node(element);
            return;
        }
        case toml::node_type::string: text(n.as_string()->get()); return;
        case toml::node_type::integer:
            number(n.as_integer()->get());
            byte(static_cast<std::uint8_t>(n.as_integer()->flags()));
            return;
        case toml::node_type::floating_point:
            number(std::bit_cast<std::uint64_t>(n.as_floating_point()->get()));
            byte(static_cast<std::uint8_t>(n.as_floating_point()->flags()));
            return;
        case toml::node_type::boolean: byte(n.as_boolean()->get() ? 1 : 0); return;
        default: break;
        }
        throw std::runtime_error("compile_toml: a date or time (line " + std::to_string(n.source().begin.line) +
                                 "), which the compiled form does not hold");
    }

    std::string take() { return std::move(out_); }

private:
    std::string out_;
};

std::uint64_t hash_of(std::string_view text) { return XXH64(text.data(), text.size(), 0); }

// --- reading -----------------------------------------------------------------------------------

class Reader {
public:
    explicit Reader(std::string_view in) : in_(in) {}

    template <typename T>
    T number() {
        T value;
        std::memcpy(&value, take(sizeof value), sizeof value);
        return value;
    }
    std::uint8_t byte() { return number<std::uint8_t>(); }
    std::string_view text() {
        const auto size = number<std::uint32_t>();
        return {take(size), size};
    }
    bool done() const { return at_ == in_.size(); }

    void table(toml::table& t) {
        t.is_inline(byte() != 0);
        for (auto count = number<std::uint32_t>(); count > 0; --count) {
            const std::string_view key = text();
            const auto type = static_cast<toml::node_type>(byte());
            value(type, [&]<typename T>(auto&&... args) -> toml::node& {
                return t.emplace_hint<T>(t.cend(), key, std::forward<decltype(args)>(args)...)->second;
            });
        }
    }

    void array(toml::array& a) {
        const auto count = number<std::uint32_t>();
        a.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i) {
            const auto type = static_cast<toml::node_type>(byte());
            value(type, [&]<typename T>(auto&&... args) -> toml::node& {
                return a.emplace_back<T>(std::forward<decltype(args)>(args)...);
            });
        }
    }

private:
    // Makes the node of `type` with `put` (which emplaces a T where it belongs) and reads its content.
    template <typename Put>
    void value(toml::node_type type, Put&& put) {
        switch (type) {
        case toml::node_type::table: table(*put.template operator()<toml::table>().as_table()); return;
        case toml::node_type::array: array(*put.template operator()<toml::array>().as_array()); return;
        case toml::node_type::string: put.template operator()<std::string>(text()); return;
        case toml::node_type::integer: {
            toml::node& n = put.template operator()<std::int64_t>(number<std::int64_t>());
            n.as_integer()->flags(static_cast<toml::value_flags>(byte()));
            return;
        }
        case toml::node_type::floating_point: {
            toml::node& n = put.template operator()<double>(std::bit_cast<double>(number<std::uint64_t>()));
            n.as_floating_point()->flags(static_cast<toml::value_flags>(byte()));
            return;
        }
        case toml::node_type::boolean: put.template operator()<bool>(byte() != 0); return;
        default: break;
        }
        throw std::runtime_error("compiled TOML: a node of unknown kind");
    }

    const char* take(std::size_t size) {
        if (size > in_.size() - at_) throw std::runtime_error("compiled TOML: cut short");
        const char* here = in_.data() + at_;
        at_ += size;
        return here;
    }

    std::string_view in_;
    std::size_t at_ = 0;
};

// The way from `root` to `target`: a key of a table or an index of an array at each step.
using Step = std::variant<std::string_view, std::size_t>;

bool find_path(const toml::node& at, const toml::node& target, std::vector<Step>& path) {
    if (&at == &target) return true;
    if (const toml::table* t = at.as_table()) {
        for (const auto& [key, value] : *t) {
            path.emplace_back(key.str());
            if (find_path(value, target, path)) return true;
            path.pop_back();
        }
    } else if (const toml::array* a = at.as_array()) {
        for (std::size_t i = 0; i < a->size(); ++i) {
            path.emplace_back(i);
            if (find_path((*a)[i], target, path)) return true;
            path.pop_back();
        }
    }
    return false;
}

} // namespace

std::string compile_toml(const toml::table& root, std::string_view text) {
    Writer out;
    out.bytes(kMagic.data(), kMagic.size());
    out.number(static_cast<std::uint64_t>(text.size()));
    out.number(hash_of(text));
    out.node(root);
    return out.take();
}

bool compiled_from(std::string_view compiled, std::string_view text) {
    if (compiled.size() < kHead || compiled.substr(0, kMagic.size()) != kMagic) return false;
    Reader head(compiled.substr(kMagic.size(), 16));
    return head.number<std::uint64_t>() == text.size() && head.number<std::uint64_t>() == hash_of(text);
}

toml::table load_compiled_toml(std::string_view compiled) {
    if (compiled.size() < kHead || compiled.substr(0, kMagic.size()) != kMagic)
        throw std::runtime_error("compiled TOML: not in the compiled form");
    Reader in(compiled.substr(kHead));
    if (static_cast<toml::node_type>(in.byte()) != toml::node_type::table)
        throw std::runtime_error("compiled TOML: the root is not a table");
    toml::table root;
    in.table(root);
    if (!in.done()) throw std::runtime_error("compiled TOML: bytes after the root table");
    return root;
}

std::uint32_t compiled_line(const toml::table& root, const toml::node& node, std::string_view text,
                            std::string_view source) {
    std::vector<Step> path;
    if (!find_path(root, node, path)) return 0;
    toml::table parsed;
    try {
        parsed = toml::parse(text, source);
    } catch (const toml::parse_error&) {
        return 0;  // not the text the tree was compiled from
    }
    const toml::node* at = &parsed;
    for (const Step& step : path) {
        if (const auto* key = std::get_if<std::string_view>(&step))
            at = at->is_table() ? at->as_table()->get(*key) : nullptr;
        else
            at = at->is_array() ? at->as_array()->get(std::get<std::size_t>(step)) : nullptr;
        if (!at) return 0;
    }
    return at->source().begin.line;
}

bool same_tree(const toml::node& a, const toml::node& b) {
    if (a.type() != b.type()) return false;
    switch (a.type()) {
    case toml::node_type::table: {
        const toml::table& x = *a.as_table();
        const toml::table& y = *b.as_table();
        if (x.size() != y.size() || x.is_inline() != y.is_inline()) return false;
        for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j)
            if (i->first != j->first || !same_tree(i->second, j->second)) return false;
        return true;
    }
    case toml::node_type::array: {
        const toml::array& x = *a.as_array();
        const toml::array& y = *b.as_array();
        if (x.size() != y.size()) return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!same_tree(x[i], y[i])) return false;
        return true;
    }
    case toml::node_type::integer:
        return a.as_integer()->get() == b.as_integer()->get() && a.as_integer()->flags() == b.as_integer()->flags();
    case toml::node_type::floating_point:
        return std::bit_cast<std::uint64_t>(a.as_floating_point()->get()) ==
                   std::bit_cast<std::uint64_t>(b.as_floating_point()->get()) &&
               a.as_floating_point()->flags() == b.as_floating_point()->flags();
    case toml::node_type::string: return a.as_string()->get() == b.as_string()->get();
    case toml::node_type::boolean: return a.as_boolean()->get() == b.as_boolean()->get();
    case toml::node_type::date: return a.as_date()->get() == b.as_date()->get();
    case toml::node_type::time: return a.as_time()->get() == b.as_time()->get();
    case toml::node_type::date_time: return a.as_date_time()->get() == b.as_date_time()->get();
    default: return false;
    }
}

} // namespace umpire::rules
