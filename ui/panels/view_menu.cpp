// The View menu's items for zoom, theme, quick reference and help. The main menu bar
// (menu_bar.cpp) calls these; each item runs a command of the shortcut table and shows its keys
// from there.
#include "panels/commands.h"
#include "panels/file_menu.h"
#include "panels/overlays.h"

#include <imgui.h>

#include <cmath>

namespace umpire::ui {

namespace {

void item(Shell& shell, Command command, const char* label = nullptr, bool checked = false) {
    const std::string keys = command_keys(command);
    if (menu_row(shell, label ? label : command_info(command).name, keys.empty() ? nullptr : keys.c_str(), checked,
                 command_enabled(command, shell)))
        run_command(command, shell);
}

} // namespace

void draw_view_menu_items(Shell& shell) {
    const std::string zoom = "Zoom: " + std::to_string(static_cast<int>(std::lround(shell.view.zoom * 100.0f))) + "%";
    menu_row(shell, zoom.c_str(), nullptr, false, false);
    item(shell, Command::ZoomIn);
    item(shell, Command::ZoomOut);
    item(shell, Command::ZoomReset);
    ImGui::Separator();
    item(shell, Command::ToggleTheme, shell.view.theme == desk::Theme::Dark ? "Light theme" : "Dark theme");
    if (shell.desk) item(shell, Command::QuickReference, "Quick reference", shell.show_reference);
    item(shell, Command::Help, "Keyboard shortcuts", shell.show_help);
    item(shell, Command::Palette, "Command palette", shell.show_palette);
}

void draw_view_menu_items(Shell& shell, desk::Desk&) { draw_view_menu_items(shell); }

} // namespace umpire::ui
