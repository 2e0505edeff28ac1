#pragma once
// The desk's window opened where the umpire left it (desk::opening_placement decides where), and
// where it is now noted for the view settings. GLFW 3.3 has no position hint: the window is made
// hidden, placed, then shown.
#include "desk/view_settings.h"

#include <optional>
#include <vector>

struct GLFWwindow;

namespace umpire::ui {

// The monitors' work areas, the primary first.
std::vector<desk::ScreenArea> screen_areas();

// Places a hidden window and shows it (maximised if asked: a window manager that cannot maximise
// still shows the frame at the placement's size, the whole work area the first time).
void place_and_show(GLFWwindow* window, const desk::WindowPlacement& placement);

// Where the window is, frame by frame. While maximised, the normal frame stays the last one seen
// (what un-maximising comes back to).
class PlacementTracker {
public:
    explicit PlacementTracker(const desk::WindowPlacement& opened) : normal_(opened), seen_(opened) {}

    // The placement once it has stayed the same for half a second (a drag is not written to the
    // settings sixty times a second); nothing while it moves or has not changed.
    std::optional<desk::WindowPlacement> settled(GLFWwindow* window, double now);
    // The placement now, moving or not (the window is closing).
    desk::WindowPlacement current(GLFWwindow* window);

private:
    desk::WindowPlacement normal_;
    desk::WindowPlacement seen_;
    double seen_since_ = 0.0;
    bool reported_ = true;
};

} // namespace umpire::ui
