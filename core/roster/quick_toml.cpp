// The quick reader: one pass over the text, a line at a time. Every "return false" is "not for
// this reader" (outside its part of TOML, or not TOML at all): toml++ reads the text instead.
#include "roster/quick_toml.h"
#include "rules/toml_limits.h"

#include <charconv>

namespace umpire::roster::detail {

namespace {

// Tighter than rules/toml_limits.h's bounds, so a text read here is inside them.
constexpr int kMaxDepth = 16;  // arrays and inline tables within each other, on one line
constexpr int kMaxHeaderParts = 16;  // [[a.b.c]] is 3
constexpr std::size_t kUsualKeys = 8;  // room made at once for a [[table]]'s keys (a unit has 5 to 9)
static_assert(kMaxDepth + 2 < rules::kTomlMaxNesting && kMaxHeaderParts < rules::kTomlMaxNesting);

bool bare_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}
bool digit(char c) { return c >= '0' && c <= '9'; }
bool plain(char c) { return c == '\t' || (c >= 0x20 && c < 0x7f); }  // printable ASCII or a tab

class Quick {
public:
    explicit Quick(std::string_view text) : s_(text) { root_.at = {1, 1}; }

    std::optional<Node> run() {
        if (s_.size() > rules::kTomlMaxBytes) return std::nullopt;
        while (skip_spaces(), i_ < s_.size()) {
            const char c = s_[i_];
            const bool ok = c == '#' || c == '\n' || c == '\r' ? end_of_line()
                            : c == '['                          ? header()
                                                                : key_value();
            if (!ok) return std::nullopt;
        }
        if (!short_line()) return std::nullopt;
        finish(root_);
        return std::move(root_);
    }

private:
    char peek(std::size_t ahead = 0) const { return i_ + ahead < s_.size() ? s_[i_ + ahead] : '\0'; }
    Place here() const { return {line_, static_cast<int>(i_ - line_start_) + 1}; }
    void skip_spaces() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    }

    bool short_line() const { return i_ - line_start_ < rules::kTomlMaxLineBytes; }

    // Spaces, a comment, then the end of the line (or of the text).
    bool end_of_line() {
        skip_spaces();
        if (peek() == '#')
            while (i_ < s_.size() && s_[i_] != '\n' && s_[i_] != '\r')
                if (!plain(s_[i_++])) return false;
        if (!short_line()) return false;
        if (i_ == s_.size()) return true;
        if (s_[i_] == '\r') {
            if (peek(1) != '\n') return false;
            ++i_;
        }
        if (s_[i_] != '\n') return false;
        ++i_;
        ++line_;
        line_start_ = i_;
        return true;
    }

    bool bare_key(std::string& out) {
        const std::size_t start = i_;
        while (i_ < s_.size() && bare_key_char(s_[i_])) ++i_;
        out.assign(s_.substr(start, i_ - start));
        return i_ > start;
    }

    static Node* entry(Node& table, std::string_view key) {
        for (Node::Entry& e : table.entries)
            if (e.key == key) return &e.value;
        return nullptr;
    }

    // [[a.b]]: a new table at the end of the array of tables b, in the last table of a. Such an
    // array is marked (`flag`) until the end, to tell it from an array written as a value.
    bool header() {
        const Place at = here();
        if (peek(1) != '[') return false;  // [table]
        i_ += 2;
        Node* table = &root_;
        for (int parts = 1; parts <= kMaxHeaderParts; ++parts) {
            const Place key_at = here();
            std::string key;
            if (!bare_key(key)) return false;
            Node* array = entry(*table, key);
            const bool last = peek() != '.';
            if (!array) {
                if (!last) return false;
                table->entries.push_back({std::move(key), key_at, Node{}});
                array = &table->entries.back().value;
                array->kind = Node::Kind::Array;
                array->at = at;
                array->flag = true;
            }
            if (array->kind != Node::Kind::Array || !array->flag) return false;
            if (last) {
                if (peek() != ']' || peek(1) != ']') return false;
                i_ += 2;
                array->items.emplace_back();
                table_ = &array->items.back();
                table_->at = at;
                table_->entries.reserve(kUsualKeys);
                return end_of_line();
            }
            table = &array->items.back();
            ++i_;  // the dot
        }
        return false;
    }

    bool key_value() { return member(*table_, 0) && end_of_line(); }

    // `key = value` into `table`, the key bare and new to it.
    bool member(Node& table, int depth) {
        const Place key_at = here();
        std::string key;
        if (!bare_key(key)) return false;
        skip_spaces();
        if (peek() != '=') return false;
        ++i_;
        skip_spaces();
        if (entry(table, key)) return false;  // a duplicate
        Node value;
        if (!read_value(value, depth)) return false;
        table.entries.push_back({std::move(key), key_at, std::move(value)});
        return true;
    }

