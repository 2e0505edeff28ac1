// Where the program keeps its files: the desk's preferences under $XDG_CONFIG_HOME, moved there
// from the state directory where earlier versions kept them.
#include "paths.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

// An XDG home of its own for the test, restored afterwards.
class XdgHome {
public:
    XdgHome() : dir_(fs::temp_directory_path() / ("umpire-paths-" + std::to_string(::getpid()))) {
        fs::remove_all(dir_);
        for (const char* v : {"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"}) {
            if (const char* old = std::getenv(v)) saved_.emplace_back(v, old);
            ::setenv(v, (dir_ / v).c_str(), 1);
        }
    }
    ~XdgHome() {
        for (const char* v : {"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"}) ::unsetenv(v);
        for (const auto& [k, v] : saved_) ::setenv(k.c_str(), v.c_str(), 1);
        fs::remove_all(dir_);
    }
    fs::path path(const std::string& name) const { return dir_ / name; }

private:
    fs::path dir_;
    std::vector<std::pair<std::string, std::string>> saved_;
};

void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("paths: the desk's preferences live in the config directory") {
    XdgHome home;
    const std::string path = umpire::app::desk_settings_path();
    CHECK(path == home.path("XDG_CONFIG_HOME/umpire/settings.toml").string());
    CHECK(fs::is_directory(home.path("XDG_CONFIG_HOME/umpire")));
}

TEST_CASE("paths: preferences kept in the state directory by earlier versions move to the config directory") {
    XdgHome home;
    const auto old = home.path("XDG_STATE_HOME/umpire/settings.toml");
    write(old, "zoom = 1.5\ntheme = \"light\"\n");
    const std::string path = umpire::app::desk_settings_path();
    CHECK(read(path) == "zoom = 1.5\ntheme = \"light\"\n");
    CHECK_FALSE(fs::exists(old));
    // imgui.ini and the recent battles stay where they are: they are state, not preferences.
    CHECK(fs::is_directory(home.path("XDG_STATE_HOME/umpire")));
}

TEST_CASE("paths: preferences already in the config directory are kept and the old file is left alone") {
    XdgHome home;
    const auto old = home.path("XDG_STATE_HOME/umpire/settings.toml");
    const auto current = home.path("XDG_CONFIG_HOME/umpire/settings.toml");
    write(old, "zoom = 1.5\n");
    write(current, "zoom = 2.0\n");
    CHECK(umpire::app::desk_settings_path() == current.string());
    CHECK(read(current) == "zoom = 2.0\n");
    CHECK(fs::exists(old));
}
