#pragma once
// Bounds on TOML from outside (a roster, a chance deck, house rules) checked before the parser
// sees it: the parser recurses once per level of a dotted key or nested array or table, so a
// hostile file with 100,000 levels overflows the stack. Real files stay far inside the bounds.
#include <optional>
#include <string>
#include <string_view>

namespace umpire::rules {

inline constexpr std::size_t kTomlMaxBytes = 16 * 1024 * 1024;
inline constexpr std::size_t kTomlMaxLineBytes = 64 * 1024;
inline constexpr int kTomlMaxNesting = 64;  // parts of one dotted key; open [ and { at once

struct TomlLimitBreach {
    int line = 0;    // 1-based
    int column = 0;  // 1-based, in bytes
    std::string message;
};

// The first place the text goes past a bound, or nullopt. It reads strings and comments as TOML
// does, so a dot or a bracket inside a string is not counted.
std::optional<TomlLimitBreach> toml_limit_breach(std::string_view text);

} // namespace umpire::rules
