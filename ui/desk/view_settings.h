#pragma once
// How the app looks, kept between runs: zoom, theme and where the window was, and the umpire's
// name (set once per desk, recorded with each entry on a server). A small TOML file
// (settings.toml in the XDG config dir), read leniently: a missing or unreadable file, an unknown
// key or a value out of range falls back to the default rather than refusing to start.
#include <string>
#include <vector>

namespace umpire::desk {

enum class Theme { Dark, Light };

// Where the desk's window was: its normal (not maximised) frame on the screen, in screen
// coordinates, and whether it was maximised. Never opened yet: width and height 0.
struct WindowPlacement {
    int x = 0, y = 0, width = 0, height = 0;
    bool maximized = false;

    bool known() const { return width > 0 && height > 0; }
    bool operator==(const WindowPlacement&) const = default;
};

struct ViewSettings {
    static constexpr float kMinZoom = 0.7f;
    static constexpr float kMaxZoom = 2.5f;
    static constexpr float kZoomStep = 0.1f;

    float zoom = 1.0f;
    Theme theme = Theme::Dark;
    WindowPlacement window;
    // Who applies this desk's entries on a server: `umpire = "Anna"` in the file ("": the login name).
    std::string umpire;

    bool operator==(const ViewSettings&) const = default;
};

// The name this desk records with its entries: the settings', else the user's login name.
std::string umpire_name(const ViewSettings& settings);

// Zoom stepped and clamped; steps snap to tenths so repeated presses never drift (1.1 + 0.1 ...).
float zoom_in(float zoom);
float zoom_out(float zoom);

std::string_view theme_id(Theme theme);  // "dark", "light"

// A screen's work area (the part not taken by panels and docks), in screen coordinates.
struct ScreenArea {
    int x = 0, y = 0, width = 0, height = 0;
};

// Where to open the window: the first time, maximised over the first screen's work area (the
// umpire wants the whole table in view; the frame also fills the screen where nothing maximises);
// afterwards as it was left, kept whole on a screen (a screen since unplugged: centred on the
// first). No screen known: the saved placement, or 1280x800.
WindowPlacement opening_placement(const WindowPlacement& saved, const std::vector<ScreenArea>& screens);

ViewSettings read_view_settings(const std::string& path);
// Creates the folder if needed and replaces the file whole (written aside, then renamed), so an
// interrupted write never leaves a half file. Returns false when the file cannot be written.
bool write_view_settings(const std::string& path, const ViewSettings& settings);

} // namespace umpire::desk
