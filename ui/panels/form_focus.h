#pragma once
// The Resolve form's keyboard: one Tab order through the whole form (unit, target, every input
// including checkboxes and lists, Dice, Roll, Apply), whatever child window each widget sits in.
// Dear ImGui 1.86 tabs only between text boxes of one window, so the Resolve panel turns its
// tabbing off (ImGuiWindowFlags_NoNavInputs) and the form keeps its own order here.
//
// Each stop is wrapped: before_stop() ahead of the widget (gives it the keyboard when Tab moved
// here), after_stop() right after it (records it, notes a click as focus, outlines it while it has
// the keyboard, and returns the keys meant for it). move_form_focus() at the panel's end acts on
// Tab and Shift+Tab.
#include "panels/shell.h"

#include <string>
#include <vector>

namespace umpire::ui {

// Keys meant for the stop that has the keyboard, this frame.
struct StopKeys {
    bool toggle = false;  // Space on a checkbox
    int step = 0;         // Up (-1) or Down (+1) on a list
    std::string typed;    // letters typed over a list so far (a pause starts afresh)
    bool press = false;   // Space, or Enter, on a button
};

void before_stop(Shell& shell, const std::string& name, StopKind kind);
StopKeys after_stop(Shell& shell, const std::string& name, StopKind kind, bool enabled = true);
// After a list (BeginCombo): `open` is what BeginCombo returned. An open list is inside its popup
// (the combo is no longer ImGui's last item) and was opened by a click: it has the keyboard.
StopKeys after_list_stop(Shell& shell, const std::string& name, bool open);

// Which of `names` the keys pick: Up/Down step from `current` (no wrap), letters pick the best
// match by name (desk::fuzzy_score). Nothing when the keys pick nothing new.
std::optional<std::size_t> picked(const StopKeys& keys, const std::vector<std::string>& names,
                                  std::optional<std::size_t> current);

// Tab and Shift+Tab: the next or previous enabled stop of this frame's order, wrapping round.
// Also from the roster (or from nowhere, after the palette closed): Tab enters the form.
void move_form_focus(Shell& shell);

// Whether the keyboard is on its way to a text box: a stop, the Dice field, the command line, the
// palette or the roster's Find field was asked for and has not taken it yet. Dear ImGui 1.86
// drops the characters of the frame a text box is given the keyboard (SetKeyboardFocusHere goes
// through keyboard navigation, whose activation frame takes no characters), and in the frame
// before it (SetKeyboardFocusHere called) no box has them yet, or the one being left still does:
// characters typed then wait (InputQueue's hold_text). Asked between frames.
bool keyboard_in_transit(const Shell& shell);

} // namespace umpire::ui
