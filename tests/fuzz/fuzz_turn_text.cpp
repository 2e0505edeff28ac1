// libFuzzer target: a battle's turn state text (Battle::texts["turn"]) on any bytes, read both
// ways. Whatever the straight reader reads (turn/turn_text_reader.h), the JSON reader must read
// too, to the same state: the straight one may only ever be a shortcut.
#include "turn/turn_state.h"
#include "turn/turn_text_reader.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto straight = umpire::turn::read_turn_text(text);
    if (!straight) return 0;
    umpire::turn::TurnState by_json;
    try {
        by_json = umpire::turn::turn_state_from_json(text);
    } catch (...) {
        __builtin_trap();  // read straight, refused by JSON
    }
    if (umpire::turn::to_text(*straight) != umpire::turn::to_text(by_json)) __builtin_trap();
    return 0;
}
