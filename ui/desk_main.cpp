// umpire-desk: the desk as a program of its own, so that the command line loads none of the GUI's
// libraries. `umpire` (no subcommand, or a battle file) checks the arguments and the battle, then
// starts this with them spelt out (app/desk_launcher.cpp); the user's folders are found here.
#include "gui_main.h"
#include "paths.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

int main(int argc, char** argv) {
    using namespace umpire;
    CLI::App app{"The Umpire desk on a battle file. Started by `umpire [FILE]`, which checks what it is given."};
    app.name("umpire-desk");
    ui::GuiOptions options;
    std::string screenshot;
    app.add_option("battle", options.battle_path, "Battle file to open")->required();
    app.add_option("--screenshot", screenshot, "Render a few frames, save a PNG and exit");
    app.add_option("--width", options.width, "Window width")->check(CLI::Range(100, 100000));
    app.add_option("--height", options.height, "Window height")->check(CLI::Range(100, 100000));
    app.add_option("--show", options.show, "A dialog or view to open at start (umpire --help lists them)");
    app.add_option("--frames", options.frames, "Quit after this many frames (timing the first)")->check(CLI::PositiveNumber);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    }
    if (!screenshot.empty()) options.screenshot = screenshot;
    options.recent_path = app::state_dir() + "/recent-battles";
    options.verified_path = app::verified_files_path();
    options.rosters_dir = app::rosters_dir();
    options.ini_path = app::state_dir() + "/imgui.ini";
    options.settings_path = app::desk_settings_path();
    return ui::run_gui(options);
}
