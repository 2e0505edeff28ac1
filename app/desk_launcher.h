#pragma once
// Starting the desk from the command line: `umpire` with no subcommand, or with a battle file,
// has checked the arguments and the battle, then becomes the desk's own program (umpire-desk,
// found as install/companions.h says), which loads the GUI's libraries that `umpire` never does.
#include "cli/cli.h"

namespace umpire::app {

// The desk's program file name.
inline constexpr const char* kDeskProgram = "umpire-desk";

// The arguments the desk program is given for `request` (its path first).
std::vector<std::string> desk_arguments(const std::string& desk, const cli::GuiRequest& request);

// Replaces this process with the desk (the same process id, so a launcher's startup notice and a
// window manager follow it). Returns only when that cannot be done: 1, with the reason on stderr.
int start_desk(const cli::GuiRequest& request);

} // namespace umpire::app
