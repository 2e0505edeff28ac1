#include "window_placement.h"

#include <GLFW/glfw3.h>

namespace umpire::ui {

std::vector<desk::ScreenArea> screen_areas() {
    std::vector<desk::ScreenArea> areas;
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);  // the primary is first
    for (int i = 0; i < count; ++i) {
        desk::ScreenArea a;
        glfwGetMonitorWorkarea(monitors[i], &a.x, &a.y, &a.width, &a.height);
        if (a.width > 0 && a.height > 0) areas.push_back(a);
    }
    return areas;
}

void place_and_show(GLFWwindow* window, const desk::WindowPlacement& placement) {
    glfwSetWindowPos(window, placement.x, placement.y);
    glfwShowWindow(window);
    if (placement.maximized) glfwMaximizeWindow(window);
}

desk::WindowPlacement PlacementTracker::current(GLFWwindow* window) {
    const bool maximized = glfwGetWindowAttrib(window, GLFW_MAXIMIZED) != 0;
    if (!maximized && !glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
        glfwGetWindowPos(window, &normal_.x, &normal_.y);
        glfwGetWindowSize(window, &normal_.width, &normal_.height);
    }
    desk::WindowPlacement now = normal_;
    now.maximized = maximized;
    return now;
}

std::optional<desk::WindowPlacement> PlacementTracker::settled(GLFWwindow* window, double now) {
    const desk::WindowPlacement p = current(window);
    if (!(p == seen_)) {
        seen_ = p;
        seen_since_ = now;
        reported_ = false;
        return std::nullopt;
    }
    if (reported_ || now - seen_since_ < 0.5) return std::nullopt;
    reported_ = true;
    return p;
}

} // namespace umpire::ui
