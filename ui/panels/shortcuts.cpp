// Keyboard first: the umpire's hands stay on the keys. Every shortcut comes from the one table
// in commands.cpp (F1 lists it). What depends on where the keyboard is:
//   Enter in the roster's Find field picks the first unit that matches instead of rolling;
//   Enter and Esc leave an open combo or popup alone;
//   Enter on a form button that has the keyboard (Tab put it there) presses that button only;
//   Ctrl+Z / Ctrl+Y leave a text field's own undo alone while it has the keyboard;
//   with the help, the palette or the command line open only the view keys, F1, Ctrl+K, Ctrl+L
//   and Esc act (Esc closes).
#include "panels/commands.h"
#include "panels/panels.h"
#include "panels/widgets.h"

#include <imgui.h>

namespace umpire::ui {

namespace {

bool pressed(int key) {
    const ImGuiIO& io = ImGui::GetIO();
    return key >= 0 && key < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)) && ImGui::IsKeyPressed(key, false);
}

bool matches(const Shortcut& s) {
    const ImGuiIO& io = ImGui::GetIO();
    return pressed(s.key) && io.KeyCtrl == s.ctrl && (s.any_shift || io.KeyShift == s.shift);
}

bool allowed_over_overlay(Command c) {
    switch (c) {
    case Command::Help:
    case Command::Palette:
    case Command::CommandLine:
    case Command::Cancel:
    case Command::ZoomIn:
    case Command::ZoomOut:
    case Command::ZoomReset:
    case Command::ToggleTheme: return true;
    default: return false;
    }
}

} // namespace

void handle_shortcuts(Shell& shell) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool popup_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    const bool overlay = shell.show_help || shell.show_palette || shell.show_command_line;
    bool done_enter = false;  // Enter and Keypad Enter are one key: act once
    for (const Shortcut& s : shortcuts()) {
        if (!matches(s)) continue;
        if (overlay && !allowed_over_overlay(s.command)) continue;
        if (!s.in_text && io.WantTextInput) continue;
        const bool closes_overlay = s.command == Command::Cancel && overlay;
        if (command_info(s.command).needs_battle && !shell.desk && !closes_overlay) continue;
        const bool enter = s.command == Command::Roll || s.command == Command::Apply;
        if ((enter || s.command == Command::Cancel) && popup_open) continue;
        if (enter && shell.form_enter_taken) continue;  // Enter pressed the form's focused button
        if (enter) {
            if (done_enter) continue;
            done_enter = true;
            if (shell.roster_filter_active) {
                // Enter in the roster filter picks the unit the text names best.
                desk::Desk& desk = *shell.desk;
                desk::RosterQuery query = shell.roster_options;
                query.text = shell.roster_filter;
                const auto best = desk::best_match(desk.battle(), query);
                if (best && desk.select_unit(*best)) {
                    shell.scroll_to_selected = true;
                    shell.roster_filter.clear();
                }
                continue;
            }
        }
        run_command(s.command, shell);
    }
}

void handle_shortcuts(Shell& shell, desk::Desk&) { handle_shortcuts(shell); }

} // namespace umpire::ui
