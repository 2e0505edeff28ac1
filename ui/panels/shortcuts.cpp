// Keyboard first: the umpire's hands stay on the keys.
//   Enter        roll (typed dice if the Dice field has any, else the app's dice)
//   Ctrl+Enter   apply the roll
//   Esc          cancel the roll (or clear the typed dice)
//   Ctrl+Z       undo          Ctrl+Shift+Z / Ctrl+Y   redo
//   Ctrl+F       find a unit   Ctrl+D                  type dice
// Undo/redo leave a text field's own Ctrl+Z alone while it has the keyboard.
#include "panels/panels.h"
#include "panels/widgets.h"

#include <imgui.h>

namespace umpire::ui {

namespace {

bool pressed(ImGuiKey key) {
    const int index = ImGui::GetKeyIndex(key);
    return index >= 0 && ImGui::IsKeyPressed(index, false);
}

bool pressed_char(char upper) {
    // Letter keys: the backend maps ImGuiKey_A.. only for the text-editing shortcuts, so letters
    // that ImGui does not name are looked up by their ASCII code (GLFW key codes match it).
    const ImGuiIO& io = ImGui::GetIO();
    int index = -1;
    switch (upper) {
    case 'Z': index = ImGui::GetKeyIndex(ImGuiKey_Z); break;
    case 'Y': index = ImGui::GetKeyIndex(ImGuiKey_Y); break;
    default: index = upper; break;
    }
    return index >= 0 && index < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)) && ImGui::IsKeyPressed(index, false);
}

} // namespace

void handle_shortcuts(Shell& shell, desk::Desk& desk) {
    const ImGuiIO& io = ImGui::GetIO();
    const bool ctrl = io.KeyCtrl;
    const bool popup_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);

    if (ctrl && pressed_char('F')) shell.focus_roster_filter = true;
    if (ctrl && pressed_char('D')) shell.focus_dice = true;

    if (!io.WantTextInput && ctrl && pressed_char('Z')) {
        if (io.KeyShift)
            desk.redo();
        else
            desk.undo();
    }
    if (!io.WantTextInput && ctrl && pressed_char('Y')) desk.redo();

    const bool enter = pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter);
    if (enter && !popup_open) {
        if (shell.roster_filter_active) {
            // Enter in the roster filter picks the first unit whose name matches.
            for (const model::Unit& u : desk.battle().units) {
                if (shell.roster_filter.empty() || !contains_ci(u.name, shell.roster_filter)) continue;
                if (desk.select_unit(u.id)) {
                    shell.scroll_to_selected = true;
                    shell.roster_filter.clear();
                }
                break;
            }
        } else if (ctrl) {
            desk.apply();
        } else {
            desk.roll();
        }
    }
    if (pressed(ImGuiKey_Escape) && !popup_open) desk.cancel();
}

} // namespace umpire::ui
