// The desktop program: a GLFW window with an OpenGL 3 context, Dear ImGui on top, and the
// panels from ui/panels drawing the desk. Screenshot mode renders a few frames, saves a PNG
// and exits.
#include "gui_main.h"
#include "gui_window.h"

#include "panels/shell.h"
#include "panels/theme.h"
#include "screenshot.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <GLFW/glfw3.h>

#include <cfloat>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace umpire::ui {

namespace {

void glfw_error(int code, const char* description) {
    std::fprintf(stderr, "umpire: GLFW error %d: %s\n", code, description);
}

// Zoom (Ctrl+= / Ctrl+- / Ctrl+0) is kept between runs in the settings file.
float read_zoom(const std::string& path) {
    if (path.empty()) return 1.0f;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("zoom=", 0) != 0) continue;
        try {
            const float z = std::stof(line.substr(5));
            if (z >= 0.5f && z <= 3.0f) return z;
        } catch (const std::exception&) {
        }
    }
    return 1.0f;
}

void write_zoom(const std::string& path, float zoom) {
    if (path.empty()) return;
    std::error_code ec;
    const auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    std::ofstream out(path, std::ios::trunc);
    if (out) out << "# Umpire GUI settings\nzoom=" << zoom << "\n";
}

// Opens the requested battle, or for a screenshot without one, a fresh demo battle in a
// temporary folder (removed again on exit).
std::filesystem::path prepare_battle(Shell& shell, const GuiOptions& options) {
    if (!options.battle_path.empty()) {
        shell.open_battle(options.battle_path);
        return {};
    }
    if (!options.screenshot) return {};
    std::error_code ec;
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    const auto dir = std::filesystem::temp_directory_path(ec) /
                     ("umpire-screenshot-" + std::to_string(stamp));
    std::filesystem::create_directories(dir, ec);
    shell.create_battle((dir / "demo.umpire").string(), "");
    return dir;
}

// For a screenshot: the first unit, the "shoot" action and the first possible target, so the
// form and its preview are on show.
void preselect_for_screenshot(Shell& shell) {
    if (!shell.desk) return;
    desk::Desk& desk = *shell.desk;
    for (const auto& u : desk.battle().units) {
        if (!u.on_table()) continue;
        desk.select_unit(u.id);
        break;
    }
    if (desk.ruleset().action("shoot")) desk.choose_action("shoot");
    const auto* spec = desk.action();
    if (!spec) return;
    if (spec->needs_target || spec->target_optional) {
        const auto candidates = desk.target_candidates();
        if (!candidates.empty()) desk.set_target(candidates.front()->id);
    }
    // A measured range, as the umpire would type it, so the preview has something to show.
    for (const auto& in : spec->inputs)
        if (in.kind == rules::InputKind::Distance && in.required && desk.value(in.id).empty())
            desk.set_value(in.id, "12");
}

void handle_zoom(float& zoom, float base_scale) {
    ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl && !io.WantTextInput) {
        const float before = zoom;
        if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD, false))
            zoom += 0.1f;
        if (ImGui::IsKeyPressed(GLFW_KEY_MINUS, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT, false))
            zoom -= 0.1f;
        if (ImGui::IsKeyPressed(GLFW_KEY_0, false)) zoom = 1.0f;
        if (zoom < 0.7f) zoom = 0.7f;
        if (zoom > 2.5f) zoom = 2.5f;
        if (zoom != before) io.FontGlobalScale = base_scale * zoom;
    }
}

} // namespace

int run_gui(const GuiOptions& options) { return run_gui_with(options, {}); }

int run_gui_with(const GuiOptions& options, const std::function<void(Shell&)>& prepare) {
    glfwSetErrorCallback(glfw_error);
    if (!glfwInit()) {
        std::fprintf(stderr, "umpire: cannot start the GUI (no display?). The command-line "
                             "subcommands work without one: umpire --help\n");
        return 1;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    if (options.screenshot) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
    const int width = options.width > 0 ? options.width : 1280;
    const int height = options.height > 0 ? options.height : 800;
    GLFWwindow* window = glfwCreateWindow(width, height, "Umpire", nullptr, nullptr);
    if (!window) {
        std::fprintf(stderr, "umpire: cannot open a %dx%d OpenGL 3.0 window\n", width, height);
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(options.screenshot ? 0 : 1);

    // imgui.ini lives where the caller says (the XDG state dir), never in the current folder.
    const std::string ini_path = options.ini_path;
    if (!ini_path.empty()) {
        std::error_code ec;
        const auto parent = std::filesystem::path(ini_path).parent_path();
        if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = ini_path.empty() ? nullptr : ini_path.c_str();
    const Fonts loaded = load_fonts(io);
    if (!loaded.from_file)
        std::fprintf(stderr, "umpire: %s not found; using the built-in font, scaled\n", kBodyFontPath);
    apply_style();
    const float base_scale = io.FontGlobalScale;
    const float saved_zoom = options.screenshot ? 1.0f : read_zoom(options.settings_path);
    float zoom = saved_zoom;
    io.FontGlobalScale = base_scale * zoom;

    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 130");

    int exit_code = 0;
    {
        Shell shell;
        const std::filesystem::path scratch = prepare_battle(shell, options);
        if (shell.desk) {
            const std::string title = "Umpire - " + shell.desk->battle().name;
            glfwSetWindowTitle(window, title.c_str());
        } else if (!shell.start_error.empty()) {
            std::fprintf(stderr, "umpire: %s\n", shell.start_error.c_str());
            shell.open_path = options.battle_path;
        }
        if (prepare)
            prepare(shell);
        else if (options.screenshot)
            preselect_for_screenshot(shell);

        const int screenshot_frames = 5;
        for (int frame = 0; !glfwWindowShouldClose(window); ++frame) {
            if (options.screenshot)
                glfwPollEvents();
            else
                glfwWaitEventsTimeout(0.25);  // idle at the table edge without burning the battery

            ImGui_ImplOpenGL3_NewFrame();
            ImGui_ImplGlfw_NewFrame();
            // Wherever the virtual display put the pointer, keep it off the picture: no hover
            // highlights or tooltips in screenshots.
            if (options.screenshot) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
            ImGui::NewFrame();
            if (!options.screenshot) handle_zoom(zoom, base_scale);
            draw_frame(shell);
            ImGui::Render();

            int fb_w = 0, fb_h = 0;
            glfwGetFramebufferSize(window, &fb_w, &fb_h);
            glViewport(0, 0, fb_w, fb_h);
            glClearColor(0.08f, 0.09f, 0.10f, 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

            if (options.screenshot && frame + 1 >= screenshot_frames) {
                std::string error;
                if (!write_png(*options.screenshot, fb_w, fb_h, read_back_buffer(fb_w, fb_h), error)) {
                    std::fprintf(stderr, "umpire: screenshot failed: %s\n", error.c_str());
                    exit_code = 1;
                } else {
                    std::printf("%s\n", options.screenshot->c_str());
                }
                break;
            }
            glfwSwapBuffers(window);
        }
        shell.desk.reset();
        if (!scratch.empty()) {
            std::error_code ec;
            std::filesystem::remove_all(scratch, ec);
        }
    }
    if (!options.screenshot && zoom != saved_zoom) write_zoom(options.settings_path, zoom);

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return exit_code;
}

} // namespace umpire::ui
