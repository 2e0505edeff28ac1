#pragma once
// Internal to the roster module: how values are spelled in TOML. Shared by the writer (which must
// produce text the parser reads back exactly) and by error messages (which quote what was found).
#include <string>
#include <string_view>

namespace umpire::roster::detail {

// A TOML basic string, quotes included, with every character that needs it escaped.
std::string toml_quote(std::string_view text);

// A bare key when the key allows it, else a quoted one.
std::string toml_key(std::string_view key);

// The shortest text that reads back as exactly this double, always with a '.' or exponent so
// TOML takes it as a float rather than an integer.
std::string toml_float(double value);

} // namespace umpire::roster::detail
