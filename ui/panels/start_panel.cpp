// Shown when no battle is open: open a battle file, or start a new one from a roster.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace umpire::ui {

void draw_start_panel(Shell& shell, const Rect& r) {
    if (begin_panel("Start", r)) {
        const float field_w = std::min(r.w * 0.6f, ImGui::GetFontSize() * 30.0f);
        heading("Open a battle");
        text_dim("A battle file keeps the roster, every roll and the journal.");
        ImGui::SetNextItemWidth(field_w);
        const bool enter_open = ImGui::InputTextWithHint("##open", "path/to/battle.umpire",
                                                         &shell.open_path,
                                                         ImGuiInputTextFlags_EnterReturnsTrue);
        ImGui::SameLine();
        if ((ImGui::Button("Open") || enter_open) && !shell.open_path.empty())
            shell.open_battle(shell.open_path);

        ImGui::Spacing();
        ImGui::Separator();
        heading("New battle from a roster");
        text_dim("Leave the roster blank for the demo battle (MacDuff: Kotal Pass).");
        ImGui::SetNextItemWidth(field_w);
        ImGui::InputTextWithHint("Roster file", "blank: the demo roster", &shell.roster_path);
        ImGui::SetNextItemWidth(field_w);
        ImGui::InputTextWithHint("New battle file", "path/to/new-battle.umpire", &shell.new_path);
        ImGui::BeginDisabled(shell.new_path.empty());
        if (ImGui::Button("Create")) shell.create_battle(shell.new_path, shell.roster_path);
        ImGui::EndDisabled();

        if (!shell.start_error.empty()) {
            ImGui::Spacing();
            text_wrapped_coloured(colour::error, shell.start_error);
        }
        // A damaged battle: what can still be read of it, to look at or to carry on from.
        if (!shell.unusable_path.empty()) {
            const std::string damaged = shell.unusable_path;
            text_dim("Its journal may still be read past the damage: every entry whose checksum holds.");
            if (ImGui::Button("Open what can be read (read-only)")) shell.open_what_reads(damaged);
            ImGui::SameLine();
            if (ImGui::Button("Recover into a new file")) shell.recover_into_new_file(damaged);
        }
    }
    ImGui::End();
}

} // namespace umpire::ui
