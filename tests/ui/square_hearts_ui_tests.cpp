// A Square Hearts battle on the desk, generic parts only: New battle offers the ruleset's grid,
// the form draws steps as counted (squares or hexes), hits against capacity reach the roster's
// strength text and the player view, and the Turn panel names the side that goes first.
#include "headless.h"
#include "ui_support.h"

#include "desk/new_battle.h"
#include "desk/player_view.h"
#include "panels/widgets.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

const std::string kAbuKlea = std::string(UMPIRE_SOURCE_DIR) + "/rosters/square-hearts-abu-klea.toml";

desk::NewBattleForm abu_klea_form(const test::ScratchDir& dir) {
    desk::NewBattleForm form;
    form.ruleset = "square-hearts";
    form.rosters = {kAbuKlea};
    form.save_path = dir.file("abu-klea.umpire");
    return form;
}

} // namespace

TEST_CASE("new battle: the grid is offered and chosen, an open table is refused for a gridded ruleset",
          "[ui][square-hearts]") {
    CHECK(desk::distance_units_of("square-hearts") == std::vector<std::string>{"squares", "hexes"});
    CHECK(desk::distance_units_of("macduff") == std::vector<std::string>{"in", "cm"});
    CHECK(desk::distance_unit_label("in") == "inches");
    test::ScratchDir dir;
    desk::NewBattleForm form = abu_klea_form(dir);
    model::Battle squares = desk::build_new_battle(form);
    CHECK(squares.distance_unit == "squares");
    CHECK(squares.units.front().hit_capacity == 4);  // the Guards, elite
    form.distance_unit = "hexes";
    CHECK(desk::build_new_battle(form).distance_unit == "hexes");
    form.distance_unit = "cm";
    CHECK_THROWS_WITH(desk::build_new_battle(form), Catch::Contains("played on a grid of areas"));
}

TEST_CASE("desk: steps typed on the form, hits against capacity in the roster and the player view",
          "[ui][square-hearts]") {
    test::ScratchDir dir;
    ui::Shell shell;
    shell.desk.emplace(desk::create_new_battle(abu_klea_form(dir)));
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui;

    REQUIRE(desk.select_unit("Royal Artillery screw guns"));
    REQUIRE(desk.choose_action("shoot"));
    const model::Unit* target = desk.battle().find_unit("Hamran spearmen");
    REQUIRE(target);
    REQUIRE(desk.set_target(target->id));
    desk.set_value("range", "2d+1");
    ui.frames(shell, 2);
    CHECK(shell.form_hits.count("range") == 1);  // the areas widget is drawn
    REQUIRE(desk.preview());
    bool counted = false;
    for (const auto& step : desk.preview()->steps)
        counted = counted || step.text.find("2 diagonal steps x 1.5 + 1 straight step = 4 areas") != std::string::npos;
    CHECK(counted);
    desk.set_value("range", "2x");
    CHECK_FALSE(desk.preview());
    CHECK(desk.preview_error().find("is not a count of steps") != std::string::npos);

    desk.set_value("range", "4");
    REQUIRE(desk.roll_typed("6 6"));
    REQUIRE(desk.apply());
    const model::Unit* hit = desk.battle().find_unit("Hamran spearmen");
    CHECK(hit->hits == 2);
    CHECK(ui::strength_text(*hit) == "hits 2/3");
    const auto view = desk::build_player_view(desk.battle(), desk.journal(), desk.table_state());
    CHECK(view.hits == std::vector<std::string>{"Hamran spearmen: 2 of 3 hits"});
    ui.frames(shell, 2);  // the roster and unit card draw the capacity without trouble
}

TEST_CASE("turn panel: the umpire names the side that goes first (IGO-UGO)", "[ui][square-hearts]") {
    test::ScratchDir dir;
    ui::Shell shell;
    shell.desk.emplace(desk::create_new_battle(abu_klea_form(dir)));
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui;
    REQUIRE(desk.next_phase());
    CHECK(desk.turn_status().phase_id == "who-first");
    shell.show_turn = true;
    ui.frames(shell, 20);  // a turn button takes no click within a double click's time of appearing
    const auto it = shell.turn_hits.find("Mahdist Ansar goes first");
    REQUIRE(it != shell.turn_hits.end());
    ui.click(shell, it->second.cx(), it->second.cy());
    INFO(desk.error());
    CHECK(desk.turn_status().first_side == 2);
    REQUIRE(desk.next_phase());
    const auto st = desk.turn_status();
    CHECK(st.phase_id == "first-orders");
    CHECK(st.active_side == 2);
    CHECK(st.next.rfind("Mahdist Ansar: Roll each commander's orders", 0) == 0);
}
