#pragma once
// Entry point of the desktop GUI (GLFW + OpenGL 3 + Dear ImGui).
#include <optional>
#include <string>

namespace umpire::ui {

struct GuiOptions {
    std::string battle_path;                 // the battle file to open
    std::string ini_path;                    // where imgui.ini lives (XDG state dir), never the cwd
    std::string settings_path;               // zoom and theme kept between runs (XDG config dir)
    std::optional<std::string> screenshot;   // render a few frames, save this PNG, exit
    // The window's size; 0: where it was left (the first time, maximised), 1280x800 for a screenshot.
    int width = 0;
    int height = 0;
    std::string recent_path;                 // File > Recent battles is kept here (XDG state dir)
    std::string verified_path;               // the battle files checked whole (XDG state dir)
    std::string rosters_dir;                 // the sample rosters offered by File > New battle
    // Open at start: "new-battle", "open", "save-copy", "print" (dialogs), "player" (the player
    // view; in a screenshot it fills the main window), or "menu" (File, opened as by F10).
    std::string show;
    // Quit after this many frames (0: when the window closes). The time from start to the first
    // frame is measured this way (tests/bench/big_battle_bench).
    int frames = 0;
};

// Runs the GUI until the window closes. Returns the process exit code.
int run_gui(const GuiOptions& options);

} // namespace umpire::ui
