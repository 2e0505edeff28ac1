// The Resolve form by keys alone: Tab and Shift+Tab go round the whole form (action, unit,
// target, every input including lists and checkboxes, Dice, Roll, Apply) across the panel's
// bands; Up/Down and letters pick in a list, Space ticks a checkbox, Enter or Space presses a
// button. Keys in, state out.
#include "desk_shell.h"

#include <catch2/catch.hpp>

#include <imgui.h>

#include <algorithm>

using namespace umpire;
using test::actions_in_journal;
using test::kKeyDown;
using test::kKeyEnter;
using test::kKeyTab;
using test::kKeyUp;

namespace {

std::vector<std::string> stop_names(const ui::Shell& shell) {
    std::vector<std::string> names;
    for (const ui::FormStop& s : shell.form_stops) names.push_back(s.name);
    return names;
}

std::ptrdiff_t position(const ui::Shell& shell, const std::string& name) {
    const auto names = stop_names(shell);
    return std::find(names.begin(), names.end(), name) - names.begin();
}

// The shooting form for 2nd Sikhs at the Ghazis, with the keyboard nowhere yet.
ui::Shell shooting_form(const test::ScratchDir& dir, test::HeadlessUi& ui) {
    ui::Shell shell = test::demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("2nd Sikhs"));
    REQUIRE(desk.choose_action("shoot"));
    ui.frames(shell, 2);
    return shell;
}

} // namespace

TEST_CASE("form keys: the Tab order holds every field of the form, the Dice field and the buttons, in order") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 800);
    ui::Shell shell = shooting_form(dir, ui);
    const auto names = stop_names(shell);
    REQUIRE(names.size() > 6);
    CHECK(names[0] == "action");
    CHECK(names[1] == "unit");
    CHECK(names[2] == "target");
    // Every declared input is a stop (a modifier list: one per checkbox), in the declared order.
    std::ptrdiff_t last = 2;
    for (const std::string& input : shell.form_inputs) {
        const auto at = std::find_if(names.begin(), names.end(), [&](const std::string& n) {
            return n == input || n.rfind(input + "/", 0) == 0;
        }) - names.begin();
        INFO(input);
        CHECK(at > last);
        last = at;
    }
    CHECK(position(shell, "modifiers/first-fire") < position(shell, "dice"));
    CHECK(position(shell, "dice") == last + 1);
    CHECK(names[static_cast<std::size_t>(last + 2)] == "roll");
    CHECK(names[static_cast<std::size_t>(last + 3)] == "apply");
}

TEST_CASE("form keys: Tab reaches lists, checkboxes, the Dice field and the buttons, and Shift+Tab comes back") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 800);
    ui::Shell shell = shooting_form(dir, ui);
    desk::Desk& desk = *shell.desk;

    // Nothing has the keyboard: Tab enters the form at its top.
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "action");
    CHECK(ImGui::GetActiveID() == 0);
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "unit");
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "target");
    // Letters typed over the target list pick it by name.
    ui.type(shell, "gh");
    REQUIRE(desk.target_unit());
    CHECK(desk.target_unit()->name == "Ghazis");
    // Up/Down step through it; Down then Up comes back.
    ui.press(shell, kKeyDown);
    CHECK(desk.target_unit()->name != "Ghazis");
    ui.press(shell, kKeyUp);
    CHECK(desk.target_unit()->name == "Ghazis");

    // Tab into Figures: a text box, the cursor in it.
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "figures");
    const ImGuiID figures = ImGui::GetActiveID();
    CHECK(figures != 0);
    // The weapon list, then Range: typed.
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "weapon");
    CHECK(ImGui::GetActiveID() == 0);  // out of the text box
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "range");
    ui.press(shell, 'A', true);
    ui.type(shell, "10");
    CHECK(desk.value("range") == "10");

    // Tab on to the first-fire checkbox: Space ticks it, Space again clears it.
    while (shell.form_focus != "modifiers/first-fire") {
        const std::string was = shell.form_focus;
        ui.press(shell, kKeyTab);
        REQUIRE(shell.form_focus != was);
    }
    CHECK_FALSE(desk.modifier_on("modifiers", "first-fire"));
    {
        // Scrolled into view in the form's band (at 1280x800 it starts below the band's edge).
        ImGuiWindow* form = test::window_starting("Resolve/form");
        REQUIRE(form);
        const ui::ScreenRect box = shell.form_hits.at("modifiers/first-fire");
        INFO("form band " << form->InnerClipRect.Min.y << "-" << form->InnerClipRect.Max.y);
        CHECK(form->InnerClipRect.Min.y <= box.y0);
        CHECK(form->InnerClipRect.Max.y >= box.y1);
    }
    ui.press(shell, ' ');
    CHECK(desk.modifier_on("modifiers", "first-fire"));
    ui.press(shell, ' ');
    CHECK_FALSE(desk.modifier_on("modifiers", "first-fire"));

    // On to the Dice field in its own band below the odds.
    while (shell.form_focus != "dice") {
        const std::string was = shell.form_focus;
        ui.press(shell, kKeyTab);
        REQUIRE(shell.form_focus != was);
    }
    const ImGuiID dice = ImGui::GetActiveID();
    CHECK(dice != 0);
    ui.type(shell, test::repeat_face(6, test::dice_needed(desk, 6)));
    CHECK_FALSE(desk.dice_text().empty());
    // Tab: Roll. Apply is skipped while there is nothing to apply (Cancel comes next).
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "roll");
    CHECK(ImGui::GetActiveID() == 0);
    ui.press(shell, kKeyTab);
    CHECK(shell.form_focus == "cancel");
    // Shift+Tab back to Roll, and to the Dice field with its cursor.
    ui.press(shell, kKeyTab, false, true);
    CHECK(shell.form_focus == "roll");
    ui.press(shell, kKeyTab, false, true);
    CHECK(shell.form_focus == "dice");
    CHECK(ImGui::GetActiveID() == dice);
    // And on past the top: Shift+Tab from the action wraps round to the bottom.
    while (shell.form_focus != "action") {
        const std::string was = shell.form_focus;
        ui.press(shell, kKeyTab, false, true);
        REQUIRE(shell.form_focus != was);
    }
    ui.press(shell, kKeyTab, false, true);
    CHECK(shell.form_focus == "cancel");
}

