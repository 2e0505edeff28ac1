#include "rules/grid.h"

#include "rules/distance.h"

#include <cctype>
#include <cmath>

namespace umpire::rules {

namespace {

constexpr int kMostSteps = 10000;  // a grid far larger than any table

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::string step_words(int n, const char* kind) {
    return std::to_string(n) + " " + kind + (n == 1 ? " step" : " steps");
}

} // namespace

std::string_view grid_id(Grid grid) { return grid == Grid::Hexes ? "hexes" : "squares"; }

std::optional<Grid> grid_from_unit(std::string_view unit) {
    if (unit == "squares") return Grid::Squares;
    if (unit == "hexes") return Grid::Hexes;
    return std::nullopt;
}

Grid grid_of(const model::Battle& battle) { return grid_from_unit(battle.distance_unit).value_or(Grid::Squares); }

bool on_grid(const model::Battle& battle) { return grid_from_unit(battle.distance_unit).has_value(); }

StepsParse parse_steps(std::string_view text, Grid grid) {
    const std::string quoted = "\"" + std::string(text) + "\"";
    const std::string expected = grid == Grid::Squares
                                     ? "count the steps: 3, 2d (two diagonal steps) or 2d+1"
                                     : "count the steps from hex to hex: 3";
    Steps out;
    std::size_t i = 0;
    bool any = false;
    bool need_term = true;  // after a '+' (or at the start) a number must follow
    while (true) {
        while (i < text.size() && space(text[i])) ++i;
        if (i == text.size()) break;
        if (text[i] == '+') {
            if (need_term) return {std::nullopt, quoted + " is not a count of steps: " + expected};
            need_term = true;
            ++i;
            continue;
        }
        if (!digit(text[i])) return {std::nullopt, quoted + " is not a count of steps: " + expected};
        long value = 0;
        while (i < text.size() && digit(text[i])) {
            value = value * 10 + (text[i] - '0');
            if (value > kMostSteps) return {std::nullopt, quoted + " is more steps than any table has"};
            ++i;
        }
        if (i < text.size() && (text[i] == 'd' || text[i] == 'D')) {
            if (grid == Grid::Hexes)
                return {std::nullopt, quoted + ": hexes have no diagonals; " + expected};
            out.diagonal += static_cast<int>(value);
            ++i;
        } else {
            out.straight += static_cast<int>(value);
        }
        if (i < text.size() && !space(text[i]) && text[i] != '+')
            return {std::nullopt, quoted + " is not a count of steps: " + expected};
        any = true;
        need_term = false;
    }
    if (!any || need_term) return {std::nullopt, text.empty() ? "a count of steps is needed: " + expected
                                                              : quoted + " is not a count of steps: " + expected};
    if (out.straight + out.diagonal > kMostSteps) return {std::nullopt, quoted + " is more steps than any table has"};
    out.areas = out.straight + out.diagonal * kDiagonalSquares;
    return {out, {}};
}

std::string areas_text(double areas) {
    return format_number(areas) + (std::fabs(areas - 1.0) < 1e-9 ? " area" : " areas");
}

std::string steps_text(const Steps& steps) {
    if (steps.diagonal == 0) return areas_text(steps.areas);
    std::string out = step_words(steps.diagonal, "diagonal") + " x 1.5";
    if (steps.straight > 0) out += " + " + step_words(steps.straight, "straight");
    return out + " = " + areas_text(steps.areas);
}

} // namespace umpire::rules
