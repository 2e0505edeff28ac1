#pragma once
// The eight compass points the wind blows from, aligned with the table (1 N .. 8 NW clockwise;
// 0 is no wind), and the 45-degree shifts of the wind chart.
#include <optional>
#include <string>
#include <string_view>

namespace umpire::turn {

inline constexpr int kCompassPoints = 8;

std::string_view compass_name(int direction);           // "N", "NE", ..., "none" for 0
std::string_view compass_long_name(int direction);      // "north", "north-east", ..., "no wind"
std::optional<int> compass_from_name(std::string_view name);  // "ne", "NE", "north-east", "none"
int shift_left(int direction);   // 45 degrees anticlockwise; 0 stays 0
int shift_right(int direction);  // 45 degrees clockwise; 0 stays 0
// The angle of the direction in degrees clockwise from the table's north (N = 0).
double compass_degrees(int direction);

} // namespace umpire::turn
