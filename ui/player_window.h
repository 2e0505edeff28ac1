#pragma once
// The player view's own screen: an ImGui context with projector-size fonts, rendering into a
// GLFW window (a second window for a projector, or the main window for a screenshot). Dear
// ImGui 1.86 has no multi-viewport support in the packaged backends, so a second window gets
// a second context; its platform backend installs no callbacks, so the main window's input
// never reaches it (the view is for looking at, not for typing into).
#include "desk/player_view.h"

struct GLFWwindow;
struct ImGuiContext;
struct ImFont;

namespace umpire::ui {

class PlayerScreen {
public:
    // `window`'s GL context must be current. Leaves the caller's ImGui context current.
    explicit PlayerScreen(GLFWwindow* window);
    ~PlayerScreen();
    PlayerScreen(const PlayerScreen&) = delete;
    PlayerScreen& operator=(const PlayerScreen&) = delete;

    // Draws one frame of `view` into the window's back buffer (GL context must be current).
    void render(const desk::PlayerView& view);
    GLFWwindow* window() const { return window_; }

private:
    GLFWwindow* window_;
    ImGuiContext* context_ = nullptr;
    ImFont* body_ = nullptr;
    ImFont* big_ = nullptr;
};

// Opens a second window for the player view (on a second monitor, full screen, when there is
// one) and its screen. Returns nullptr when GLFW cannot make the window; the main window's GL
// context is current again on return either way.
GLFWwindow* open_player_window(GLFWwindow* main_window);

} // namespace umpire::ui
