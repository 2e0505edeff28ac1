#pragma once
// Whitespace as the dice parsers skip it: the C locale's, read from a char of any sign.
#include <cctype>

namespace umpire::dice {

inline bool is_blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

} // namespace umpire::dice
