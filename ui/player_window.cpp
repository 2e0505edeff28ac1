#include "player_window.h"

#include "panels/player_view_panel.h"
#include "panels/theme.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <GLFW/glfw3.h>

#include <filesystem>

namespace umpire::ui {

namespace {

// Sizes for reading across a room: the turn at 80 px, everything else at 40 px.
constexpr float kPlayerBodyPx = 40.0f;
constexpr float kPlayerBigPx = 80.0f;

ImFont* add_font(ImGuiIO& io, const char* path, float px) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) return io.Fonts->AddFontFromFileTTF(path, px);
    ImFontConfig config;
    config.SizePixels = px;  // the built-in font, rasterised large rather than stretched
    return io.Fonts->AddFontDefault(&config);
}

} // namespace

PlayerScreen::PlayerScreen(GLFWwindow* window) : window_(window) {
    ImGuiContext* previous = ImGui::GetCurrentContext();
    context_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(context_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    body_ = add_font(io, kBodyFontPath, kPlayerBodyPx);
    big_ = add_font(io, kBoldFontPath, kPlayerBigPx);
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowPadding = ImVec2(32.0f, 24.0f);
    style.ItemSpacing = ImVec2(16.0f, 14.0f);
    style.WindowBorderSize = 0.0f;
    style.WindowRounding = 0.0f;
    ImGui_ImplGlfw_InitForOpenGL(window_, false);
    ImGui_ImplOpenGL3_Init("#version 130");
    ImGui::SetCurrentContext(previous);
}

PlayerScreen::~PlayerScreen() {
    ImGuiContext* previous = ImGui::GetCurrentContext();
    ImGui::SetCurrentContext(context_);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext(context_);
    ImGui::SetCurrentContext(previous == context_ ? nullptr : previous);
}

void PlayerScreen::render(const desk::PlayerView& view) {
    ImGuiContext* previous = ImGui::GetCurrentContext();
    ImGui::SetCurrentContext(context_);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    const ImGuiIO& io = ImGui::GetIO();
    draw_player_view(view, Rect{0, 0, io.DisplaySize.x, io.DisplaySize.y}, PlayerFonts{body_, big_});
    ImGui::Render();
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ImGui::SetCurrentContext(previous);
}

GLFWwindow* open_player_window(GLFWwindow* main_window) {
    // A projector is usually the second monitor: full screen there. Otherwise a window.
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    GLFWmonitor* target = count > 1 ? monitors[1] : nullptr;
    int w = 1280, h = 720;
    if (target)
        if (const GLFWvidmode* mode = glfwGetVideoMode(target)) w = mode->width, h = mode->height;
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    GLFWwindow* window = glfwCreateWindow(w, h, "Umpire - player view", target, nullptr);
    if (window) {
        glfwMakeContextCurrent(window);
        glfwSwapInterval(0);  // the main window's vsync paces the loop
    }
    glfwMakeContextCurrent(main_window);
    return window;
}

} // namespace umpire::ui
