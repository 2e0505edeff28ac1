#include "paths.h"

#include "roster/roster.h"
#include "rulesets/registry.h"
#include "store/battle_file.h"

#include <cstdlib>
#include <filesystem>

namespace umpire::app {

namespace fs = std::filesystem;

namespace {

std::string xdg(const char* variable, const char* fallback_under_home) {
    fs::path base;
    if (const char* v = std::getenv(variable); v && *v && fs::path(v).is_absolute())
        base = v;
    else if (const char* home = std::getenv("HOME"); home && *home)
        base = fs::path(home) / fallback_under_home;
    else
        base = fs::temp_directory_path();
    fs::path dir = base / "umpire";
    fs::create_directories(dir);
    return dir.string();
}

} // namespace

std::string data_dir() { return xdg("XDG_DATA_HOME", ".local/share"); }
std::string state_dir() { return xdg("XDG_STATE_HOME", ".local/state"); }
std::string config_dir() { return xdg("XDG_CONFIG_HOME", ".config"); }

std::string desk_settings_path() {
    const fs::path settings = fs::path(config_dir()) / "settings.toml";
    const fs::path old = fs::path(state_dir()) / "settings.toml";
    std::error_code ec;
    if (!fs::exists(settings, ec) && fs::is_regular_file(old, ec)) {
        fs::rename(old, settings, ec);
        if (ec) {  // another file system: copy, then remove the old one only once the copy is whole
            if (fs::copy_file(old, settings, ec) && !ec) fs::remove(old, ec);
        }
    }
    return settings.string();
}

std::string verified_files_path() { return (fs::path(state_dir()) / "verified-files").string(); }

std::string rosters_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    const fs::path bin = exe.parent_path();
    const auto has_rosters = [&ec](const fs::path& dir) {
        if (!fs::is_directory(dir, ec)) return false;
        for (const auto& entry : fs::directory_iterator(dir, ec))
            if (entry.path().extension() == ".toml") return true;
        return false;
    };
    if (const fs::path installed = bin.parent_path() / "share" / "umpire" / "rosters"; has_rosters(installed))
        return installed.string();
    // A build tree sits inside (or beside) the source tree: build/app/umpire -> rosters/.
    fs::path dir = bin;
    for (int up = 0; up < 5 && !dir.empty(); ++up, dir = dir.parent_path()) {
        if (has_rosters(dir / "rosters")) return (dir / "rosters").string();
        if (dir == dir.parent_path()) break;
    }
    return {};
}

std::string ensure_demo_battle() {
    fs::path path = fs::path(data_dir()) / "demo-kotal-pass.umpire";
    if (fs::exists(path)) return path.string();
    auto battle = roster::parse_roster(roster::demo_roster(), "demo roster");
    auto ruleset = rulesets::make(battle.ruleset, battle.house_rules);
    (void)ruleset;  // proves the demo's ruleset is known before a file is written
    store::BattleFile::create(path.string(), battle);
    return path.string();
}

} // namespace umpire::app
