// The wind (Optional Rules 3 and the wind chart): every row of the chart, the wind picking up
// after dying down, and the refusal that comes before a die is wasted.
#include "turn_support.h"

#include "dice/dice_source.h"
#include "rules/inputs.h"
#include "turn/compass.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::testing;

namespace {

TurnFixture windy(int direction) {
    TurnFixture f = macduff_battle();
    turn::TurnOptions o = f.options();
    o.wind = true;
    f.apply(turn::configure(f.battle, f.rules, o));
    f.apply(turn::set_wind(f.battle, f.rules, direction, 1));
    f.apply(turn::next_phase(f.battle, f.rules));
    return f;
}

int direction(const TurnFixture& f) { return f.battle.counters.count(turn::kWindDirection) ? f.battle.counters.at(turn::kWindDirection) : 0; }

} // namespace

TEST_CASE("compass points and 45-degree shifts") {
    CHECK(turn::shift_left(1) == 8);   // N -> NW
    CHECK(turn::shift_right(8) == 1);  // NW -> N
    CHECK(turn::shift_right(3) == 4);  // E -> SE
    CHECK(turn::shift_left(0) == 0);
    CHECK(turn::compass_from_name("ne") == 2);
    CHECK(turn::compass_from_name("south-west") == 6);
    CHECK(turn::compass_from_name("none") == 0);
    CHECK_FALSE(turn::compass_from_name("up"));
}

TEST_CASE("every row of the wind chart, from a north wind") {
    struct Row {
        int roll;
        int after;
    };
    for (Row row : {Row{1, 0}, Row{2, 8}, Row{3, 2}, Row{4, 1}, Row{5, 1}, Row{6, 1}}) {
        TurnFixture f = windy(1);
        REQUIRE(turn::turn_status(f.battle, f.rules).phase_id == "wind");
        dice::TypedDice d({row.roll});
        auto step = f.apply(turn::roll_wind(f.battle, f.rules, d));
        INFO("roll " << row.roll);
        CHECK(direction(f) == row.after);
        CHECK(f.state().wind_history.back().roll == row.roll);
        CHECK(f.state().wind_history.back().direction_before == 1);
        CHECK(f.battle.counters.at(turn::kWindStrength) == 1);  // the chart never changes the strength
    }
}

TEST_CASE("the wind dies down, then picks up from where it last blew") {
    TurnFixture f = windy(4);  // from the south-east
    dice::TypedDice one({1});
    f.apply(turn::roll_wind(f.battle, f.rules, one));
    CHECK(direction(f) == 0);
    CHECK_THROWS_WITH(turn::roll_wind(f.battle, f.rules, one), Catch::Contains("already been rolled"));
    f.apply(turn::next_phase(f.battle, f.rules));  // activation
    f.apply(turn::next_phase(f.battle, f.rules, {}, true));
    f.apply(turn::next_phase(f.battle, f.rules));  // turn 2: the wind phase
    REQUIRE(f.battle.turn == 2);
    dice::TypedDice two({2});
    f.apply(turn::roll_wind(f.battle, f.rules, two));
    CHECK(direction(f) == 0);  // no wind to shift
    CHECK(f.state().wind_history.back().text == "Shift left 45 degrees, but there is no wind to shift");
    f.apply(turn::next_phase(f.battle, f.rules));
    f.apply(turn::next_phase(f.battle, f.rules, {}, true));
    f.apply(turn::next_phase(f.battle, f.rules));
    dice::TypedDice again({1});
    f.apply(turn::roll_wind(f.battle, f.rules, again));
    CHECK(direction(f) == 4);
    CHECK(turn::turn_status(f.battle, f.rules).wind_label == "SE, moderate");
}

TEST_CASE("with no wind ever, the direction it would pick up from is asked before rolling") {
    TurnFixture f = windy(0);
    dice::TypedDice d({1});
    CHECK_THROWS_WITH(turn::roll_wind(f.battle, f.rules, d), Catch::Contains("from which direction"));
    CHECK(d.used().empty());  // the die was not spent
    f.apply(turn::roll_wind(f.battle, f.rules, d, 7));
    CHECK(direction(f) == 7);
}

TEST_CASE("the wind phase is skipped in battles without wind, and refused") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options()));
    f.apply(turn::next_phase(f.battle, f.rules));
    CHECK(turn::turn_status(f.battle, f.rules).phase_id == "activation");
    dice::TypedDice d({3});
    CHECK_THROWS_WITH(turn::roll_wind(f.battle, f.rules, d), Catch::Contains("does not use the wind"));
    CHECK_THROWS_AS(turn::set_wind(f.battle, f.rules, 9, 0), rules::InputError);
    CHECK_THROWS_AS(turn::set_wind(f.battle, f.rules, 1, 3), rules::InputError);
}
