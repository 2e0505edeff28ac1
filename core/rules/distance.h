#pragma once
// Distances as umpires type them: 14, 14", 14in, 14 in, 35cm, 350mm. The battle says which unit
// a bare number is in and how table distances relate to the rulebook's (x1.5 for 54mm figures).
#include <optional>
#include <string>
#include <string_view>

namespace umpire::rules {

struct DistanceParse {
    std::optional<double> inches;  // table inches, set on success
    std::string error;             // why not, set on failure
};

// Parses a typed distance into table inches. `bare_unit` is "in" or "cm".
DistanceParse parse_distance(std::string_view text, std::string_view bare_unit);

// Table inches -> rulebook inches for a battle whose distances are scaled by `scale`.
inline double to_rulebook_inches(double table_inches, double scale) { return table_inches / scale; }

// "14\"", "14.5\"" or, close to a whole number, "16.01\"" for display (never "16.0\"").
std::string format_inches(double inches);
// A whole number as such, else to a tenth: "14", "14.5" (distances and areas alike).
std::string format_number(double value);

} // namespace umpire::rules
