#pragma once
// Internal to the roster module: a quick reader of the part of TOML rosters are written in, about
// ten times faster than toml++ (a 2,000-unit roster: toml++ takes 74 million instructions, about
// 260 a byte, and as many again to free its tree). What it reads: comments; `[[a.b]]` headers
// of bare keys; `key = value` with a bare key; values that are strings on one line ("..." with
// the escapes \" \\ \n \t \r \b \f, or '...'), decimal integers, decimal floats (1.5), true,
// false, and arrays and inline tables of them on one line. All in ASCII, lines ending in \n or
// \r\n.
//
// Anything else, and anything wrong (a duplicate key, a header over a value, a bad escape ...),
// it does not judge: it returns nothing, and the caller parses the text with toml++, which reads
// all of TOML and words every error. So what it accepts, it reads as toml++ does (the same tree,
// the same places), and every error comes from toml++.
#include "roster/roster_tree.h"

#include <optional>
#include <string_view>

namespace umpire::roster::detail {

// The tree of `text`, entries in the order written; nothing when the text is outside the part of
// TOML read here, is not valid TOML, or goes past a bound of rules/toml_limits.h (toml_limit_breach
// then words it: a text read here is inside them all).
std::optional<Node> quick_toml(std::string_view text);

} // namespace umpire::roster::detail
