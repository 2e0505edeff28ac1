#pragma once
// Windows drawn over the fixed panels, and the View menu's items. Each is drawn only while its
// Shell flag says so; draw them after handle_shortcuts() so Enter and Esc reach them first.
#include "panels/layout.h"
#include "panels/shell.h"

#include <string>
#include <vector>

namespace umpire::ui {

// F1: every shortcut from the one table.
void draw_help_overlay(Shell& shell);
// Ctrl+K: type to find a unit, an action or a command; Up/Down to choose, Enter to take it.
void draw_command_palette(Shell& shell);
// What the palette lists for its text as it stands, best first (what it draws, for the tests).
struct PaletteMatch {
    std::string kind;  // "unit", "action", "turn", "pending", "command", ...
    std::string label;
    std::string detail;
    bool enabled = true;
};
std::vector<PaletteMatch> palette_matches(Shell& shell);
// Ctrl+L: the command line, `shoot 2nd gh 10 6,5,4,3,2,1`; the form and its odds follow the
// typing, Enter rolls and applies, Esc closes.
void draw_command_line_bar(Shell& shell);
// View > Players' phones: the pages' addresses and QR codes, the phones following.
void draw_phones_panel(Shell& shell);
// View > Other umpires: the address (and, when this laptop hosts it, the password) another umpire
// opens the battle with, and its QR code.
void draw_umpires_panel(Shell& shell);
// F2: the ruleset's reference tables (house rules included) in `r`.
void draw_reference_panel(Shell& shell, desk::Desk& desk, const Rect& r);
// Zoom, theme, quick reference and help, for the main menu bar's View menu.
void draw_view_menu_items(Shell& shell, desk::Desk& desk);
void draw_view_menu_items(Shell& shell);  // the same with no battle open

} // namespace umpire::ui
