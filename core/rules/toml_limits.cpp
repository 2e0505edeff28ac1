#include "rules/toml_limits.h"

namespace umpire::rules {

namespace {

bool key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

} // namespace

std::optional<TomlLimitBreach> toml_limit_breach(std::string_view text) {
    if (text.size() > kTomlMaxBytes)
        return TomlLimitBreach{1, 1, "the file is " + std::to_string(text.size()) + " bytes; at most " +
                                         std::to_string(kTomlMaxBytes) + " are read"};
    int line = 1;
    std::size_t line_start = 0;
    int depth = 0;       // [ and { open now
    int parts = 1;       // parts of the dotted name being read (a.b.c is 3)
    bool after_part = false;  // a key part (or a value such as 1.5) ends just before here
    auto breach = [&](std::size_t at, std::string message) {
        return TomlLimitBreach{line, static_cast<int>(at - line_start) + 1, std::move(message)};
    };
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n; ++i) {
        const char c = text[i];
        if (c == '\n') {
            if (i - line_start > kTomlMaxLineBytes)
                return breach(line_start + kTomlMaxLineBytes, "a line longer than " + std::to_string(kTomlMaxLineBytes) + " bytes");
            ++line;
            line_start = i + 1;
            parts = 1;
            after_part = false;
            continue;
        }
        if (i - line_start > kTomlMaxLineBytes)
            return breach(line_start + kTomlMaxLineBytes, "a line longer than " + std::to_string(kTomlMaxLineBytes) + " bytes");
        if (c == '#') {  // a comment runs to the end of the line
            while (i + 1 < n && text[i + 1] != '\n') ++i;
            continue;
        }
        if (c == '"' || c == '\'') {
            const bool multi = text.substr(i, 3) == std::string(3, c);
            const std::string_view close = multi ? std::string_view(c == '"' ? "\"\"\"" : "'''") : std::string_view(&text[i], 1);
            std::size_t j = i + (multi ? 3 : 1);
            for (; j < n; ++j) {
                if (c == '"' && text[j] == '\\') {
                    ++j;
                    continue;
                }
                if (text[j] == '\n') {
                    if (!multi) break;  // an unclosed string: the parser will say so
                    if (j - line_start > kTomlMaxLineBytes)
                        return breach(line_start + kTomlMaxLineBytes, "a line longer than " + std::to_string(kTomlMaxLineBytes) + " bytes");
                    ++line;
                    line_start = j + 1;
                }
                if (text[j] == c && text.substr(j, close.size()) == close) break;
            }
            i = j < n && text[j] != '\n' ? j + close.size() - 1 : j - 1;
            after_part = true;
            continue;
        }
        if (key_char(c)) {
            after_part = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') continue;  // a . b is a dotted key too
        if (c == '.') {
            if (after_part && ++parts > kTomlMaxNesting)
                return breach(i, "a dotted name of more than " + std::to_string(kTomlMaxNesting) + " parts");
            after_part = false;
            continue;
        }
        parts = 1;
        after_part = false;
        if (c == '[' || c == '{') {
            if (++depth > kTomlMaxNesting)
                return breach(i, "arrays or tables nested more than " + std::to_string(kTomlMaxNesting) + " deep");
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

} // namespace umpire::rules
