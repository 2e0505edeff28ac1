#include "store/json_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace umpire::store {

namespace {

// The escapes nlohmann's serializer writes for ASCII (ensure_ascii off): the two-letter ones it
// knows, \u00xx in lower-case hex for other control characters, every other byte as it is.
bool needs_escape(char c) { return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20; }

void append_ascii_escaped(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::size_t plain = 0;  // start of the run of characters written as they are
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (!needs_escape(c)) continue;
        out.append(s.data() + plain, i - plain);  // whole runs: most names need no escape at all
        plain = i + 1;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            out += "\\u00";
            out += kHex[(c >> 4) & 0xF];
            out += kHex[c & 0xF];
        }
    }
    out.append(s.data() + plain, s.size() - plain);
}

bool is_ascii(std::string_view s) {
    for (const char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

} // namespace

void JsonText::new_line() {
    out_ += '\n';
    out_.append(static_cast<std::size_t>(indent_ * depth_), ' ');
}

void JsonText::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_) out_ += ',';
    if (indent_ >= 0 && depth_ > 0) new_line();
    first_ = false;
}

JsonText& JsonText::key(std::string_view name) {
    quoted(name, indent_ >= 0 ? "\": " : "\":");
    after_key_ = true;  // the member's value takes no comma and no line of its own
    return *this;
}

JsonText& JsonText::value(std::string_view text) { return quoted(text, "\""); }

JsonText& JsonText::quoted(std::string_view text, std::string_view closing) {
    separate();
    // Most texts (names, ids, keys) are plain: written whole, with no escape to look for again, in
    // one append (a key and its colon: a third of writing a battle's JSON went on appends).
    const bool plain = std::none_of(text.begin(), text.end(),
                                    [](char c) { return needs_escape(c) || static_cast<unsigned char>(c) >= 0x80; });
    char whole[64];
    if (plain && text.size() + 1 + closing.size() <= sizeof whole) {
        whole[0] = '"';
        std::memcpy(whole + 1, text.data(), text.size());
        std::memcpy(whole + 1 + text.size(), closing.data(), closing.size());
        out_.append(whole, 1 + text.size() + closing.size());
        return *this;
    }
    if (plain) {
        out_ += '"';
        out_ += text;
        out_ += closing;
    } else if (is_ascii(text)) {
        out_ += '"';
        append_ascii_escaped(out_, text);
        out_ += closing;
    } else {
        // Beyond ASCII the text must be valid UTF-8: nlohmann checks that and throws as it always
        // did, and names that need it are few. Its dump ends in the quote.
        out_ += nlohmann::json(std::string(text)).dump();
        out_ += closing.substr(1);
    }
    return *this;
}

JsonText& JsonText::value(long long number) {
    separate();
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
    out_.append(digits, end);
    return *this;
}

JsonText& JsonText::value(double number) {
    separate();
    out_ += nlohmann::json(number).dump();  // its shortest round-trip form, "1.0" and not "1"
    return *this;
}

JsonText& JsonText::value(bool truth) {
    separate();
    out_ += truth ? "true" : "false";
    return *this;
}

JsonText& JsonText::null() {
    separate();
    out_ += "null";
    return *this;
}

JsonText& JsonText::begin_object() {
    separate();
    out_ += '{';
    ++depth_;
    first_ = true;
    return *this;
}

JsonText& JsonText::end_object() {
    --depth_;
    if (indent_ >= 0 && !first_) new_line();  // an empty one stays "{}"
    out_ += '}';
    first_ = false;
    return *this;
}

JsonText& JsonText::begin_array() {
    separate();
    out_ += '[';
    ++depth_;
    first_ = true;
    return *this;
}

JsonText& JsonText::end_array() {
    --depth_;
    if (indent_ >= 0 && !first_) new_line();
    out_ += ']';
    first_ = false;
    return *this;
}

} // namespace umpire::store