TEST_CASE("form keys: 2nd Sikhs shoot the Ghazis at 10 inches with typed dice, by keyboard alone, keys counted") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    ui.frames(shell, 2);
    const std::size_t before = actions_in_journal(desk);
    const int ghazis = desk.battle().find_unit("Ghazis")->id;
    const int figures_before = desk.battle().unit(ghazis)->figures;

    int keys = 0;
    auto press = [&](int key, bool ctrl = false, bool shift = false) {
        ui.press(shell, key, ctrl, shift);
        ++keys;
    };
    auto type = [&](std::string_view text) {
        ui.type(shell, text);
        keys += static_cast<int>(text.size());
    };

    // The unit, by the palette.
    press('K', true);
    type("2nd");
    press(kKeyEnter);
    REQUIRE(desk.selected_unit());
    REQUIRE(desk.selected_unit()->name == "2nd Sikhs");
    // Before the first turn a unit with rifles is offered its shooting.
    REQUIRE(desk.action()->id == "shoot");
    // Tab into the form: action, unit, target; the target by two letters.
    for (int i = 0; i < 3; ++i) press(kKeyTab);
    REQUIRE(shell.form_focus == "target");
    type("gh");
    REQUIRE(desk.target_unit());
    CHECK(desk.target_unit()->name == "Ghazis");
    // Figures, weapon, range: the range typed.
    for (int i = 0; i < 3; ++i) press(kKeyTab);
    REQUIRE(shell.form_focus == "range");
    type("10");
    CHECK(desk.value("range") == "10");
    // The dice: Ctrl+D jumps to the Dice field (Tab gets there too, through the modifiers).
    press('D', true);
    const std::string dice = "6,5,4,3,2,1,6,6";  // six are too few at 10": the rules want 8
    type(dice);
    REQUIRE(desk.dice_text() == dice);
    press(kKeyEnter);  // Roll
    INFO(desk.error());
    REQUIRE(desk.rolled());
    // Tab to Roll, Tab to Apply, Enter.
    press(kKeyTab);
    press(kKeyTab);
    REQUIRE(shell.form_focus == "apply");
    press(kKeyEnter);
    CHECK(actions_in_journal(desk) == before + 1);
    CHECK(desk.journal().back().action == "shoot");
    CHECK(desk.battle().unit(ghazis)->figures < figures_before);
    // Enter pressed Apply only: nothing rolled afresh after it.
    CHECK_FALSE(desk.can_apply());
    // Counted: Ctrl+K, "2nd", Enter, 3 Tabs, "gh", 3 Tabs, "10", Ctrl+D, 15 dice characters,
    // Enter, 2 Tabs, Enter: 35, no mouse (the command line: Ctrl+L, 31 characters, Enter).
    CHECK(keys == 35);
}
