#include "rules/distance.h"
#include "rules/trim.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdio>

namespace umpire::rules {

namespace {


// Inches per unit for the suffixes umpires write.
std::optional<double> inches_per(std::string_view unit) {
    if (unit == "\"" || unit == "in" || unit == "inch" || unit == "inches" || unit == "''")
        return 1.0;
    if (unit == "cm") return 1.0 / 2.54;
    if (unit == "mm") return 1.0 / 25.4;
    if (unit == "ft" || unit == "'") return 12.0;
    return std::nullopt;
}

} // namespace

DistanceParse parse_distance(std::string_view text, std::string_view bare_unit) {
    std::string_view s = trim(text);
    if (s.empty()) return {std::nullopt, "a distance is needed, e.g. 14, 14\" or 35cm"};
    std::size_t end = 0;
    while (end < s.size() && (std::isdigit(static_cast<unsigned char>(s[end])) || s[end] == '.'))
        ++end;
    if (end == 0)
        return {std::nullopt, "\"" + std::string(text) + "\" is not a distance: expected a number "
                              "such as 14, 14\", 14in or 35cm"};
    double value = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + end, value);
    if (ec != std::errc() || ptr != s.data() + end)
        return {std::nullopt, "\"" + std::string(text) + "\" is not a number"};
    std::string unit(trim(s.substr(end)));
    for (auto& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (unit.empty()) unit = std::string(bare_unit);
    auto factor = inches_per(unit);
    if (!factor)
        return {std::nullopt, "unknown unit \"" + unit + "\" in \"" + std::string(text) +
                                  "\": use \", in, cm or mm"};
    double inches = value * *factor;
    if (!std::isfinite(inches) || inches > 100000)
        return {std::nullopt, "\"" + std::string(text) + "\" is too far for a table"};
    return {inches, {}};
}

std::string format_number(double value) {
    char buf[32];
    if (std::fabs(value - std::round(value)) < 1e-9) {
        std::snprintf(buf, sizeof buf, "%.0f", value);
        return buf;
    }
    // One decimal, or as many more as it takes not to print a whole number: 16.01" is beyond a
    // band's 16" edge and must not read as 16.0".
    for (int places = 1; places <= 4; ++places) {
        std::snprintf(buf, sizeof buf, "%.*f", places, value);
        const double shown = std::strtod(buf, nullptr);
        if (std::fabs(shown - std::round(shown)) > 1e-12) break;
    }
    return buf;
}

std::string format_inches(double inches) { return format_number(inches) + "\""; }

} // namespace umpire::rules
