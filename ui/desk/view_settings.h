#pragma once
// How the app looks, kept between runs: zoom and theme. A few `key=value` lines in a small file
// next to imgui.ini (the XDG state dir), read leniently: a missing file, an unknown key or a
// value out of range falls back to the default rather than refusing to start.
#include <string>

namespace umpire::desk {

enum class Theme { Dark, Light };

struct ViewSettings {
    static constexpr float kMinZoom = 0.7f;
    static constexpr float kMaxZoom = 2.5f;
    static constexpr float kZoomStep = 0.1f;

    float zoom = 1.0f;
    Theme theme = Theme::Dark;

    bool operator==(const ViewSettings&) const = default;
};

// Zoom stepped and clamped; steps snap to tenths so repeated presses never drift (1.1 + 0.1 ...).
float zoom_in(float zoom);
float zoom_out(float zoom);

std::string_view theme_id(Theme theme);  // "dark", "light"

ViewSettings read_view_settings(const std::string& path);
// Creates the folder if needed and replaces the file whole (written aside, then renamed), so an
// interrupted write never leaves a half file. Returns false when the file cannot be written.
bool write_view_settings(const std::string& path, const ViewSettings& settings);

} // namespace umpire::desk
