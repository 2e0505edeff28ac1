// The desk driven the way an umpire at the table drives it: keys and clicks in, state out.
// Roster search, sort, filters, folding and type-ahead; F1 help; the Ctrl+K palette; the whole
// shoot flow by keyboard with the journal filtered afterwards; zoom and theme; the quick
// reference; the after-action report; 500 units drawn only where they are on screen.
#include "headless.h"
#include "ui_support.h"

#include "panels/commands.h"
#include "panels/overlays.h"

#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>

#include <filesystem>
#include <map>

using namespace umpire;
using test::kKeyDown;
using test::kKeyEnter;
using test::kKeyEscape;

namespace {

ui::Shell demo_shell(const test::ScratchDir& dir, const std::function<void(model::Battle&)>& adjust = {}) {
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir, adjust));
    return shell;
}

bool window_shown(const char* name) {
    ImGuiWindow* w = ImGui::FindWindowByName(name);
    return w && w->WasActive;
}

int unit_id(const ui::Shell& shell, const char* name) {
    const model::Unit* u = shell.desk->battle().find_unit(name);
    REQUIRE(u);
    return u->id;
}

void open_palette_and_type(test::HeadlessUi& ui, ui::Shell& shell, std::string_view text) {
    ui.press(shell, 'K', true);
    REQUIRE(shell.show_palette);
    ui.frames(shell, 1);
    ui.type(shell, text);
    CHECK(shell.palette_text == text);
}

} // namespace

TEST_CASE("roster keys: type-ahead jumps to a unit, sort reorders, filters narrow, a commander folds") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir, [](model::Battle& b) {
        for (auto& u : b.units)
            if (u.name == "Orakzai Riflemen") {
                u.set(model::Flag::Shaken, true);
                u.set(model::Flag::NeedsRally, true);
            }
    });
    test::HeadlessUi ui(1280, 1600);  // a tall screen: the whole demo roster is drawn
    ui.frames(shell, 2);
    const std::size_t all_rows = shell.unit_rows.size();
    REQUIRE(all_rows == shell.desk->battle().units.size());

    // Click a unit (the roster now has the keyboard focus), then type the start of another name.
    const ui::ScreenRect first = shell.unit_rows.begin()->second;
    ui.click(shell, first.cx(), first.cy());
    ui.type(shell, "ora");
    REQUIRE(shell.desk->selected_unit());
    CHECK(shell.desk->selected_unit()->name == "Orakzai Riflemen");
    CHECK(shell.typeahead == "ora");
    CHECK_FALSE(shell.desk->rolled());

    // Filters: only the unit that needs to rally; then only shaken ones; then all again.
    shell.roster_options.needs_rally = true;
    ui.frames(shell, 2);
    CHECK(shell.unit_rows.size() == 1);
    CHECK(shell.unit_rows.count(unit_id(shell, "Orakzai Riflemen")) == 1);
    shell.roster_options = {};
    shell.roster_options.hide_routed = true;
    ui.frames(shell, 2);
    CHECK(shell.unit_rows.size() == all_rows);  // nobody routed yet

    // Sort by name: within each group the rows go down the screen in alphabetical order.
    shell.roster_options.sort = desk::RosterSort::Name;
    ui.frames(shell, 2);
    const int gordons = unit_id(shell, "Gordon Highlanders");
    const int gurkhas = unit_id(shell, "1st Gurkha Rifles");
    const model::Unit* g = shell.desk->battle().unit(gordons);
    const model::Unit* k = shell.desk->battle().unit(gurkhas);
    if (g->commander == k->commander) CHECK(shell.unit_rows.at(gurkhas).y0 < shell.unit_rows.at(gordons).y0);

    // Fold the commander of the Gordons by clicking his header: his units leave the screen.
    shell.roster_options = {};
    ui.frames(shell, 2);
    REQUIRE(g->commander);
    const desk::GroupKey group = desk::commander_group(g->side, g->commander);
    REQUIRE(shell.group_rows.count(group) == 1);
    const ui::ScreenRect header = shell.group_rows.at(group);
    ui.click(shell, header.x0 + 40.0f, header.cy());
    ui.frames(shell, 1);  // the list is worked out before the header is drawn: one frame later
    CHECK(shell.roster_collapsed.count(desk::commander_group(g->side, g->commander)) == 1);
    CHECK(shell.unit_rows.count(gordons) == 0);
    ui.click(shell, shell.group_rows.at(group).x0 + 40.0f, shell.group_rows.at(group).cy());
    ui.frames(shell, 1);
    CHECK(shell.roster_collapsed.empty());
    CHECK(shell.unit_rows.count(gordons) == 1);
}

