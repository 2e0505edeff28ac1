#pragma once
// Files through the desktop's own chooser: the XDG desktop portal's on the session bus first,
// else zenity (GTK's) or kdialog (KDE's), run as a separate program. Where there is none of them
// the dialogs keep their typed path, which always works. And where new files go by default: the
// user's documents folder (XDG user dirs), never a hidden data folder.
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace umpire::desk {

struct ChooserRequest {
    bool save = false;        // choosing where to write (asks before replacing), else a file to read
    std::string title;        // "Open a battle"
    std::string start;        // the file or folder to start from
    std::string filter_name;  // "Battle files"
    std::string pattern;      // "*.umpire"
};

// Runs the chooser; the path chosen, or nullopt when the user cancelled. Tests replace it.
using FileChooser = std::function<std::optional<std::string>(const ChooserRequest&)>;

// The command line that runs the first chooser on `path_dirs` (a PATH-like list), or empty
// when there is none: zenity, else kdialog.
std::vector<std::string> chooser_command(const ChooserRequest& request, const std::string& path_dirs);

// Where the desktop's choosers are looked for.
struct ChooserPlaces {
    std::string bus_address;  // the session bus with the portal on it; empty: no bus
    std::string path_dirs;    // where zenity and kdialog are looked for (a PATH-like list)
    std::chrono::milliseconds portal_answer{std::chrono::minutes(15)};  // the longest wait for the user
};
// The session bus and $PATH.
ChooserPlaces desktop_chooser_places();

// Runs the desktop's chooser: the portal, else chooser_command. nullopt when the user cancelled
// (in the portal: no other chooser is asked) or there is no chooser at all.
std::optional<std::string> desktop_file_chooser(const ChooserRequest& request, const ChooserPlaces& places);
std::optional<std::string> desktop_file_chooser(const ChooserRequest& request);
// Whether there is a chooser at all (the Browse buttons are offered only then).
bool desktop_chooser_available();

// The user's documents folder: XDG_DOCUMENTS_DIR from $XDG_CONFIG_HOME/user-dirs.dirs, else
// ~/Documents when it exists, else the home folder; `env` reads the environment (tests pass
// their own).
using EnvReader = std::function<std::optional<std::string>(const char* name)>;
std::string documents_dir(const EnvReader& env);
std::string documents_dir();

// Whether the path lies in a hidden folder (a part starting with '.': ~/.local/share/umpire).
bool in_hidden_folder(const std::string& path);

} // namespace umpire::desk
