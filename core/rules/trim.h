#pragma once
// A typed value without the blanks around it, as the command line and the forms give it.
#include <cctype>
#include <string_view>

namespace umpire::rules {

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

} // namespace umpire::rules
