#include "model/plain_text.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace umpire::model {

namespace {

// The length of the UTF-8 sequence at `at` (1 to 4), or 0 when the bytes there are not one:
// overlong forms, surrogates and code points past U+10FFFF are not.
std::size_t sequence_length(std::string_view s, std::size_t at, char32_t* code = nullptr) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char b = byte(at);
    std::size_t n = 0;
    char32_t c = 0;
    if (b < 0x80) n = 1, c = b;
    else if (b >= 0xC2 && b <= 0xDF) n = 2, c = b & 0x1Fu;
    else if (b >= 0xE0 && b <= 0xEF) n = 3, c = b & 0x0Fu;
    else if (b >= 0xF0 && b <= 0xF4) n = 4, c = b & 0x07u;
    else return 0;
    if (at + n > s.size()) return 0;
    for (std::size_t i = 1; i < n; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) return 0;
        c = (c << 6) | (byte(at + i) & 0x3Fu);
    }
    if ((n == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) || (n == 4 && (c < 0x10000 || c > 0x10FFFF))) return 0;
    if (code) *code = c;
    return n;
}

bool is_control(char32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F); }
bool is_line_space(char32_t c) { return c == '\t' || c == '\n' || c == '\r'; }
// A byte escaped() passes on as it is without decoding it: printable ASCII, tab and newline.
bool plain_ascii(char b) { return (b >= 0x20 && b < 0x7F) || b == '\t' || b == '\n'; }

constexpr std::uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u, kLow7 = 0x7F7F7F7F7F7F7F7Fu;

// The high bit of each byte of `w` that is below 0x20 or from 0x7F up: exact for the word (is any
// byte such), though a borrow or a carry may mark a neighbour of one that is.
std::uint64_t not_printable(std::uint64_t w) {
    const std::uint64_t below_space = (w - kOnes * 0x20) & ~w & kHigh;
    const std::uint64_t del_or_high = (w | (w + kOnes)) & kHigh;
    return below_space | del_or_high;
}

// How many bytes at the start of `s` satisfy `byte_ok`, eight at a time: a word `word_ok` passes
// is taken whole (it must pass only words whose bytes all satisfy `byte_ok`), any other is looked
// at byte by byte. Text is nearly all plain ASCII, and this is what every check and every escape
// of a long text spends its time on.
template <class WordOk, class ByteOk>
std::size_t prefix_of(std::string_view s, WordOk word_ok, ByteOk byte_ok) {
    std::size_t i = 0;
    while (i < s.size()) {
        if (i + 8 <= s.size()) {
            std::uint64_t w = 0;
            std::memcpy(&w, s.data() + i, 8);
            if (word_ok(w)) {
                i += 8;
                continue;
            }
        }
        for (const std::size_t end = std::min(s.size(), i + 8); i < end; ++i)
            if (!byte_ok(s[i])) return i;
    }
    return i;
}

// How many bytes at the start of `s` are plain_ascii.
std::size_t plain_prefix(std::string_view s) {
    return prefix_of(
        s,
        [](std::uint64_t w) {
            // The newlines (exactly those bytes: this zero-byte test has no borrow), raised out
            // of the control characters by setting their 0x20 bit: an indented document has one
            // in most words.
            const std::uint64_t x = w ^ (kOnes * '\n');
            const std::uint64_t newlines = ~(((x & kLow7) + kLow7) | x | kLow7);
            return not_printable(w | (newlines >> 2)) == 0;
        },
        plain_ascii);
}

// How many bytes at the start of `s` are printable ASCII (0x20 to 0x7E).
std::size_t printable_prefix(std::string_view s) {
    return prefix_of(
        s, [](std::uint64_t w) { return not_printable(w) == 0; }, [](char b) { return b >= 0x20 && b < 0x7F; });
}

// How many bytes at the start of `s` are ASCII.
std::size_t ascii_prefix(std::string_view s) {
    return prefix_of(
        s, [](std::uint64_t w) { return (w & kHigh) == 0; }, [](char b) { return static_cast<unsigned char>(b) < 0x80; });
}

// C0 controls read as bytes ("\x1b"); DEL and the rest as code points ("\u007f"), which is also
// how JSON writes them: DEL is the one control a JSON writer leaves raw in a string (nlohmann
// does), and "\x7f" there made `show --json` of an older file holding one invalid JSON.
std::string escape(char32_t c) {
    char buf[12];
    if (c < 0x7F)
        std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
    else
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
    return buf;
}

} // namespace

bool valid_utf8(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        at += ascii_prefix(text.substr(at));
        if (at == text.size()) break;
        const std::size_t n = sequence_length(text, at);
        if (n == 0) return false;
        at += n;
    }
    return true;
}

std::optional<std::size_t> first_control(std::string_view text, bool text_with_lines) {
    for (std::size_t at = 0; at < text.size();) {
        at += printable_prefix(text.substr(at));
        if (at == text.size()) break;
        char32_t c = 0;
        const std::size_t n = sequence_length(text, at, &c);
        if (n == 0) {
            ++at;  // not UTF-8: another check's business
            continue;
        }
        if (is_control(c) && c != '\t' && !(text_with_lines && is_line_space(c))) return at;
        at += n;
    }
    return std::nullopt;
}

std::string control_name(std::string_view text, std::size_t at) {
    char32_t c = 0;
    if (at >= text.size() || sequence_length(text, at, &c) == 0) return escape(static_cast<unsigned char>(text[at]));
    return escape(c);
}

bool write_escaped(std::string_view text, const std::function<bool(std::string_view)>& write) {
    for (std::size_t at = 0; at < text.size();) {
        // A run of printable ASCII, tabs and newlines (nearly all of any text, and all of a JSON
        // document) goes on whole: `show --json` of 2,000 units spent two thirds of its time
        // here when each character was decoded and appended alone.
        const std::size_t plain = plain_prefix(text.substr(at));
        if (plain > 0 && !write(text.substr(at, plain))) return false;
        at += plain;
        if (at == text.size()) break;
        char32_t c = 0;
        const std::size_t n = sequence_length(text, at, &c);
        if (n == 0) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(text[at])));
            if (!write(buf)) return false;
            ++at;
            continue;
        }
        const bool control = is_control(c) && c != '\t' && c != '\n';
        if (!(control ? write(escape(c)) : write(text.substr(at, n)))) return false;
        at += n;
    }
    return true;
}

std::string escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    write_escaped(text, [&out](std::string_view piece) {
        out += piece;
        return true;
    });
    return out;
}

} // namespace umpire::model
