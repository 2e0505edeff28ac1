// umpire: the GUI by default (on the demo battle, or on FILE), CLI subcommands otherwise.
#include "cli/cli.h"

#ifdef UMPIRE_WITH_GUI
#include "gui_main.h"
#include "paths.h"
#endif

int main(int argc, char** argv) {
    umpire::cli::GuiLauncher launch;
#ifdef UMPIRE_WITH_GUI
    launch = [](const umpire::cli::GuiRequest& request) {
        umpire::ui::GuiOptions options;
        options.battle_path = request.battle_path;
        options.screenshot = request.screenshot;
        options.width = request.width;
        options.height = request.height;
        options.show = request.show;
        options.recent_path = umpire::app::state_dir() + "/recent-battles";
        options.rosters_dir = umpire::app::rosters_dir();
        options.ini_path = umpire::app::state_dir() + "/imgui.ini";
        options.settings_path = umpire::app::desk_settings_path();
        return umpire::ui::run_gui(options);
    };
#endif
    return umpire::cli::main(argc, argv, launch);
}
