#pragma once
// The command line: `umpire` subcommands, and the arguments of the GUI itself.
#include <functional>
#include <optional>
#include <string>

namespace umpire::cli {

// Exit codes: 0 done, 2 bad input (message on stderr, nothing changed), 1 anything else.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

struct GuiRequest {
    std::string battle_path;
    std::optional<std::string> screenshot;
    int width = 0;   // 0: not asked for (the desk decides)
    int height = 0;
    std::string show;  // a dialog or view to open for a screenshot: new-battle, print, player, ...
    int frames = 0;    // quit after this many frames (0: when the window closes); the bench times the first
};
using GuiLauncher = std::function<int(const GuiRequest&)>;

// Parses argv and runs the subcommand, or the GUI through `launch_gui` when none is named
// (app/desk_launcher.h: the desk's own program).
int main(int argc, char** argv, const GuiLauncher& launch_gui);

} // namespace umpire::cli
