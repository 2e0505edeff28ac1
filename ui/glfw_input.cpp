#include "glfw_input.h"

#include <GLFW/glfw3.h>

namespace umpire::ui {

namespace {

InputQueue& queue_of(GLFWwindow* window) { return *static_cast<InputQueue*>(glfwGetWindowUserPointer(window)); }

void on_key(GLFWwindow* window, int key, int /*scancode*/, int action, int /*mods*/) {
    // GLFW_REPEAT is left out: ImGui repeats a held key itself, from how long it has been down.
    if (action == GLFW_PRESS || action == GLFW_RELEASE) queue_of(window).push_key(key, action == GLFW_PRESS);
}

void on_char(GLFWwindow* window, unsigned int c) { queue_of(window).push_char(c); }

void on_mouse_button(GLFWwindow* window, int button, int action, int /*mods*/) {
    queue_of(window).push_mouse_button(button, action == GLFW_PRESS);
}

} // namespace

GlfwInput::GlfwInput(GLFWwindow* window, InputQueue& queue)
    : window_(window), previous_user_pointer_(glfwGetWindowUserPointer(window)) {
    glfwSetWindowUserPointer(window, &queue);
    // The backend's callbacks are set aside, not chained: they would write io at once, which is
    // what loses events. The queue writes io as they do (KeysDown, the modifiers from the
    // modifier keys, AddInputCharacter, MouseDown), a frame's share at a time.
    previous_key_ = glfwSetKeyCallback(window, on_key);
    previous_char_ = glfwSetCharCallback(window, on_char);
    previous_mouse_button_ = glfwSetMouseButtonCallback(window, on_mouse_button);
}

GlfwInput::~GlfwInput() {
    glfwSetKeyCallback(window_, previous_key_);
    glfwSetCharCallback(window_, previous_char_);
    glfwSetMouseButtonCallback(window_, previous_mouse_button_);
    glfwSetWindowUserPointer(window_, previous_user_pointer_);
}

} // namespace umpire::ui