TEST_CASE("help: F1 shows every shortcut of the table and Esc closes it without cancelling anything") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    test::HeadlessUi ui;
    ui.frames(shell, 2);
    ui.press(shell, ui::key::F1);
    CHECK(shell.show_help);
    CHECK(window_shown("Keyboard shortcuts (F1 or Esc to close)"));
    // Every command the table has keys for is labelled from the table itself.
    for (const ui::CommandInfo& c : ui::commands()) {
        INFO(c.name);
        const bool has_row = std::any_of(ui::shortcuts().begin(), ui::shortcuts().end(),
                                         [&](const ui::Shortcut& s) { return s.command == c.command; });
        CHECK(ui::command_keys(c.command).empty() == !has_row);
    }
    CHECK(ui::command_keys(ui::Command::Redo) == "Ctrl+Shift+Z or Ctrl+Y");
    CHECK(ui::command_keys(ui::Command::Help) == "F1");
    CHECK(ui::command_keys(ui::Command::ZoomIn) == "Ctrl++");

    // Enter does not roll while the help is up.
    REQUIRE(shell.desk->select_unit("Gordon Highlanders"));
    ui.press(shell, kKeyEnter);
    CHECK_FALSE(shell.desk->rolled());
    ui.press(shell, kKeyEscape);
    CHECK_FALSE(shell.show_help);
    ui.frames(shell, 1);
    CHECK_FALSE(window_shown("Keyboard shortcuts (F1 or Esc to close)"));
}

TEST_CASE("help: F1 lists each key once, with its own meaning, and commands without a key apart") {
    // Each key combination of the table belongs to one command (any_shift rows count with and
    // without Shift).
    std::map<std::string, ui::Command> owner;
    for (const ui::Shortcut& s : ui::shortcuts()) {
        std::vector<bool> shifts{s.shift};
        if (s.any_shift) shifts = {false, true};
        for (bool shift : shifts) {
            const std::string combo = std::to_string(s.key) + (s.ctrl ? "c" : "") + (shift ? "s" : "");
            INFO(ui::key_label(s));
            const auto [it, fresh] = owner.emplace(combo, s.command);
            CHECK((fresh || it->second == s.command));
        }
    }
    // In the help, each key label appears in one row only.
    std::map<std::string, std::string> listed;  // "Ctrl+K" -> the row's name
    bool palette_only_seen = false;
    for (const ui::HelpRow& row : ui::help_rows()) {
        if (row.group == ui::kPaletteOnlyGroup) {
            palette_only_seen = true;
            CHECK(row.keys.empty());
            continue;
        }
        CHECK_FALSE(palette_only_seen);  // the keyless ones come last
        REQUIRE_FALSE(row.keys.empty());
        std::string keys = row.keys;
        for (std::size_t at = 0; at != std::string::npos;) {
            const std::size_t next = keys.find(" or ", at);
            const std::string one = keys.substr(at, next == std::string::npos ? std::string::npos : next - at);
            INFO(one << " listed for " << row.name);
            CHECK(listed.emplace(one, row.name).second);
            at = next == std::string::npos ? next : next + 4;
        }
    }
    CHECK(listed.at("Ctrl+K") == ui::command_info(ui::Command::Palette).name);
    CHECK(listed.at("Ctrl+R") == ui::command_info(ui::Command::ExportMarkdown).name);
    CHECK(listed.at("Ctrl+Shift+R") == ui::command_info(ui::Command::ExportHtml).name);

    // And Ctrl+Shift+R writes the HTML report.
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    test::HeadlessUi ui;
    ui.frames(shell, 2);
    ui.press(shell, 'R', true, true);
    INFO(shell.report_message);
    CHECK_FALSE(shell.report_failed);
    CHECK(shell.report_message.find(".html") != std::string::npos);
}

TEST_CASE("palette: Ctrl+K finds a unit by a few letters, an action, and runs a command") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    test::HeadlessUi ui;
    ui.frames(shell, 2);

    open_palette_and_type(ui, shell, "orak");
    ui.press(shell, kKeyEnter);
    CHECK_FALSE(shell.show_palette);
    REQUIRE(shell.desk->selected_unit());
    CHECK(shell.desk->selected_unit()->name == "Orakzai Riflemen");
    CHECK_FALSE(shell.desk->rolled());  // the Enter that took the match did not roll

    // A unit's whole name with a space in it.
    open_palette_and_type(ui, shell, "gordon h");
    ui.press(shell, kKeyEnter);
    CHECK(shell.desk->selected_unit()->name == "Gordon Highlanders");

    // An action by its name.
    const rules::ActionSpec& rally = *shell.desk->ruleset().action("rally");
    open_palette_and_type(ui, shell, rally.name);
    ui.press(shell, kKeyEnter);
    REQUIRE(shell.desk->action());
    CHECK(shell.desk->action()->id == "rally");

    // A command: the theme switch, chosen with Down from a list of several matches.
    open_palette_and_type(ui, shell, "theme");
    ui.press(shell, kKeyEnter);
    CHECK(shell.view.theme == desk::Theme::Light);

    // Esc closes the palette and nothing else happens.
    ui.press(shell, 'K', true);
    REQUIRE(shell.show_palette);
    ui.press(shell, kKeyEscape);
    CHECK_FALSE(shell.show_palette);

    // A query that matches nothing: Enter does nothing.
    open_palette_and_type(ui, shell, "qqqzzz");
    ui.press(shell, kKeyEnter);
    CHECK(shell.show_palette);
    ui.press(shell, kKeyEscape);
}

