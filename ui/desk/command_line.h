#pragma once
// The desk's command line (Ctrl+L): the short syntax of core/rules/command_line.h typed into the
// desk (and `turn WORDS`, a step of the turn). Each change of the line is loaded into the form (unit, action, target, values, dice), so
// the Resolve panel's preview and odds follow the typing; Enter rolls and applies.
#include "desk/desk.h"

#include <string>
#include <string_view>

namespace umpire::desk {

// Loads the line into the desk's form. Returns "" when it was read and the rules allow it, else
// what is wrong with it (a line that cannot be read leaves the form as it was; one the rules
// refuse is loaded, and the words say to add overrule="why"). Enter gives the same verdict.
std::string load_command(Desk& desk, std::string_view line);

// A `turn ...` line (a step of the turn, as `umpire turn BATTLE ...` takes it) in words: "Turn:
// Armee du Nord has finished"; "" for any other line or one that cannot be read.
std::string describe_turn_line(const Desk& desk, std::string_view line);

// Loads the line, rolls (its dice, else the app's) and applies. False with error() or the
// returned message saying why; nothing is recorded then.
bool run_command_line(Desk& desk, std::string_view line, std::string& message);

} // namespace umpire::desk
