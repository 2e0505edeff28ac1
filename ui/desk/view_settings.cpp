#include "desk/view_settings.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace umpire::desk {

namespace {

float snap(float zoom) {
    const float z = std::round(zoom * 10.0f) / 10.0f;
    return std::clamp(z, ViewSettings::kMinZoom, ViewSettings::kMaxZoom);
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r\"");
    if (a == std::string::npos) return {};
    const auto b = s.find_last_not_of(" \t\r\"");
    return s.substr(a, b - a + 1);
}

} // namespace

float zoom_in(float zoom) { return snap(zoom + ViewSettings::kZoomStep); }
float zoom_out(float zoom) { return snap(zoom - ViewSettings::kZoomStep); }

std::string_view theme_id(Theme theme) { return theme == Theme::Light ? "light" : "dark"; }

ViewSettings read_view_settings(const std::string& path) {
    ViewSettings s;
    if (path.empty()) return s;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find('=');
        if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
        const std::string key = trim(line.substr(0, eq));
        const std::string value = trim(line.substr(eq + 1));
        if (key == "zoom") {
            try {
                const float z = std::stof(value);
                if (std::isfinite(z) && z >= ViewSettings::kMinZoom && z <= ViewSettings::kMaxZoom)
                    s.zoom = snap(z);
            } catch (const std::exception&) {
                // Not a number: keep the default zoom.
            }
        } else if (key == "theme") {
            if (value == "light") s.theme = Theme::Light;
            if (value == "dark") s.theme = Theme::Dark;
        }
    }
    return s;
}

bool write_view_settings(const std::string& path, const ViewSettings& settings) {
    if (path.empty()) return false;
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path target(path);
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    const fs::path temp = target.string() + ".tmp";
    {
        std::ofstream out(temp, std::ios::trunc);
        if (!out) return false;
        out << "# Umpire view settings (written by the app)\n"
            << "zoom = " << settings.zoom << "\n"
            << "theme = \"" << theme_id(settings.theme) << "\"\n";
        if (!out.flush()) return false;
    }
    fs::rename(temp, target, ec);
    return !ec;
}

} // namespace umpire::desk
