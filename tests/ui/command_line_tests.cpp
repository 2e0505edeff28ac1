// The desk's command line and the keyboard: Ctrl+L, the CLI's short syntax typed, the form and
// its odds following the typing, Enter applying; the palette offering the action's targets; F1
// listing the command line; Tab and Shift+Tab between the form's fields. Keys in, state out.
#include "desk_shell.h"

#include "desk/command_line.h"
#include "panels/commands.h"

#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

using namespace umpire;
using test::actions_in_journal;
using test::kKeyEnter;
using test::kKeyTab;

TEST_CASE("command line: Ctrl+L, the short syntax typed, the preview as it is typed, Enter applies") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    desk::Desk& desk = *shell.desk;
    const std::size_t before = actions_in_journal(desk);

    int keys = 0, shortcuts = 0;
    ui.press(shell, 'L', true);
    ++shortcuts;
    REQUIRE(shell.show_command_line);
    ui.frames(shell, 1);
    const std::string line = "shoot 2nd gh 10 6,5,4,3,2,1";
    // Half typed: the unit is read and the form follows.
    ui.type(shell, "shoot 2nd");
    CHECK(desk.selected_unit()->name == "2nd Sikhs");
    ui.type(shell, line.substr(9));
    keys += static_cast<int>(line.size());
    REQUIRE(shell.command_text == line);
    INFO(shell.command_message);
    CHECK(shell.command_message.empty());
    CHECK(desk.action()->id == "shoot");
    CHECK(desk.target_unit()->name == "Ghazis");
    CHECK(desk.value("range") == "10");
    CHECK(desk.dice_text() == "6,5,4,3,2,1");
    REQUIRE(desk.preview());  // the odds show under the line as it is typed
    CHECK_FALSE(desk.preview()->odds.empty());

    // Six dice are too few for twelve rifles at 10": Enter says how many, and records nothing.
    ui.press(shell, kKeyEnter);
    ++keys;
    CHECK(actions_in_journal(desk) == before);
    CHECK_THAT(shell.command_message, Catch::Contains("8"));
    CHECK(shell.show_command_line);

    // Two more dice, Enter: applied, the line cleared for the next one.
    ui.type(shell, ",6,6");
    keys += 4;
    ui.press(shell, kKeyEnter);
    ++keys;
    INFO(desk.error());
    CHECK(actions_in_journal(desk) == before + 1);
    CHECK(shell.command_text.empty());
    CHECK(desk.journal().back().action == "shoot");
    // The whole shot: one shortcut, the typed line and Enter; no mouse.
    CHECK(shortcuts == 1);
    CHECK(keys == static_cast<int>(line.size()) + 1 + 4 + 1);

    // A line the rules refuse says so as it is typed (the 2nd Sikhs have fired), with how to
    // overrule it on the line; Enter says the same and changes nothing.
    ui.type(shell, line + ",6,6");
    const std::string typed_verdict = shell.command_message;
    CHECK_THAT(typed_verdict, Catch::StartsWith("The rules refuse this: ") &&
                                  Catch::Contains("add the umpire's reason to the line: overrule=\"why\""));
    ui.press(shell, kKeyEnter);
    CHECK(shell.command_message == typed_verdict);
    CHECK(actions_in_journal(desk) == before + 1);
    ui.press(shell, 'A', true);
    ui.press(shell, test::kKeyBackspace);
    REQUIRE(shell.command_text.empty());

    // A line that cannot be read says why and changes nothing: the same words as typed and at Enter.
    for (const char* unread : {"shoot afridi gh 10", "shoot 2nd gh 10 wibble=3"}) {
        INFO(unread);
        ui.type(shell, unread);
        const std::string verdict = shell.command_message;
        CHECK_FALSE(verdict.empty());
        ui.press(shell, kKeyEnter);
        CHECK(shell.command_message == verdict);
        CHECK(actions_in_journal(desk) == before + 1);
        ui.press(shell, 'A', true);
        ui.press(shell, test::kKeyBackspace);
    }
    ui.type(shell, "shoot afridi gh 10");
    CHECK_THAT(shell.command_message, Catch::Contains("more than one unit"));
    ui.press(shell, 'A', true);
    ui.press(shell, test::kKeyBackspace);
    REQUIRE(shell.command_text.empty());

    // overrule="why" does what the Resolve panel's Overrule does: applied, journaled with the reason.
    ui.type(shell, line + ",6,6 overrule=\"they had loaded twice\"");
    CHECK(shell.command_message.empty());
    CHECK(desk.overrule() == "they had loaded twice");
    ui.press(shell, kKeyEnter);
    INFO(shell.command_message);
    CHECK(actions_in_journal(desk) == before + 2);
    const nlohmann::json overruled = desk.whole_journal().back().resolution;
    REQUIRE(overruled.contains("overrule"));
    CHECK(overruled["overrule"]["reason"] == "they had loaded twice");
    ui.press(shell, ui::key::Escape);
    CHECK_FALSE(shell.show_command_line);
}

