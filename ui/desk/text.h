#pragma once
// Small text helpers the desk's forms share: what the umpire typed, without the spaces around it.
#include <string>
#include <string_view>

namespace umpire::desk {

inline std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

inline bool blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

} // namespace umpire::desk
