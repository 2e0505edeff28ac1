// libFuzzer target: the roster parser on any bytes. A RosterError (with its line and column) is
// the expected refusal; a crash, a leak, undefined behaviour or any other exception is a finding.
#include "roster/roster.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        umpire::model::Battle battle = umpire::roster::parse_roster(text, "fuzz.toml");
        // What parsed must write back as a roster that parses to the same battle size.
        const std::string again = umpire::roster::write_roster(battle);
        if (umpire::roster::parse_roster(again, "again.toml").units.size() != battle.units.size()) __builtin_trap();
    } catch (const umpire::roster::RosterError&) {
    }
    return 0;
}
