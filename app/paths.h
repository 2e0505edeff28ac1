#pragma once
// Where Umpire keeps its files, following the XDG base directory spec: battles under the data
// directory, imgui.ini and the recent battles under the state directory, the desk's preferences
// under the config directory.
#include <string>

namespace umpire::app {

std::string data_dir();    // $XDG_DATA_HOME/umpire   (default ~/.local/share/umpire)
std::string state_dir();   // $XDG_STATE_HOME/umpire  (default ~/.local/state/umpire)
std::string config_dir();  // $XDG_CONFIG_HOME/umpire (default ~/.config/umpire)

// The desk's preferences (zoom, theme): $XDG_CONFIG_HOME/umpire/settings.toml. Earlier versions
// kept them in the state directory; a file found there and not yet here is moved here first.
std::string desk_settings_path();

// The battle files this user's programs have checked whole, by key (store::OpenOptions::
// verified_files): $XDG_STATE_HOME/umpire/verified-files.
std::string verified_files_path();

// The sample rosters: <prefix>/share/umpire/rosters when installed, else the rosters/ folder of
// the source tree the program was built in (found by walking up from the executable). Empty
// when neither exists.
std::string rosters_dir();

// The demo battle: created from the embedded sample roster the first time, then kept, so the
// demo remembers what the user did with it. Returns its path.
std::string ensure_demo_battle();

} // namespace umpire::app
