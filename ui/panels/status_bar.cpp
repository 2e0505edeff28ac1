// The line across the top: which battle, which rules, which turn, and what just happened.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

#include <filesystem>

namespace umpire::ui {

void draw_status_bar(Shell& shell, const Rect& r) {
    const bool open = begin_panel("##status", r, ImGuiWindowFlags_NoTitleBar |
                                                     ImGuiWindowFlags_NoScrollbar |
                                                     ImGuiWindowFlags_NoScrollWithMouse);
    if (open) {
        ImGui::AlignTextToFramePadding();
        if (!shell.desk) {
            heading("Umpire");
            ImGui::SameLine();
            text_dim("no battle open");
        } else {
            const desk::Desk& desk = *shell.desk;
            const model::Battle& b = desk.battle();
            heading(b.name.empty() ? std::string("Battle") : b.name);
            // A server out of reach comes before anything else: nothing can be done until it is back.
            const std::string lost = desk.unreachable();
            if (!lost.empty()) {
                ImGui::SameLine();
                text_coloured(colour::error, lost);
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", desk.unreachable_reason().c_str());
            }
            ImGui::SameLine();
            text_dim(std::string(desk.ruleset().name()));
            ImGui::SameLine();
            text("Turn " + std::to_string(b.turn));
            // On a server: who this desk is, since several umpires' desks look alike.
            if (desk.on_server()) {
                ImGui::SameLine();
                text("Umpire: " + desk.umpire());
            }
            if (!lost.empty()) {
                // said above
            } else if (desk.read_only()) {
                ImGui::SameLine();
                const bool damaged = !desk.damage().empty();
                text_coloured(colour::error, damaged ? "READ-ONLY: the file is damaged" : "READ-ONLY");
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s\nNothing can be changed. `umpire check FILE` says what is damaged;\n"
                                      "Recover rebuilds the battle from its intact journal into a new file.",
                                      desk.read_only_reason().c_str());
                ImGui::SameLine();
                if (ImGui::SmallButton("Recover into a new file")) {
                    const std::string damaged_path = desk.path();
                    shell.recover_into_new_file(damaged_path);
                    ImGui::End();
                    return;  // the desk drawn above may be gone
                }
            } else if (!desk.file_checked()) {
                ImGui::SameLine();
                text_dim("checking the file...");
            }
            // What just happened matters more than where the file is: it comes first.
            if (!lost.empty()) {
                // said above, in place of what happened last
            } else if (!desk.error().empty()) {
                ImGui::SameLine();
                text_coloured(colour::error, "Error: " + desk.error());
            } else if (!desk.status().empty()) {
                ImGui::SameLine();
                text_coloured(colour::good, desk.status());
            }
            // The file's name only, last: the line's width goes to what happened, the full path
            // is one hover away.
            // A server's battle by its whole address (it never holds a password).
            ImGui::SameLine();
            text_dim(desk.on_server() ? desk.path() : std::filesystem::path(desk.path()).filename().string());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", desk.path().c_str());
        }
    }
    ImGui::End();
}

} // namespace umpire::ui
