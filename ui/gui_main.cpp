// The desktop program: a GLFW window with an OpenGL 3 context, Dear ImGui on top, and the
// panels from ui/panels drawing the desk. Screenshot mode renders a few frames, saves a PNG
// and exits.
#include "gui_main.h"
#include "glfw_input.h"
#include "gui_window.h"

#include "panels/form_focus.h"
#include "panels/input_queue.h"
#include "panels/shell.h"
#include "panels/theme.h"
#include "player_window.h"
#include "screenshot.h"
#include "window_placement.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace umpire::ui {

namespace {

// SIGTERM or SIGINT (a session ending, Ctrl+C in the terminal, a test done with the desk): the
// window closes as by its title bar, within the loop's quarter-second wait.
volatile std::sig_atomic_t stop_requested = 0;
extern "C" void request_stop(int) { stop_requested = 1; }

// Installed for the window's lifetime; the handlers before are put back on the way out.
class StopOnSignals {
public:
    StopOnSignals() : term_(std::signal(SIGTERM, request_stop)), interrupt_(std::signal(SIGINT, request_stop)) {}
    ~StopOnSignals() {
        std::signal(SIGTERM, term_);
        std::signal(SIGINT, interrupt_);
    }
    StopOnSignals(const StopOnSignals&) = delete;
    StopOnSignals& operator=(const StopOnSignals&) = delete;

private:
    void (*term_)(int);
    void (*interrupt_)(int);
};

void glfw_error(int code, const char* description) {
    std::fprintf(stderr, "umpire: GLFW error %d: %s\n", code, description);
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
    // A battle in progress: the unit of the latest action, as the umpire left it (its card shows
    // what the action did); a fresh one: the first unit on the table.
    const auto& journal = desk.journal();
    const auto latest = std::find_if(journal.rbegin(), journal.rend(), [](const store::JournalLine& e) {
        return e.kind == store::EntryKind::Action && !e.undone && e.unit;
    });
    if (latest == journal.rend() || !desk.select_unit(*latest->unit))
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
        else if (in.kind == rules::InputKind::Areas && in.required && desk.value(in.id).empty())
            desk.set_value(in.id, "2");
}

// --show: a dialog open at start, so a screenshot can show it. The New battle dialog gets the
// first sample roster, as if the umpire had just clicked Add.
void show_at_start(Shell& shell, const std::string& show) {
    FileMenu& files = shell.files;
    if (show == "new-battle") {
        open_file_dialog(shell, FileDialog::NewBattle);
        const auto samples = desk::list_rosters(files.rosters_dir);
        if (!samples.empty()) {
            add_roster_to_new_battle(files, samples.back());
            files.new_form.scale = "x1.5";
            files.new_form.save_path = "battles/new-battle.umpire";
        }
    } else if (show == "open") {
        open_file_dialog(shell, FileDialog::Open);
    } else if (show == "save-copy") {
        open_file_dialog(shell, FileDialog::SaveCopy);
    } else if (show == "print") {
        open_file_dialog(shell, FileDialog::Print);
    } else if (show == "player") {
        files.player_view = true;
    } else if (show == "phones") {
        shell.show_phones = true;
    } else if (show == "umpires") {
        shell.show_umpires = true;
    } else if (show == "menu") {
        toggle_menu_by_keys(shell);
    }
}

// The player view's own window, opened and closed as Shell::files.player_view says.
class PlayerWindow {
public:
    explicit PlayerWindow(GLFWwindow* main) : main_(main) {}
    ~PlayerWindow() { close(); }
    PlayerWindow(const PlayerWindow&) = delete;
    PlayerWindow& operator=(const PlayerWindow&) = delete;

    void update(Shell& shell) {
        bool wanted = shell.files.player_view && shell.desk;
        if (window_ && glfwWindowShouldClose(window_)) {  // closed by its own title bar
            wanted = false;
            shell.files.player_view = false;
        }
        if (!wanted) {
            close();
            return;
        }
        if (!window_) {
            window_ = open_player_window(main_);
            if (!window_) {
                shell.files.player_view = false;
                std::fprintf(stderr, "umpire: cannot open a second window for the player view\n");
                return;
            }
            glfwMakeContextCurrent(window_);
            screen_ = std::make_unique<PlayerScreen>(window_);
            glfwMakeContextCurrent(main_);
        }
        const desk::Desk& desk = *shell.desk;
        glfwMakeContextCurrent(window_);
        screen_->render(desk::build_player_view(desk.battle(), desk.journal(), desk.table_state()));
        glfwSwapBuffers(window_);
        glfwMakeContextCurrent(main_);
    }

private:
    void close() {
        if (!window_) return;
        glfwMakeContextCurrent(window_);
        screen_.reset();
        glfwDestroyWindow(window_);
        window_ = nullptr;
        glfwMakeContextCurrent(main_);
    }

