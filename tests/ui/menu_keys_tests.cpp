// What was mouse-only, by keys: the menu bar (Alt alone or F10 opens it, Left/Right walk the
// menus, Up/Down the items, Enter takes one, Esc closes), the journal's filters (Ctrl+J, the
// selected unit's entries; Ctrl+Shift+J, this turn's) and the Turn panel's options (Ctrl+F3);
// each listed in F1. Keys in, state out.
#include "desk_shell.h"

#include "panels/commands.h"
#include "panels/file_menu.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;

namespace {

// The open menu's popup (ImGui names a menu bar's first-level popup so).
bool menu_open() { return test::HeadlessUi::shown("##Menu_00"); }

// Alt pressed and released with nothing else: as a desktop program's menu key.
void alt_alone(test::HeadlessUi& ui, ui::Shell& shell) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[ui::key::LeftAlt] = true;
    io.KeyAlt = true;
    ui.frame(shell);
    io.KeysDown[ui::key::LeftAlt] = false;
    io.KeyAlt = false;
    ui.frames(shell, 2);
}

bool help_lists(const std::string& keys) {
    const auto rows = ui::help_rows();
    return std::any_of(rows.begin(), rows.end(), [&](const ui::HelpRow& r) { return r.keys == keys; });
}

} // namespace

TEST_CASE("menu keys: F10 opens File, Right goes to Edit, Enter takes Roster..., Esc closes", "[ui][desk]") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    CHECK_FALSE(menu_open());

    ui.press(shell, ui::key::F10);
    CHECK(shell.menu_keys.open);
    CHECK(shell.menu_keys.menu == 0);
    CHECK(menu_open());
    // Esc closes it; nothing else happens (no roll cancelled, no dialog).
    ui.press(shell, ui::key::Escape);
    ui.frames(shell, 1);
    CHECK_FALSE(shell.menu_keys.open);
    CHECK_FALSE(menu_open());

    ui.press(shell, ui::key::F10);
    ui.press(shell, ui::key::Right);
    CHECK(shell.menu_keys.menu == 1);
    CHECK(menu_open());  // Edit now
    ui.press(shell, ui::key::Enter);  // its first item: Roster...
    ui.frames(shell, 1);
    CHECK(shell.files.dialog == ui::FileDialog::EditRoster);
    CHECK_FALSE(shell.menu_keys.open);
    CHECK(shell.desk->journal().empty());  // Enter took the item, it did not roll or apply

    // Opened by keys, closed by a click elsewhere: the keys let it go, it does not open again.
    shell.files.dialog = ui::FileDialog::None;
    ui.frames(shell, 1);
    ui.press(shell, ui::key::F10);
    REQUIRE(menu_open());
    ui.click(shell, 640.0f, 500.0f);
    ui.frames(shell, 2);
    CHECK_FALSE(menu_open());
    CHECK_FALSE(shell.menu_keys.open);
}

TEST_CASE("menu keys: Alt alone opens the menu bar, Left wraps to View, Down and Enter switch the theme", "[ui][desk]") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    alt_alone(ui, shell);
    REQUIRE(shell.menu_keys.open);
    CHECK(menu_open());
    ui.press(shell, ui::key::Left);
    CHECK(shell.menu_keys.menu == 2);  // View
    // Zoom's line is not an item: Down from the top goes zoom in, zoom out, back to 100%, the theme.
    const desk::Theme before = shell.view.theme;
    for (int i = 0; i < 3; ++i) ui.press(shell, ui::key::Down);
    ui.press(shell, ui::key::Enter);
    CHECK(shell.view.theme != before);
    CHECK_FALSE(shell.menu_keys.open);

    // Alt with another key (Alt+Tab, say) opens nothing.
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[ui::key::LeftAlt] = true;
    io.KeyAlt = true;
    ui.frame(shell);
    ui.press(shell, ui::key::Tab);
    io.KeysDown[ui::key::LeftAlt] = false;
    io.KeyAlt = false;
    ui.frames(shell, 2);
    CHECK_FALSE(shell.menu_keys.open);
}

TEST_CASE("journal keys: Ctrl+J shows the selected unit's entries, Ctrl+Shift+J this turn's, again all", "[ui][desk]") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    REQUIRE(desk.select_unit("Ghazis"));
    ui.frames(shell, 1);
    ui.press(shell, 'J', true);
    CHECK(shell.journal_unit == desk.battle().find_unit("Ghazis")->id);
    ui.press(shell, 'J', true);
    CHECK_FALSE(shell.journal_unit);
    ui.press(shell, 'J', true, true);
    CHECK(shell.journal_turn == desk.battle().turn);
    ui.press(shell, 'J', true, true);
    CHECK_FALSE(shell.journal_turn);
}

TEST_CASE("turn keys: Ctrl+F3 opens the Turn panel with its options unfolded, again folds them", "[ui][desk][turn]") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 1);
    ui.press(shell, ui::key::F3, true);
    ui.frames(shell, 2);
    CHECK(shell.show_turn);
    CHECK(shell.turn_options_open);
    ui.press(shell, ui::key::F3, true);
    ui.frames(shell, 2);
    CHECK(shell.show_turn);
    CHECK_FALSE(shell.turn_options_open);
}

TEST_CASE("help: F1 lists the menu bar's keys, the journal's filters and the turn options", "[ui][desk]") {
    CHECK(help_lists("Alt or F10"));
    CHECK(help_lists("Ctrl+J"));
    CHECK(help_lists("Ctrl+Shift+J"));
    CHECK(help_lists("Ctrl+F3"));
}
