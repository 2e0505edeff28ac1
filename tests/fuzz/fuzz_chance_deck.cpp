// libFuzzer target: chance deck import (turn deck --import, the desk's deck editor) on any
// bytes. DeckError is the expected refusal; a deck that parses writes back to the same deck.
#include "turn/chance_deck.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto deck = umpire::turn::parse_chance_deck(text, "fuzz.toml");
        if (!(umpire::turn::parse_chance_deck(umpire::turn::write_chance_deck(deck), "again.toml") == deck))
            __builtin_trap();
    } catch (const umpire::turn::DeckError&) {
    }
    return 0;
}
