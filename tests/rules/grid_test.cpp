// Distances on a grid of areas (core/rules/grid.h): steps typed as counted on the table, a
// diagonal on squares counting 1.5, none on hexes; the Areas input kind; a battle readied for
// its ruleset (its distance unit checked, hit capacities derived).
#include "rules/grid.h"
#include "rules/inputs.h"
#include "rules/ruleset.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

using namespace umpire;
using rules::Grid;
using rules::parse_steps;

TEST_CASE("Steps on squares: straight, diagonal at 1.5, and both", "[grid]") {
    auto three = parse_steps("3", Grid::Squares);
    REQUIRE(three.steps);
    CHECK(three.steps->areas == 3.0);
    CHECK(three.steps->straight == 3);

    auto two_diagonal = parse_steps("2d", Grid::Squares);
    REQUIRE(two_diagonal.steps);
    CHECK(two_diagonal.steps->diagonal == 2);
    CHECK(two_diagonal.steps->areas == 3.0);

    for (const char* text : {"2d+1", "1+2d", " 2d + 1 ", "2D 1"}) {
        auto mixed = parse_steps(text, Grid::Squares);
        INFO(text);
        REQUIRE(mixed.steps);
        CHECK(mixed.steps->areas == 4.0);
        CHECK(mixed.steps->straight == 1);
        CHECK(mixed.steps->diagonal == 2);
    }
    auto one_diagonal = parse_steps("1d", Grid::Squares);
    REQUIRE(one_diagonal.steps);
    CHECK(one_diagonal.steps->areas == 1.5);
    CHECK(rules::steps_text(*parse_steps("2d+1", Grid::Squares).steps) ==
          "2 diagonal steps x 1.5 + 1 straight step = 4 areas");
    CHECK(rules::areas_text(4.5) == "4.5 areas");
    CHECK(rules::areas_text(1) == "1 area");
}

TEST_CASE("Hexes have no diagonals", "[grid]") {
    CHECK(parse_steps("4", Grid::Hexes).steps->areas == 4.0);
    auto refused = parse_steps("2d", Grid::Hexes);
    CHECK_FALSE(refused.steps);
    CHECK_THAT(refused.error, Catch::Contains("hexes have no diagonals"));
}

TEST_CASE("Steps that are not steps are refused with what to type", "[grid]") {
    for (const char* bad : {"", "abc", "3x", "+", "2d+", "+3", "1.5", "-1", "3 cm", "d", "99999999999"}) {
        INFO(bad);
        auto p = parse_steps(bad, Grid::Squares);
        CHECK_FALSE(p.steps);
        CHECK_FALSE(p.error.empty());
    }
    CHECK_THAT(parse_steps("3x", Grid::Squares).error, Catch::Contains("2d+1"));
}

TEST_CASE("The grid a battle is played on comes from its distance unit", "[grid]") {
    model::Battle b;
    CHECK_FALSE(rules::on_grid(b));
    CHECK(rules::grid_of(b) == Grid::Squares);  // the text's own grid when nothing says
    b.distance_unit = "hexes";
    CHECK(rules::on_grid(b));
    CHECK(rules::grid_of(b) == Grid::Hexes);
    b.distance_unit = "squares";
    CHECK(rules::grid_of(b) == Grid::Squares);
}

TEST_CASE("An areas input is validated against the battle's grid and its bounds", "[grid]") {
    rules::ActionSpec spec;
    spec.id = "move";
    rules::InputSpec areas;
    areas.id = "areas";
    areas.label = "Areas";
    areas.kind = rules::InputKind::Areas;
    areas.min = 0;
    areas.max = 10;
    spec.inputs.push_back(areas);
    rules::ActionRequest req;
    req.action = "move";
    model::Battle squares;
    squares.distance_unit = "squares";

    req.values["areas"] = "2d+1";
    const auto in = rules::validate(spec, req, {}, squares);
    CHECK(in.distance("areas") == 4.0);
    CHECK(in.steps("areas").diagonal == 2);

    model::Battle hexes;
    hexes.distance_unit = "hexes";
    CHECK_THROWS_WITH(rules::validate(spec, req, {}, hexes), Catch::Contains("hexes have no diagonals"));
    req.values["areas"] = "7d";
    CHECK_THROWS_WITH(rules::validate(spec, req, {}, squares), Catch::Contains("must be from 0 areas to 10 areas"));
}

TEST_CASE("A battle is readied for its ruleset: the grid checked, capacities derived", "[grid]") {
    auto square_hearts = rulesets::make("square-hearts");
    auto macduff = rulesets::make("macduff");
    model::Battle b;
    b.ruleset = "square-hearts";
    b.distance_unit = "in";
    model::Unit u;
    u.id = 1;
    u.quality = "elite";
    b.units.push_back(u);
    CHECK_THROWS_WITH(rules::prepare_battle(*square_hearts, b),
                      Catch::Contains("played on a grid") && Catch::Contains("\"squares\" or \"hexes\""));
    CHECK(b.units[0].hit_capacity == 0);  // refused: nothing changed

    b.distance_unit = "hexes";
    rules::prepare_battle(*square_hearts, b);
    CHECK(b.units[0].hit_capacity == 4);

    model::Battle on_table;
    on_table.distance_unit = "squares";
    CHECK_THROWS_WITH(rules::prepare_battle(*macduff, on_table), Catch::Contains("measured on an open table"));
    on_table.distance_unit = "cm";
    CHECK_NOTHROW(rules::prepare_battle(*macduff, on_table));
}
