#pragma once
// A headless ImGui context driving the real frame (ui::draw_frame) through io, for the File
// menu, dialog and player view tests. Dear ImGui 1.86 has no null backend: DisplaySize,
// DeltaTime and the font atlas are set up by hand, and mouse and keys fed frame by frame.
#include "panels/panels.h"
#include "panels/shell.h"
#include "panels/theme.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <string_view>

namespace umpire::test {

// GLFW's key codes, as the real backend maps them; letters are their ASCII codes.
inline constexpr int kKeyEscape = 256, kKeyEnter = 257, kKeyTab = 258, kKeyBackspace = 259, kKeyDelete = 261,
              kKeyRight = 262, kKeyLeft = 263, kKeyDown = 264, kKeyUp = 265, kKeyHome = 268,
              kKeyEnd = 269, kKeyPageUp = 266, kKeyPageDown = 267, kKeyKpEnter = 335;

class HeadlessUi {
public:
    explicit HeadlessUi(float width = 1280, float height = 800) {
        ctx_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.LogFilename = nullptr;
        io.DisplaySize = ImVec2(width, height);
        io.DeltaTime = 1.0f / 60.0f;
        io.KeyMap[ImGuiKey_Tab] = kKeyTab;
        io.KeyMap[ImGuiKey_LeftArrow] = kKeyLeft;
        io.KeyMap[ImGuiKey_RightArrow] = kKeyRight;
        io.KeyMap[ImGuiKey_UpArrow] = kKeyUp;
        io.KeyMap[ImGuiKey_DownArrow] = kKeyDown;
        io.KeyMap[ImGuiKey_Home] = kKeyHome;
        io.KeyMap[ImGuiKey_End] = kKeyEnd;
        io.KeyMap[ImGuiKey_PageUp] = kKeyPageUp;
        io.KeyMap[ImGuiKey_PageDown] = kKeyPageDown;
        io.KeyMap[ImGuiKey_Delete] = kKeyDelete;
        io.KeyMap[ImGuiKey_Backspace] = kKeyBackspace;
        io.KeyMap[ImGuiKey_Space] = ' ';
        io.KeyMap[ImGuiKey_Enter] = kKeyEnter;
        io.KeyMap[ImGuiKey_Escape] = kKeyEscape;
        io.KeyMap[ImGuiKey_KeyPadEnter] = kKeyKpEnter;
        io.KeyMap[ImGuiKey_A] = 'A';
        io.KeyMap[ImGuiKey_C] = 'C';
        io.KeyMap[ImGuiKey_V] = 'V';
        io.KeyMap[ImGuiKey_X] = 'X';
        io.KeyMap[ImGuiKey_Y] = 'Y';
        io.KeyMap[ImGuiKey_Z] = 'Z';
        ui::load_fonts(io);
        ui::apply_style();
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    ~HeadlessUi() { ImGui::DestroyContext(ctx_); }
    HeadlessUi(const HeadlessUi&) = delete;
    HeadlessUi& operator=(const HeadlessUi&) = delete;

    void frame(ui::Shell& shell) {
        ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        ui::draw_frame(shell);
        ImGui::Render();
    }
    void frames(ui::Shell& shell, int n) {
        for (int i = 0; i < n; ++i) frame(shell);
    }
    void click(ui::Shell& shell, float x, float y, int button = 0) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(x, y);
        frame(shell);  // hover first, as a real mouse would
        io.MouseDown[button] = true;
        frame(shell);
        io.MouseDown[button] = false;
        frame(shell);
    }
    void press(ui::Shell& shell, int key, bool ctrl = false, bool shift = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeyCtrl = ctrl;
        io.KeyShift = shift;
        io.KeysDown[key] = true;
        frame(shell);
        io.KeysDown[key] = false;
        frame(shell);
        io.KeyCtrl = false;
        io.KeyShift = false;
        frame(shell);
    }
    void type(ui::Shell& shell, std::string_view text) {
        for (char c : text) {
            ImGui::GetIO().AddInputCharacter(static_cast<unsigned int>(c));
            frame(shell);
        }
    }

    // Whether a window or modal of that name was drawn in the last frame. (ImGui::IsPopupOpen
    // by name needs a current window, which there is not between frames.)
    static bool shown(const char* name) {
        ImGuiWindow* w = ImGui::FindWindowByName(name);
        return w && w->WasActive;
    }

private:
    ImGuiContext* ctx_ = nullptr;
};

} // namespace umpire::test