    GLFWwindow* main_;
    GLFWwindow* window_ = nullptr;
    std::unique_ptr<PlayerScreen> screen_;
};

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
    // Zoom, theme and the window's place as the umpire left them (a screenshot always starts
    // from the defaults).
    desk::ViewSettings saved_view =
        options.screenshot ? desk::ViewSettings{} : desk::read_view_settings(options.settings_path);
    // A size asked for is kept; otherwise the window opens where it was left (the first time:
    // maximised).
    const bool sized = options.width > 0 && options.height > 0;
    const bool placed = !options.screenshot && !sized;
    desk::WindowPlacement opening{0, 0, sized ? options.width : 1280, sized ? options.height : 800, false};
    if (placed) {
        opening = desk::opening_placement(saved_view.window, screen_areas());
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    }
    GLFWwindow* window = glfwCreateWindow(opening.width, opening.height, "Umpire", nullptr, nullptr);
    glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE);  // the player view's window shows as it opens
    if (!window) {
        std::fprintf(stderr, "umpire: cannot open a %dx%d OpenGL 3.0 window\n", opening.width, opening.height);
        glfwTerminate();
        return 1;
    }
    if (placed) place_and_show(window, opening);
    PlacementTracker placement(opening);
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

    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 130");

    int exit_code = 0;
    {
        InputQueue input;
        const GlfwInput glfw_input(window, input);
        Shell shell;
        shell.view = saved_view;
        // A screenshot's scratch battle is not one to come back to: its recent list stays in memory.
        shell.files.recent_path = options.screenshot ? std::string() : options.recent_path;
        shell.files.rosters_dir = options.rosters_dir;
        shell.files.verified_path = options.verified_path;
        const std::filesystem::path scratch = prepare_battle(shell, options);
        if (shell.desk && !options.screenshot) shell.files.recent_battles().add(shell.desk->path());
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
        show_at_start(shell, options.show);

        // The player view: its own window, or for a screenshot, the main window itself (a
        // screenshot reads back one window's pixels).
        PlayerWindow player_window(window);
        std::unique_ptr<PlayerScreen> player_in_main;
        if (options.screenshot && shell.files.player_view) {
            shell.files.player_view = false;
            player_in_main = std::make_unique<PlayerScreen>(window);
        }

        const StopOnSignals stop_on_signals;
        const int screenshot_frames = 5;
        bool was_focused = true;
        for (int frame = 0; !glfwWindowShouldClose(window) && !stop_requested; ++frame) {
            // Idle at the table edge without burning the battery, but keep drawing while typed
            // keys are still queued: they go to ImGui a few a frame.
            if (options.screenshot || input.pending())
                glfwPollEvents();
            else
                glfwWaitEventsTimeout(0.25);

            // The whole battle file is checked once the first frame is on screen (a long journal
            // would keep the window from showing): the desk writes nothing before.
            if (shell.desk && frame > 0) shell.desk->check_file();
            // Another program (the CLI, a script) may have written to the battle: look once a
            // second, and at once when the window comes back to the front.
            const bool focused = glfwGetWindowAttrib(window, GLFW_FOCUSED) != 0;
            if (shell.desk && !options.screenshot)
                shell.desk->watch_file(std::chrono::steady_clock::now(), focused && !was_focused);
            was_focused = focused;

            // A new zoom rebuilds the font atlas at the new size (crisp text); the renderer then
            // needs the new texture. The first frame's atlas is built before the backend's
            // device objects exist, so it is uploaded with them.
            if (sync_view(shell.view) && frame > 0) {
                ImGui_ImplOpenGL3_DestroyFontsTexture();
                ImGui_ImplOpenGL3_CreateFontsTexture();
            }
            ImGui_ImplOpenGL3_NewFrame();
            ImGui_ImplGlfw_NewFrame();
            input.release_frame(io, keyboard_in_transit(shell));
            // Wherever the virtual display put the pointer, keep it off the picture: no hover
            // highlights or tooltips in screenshots.
            if (options.screenshot) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
            ImGui::NewFrame();
            draw_frame(shell);
            ImGui::Render();

            int fb_w = 0, fb_h = 0;
            glfwGetFramebufferSize(window, &fb_w, &fb_h);
            glViewport(0, 0, fb_w, fb_h);
            const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
            glClearColor(bg.x, bg.y, bg.z, 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            if (player_in_main && shell.desk) {
                const desk::Desk& d = *shell.desk;
                player_in_main->render(desk::build_player_view(d.battle(), d.journal(), d.table_state()));
            }

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
            if (options.frames > 0 && frame + 1 >= options.frames) {
                glFinish();  // the frame is on screen, not only queued
                break;
            }
            if (placed)
                if (const auto settled = placement.settled(window, glfwGetTime())) shell.view.window = *settled;
            // Kept as soon as it changes, so a crash or a killed window loses no setting.
            if (!options.screenshot && !(shell.view == saved_view)) {
                desk::write_view_settings(options.settings_path, shell.view);
                saved_view = shell.view;
            }
            player_window.update(shell);
        }
        if (placed) {
            // Where the window was as it closed, even if it moved in its last half second.
            shell.view.window = placement.current(window);
            if (!(shell.view == saved_view)) desk::write_view_settings(options.settings_path, shell.view);
        }
        player_in_main.reset();
        shell.files.player_view = false;
        player_window.update(shell);
        shell.desk.reset();
        if (!scratch.empty()) {
            std::error_code ec;
            std::filesystem::remove_all(scratch, ec);
        }
    }

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return exit_code;
}

} // namespace umpire::ui
