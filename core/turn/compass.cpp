#include "turn/compass.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace umpire::turn {

namespace {

constexpr std::array<std::string_view, kCompassPoints + 1> kShort{"none", "N", "NE", "E", "SE",
                                                                  "S",    "SW", "W", "NW"};
constexpr std::array<std::string_view, kCompassPoints + 1> kLong{
    "no wind", "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"};

bool same_text(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

std::string_view compass_name(int direction) {
    return direction >= 0 && direction <= kCompassPoints ? kShort[static_cast<std::size_t>(direction)] : "?";
}

std::string_view compass_long_name(int direction) {
    return direction >= 0 && direction <= kCompassPoints ? kLong[static_cast<std::size_t>(direction)] : "?";
}

std::optional<int> compass_from_name(std::string_view name) {
    for (int d = 0; d <= kCompassPoints; ++d)
        if (same_text(name, kShort[static_cast<std::size_t>(d)]) || same_text(name, kLong[static_cast<std::size_t>(d)]))
            return d;
    if (same_text(name, "calm") || same_text(name, "0")) return 0;
    return std::nullopt;
}

int shift_left(int direction) { return direction == 0 ? 0 : (direction + kCompassPoints - 2) % kCompassPoints + 1; }

int shift_right(int direction) { return direction == 0 ? 0 : direction % kCompassPoints + 1; }

double compass_degrees(int direction) { return direction <= 0 ? 0.0 : (direction - 1) * 45.0; }

} // namespace umpire::turn
