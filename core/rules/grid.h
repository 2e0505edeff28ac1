#pragma once
// Distances on a grid of areas (squares or hexes), as the umpire counts them on the table: the
// steps from area to area, straight or diagonal. On squares a diagonal step counts 1.5 areas
// (for movement and for range alike); hexes have no diagonals. A battle on a grid says so in its
// distance unit ("squares" or "hexes"), chosen when it is created.
//
// Steps are typed as a sum: "3" (three straight steps), "2d" (two diagonal steps), "2d+1",
// "1 + 2d", "2d 1". Each term is a whole number, with `d` for diagonal steps.
#include "model/battle.h"

#include <optional>
#include <string>
#include <string_view>

namespace umpire::rules {

enum class Grid { Squares, Hexes };

// "squares", "hexes"
std::string_view grid_id(Grid grid);
// The grid a distance unit names; nullopt for "in", "cm" and anything else.
std::optional<Grid> grid_from_unit(std::string_view distance_unit);
// The grid the battle is played on: hexes when it says so, else squares (the text's own grid,
// and what a battle-less resolution assumes).
Grid grid_of(const model::Battle& battle);
// Whether the battle is on a grid at all.
bool on_grid(const model::Battle& battle);

inline constexpr double kDiagonalSquares = 1.5;  // a diagonal step on squares, in areas

struct Steps {
    int straight = 0;
    int diagonal = 0;
    double areas = 0;  // straight + diagonal x 1.5 on squares
};

struct StepsParse {
    std::optional<Steps> steps;  // set on success
    std::string error;           // why not
};

// Parses typed steps on `grid`.
StepsParse parse_steps(std::string_view text, Grid grid);

// "4.5 areas", "1 area", "3 areas"
std::string areas_text(double areas);
// How the steps were counted, for the working: "2 diagonal steps x 1.5 + 1 straight = 4 areas";
// plain "3 areas" when every step was straight.
std::string steps_text(const Steps& steps);

} // namespace umpire::rules
