// The Rattle of Dice at the desk, driven by the keyboard: F6 runs the turn (initiative, the
// first player's phase, melee, the second player's, melee), Ctrl+K finds a unit and an action,
// Enter rolls and Ctrl+Enter applies; a second action of the same unit in a turn and a unit
// acting outside its side's phase are refused; two turns end to end, and Ctrl+Z takes a step back.
#include "headless.h"
#include "ui_support.h"

#include "kit/deeds.h"
#include "panels/commands.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace umpire;

namespace {

constexpr int kEnter = ui::key::Enter;

void palette(test::HeadlessUi& ui, ui::Shell& shell, std::string_view text) {
    ui.press(shell, 'K', true);
    REQUIRE(shell.show_palette);
    ui.frames(shell, 1);
    ui.type(shell, text);
    ui.press(shell, kEnter);
}

// Finds the unit and the action by typing, fills in `values`, rolls (Enter) and applies
// (Ctrl+Enter). Returns the desk's error ("" when applied).
std::string act(test::HeadlessUi& ui, ui::Shell& shell, const std::string& unit, const std::string& action,
                const std::map<std::string, std::string>& values) {
    desk::Desk& desk = *shell.desk;
    desk.clear_error();
    palette(ui, shell, unit);
    palette(ui, shell, desk.ruleset().action(action)->name);
    REQUIRE(desk.action());
    REQUIRE(desk.action()->id == action);
    for (const auto& [k, v] : values) desk.set_value(k, v);
    ui.frames(shell, 1);
    ui.press(shell, kEnter);
    // Refused: the rule and its citation, as the form shows them beside the Overrule button.
    if (desk.refusal()) return desk.refusal()->rule + " (" + desk.refusal()->citation + ")";
    if (!desk.rolled()) return desk.error();
    ui.press(shell, kEnter, true);
    return desk.rolled()->applied() ? "" : desk.error();
}

void roll_initiative(test::HeadlessUi& ui, ui::Shell& shell, const std::string& dice) {
    shell.desk->set_dice_text(dice);
    ui.frames(shell, 20);  // a turn button takes no click within a double click's time of appearing
    const auto it = shell.turn_hits.find("Roll for the move order");
    REQUIRE(it != shell.turn_hits.end());
    ui.click(shell, it->second.cx(), it->second.cy());
    INFO(shell.desk->error());
    REQUIRE(shell.desk->turn_status().first_side != 0);
}

} // namespace

TEST_CASE("Rattle at the desk: two turns with the keyboard, one action a unit in its side's phase") {
    test::ScratchDir dir;
    std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/rosters/rattle-seven-pines.toml");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ui::Shell shell;
    shell.desk.emplace(desk::Desk::create_from_roster(dir.file("pines.umpire"), text, "pines"));
    desk::Desk& desk = *shell.desk;
    turn::TurnOptions o = desk.turn_options();
    o.seed = 7;
    REQUIRE(desk.configure_turn(o));
    shell.show_turn = true;
    test::HeadlessUi ui(1280, 1000);
    ui.frames(shell, 2);
    const int union_side = desk.battle().sides[0].id;
    const int rebels = desk.battle().sides[1].id;

    for (int round = 1; round <= 2; ++round) {
        INFO("turn " << round);
        ui.press(shell, ui::key::F6);
        REQUIRE(desk.turn_status().phase_kind == turn::PhaseKind::MoveOrder);
        roll_initiative(ui, shell, round == 1 ? "6 2" : "3 3");  // turn 2: a tie repeats turn 1's order
        CHECK(desk.turn_status().first_side == union_side);
        ui.press(shell, ui::key::F6);
        turn::TurnStatus st = desk.turn_status();
        REQUIRE(st.phase_kind == turn::PhaseKind::Side);
        CHECK(st.active_side == union_side);
        ui.frames(shell, 1);

        // The Union moves a regiment; it may not also shoot this turn; a Confederate may not act.
        CHECK(act(ui, shell, "104th Pennsylvania", "move", {{"distance", "8"}}).empty());
        CHECK(kit::did(desk.battle(), *desk.battle().find_unit("104th Pennsylvania"), kit::Deed::Moved));
        CHECK(act(ui, shell, "104th Pennsylvania", "shoot", {{"range", "10"}}).find("OR shoots OR rallies in its side's "
                                                                                   "phase (Rattle Turn sequence (line 28))") !=
              std::string::npos);
        CHECK(act(ui, shell, "6th Alabama", "move", {{"distance", "6"}}).find("in his phase (Rattle Turn sequence (lines 28, 30))") !=
              std::string::npos);
        CHECK(desk.turn_status().units_to_move.size() + 1 == st.units_to_move.size());

        ui.press(shell, ui::key::F6);  // melee
        CHECK(desk.turn_status().phase_kind == turn::PhaseKind::Resolve);
        ui.press(shell, ui::key::F6);  // the second player
        CHECK(desk.turn_status().active_side == rebels);
        CHECK(act(ui, shell, "6th Alabama", "shoot", {{"range", "10"}}).empty());  // the app rolls
        CHECK(kit::did(desk.battle(), *desk.battle().find_unit("6th Alabama"), kit::Deed::Fired));
        ui.press(shell, ui::key::F6);  // melee; the next turn begins with the loop's F6
        CHECK(desk.turn_status().phase_kind == turn::PhaseKind::Resolve);
    }
    ui.press(shell, ui::key::F6);
    CHECK(desk.battle().turn == 3);
    ui.press(shell, 'Z', true);  // Ctrl+Z takes the step back, Ctrl+Shift+Z does it again
    CHECK(desk.battle().turn == 2);
    ui.press(shell, 'Z', true, true);
    CHECK(desk.battle().turn == 3);
}
