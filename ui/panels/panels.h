#pragma once
// One function per panel. Each draws one fixed window in the rectangle the layout gives it and
// talks to the desk only through its public operations.
#include "desk/desk.h"
#include "panels/layout.h"
#include "panels/shell.h"

namespace umpire::ui {

// Begins a fixed window filling `r` (no move, no resize, no collapse). Always pair with
// ImGui::End(), whatever it returns.
bool begin_panel(const char* title, const Rect& r, int extra_flags = 0);

void draw_status_bar(Shell& shell, const Rect& r);
void draw_start_panel(Shell& shell, const Rect& r);
void draw_roster_panel(Shell& shell, desk::Desk& desk, const Rect& r);
// The roster column's right edge, dragged to resize the column (Shell::roster_share).
void draw_roster_splitter(Shell& shell, const Layout& layout);
void draw_unit_card_panel(desk::Desk& desk, const Rect& r);
void draw_resolve_panel(Shell& shell, desk::Desk& desk, const Rect& r);
void draw_result_panel(desk::Desk& desk, const Rect& r);
// The preview's odds (or what the form still lacks), as the Resolve panel shows them.
void draw_preview_odds(const desk::Desk& desk);
// The choice the rules leave the player, when the roll or the form asks one: its options as
// buttons (keys 1 to 4 too).
void draw_question(desk::Desk& desk);
void draw_pending_panel(Shell& shell, desk::Desk& desk, const Rect& r);
// The height Pending wants to show every item it holds (the layout caps it).
float pending_panel_height(const desk::Desk& desk);
// "Rally test: 1/28th Foot": a pending item as Pending and Ctrl+K name it.
std::string pending_line(const desk::Desk& desk, const desk::PendingItem& item);
void draw_journal_panel(Shell& shell, desk::Desk& desk, const Rect& r);

// Keyboard shortcuts that act on the desk (Enter, Ctrl+Enter, Esc, Ctrl+Z, ...). Called after
// the panels so it knows which text field has the keyboard.
void handle_shortcuts(Shell& shell, desk::Desk& desk);
// The same from the shortcut table (commands.h), with or without a battle open.
void handle_shortcuts(Shell& shell);

} // namespace umpire::ui