TEST_CASE("palette: the chosen action's targets are offered, and picked by typing") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    REQUIRE(shell.desk->select_unit("2nd Sikhs"));
    REQUIRE(shell.desk->choose_action("shoot"));
    ui.frames(shell, 2);
    ui.press(shell, 'K', true);
    ui.frames(shell, 1);
    ui.type(shell, "target: gh");
    ui.press(shell, kKeyEnter);
    REQUIRE(shell.desk->target_unit());
    CHECK(shell.desk->target_unit()->name == "Ghazis");
}

TEST_CASE("help: F1 lists the command line with its key") {
    bool listed = false;
    for (const ui::CommandInfo& c : ui::commands())
        if (c.command == ui::Command::CommandLine) listed = std::string(c.name).find("shoot 2nd gh 10") != std::string::npos;
    CHECK(listed);
    CHECK(ui::command_keys(ui::Command::CommandLine) == "Ctrl+L");
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    ui.press(shell, ui::key::F1);
    CHECK(shell.show_help);
    CHECK(test::HeadlessUi::shown("Keyboard shortcuts (F1 or Esc to close)"));
}

TEST_CASE("form keys: Tab and Shift+Tab move between the form's fields, typing changes the value") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("2nd Sikhs"));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Ghazis")->id));
    ui.frames(shell, 2);
    // Click into Figures, then Tab past the weapon list to Range and type it.
    const ui::ScreenRect figures = shell.form_hits.at("figures");
    ui.click(shell, figures.x0 + 20.0f, figures.cy());
    const ImGuiID first = ImGui::GetActiveID();
    REQUIRE(first != 0);
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "weapon");
    ui.press(shell, kKeyTab);
    const ImGuiID second = ImGui::GetActiveID();
    CHECK(second != first);
    CHECK(second != 0);
    ui.press(shell, 'A', true);  // select all
    ui.type(shell, "17");
    ui.press(shell, kKeyTab);
    CHECK(desk.value("range") == "17");
    ui.press(shell, kKeyTab, false, true);  // Shift+Tab: back to Range
    CHECK(ImGui::GetActiveID() == second);
}

TEST_CASE("turn keys: F7 rolls the wind in the wind phase, with the typed die") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    test::turn_until(desk, turn::PhaseKind::Wind, false, true);
    const std::size_t before = turn::turn_state(desk.battle()).wind_history.size();
    desk.set_dice_text("2");
    ui.press(shell, ui::key::F7);
    INFO(desk.error());
    const turn::TurnState after = turn::turn_state(desk.battle());
    REQUIRE(after.wind_history.size() == before + 1);
    CHECK(after.wind_history.back().roll == 2);
    CHECK(ui::command_keys(ui::Command::TurnRoll) == "F7");
}

