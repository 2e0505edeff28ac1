#pragma once
// The window loop behind run_gui, with a hook to set the shell up before the first frame:
// screenshots of particular states (a roll on screen, follow-ups pending) use it.
#include "gui_main.h"
#include "panels/shell.h"

#include <functional>

namespace umpire::ui {

// Like run_gui, but calls `prepare` once the battle is open and before the first frame.
int run_gui_with(const GuiOptions& options, const std::function<void(Shell&)>& prepare);

} // namespace umpire::ui
