// Ctrl+L: the command line. The umpire types the action as on the command line
// (`shoot 2nd gh 10 6,5,4,3,2,1`); each change is loaded into the form, so the Resolve panel and
// the preview under the line show the working and the odds as it is typed. Enter rolls (the typed
// dice, else the app's) and applies; Esc closes and leaves the form as typed.
#include "panels/overlays.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "desk/command_line.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace umpire::ui {

namespace {

// "Shooting: 2nd Sikhs at Ghazis, dice 6,5,4": what the line has been read as.
std::string read_as(const desk::Desk& desk) {
    const rules::ActionSpec* spec = desk.action();
    if (!spec) return {};
    std::string out = spec->name.empty() ? spec->id : spec->name;
    if (const model::Unit* u = desk.selected_unit()) out += ": " + u->name;
    if (const model::Unit* t = desk.target_unit()) out += " at " + t->name;
    out += desk.dice_text().empty() ? ", the app rolls" : ", dice " + desk.dice_text();
    return out;
}

} // namespace

void draw_command_line_bar(Shell& shell) {
    if (!shell.show_command_line || !shell.desk) return;
    desk::Desk& desk = *shell.desk;
    const ImGuiIO& io = ImGui::GetIO();
    const float w = std::min(io.DisplaySize.x - 40.0f, ImGui::GetFontSize() * 40.0f);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.12f), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0.0f), ImVec2(w, io.DisplaySize.y * 0.7f));
    ImGui::SetNextWindowFocus();
    bool open = true;
    if (ImGui::Begin("Command line (Ctrl+L): Enter applies, Esc closes", &open,
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
        if (shell.focus_command_line) {
            ImGui::SetKeyboardFocusHere();
            shell.focus_command_line = false;
        }
        ImGui::SetNextItemWidth(-FLT_MIN);
        const bool entered = ImGui::InputTextWithHint("##command", "shoot 2nd gh 10 6,5,4,3,2,1", &shell.command_text,
                                                      ImGuiInputTextFlags_EnterReturnsTrue);
        if (entered) {
            // Enter takes the line as it stands: the field keeps the keyboard for the next one.
            std::string message;
            if (desk::run_command_line(desk, shell.command_text, message)) {
                shell.command_message = desk.status();
                shell.command_text.clear();
            } else {
                shell.command_message = message;
            }
            shell.command_loaded = shell.command_text;
            shell.focus_command_line = true;
        } else if (shell.command_text != shell.command_loaded) {
            shell.command_loaded = shell.command_text;
            // The verdict Enter would give (a line the rules refuse says how to overrule it).
            shell.command_message = shell.command_text.empty() ? std::string() : desk::load_command(desk, shell.command_text);
        }
        text_wrapped_coloured(colour::dim, "action  unit  [target]  values in order or name=value  [dice with commas]: "
                                           "a unique start of each name will do; overrule=\"why\" applies what the rules refuse; "
                                           "turn next, turn done, turn moved UNIT: a step of the turn (Ctrl+K lists them)");
        if (!shell.command_message.empty()) {
            text_wrapped_coloured(shell.command_text.empty() ? colour::good : colour::warning, shell.command_message);
        } else if (const std::string turn = desk::describe_turn_line(desk, shell.command_text); !turn.empty()) {
            text_wrapped(turn);
        } else if (!shell.command_text.empty()) {
            text_wrapped(read_as(desk));
            ImGui::Separator();
            draw_preview_odds(desk);
        }
    }
    ImGui::End();
    if (!open) shell.show_command_line = false;
}

} // namespace umpire::ui
