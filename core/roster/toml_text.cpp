#include "roster/toml_text.h"

#include <charconv>
#include <cstdio>
#include <system_error>

namespace umpire::roster::detail {

std::string toml_quote(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            // Other control characters are not allowed raw in a basic string. Bytes >= 0x80 are
            // UTF-8 and pass through unchanged.
            if (u < 0x20 || u == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(u));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return out;
}

std::string toml_key(std::string_view key) {
    bool bare = !key.empty();
    for (char c : key)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_'))
            bare = false;
    return bare ? std::string(key) : toml_quote(key);
}

std::string toml_float(double value) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    std::string text = ec == std::errc() ? std::string(buf, end) : std::to_string(value);
    if (text.find_first_of(".eEn") == std::string::npos) text += ".0";  // "n": inf / nan
    return text;
}

} // namespace umpire::roster::detail