    bool read_value(Node& out, int depth) {
        if (depth > kMaxDepth) return false;
        out.at = here();
        bool ok = false;
        switch (peek()) {
        case '"': ok = basic_string(out); break;
        case '\'': ok = literal_string(out); break;
        case 't': ok = word("true", out, true); break;
        case 'f': ok = word("false", out, false); break;
        case '[': return array(out, depth);
        case '{': return inline_table(out, depth);
        default: ok = number(out); break;
        }
        // What may follow a value: anything else (1.5e3, 2024-01-01, "a"b) is not for this reader.
        const char next = peek();
        return ok && (i_ == s_.size() || next == ' ' || next == '\t' || next == '\n' || next == '\r' || next == '#' ||
                      next == ',' || next == ']' || next == '}');
    }

    bool basic_string(Node& out) {
        if (peek(1) == '"' && peek(2) == '"') return false;  // """multi-line"""
        out.kind = Node::Kind::String;
        ++i_;
        for (;;) {
            const std::size_t start = i_;
            while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\\' && plain(s_[i_])) ++i_;
            out.text.append(s_.substr(start, i_ - start));
            if (i_ == s_.size()) return false;
            if (s_[i_] == '"') {
                ++i_;
                return true;
            }
            if (s_[i_] != '\\') return false;  // a control character or a byte past ASCII
            char escaped = 0;
            switch (peek(1)) {
            case '"': escaped = '"'; break;
            case '\\': escaped = '\\'; break;
            case 'n': escaped = '\n'; break;
            case 't': escaped = '\t'; break;
            case 'r': escaped = '\r'; break;
            case 'b': escaped = '\b'; break;
            case 'f': escaped = '\f'; break;
            default: return false;  // \u, \U, or not an escape
            }
            out.text.push_back(escaped);
            i_ += 2;
        }
    }

    bool literal_string(Node& out) {
        if (peek(1) == '\'' && peek(2) == '\'') return false;  // '''multi-line'''
        out.kind = Node::Kind::String;
        const std::size_t start = ++i_;
        while (i_ < s_.size() && s_[i_] != '\'' && plain(s_[i_])) ++i_;
        if (peek() != '\'') return false;
        out.text.assign(s_.substr(start, i_ - start));
        ++i_;
        return true;
    }

    bool word(std::string_view spelled, Node& out, bool value) {
        if (s_.substr(i_, spelled.size()) != spelled) return false;
        i_ += spelled.size();
        out.kind = Node::Kind::Boolean;
        out.flag = value;
        return true;
    }

    // -?(0|[1-9][0-9]*)(\.[0-9]+)?, at most 18 digits before the point: nothing else of TOML's
    // numbers (no +, _, 0x, exponents, inf or nan).
    bool number(Node& out) {
        const std::size_t start = i_;
        if (peek() == '-') ++i_;
        const std::size_t first = i_;
        while (digit(peek())) ++i_;
        const std::size_t digits = i_ - first;
        if (digits == 0 || digits > 18 || (digits > 1 && s_[first] == '0')) return false;
        const bool fraction = peek() == '.';
        if (fraction) {
            ++i_;
            if (!digit(peek())) return false;
            while (digit(peek())) ++i_;
        }
        const char* begin = s_.data() + start;
        const char* end = s_.data() + i_;
        if (fraction) {
            out.kind = Node::Kind::Float;
            return std::from_chars(begin, end, out.number).ptr == end;
        }
        out.kind = Node::Kind::Integer;
        return std::from_chars(begin, end, out.integer).ptr == end;
    }

    bool array(Node& out, int depth) {
        out.kind = Node::Kind::Array;
        ++i_;
        for (;;) {
            skip_spaces();
            if (peek() == ']') break;  // empty, or after a trailing comma
            out.items.emplace_back();
            if (!read_value(out.items.back(), depth + 1)) return false;
            skip_spaces();
            if (peek() == ',') {
                ++i_;
                continue;
            }
            if (peek() != ']') return false;  // a line break or a comment inside: toml++'s
            break;
        }
        ++i_;
        return true;
    }

    bool inline_table(Node& out, int depth) {
        out.kind = Node::Kind::Table;
        ++i_;
        skip_spaces();
        if (peek() == '}') {
            ++i_;
            return true;
        }
        for (;;) {
            if (!member(out, depth + 1)) return false;
            skip_spaces();
            if (peek() == '}') {
                ++i_;
                return true;
            }
            if (peek() != ',') return false;
            ++i_;
            skip_spaces();
        }
    }

    // Unmarks the arrays of tables (only they can hold tables here: an inline table holds none).
    static void finish(Node& table) {
        for (Node::Entry& e : table.entries)
            if (e.value.kind == Node::Kind::Array && e.value.flag) {
                e.value.flag = false;
                for (Node& item : e.value.items) finish(item);
            }
    }

    std::string_view s_;
    std::size_t i_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;
    Node root_;
    Node* table_ = &root_;  // where `key = value` lines go
};

} // namespace

std::optional<Node> quick_toml(std::string_view text) { return Quick(text).run(); }

} // namespace umpire::roster::detail
