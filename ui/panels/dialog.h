#pragma once
// What every modal dialog of the desk shares (File's New battle, Open, Save a copy, Print; Edit's
// roster and chance deck): a modal sized to the screen and centred, buttons that remember where
// they were drawn (FileMenu::hits, which the tests click), Esc, and closing.
#include "panels/file_menu.h"

#include <string>

namespace umpire::ui {

// Opens the modal `title` at `width_em` x `height_em` font sizes (never more than most of the
// screen). Returns false, with the dialog marked closed, when it is not shown or its title-bar
// close button was pressed; otherwise call ImGui::EndPopup() after drawing it.
bool begin_dialog(FileMenu& files, const char* title, float width_em, float height_em);
// Marks the dialog closed and closes the popup; call between begin_dialog and EndPopup.
void close_dialog(FileMenu& files);
// Esc closes a dialog without doing anything (what was typed is kept for next time).
bool escape_pressed();

// Remembers where the last item was drawn, under `label`.
void remember_hit(FileMenu& files, const std::string& label);
// A button remembered under `hit` (its label when blank).
bool hit_button(FileMenu& files, const char* label, const std::string& hit = {});

// Whether a Browse button can be offered: a chooser was given, or the desktop has one.
bool can_browse(FileMenu& files);
// Width of the Browse button and the gap before it (0 when it is not offered), for the field
// beside it.
float browse_width(FileMenu& files);
// "Browse..." (remembered under `hit`) on the same line: the desktop's file chooser starting
// from `path`; what is chosen replaces `path`, a cancel keeps what was typed. Returns whether a
// path was chosen. Draws nothing when no chooser can be offered.
bool browse_button(FileMenu& files, const std::string& hit, desk::ChooserRequest request, std::string& path);

} // namespace umpire::ui
