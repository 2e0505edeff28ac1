// libFuzzer target: the roster parser on any bytes. A RosterError (with its line and column) is
// the expected refusal; a crash, a leak, undefined behaviour or any other exception is a finding.
// And the quick reader of roster TOML against toml++: what it reads, toml++ must read to the same
// tree, places included.
#include "roster/quick_toml.h"
#include "roster/roster.h"
#include "roster/roster_tree.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto quick = umpire::roster::detail::quick_toml(text)) {
        try {
            const toml::table parsed = toml::parse(text, std::string_view("fuzz.toml"));
            if (!umpire::roster::detail::same_tree(*quick, umpire::roster::detail::tree_of(parsed))) __builtin_trap();
        } catch (const toml::parse_error&) {
            __builtin_trap();  // the quick reader read what is not TOML
        }
    }
    try {
        umpire::model::Battle battle = umpire::roster::parse_roster(text, "fuzz.toml");
        // What parsed must write back as a roster that parses to the same battle size.
        const std::string again = umpire::roster::write_roster(battle);
        if (umpire::roster::parse_roster(again, "again.toml").units.size() != battle.units.size()) __builtin_trap();
    } catch (const umpire::roster::RosterError&) {
    }
    return 0;
}
