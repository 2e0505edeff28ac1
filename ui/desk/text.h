#pragma once
// Small text helpers the desk's forms share: what the umpire typed, without the spaces around it;
// whether a name or a table holds what he typed, in any case.
#include <algorithm>
#include <cctype>
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

// Whether `hay` contains `needle`, ignoring case (ASCII); an empty needle is in everything.
inline bool contains_ci(std::string_view hay, std::string_view needle) {
    const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
    return std::search(hay.begin(), hay.end(), needle.begin(), needle.end(),
                       [&](char a, char b) { return lower(a) == lower(b); }) != hay.end();
}

} // namespace umpire::desk