TEST_CASE("turn keys: dice typed in the Dice field for F7 are used up, and the next action does not offer them again") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    test::turn_until(desk, turn::PhaseKind::Wind, false, true);
    test::aim_sikhs_at_ghazis(desk);
    ui.frames(shell, 2);
    const std::size_t before = turn::turn_state(desk.battle()).wind_history.size();
    // Ctrl+D, the die typed in the field, F7 with the field still holding the keyboard.
    ui.press(shell, 'D', true);
    ui.type(shell, "3");
    REQUIRE(desk.dice_text() == "3");
    REQUIRE(ImGui::GetActiveID() != 0);
    ui.press(shell, ui::key::F7);
    INFO(desk.error());
    const turn::TurnState after = turn::turn_state(desk.battle());
    REQUIRE(after.wind_history.size() == before + 1);
    CHECK(after.wind_history.back().roll == 3);
    // Used: the field is empty and stays so (the text box does not write its old text back), so
    // the shot's button says "Roll", not "Use dice" (the label follows the desk's dice text).
    ui.frames(shell, 3);
    CHECK(desk.dice_text().empty());
    ui.type(shell, "5");
    CHECK(desk.dice_text() == "5");  // the field still has the keyboard, and starts afresh
    ui.press(shell, test::kKeyBackspace);
    CHECK(desk.dice_text().empty());
}

TEST_CASE("command line: Ctrl+F ranks the whole name, then its start, then a word's start, then inside, and Enter takes the best") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    desk::Desk& desk = *shell.desk;
    auto find = [&](const std::string& typed) -> std::string {
        ui.press(shell, 'F', true);
        ui.frames(shell, 1);
        REQUIRE(shell.roster_filter_active);
        ui.type(shell, typed);
        ui.press(shell, kKeyEnter);
        CHECK(shell.roster_filter.empty());  // taken: the list whole again
        return desk.selected_unit() ? desk.selected_unit()->name : "";
    };
    // "108e Ligne (conscripts)" comes first in the roster and has "8e" inside a word.
    CHECK(find("8e") == "8e Cuirassiers");
    // No name starts "ligne": the first whose word does, in roster order.
    CHECK(find("ligne") == "4e Ligne");
    // A word may start after a bracket.
    CHECK(find("conscr") == "108e Ligne (conscripts)");
    // Inside a word only when nothing better: "ancier" is in "6e Chevau-legers Lanciers".
    CHECK(find("ancier") == "6e Chevau-legers Lanciers");
}

TEST_CASE("command line: a lone die typed last on the desk's line is the dice, and names match a word's start") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "square-hearts-abu-klea");
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    desk::Desk& desk = *shell.desk;
    auto commander = [&](const char* name) {
        for (const auto& c : desk.battle().commanders)
            if (c.name == name) return std::to_string(c.id);
        return std::string("none");
    };
    ui.press(shell, 'L', true);
    REQUIRE(shell.show_command_line);
    ui.frames(shell, 1);
    // "stewart" is a word's start of Brigadier-General Stewart; the 4 cannot be his deferral (yes
    // or no).
    ui.type(shell, "orders stewart 4");
    INFO(shell.command_message);
    CHECK(shell.command_message.empty());
    CHECK(desk.action()->id == "orders");
    CHECK(desk.value("commander") == commander("Brigadier-General Stewart"));
    CHECK(desk.value("defer") != "yes");
    CHECK(desk.dice_text() == "4");

    // Shooting: after the range, a 6 is the die, not the unit with id 6 behind the target.
    REQUIRE(desk::load_command(desk, "shoot ansar heavy 2d 6").empty());
    CHECK(desk.target_unit()->name == "Heavy Camel Regiment");
    CHECK(desk.value("range") == "2d");
    CHECK(desk.value("behind").empty());
    CHECK(desk.dice_text() == "6");
    // What could be either is said so, with how to write each; the form is left as it was.
    CHECK(desk::load_command(desk, "melee hamran heavy 2") ==
          "\"2\" could be Dice at this target (the split) or a die: write the die as dice=2, or the value as split=2");
    CHECK(desk.action()->id == "shoot");
}
