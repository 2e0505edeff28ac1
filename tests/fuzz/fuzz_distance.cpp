// libFuzzer target: typed distances ("14", "14\"", "35cm") on any bytes, in both bare units.
// It never throws: it answers a distance or a reason; a distance is finite and not negative.
#include "rules/distance.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const char* unit : {"in", "cm"}) {
        const auto parsed = umpire::rules::parse_distance(text, unit);
        if (parsed.inches && (!std::isfinite(*parsed.inches) || *parsed.inches < 0)) __builtin_trap();
        if (!parsed.inches && parsed.error.empty()) __builtin_trap();
        if (parsed.inches) (void)umpire::rules::format_inches(*parsed.inches);
    }
    return 0;
}
