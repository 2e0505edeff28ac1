// The turn bar under the status line: where the battle is in its turn (phase, the card just
// drawn, whose go it is, the wind), the one thing to do next as the engine words it, and the
// turn's keys as buttons. Everything it shows comes from turn::turn_status.
#include "panels/commands.h"
#include "panels/turn_panels.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

#include <algorithm>

namespace umpire::ui {

void remember_turn_hit(Shell& shell, const std::string& label) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    shell.turn_hits[label] = ScreenRect{a.x, a.y, b.x, b.y};
}

bool turn_button(Shell& shell, const std::string& label, bool enabled) {
    if (!enabled) ImGui::BeginDisabled();
    const bool clicked = ImGui::Button(label.c_str());
    if (!enabled) ImGui::EndDisabled();
    remember_turn_hit(shell, label);
    return clicked && enabled;
}

std::string side_name(const model::Battle& battle, int side) {
    const model::Side* s = battle.side(side);
    return s ? s->name : "side " + std::to_string(side);
}

void draw_turn_bar(Shell& shell, desk::Desk& desk, const Rect& r) {
    const bool open = begin_panel("##turn-bar", r, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                                                       ImGuiWindowFlags_NoScrollWithMouse);
    if (open) {
        const turn::TurnStatus st = desk.turn_status();
        const model::Battle& b = desk.battle();
        // The turn's keys first, so they keep their place whatever the line says after them.
        const std::string draw = "Draw (" + command_keys(Command::DrawCard) + ")";
        const std::string next = "Next phase (" + command_keys(Command::NextPhase) + ")";
        const std::string panel = std::string(shell.show_turn ? "Hide turn" : "Turn") + " (" +
                                  command_keys(Command::TurnPanel) + ")";
        if (turn_button(shell, panel, true)) run_command(Command::TurnPanel, shell);
        ImGui::SameLine();
        if (turn_button(shell, next, true)) desk.next_phase();
        if (ImGui::IsItemHovered() && !st.can_advance && !st.advance_blocked.empty())
            ImGui::SetTooltip("%s", st.advance_blocked.c_str());
        if (st.method == "cards") {
            ImGui::SameLine();
            if (turn_button(shell, draw, st.can_draw)) desk.draw_card();
        }
        // Then what the umpire must act on (a chance card due, what comes next) before the
        // details, so a narrow window cuts off the card and the wind, never "Next:".
        ImGui::SameLine();
        if (!st.started) {
            text_dim("Turn not started.");
        } else {
            heading(st.phase_name);
            if (st.chance_due_side) {
                ImGui::SameLine();
                text_coloured(colour::warning, "[CHANCE CARD DUE: " + side_name(b, st.chance_due_side) + "]");
            }
            // What the units owe before this phase ends: the Turn panel lists each with its form.
            const auto due = std::count_if(st.owed.begin(), st.owed.end(), [](const turn::OwedItem& i) { return i.due_now; });
            if (due > 0) {
                ImGui::SameLine();
                text_coloured(colour::warning, "[OWED: " + std::to_string(due) + "]");
                if (ImGui::IsItemHovered()) {
                    std::string all;
                    for (const auto& i : st.owed)
                        if (i.due_now) all += (all.empty() ? "" : "\n") + i.text + " (" + i.citation + ")";
                    ImGui::SetTooltip("%s", all.c_str());
                }
                if (ImGui::IsItemClicked()) shell.show_turn = true;
                remember_turn_hit(shell, "[OWED]");
            }
        }
        ImGui::SameLine();
        // What comes next, whole when it fits; else cut after a word, the whole on hover.
        const std::string next_line = "Next: " + st.next;
        const std::string shown = fit_words(next_line, ImGui::GetContentRegionAvail().x);
        text_coloured(colour::accent, shown);
        if (shown != next_line && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", next_line.c_str());
        remember_turn_hit(shell, "Next:");
        std::string details;
        if (st.started && !st.current_label.empty()) details += "Card: " + st.current_label;
        if (st.started && st.active_side) details += (details.empty() ? "" : "   ") + std::string("To act: ") + side_name(b, st.active_side);
        if (st.started && st.method == "cards")
            details += (details.empty() ? "" : "   ") + std::string("(") + std::to_string(st.cards_left) +
                       (st.cards_left == 1 ? " card left)" : " cards left)");
        if (st.wind_in_use) details += (details.empty() ? "" : "   ") + std::string("Wind: ") + st.wind_label;
        if (!details.empty()) {
            ImGui::SameLine();
            text(details);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", details.c_str());
        }
    }
    ImGui::End();
}

} // namespace umpire::ui
