#pragma once
// Matching for the command palette: what the umpire types against a unit, action or command
// name. Case-insensitive; a prefix beats a word start beats a substring beats letters in order
// ("gh" finds "Gordon Highlanders"). No match at all gives nullopt.
#include <optional>
#include <string_view>

namespace umpire::desk {

// Higher is better; nullopt when `query`'s letters do not all appear in `text` in order.
// An empty query matches everything with score 0.
std::optional<int> fuzzy_score(std::string_view text, std::string_view query);

} // namespace umpire::desk
