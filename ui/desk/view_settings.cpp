#include "desk/view_settings.h"

#include <toml++/toml.h>

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace umpire::desk {

namespace {

float snap(float zoom) {
    const float z = std::round(zoom * 10.0f) / 10.0f;
    return std::clamp(z, ViewSettings::kMinZoom, ViewSettings::kMaxZoom);
}

// The window as saved: a size too small to use or too large to be real is not a placement.
WindowPlacement read_window(const toml::table& window) {
    WindowPlacement w;
    const auto x = window["x"].value<int>(), y = window["y"].value<int>();
    const auto width = window["width"].value<int>(), height = window["height"].value<int>();
    if (!x || !y || !width || !height || *width < 100 || *height < 100 || *width > 100000 || *height > 100000)
        return w;
    w.x = *x;
    w.y = *y;
    w.width = *width;
    w.height = *height;
    w.maximized = window["maximized"].value_or(false);
    return w;
}

WindowPlacement centred(int width, int height, const ScreenArea& screen) {
    WindowPlacement p;
    p.width = std::min(width, screen.width);
    p.height = std::min(height, screen.height);
    p.x = screen.x + (screen.width - p.width) / 2;
    p.y = screen.y + (screen.height - p.height) / 2;
    return p;
}

} // namespace

float zoom_in(float zoom) { return snap(zoom + ViewSettings::kZoomStep); }
float zoom_out(float zoom) { return snap(zoom - ViewSettings::kZoomStep); }

std::string_view theme_id(Theme theme) { return theme == Theme::Light ? "light" : "dark"; }

WindowPlacement opening_placement(const WindowPlacement& saved, const std::vector<ScreenArea>& screens) {
    if (screens.empty()) return saved.known() ? saved : WindowPlacement{0, 0, 1280, 800, false};
    const ScreenArea& first = screens.front();
    if (!saved.known()) return {first.x, first.y, first.width, first.height, true};
    // Still on a screen: its top left corner (where the title bar is grabbed) inside one.
    for (const ScreenArea& s : screens) {
        if (saved.x < s.x || saved.y < s.y || saved.x >= s.x + s.width || saved.y >= s.y + s.height) continue;
        WindowPlacement p = saved;
        p.width = std::min(saved.width, s.width);
        p.height = std::min(saved.height, s.height);
        // Pulled back so the whole frame is on that screen.
        p.x = std::min(saved.x, s.x + s.width - p.width);
        p.y = std::min(saved.y, s.y + s.height - p.height);
        return p;
    }
    WindowPlacement p = centred(saved.width, saved.height, first);
    p.maximized = saved.maximized;
    return p;
}

ViewSettings read_view_settings(const std::string& path) {
    ViewSettings s;
    if (path.empty() || !std::filesystem::exists(path)) return s;
    toml::table root;
    try {
        root = toml::parse_file(path);
    } catch (const toml::parse_error&) {
        return s;  // not TOML (edited by hand, half written by something else): the defaults
    }
    // A zoom written as a whole number (zoom = 2) is a zoom too.
    if (const auto z = root["zoom"].value<double>(); z && std::isfinite(*z) && *z >= ViewSettings::kMinZoom &&
                                                      *z <= ViewSettings::kMaxZoom)
        s.zoom = snap(static_cast<float>(*z));
    const std::string theme = root["theme"].value_or(std::string());
    if (theme == "light") s.theme = Theme::Light;
    if (const toml::table* window = root["window"].as_table()) s.window = read_window(*window);
    // A name of printable characters, as a journal line shows it; anything else is not a name.
    const std::string umpire = root["umpire"].value_or(std::string());
    if (umpire.size() <= 63 && std::all_of(umpire.begin(), umpire.end(), [](unsigned char c) { return c >= 0x20 && c != 0x7f; }))
        s.umpire = umpire;
    return s;
}

std::string umpire_name(const ViewSettings& settings) {
    if (!settings.umpire.empty()) return settings.umpire;
    if (const passwd* p = ::getpwuid(::geteuid()); p && p->pw_name && *p->pw_name) return p->pw_name;
    if (const char* user = std::getenv("USER"); user && *user) return user;
    return "umpire";
}

bool write_view_settings(const std::string& path, const ViewSettings& settings) {
    if (path.empty()) return false;
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path target(path);
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    // The zoom in tenths as a double, so the file says 1.2 rather than the float's 1.2000000476837158.
    const double zoom = std::round(static_cast<double>(settings.zoom) * 10.0) / 10.0;
    toml::table root{{"zoom", zoom}, {"theme", std::string(theme_id(settings.theme))}};
    if (!settings.umpire.empty()) root.insert("umpire", settings.umpire);
    if (settings.window.known()) {
        const WindowPlacement& w = settings.window;
        root.insert("window", toml::table{{"x", w.x}, {"y", w.y}, {"width", w.width}, {"height", w.height},
                                          {"maximized", w.maximized}});
    }
    const fs::path temp = target.string() + ".tmp";
    {
        std::ofstream out(temp, std::ios::trunc);
        if (!out) return false;
        out << "# Umpire view settings (written by the app)\n" << root << "\n";
        if (!out.flush()) return false;
    }
    fs::rename(temp, target, ec);
    return !ec;
}

} // namespace umpire::desk
