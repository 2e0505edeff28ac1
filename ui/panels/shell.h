#pragma once
// The GUI's own state around the desk: which battle is open (if any), what the start screen's
// fields hold, and small per-panel memories (the roster filter, where each row was drawn).
// Drawing needs only an ImGui context, so the whole frame can run headless in tests.
#include "desk/desk.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace umpire::ui {

// Screen rectangle of something drawn in the last frame (tests click on these).
struct ScreenRect {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    float cx() const { return (x0 + x1) * 0.5f; }
    float cy() const { return (y0 + y1) * 0.5f; }
};

struct Shell {
    std::optional<desk::Desk> desk;

    // Start screen (no battle open).
    std::string open_path;
    std::string roster_path;  // blank: the demo roster built into the program
    std::string new_path;
    std::string start_error;

    // Roster panel.
    std::string roster_filter;
    bool roster_filter_active = false;  // the filter field had the keyboard last frame
    bool focus_roster_filter = false;   // Ctrl+F: give it the keyboard next frame
    bool scroll_to_selected = false;
    std::map<int, ScreenRect> unit_rows;

    // Resolve panel.
    bool focus_dice = false;  // Ctrl+D: put the cursor in the Dice field
    std::vector<std::string> form_inputs;  // the input ids the form drew last frame, in order
    float resolve_footer_h = 0.0f;         // height of the odds + dice + buttons footer last frame

    // Opens or creates a battle; errors go to start_error (or the desk's error) and change nothing.
    bool open_battle(const std::string& path);
    bool create_battle(const std::string& battle_path, const std::string& roster_path);
};

// Draws one whole frame of the application: call between ImGui::NewFrame() and ImGui::Render().
void draw_frame(Shell& shell);

} // namespace umpire::ui