TEST_CASE("keyboard flow: find, shoot with typed dice, apply, check the unit and journal, filter, undo") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 1600);  // the target's row must be on screen to right-click it
    ui.frames(shell, 2);

    open_palette_and_type(ui, shell, "gordon");
    ui.press(shell, kKeyEnter);
    REQUIRE(desk.selected_unit());
    open_palette_and_type(ui, shell, desk.ruleset().action("shoot")->name);
    ui.press(shell, kKeyEnter);
    REQUIRE(desk.action()->id == "shoot");
    const int target = unit_id(shell, "Orakzai Riflemen");
    ui.frames(shell, 1);
    const ui::ScreenRect t = shell.unit_rows.at(target);
    ui.click(shell, t.cx(), t.cy(), 1);  // right-click: the target
    REQUIRE(desk.target() == target);
    desk.set_value("range", "10");
    const std::size_t n = test::dice_needed(desk, 6);
    REQUIRE(n > 0);
    const int before = desk.battle().unit(target)->figures;

    ui.press(shell, 'D', true);
    ui.frames(shell, 1);
    ui.type(shell, test::repeat_face(6, n));
    ui.press(shell, kKeyEnter);
    REQUIRE(desk.rolled());
    ui.press(shell, kKeyEnter, true);
    REQUIRE(desk.rolled()->applied());
    const int after = desk.battle().unit(target)->figures;
    CHECK(after < before);
    REQUIRE(desk.journal().size() == 1);
    ui.frames(shell, 1);
    CHECK(shell.journal_shown.size() == 1);

    // Journal filters: by a unit that took no part, nothing; by the target, the shot; by turn.
    shell.journal_unit = unit_id(shell, "1st Gurkha Rifles");
    ui.frames(shell, 1);
    CHECK(shell.journal_shown.empty());
    shell.journal_unit = target;
    ui.frames(shell, 1);
    CHECK(shell.journal_shown.size() == 1);
    shell.journal_unit.reset();
    shell.journal_turn = desk.journal().front().turn + 1;
    ui.frames(shell, 1);
    CHECK(shell.journal_shown.empty());
    shell.journal_turn.reset();

    // Ctrl+Z: the figures come back and the journal shows the undo too.
    ui.press(shell, 'Z', true);
    CHECK(desk.battle().unit(target)->figures == before);
    ui.frames(shell, 1);
    CHECK(shell.journal_shown.size() == 2);

    // The after-action report (Ctrl+R) lands next to the battle file; the roster editor,
    // which is Ctrl+E, stays closed.
    ui.press(shell, 'R', true);
    CHECK(shell.files.dialog == ui::FileDialog::None);
    CHECK_FALSE(shell.report_failed);
    CHECK(std::filesystem::exists(dir.file("demo-report.md")));
    CHECK(shell.report_message.find("demo-report.md") != std::string::npos);
}

TEST_CASE("view: Ctrl++ zooms with the fonts rebuilt at the new size, Ctrl+0 resets, Ctrl+T switches theme") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    test::HeadlessUi ui;
    ui.frames(shell, 2);
    const float base = ImGui::GetFontSize();
    ui.press(shell, ui::key::Equal, true);
    ui.press(shell, ui::key::Equal, true, true);  // Ctrl+Shift+= is Ctrl++ too
    CHECK(shell.view.zoom == Approx(1.2f));
    CHECK(ui::sync_view(shell.view));  // between frames, as the program does
    ui.frames(shell, 2);
    CHECK(ImGui::GetFontSize() == Approx(std::round(base * 1.2f)));
    CHECK(ImGui::GetIO().FontGlobalScale == Approx(1.0f));  // crisp: real glyphs, not a stretch
    ui.press(shell, ui::key::Minus, true);
    CHECK(shell.view.zoom == Approx(1.1f));
    ui.press(shell, ui::key::Zero, true);
    CHECK(shell.view.zoom == Approx(1.0f));
    ui::sync_view(shell.view);
    ui.frames(shell, 1);
    CHECK(ImGui::GetFontSize() == Approx(base));

    const ImVec4 dark_bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    ui.press(shell, 'T', true);
    CHECK(shell.view.theme == desk::Theme::Light);
    CHECK_FALSE(ui::sync_view(shell.view));  // no new fonts for a theme
    ui.frames(shell, 1);
    const ImVec4 light_bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    CHECK(light_bg.x > 0.8f);
    CHECK(dark_bg.x < 0.2f);
    CHECK(ImGui::GetStyle().Colors[ImGuiCol_Text].x < 0.2f);
    ui.press(shell, 'T', true);
    CHECK(shell.view.theme == desk::Theme::Dark);
    ui::sync_view(shell.view);
    ui.frames(shell, 1);
}

