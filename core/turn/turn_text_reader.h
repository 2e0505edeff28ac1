#pragma once
// The turn state's text read straight into a TurnState, without building a JSON document first.
// With 200 commanders the text is 10 KB, most of it the activation deck's cards; parsing it into
// nlohmann::json (an object, a map and three members for every card) took 1.9 million
// instructions of a command's 20-odd, and every `umpire apply` reads it to know where the turn
// is. This reads only the text exactly as to_text writes it (nlohmann's compact dump: keys in
// sorted order, no spaces, integers, strings without escapes, version 1), and says nullopt for
// anything else, which the JSON reader then reads as it always has, or says what is wrong with it.
#include "turn/turn_state.h"

#include <optional>
#include <string_view>

namespace umpire::turn {

std::optional<TurnState> read_turn_text(std::string_view text);

} // namespace umpire::turn
