#include "desk/file_chooser.h"

#include "desk/portal_chooser.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace umpire::desk {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> find_program(const std::string& name, const std::string& path_dirs) {
    std::size_t start = 0;
    while (start <= path_dirs.size()) {
        std::size_t end = path_dirs.find(':', start);
        if (end == std::string::npos) end = path_dirs.size();
        const fs::path dir = path_dirs.substr(start, end - start);
        std::error_code ec;
        if (!dir.empty() && fs::is_regular_file(dir / name, ec)) return (dir / name).string();
        start = end + 1;
    }
    return std::nullopt;
}

std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::optional<std::string> env_var(const char* name) {
    const char* v = std::getenv(name);
    if (!v || !*v) return std::nullopt;
    return std::string(v);
}

} // namespace

std::vector<std::string> chooser_command(const ChooserRequest& r, const std::string& path_dirs) {
    if (const auto zenity = find_program("zenity", path_dirs)) {
        std::vector<std::string> cmd{*zenity, "--file-selection", "--title=" + r.title};
        if (r.save) {
            cmd.push_back("--save");
            cmd.push_back("--confirm-overwrite");
        }
        if (!r.start.empty()) cmd.push_back("--filename=" + r.start);
        if (!r.pattern.empty()) cmd.push_back("--file-filter=" + r.filter_name + " | " + r.pattern);
        return cmd;
    }
    if (const auto kdialog = find_program("kdialog", path_dirs)) {
        const std::string filter = r.pattern.empty() ? std::string() : r.filter_name + " (" + r.pattern + ")";
        return {*kdialog, "--title", r.title, r.save ? "--getsavefilename" : "--getopenfilename",
                r.start.empty() ? std::string(".") : r.start, filter};
    }
    return {};
}

ChooserPlaces desktop_chooser_places() {
    ChooserPlaces places;
    places.bus_address = session_bus_address(env_var);
    places.path_dirs = env_var("PATH").value_or("");
    return places;
}

std::optional<std::string> desktop_file_chooser(const ChooserRequest& request, const ChooserPlaces& places) {
    PortalTimeouts timeouts;
    timeouts.answer = places.portal_answer;
    const PortalAnswer portal = portal_file_chooser(request, places.bus_address, timeouts);
    if (portal.outcome == PortalOutcome::Chosen) return portal.path;
    if (portal.outcome == PortalOutcome::Cancelled) return std::nullopt;
    const std::vector<std::string> cmd = chooser_command(request, places.path_dirs);
    if (cmd.empty()) return std::nullopt;
    std::string line;
    for (const std::string& part : cmd) line += (line.empty() ? "" : " ") + quoted(part);
    line += " 2>/dev/null";
    FILE* out = popen(line.c_str(), "r");
    if (!out) return std::nullopt;
    std::string chosen;
    char buf[512];
    while (std::fgets(buf, sizeof buf, out)) chosen += buf;
    const int status = pclose(out);
    while (!chosen.empty() && (chosen.back() == '\n' || chosen.back() == '\r')) chosen.pop_back();
    if (status != 0 || chosen.empty()) return std::nullopt;  // cancelled
    return chosen;
}

std::optional<std::string> desktop_file_chooser(const ChooserRequest& request) {
    return desktop_file_chooser(request, desktop_chooser_places());
}

bool desktop_chooser_available() {
    const ChooserPlaces places = desktop_chooser_places();
    return !chooser_command({}, places.path_dirs).empty() || portal_available(places.bus_address);
}

std::string documents_dir(const EnvReader& env) {
    const std::optional<std::string> home = env("HOME");
    const fs::path config = env("XDG_CONFIG_HOME").value_or(home ? *home + "/.config" : std::string());
    std::ifstream dirs(config / "user-dirs.dirs");
    for (std::string line; std::getline(dirs, line);) {
        const std::string key = "XDG_DOCUMENTS_DIR=";
        if (line.rfind(key, 0) != 0) continue;
        std::string v = line.substr(key.size());
        if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
        if (v.rfind("$HOME", 0) == 0 && home) v = *home + v.substr(5);
        std::error_code ec;
        if (!v.empty() && fs::is_directory(v, ec)) return v;
    }
    if (home) {
        std::error_code ec;
        if (fs::is_directory(fs::path(*home) / "Documents", ec)) return (fs::path(*home) / "Documents").string();
        return *home;
    }
    std::error_code ec;
    return fs::current_path(ec).string();
}

std::string documents_dir() { return documents_dir(env_var); }

bool in_hidden_folder(const std::string& path) {
    const fs::path p = fs::path(path).parent_path();
    for (const fs::path& part : p) {
        const std::string s = part.string();
        if (s.size() > 1 && s[0] == '.' && s != "..") return true;
    }
    return false;
}

} // namespace umpire::desk
