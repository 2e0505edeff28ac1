#pragma once
// The program's companions: files built and installed with it that it loads or starts when it
// needs them (the desk's executable, the printing module). In the build tree they sit beside the
// executables; installed, `umpire` is <prefix>/games/umpire and its companions are in
// <prefix>/lib/games/umpire (UMPIRE_COMPANION_DIR, set by core/install/CMakeLists.txt), where
// the desk finds the printing module beside itself.
#include <string>
#include <vector>

namespace umpire::install {

// Where `name` is looked for, in order: beside the running executable, then in
// <executable's folder>/../lib/games/umpire. Empty when the executable's own path cannot be
// read.
std::vector<std::string> companion_candidates(const std::string& name);

// The first candidate that exists, or "" when none does.
std::string find_companion(const std::string& name);

// The candidates as a sentence, for a message saying what was looked for: "a, or b".
std::string candidates_text(const std::vector<std::string>& candidates);

} // namespace umpire::install
