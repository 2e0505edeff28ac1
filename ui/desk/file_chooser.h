#pragma once
// Files through the desktop's own chooser: zenity (GTK's chooser, through the XDG desktop portal
// where the desktop has one) or kdialog (KDE's), run as a separate program. Where neither is
// installed the dialogs keep their typed path, which always works. And where new files go by
// default: the user's documents folder (XDG user dirs), never a hidden data folder.
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

// Runs the desktop's chooser (chooser_command on $PATH). nullopt when cancelled or none found.
std::optional<std::string> desktop_file_chooser(const ChooserRequest& request);
// Whether $PATH has a chooser at all (the Browse buttons are offered only then).
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
