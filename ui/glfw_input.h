#pragma once
// The desk's keyboard and mouse buttons through an InputQueue (panels/input_queue.h): installed
// over the Dear ImGui GLFW backend's own key, character and mouse-button callbacks, which would
// write io the moment an event comes (and so lose a key pressed and released between two frames).
// The backend keeps its other callbacks (focus, cursor enter, scroll).
#include "panels/input_queue.h"

struct GLFWwindow;

namespace umpire::ui {

class GlfwInput {
public:
    // After ImGui_ImplGlfw_InitForOpenGL(window, true); destroyed before ImGui_ImplGlfw_Shutdown.
    GlfwInput(GLFWwindow* window, InputQueue& queue);
    ~GlfwInput();
    GlfwInput(const GlfwInput&) = delete;
    GlfwInput& operator=(const GlfwInput&) = delete;

private:
    GLFWwindow* window_;
    void* previous_user_pointer_;
    void (*previous_key_)(GLFWwindow*, int, int, int, int);
    void (*previous_char_)(GLFWwindow*, unsigned int);
    void (*previous_mouse_button_)(GLFWwindow*, int, int, int);
};

} // namespace umpire::ui