TEST_CASE("quick reference: F2 puts the ruleset's tables in the right column and takes them away") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    test::HeadlessUi ui;
    ui.frames(shell, 2);
    CHECK(window_shown("Journal"));
    ui.press(shell, ui::key::F2);
    CHECK(shell.show_reference);
    CHECK(window_shown("Quick reference (F2 to close)"));
    CHECK_FALSE(window_shown("Journal"));
    // Laid out as the printed sheet: its sections, every column at least as wide as its longest
    // word (no "m u s k e t" downwards).
    REQUIRE(shell.sheet);
    CHECK(shell.sheet->title == "With MacDuff to the Frontier");
    REQUIRE_FALSE(shell.reference_squeeze.empty());
    for (const auto& [table, room] : shell.reference_squeeze) {
        INFO(table);
        CHECK(room >= 0.0f);
    }
    shell.reference_filter = "7.5 Dice";
    ui.frames(shell, 1);
    CHECK_FALSE(window_shown("Result"));

    // A shot rolled while the tables are open shows its Result below them.
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("Gordon Highlanders"));
    REQUIRE(desk.choose_action("shoot"));
    desk.set_value("range", "10");
    desk.set_dice_text(test::repeat_face(5, test::dice_needed(desk, 5)));
    ui.press(shell, test::kKeyEnter);
    INFO(desk.error());
    REQUIRE(desk.rolled());
    ui.frames(shell, 1);
    CHECK(window_shown("Quick reference (F2 to close)"));
    CHECK(window_shown("Result"));
    CHECK_FALSE(window_shown("Journal"));

    ui.press(shell, ui::key::F2);
    CHECK_FALSE(shell.show_reference);
    CHECK(window_shown("Journal"));
}

TEST_CASE("roster: 500 units draw only the rows on screen, and the palette scrolls to one far down") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir, [](model::Battle& b) {
        const model::Unit base = b.units.front();
        b.units.clear();
        for (int i = 1; i <= 500; ++i) {
            model::Unit u = base;
            u.id = i;
            u.name = "Company " + std::to_string(i);
            if (i % 7 == 0) u.set(model::Flag::Shaken, true);
            if (i % 11 == 0) u.set(model::Flag::NeedsRally, true);
            b.units.push_back(u);
        }
    });
    test::HeadlessUi ui;
    ui.frames(shell, 2);
    CHECK(shell.unit_rows.size() > 5);
    CHECK(shell.unit_rows.size() < 60);  // only what is on screen
    CHECK(shell.unit_rows.count(450) == 0);

    open_palette_and_type(ui, shell, "Company 450");
    ui.press(shell, kKeyEnter);
    REQUIRE(shell.desk->unit() == 450);
    ui.frames(shell, 2);
    REQUIRE(shell.unit_rows.count(450) == 1);  // scrolled to it
    const ImRect roster = ImGui::FindWindowByName("Roster")->Rect();
    CHECK(shell.unit_rows.at(450).y0 >= roster.Min.y);
    CHECK(shell.unit_rows.at(450).y1 <= roster.Max.y);

    shell.roster_options.needs_rally = true;
    ui.frames(shell, 2);
    for (const auto& [id, r] : shell.unit_rows) CHECK(id % 11 == 0);
}

TEST_CASE("no battle open: F1 and the palette work, and battle commands are not offered") {
    ui::Shell shell;
    test::HeadlessUi ui;
    ui.frames(shell, 2);
    ui.press(shell, ui::key::F1);
    CHECK(shell.show_help);
    ui.press(shell, kKeyEscape);
    CHECK_FALSE(shell.show_help);
    ui.press(shell, 'K', true);
    CHECK(shell.show_palette);
    ui.type(shell, "undo");
    ui.press(shell, kKeyEnter);  // nothing to take: Undo needs a battle
    CHECK(shell.show_palette);
    CHECK_FALSE(ui::command_enabled(ui::Command::Undo, shell));
    CHECK_FALSE(ui::run_command(ui::Command::Roll, shell));
}
