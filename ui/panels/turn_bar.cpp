// The turn bar under the status line, two lines: the turn's keys as buttons, where the battle is
// in its turn (phase, whose go it is, the card just drawn, the wind), and under them the one
// thing to do next as the engine words it. Everything it shows comes from turn::turn_status.
#include "panels/commands.h"
#include "panels/turn_panels.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>
#include <vector>

namespace umpire::ui {

void remember_turn_hit(Shell& shell, const std::string& label) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    shell.turn_hits[label] = ScreenRect{a.x, a.y, b.x, b.y};
}

bool turn_button(Shell& shell, const std::string& label, bool enabled) {
    // How long the button has been there, enabled: drawn last frame too, or new since.
    const ImGuiIO& io = ImGui::GetIO();
    Shell::ShownSince& shown = shell.turn_buttons_shown[label];
    const float y = ImGui::GetCursorScreenPos().y;
    if (!enabled || shown.frame < ImGui::GetFrameCount() - 1 || std::abs(shown.y - y) > 0.5f) shown.since = ImGui::GetTime();
    shown.frame = ImGui::GetFrameCount();
    shown.y = y;
    if (!enabled) ImGui::BeginDisabled();
    bool clicked = ImGui::Button(label.c_str());
    if (!enabled) ImGui::EndDisabled();
    remember_turn_hit(shell, label);
    // A mouse press that came within a double click's time of the button appearing (or being
    // enabled, or moving) was meant for what was there before: the second click of a double click on
    // "French has finished" must not also end the Allies' moves.
    if (clicked && io.MouseReleased[0] && io.MouseClickedTime[0] < shown.since + io.MouseDoubleClickTime) clicked = false;
    return clicked && enabled;
}

std::string side_name(const model::Battle& battle, int side) {
    const model::Side* s = battle.side(side);
    return s ? s->name : "side " + std::to_string(side);
}

std::string turn_roll_label(const turn::TurnStatus& st) {
    if (st.phase_kind == turn::PhaseKind::Wind) return "Roll the wind";
    std::string name = st.phase_name.empty() ? std::string("the order") : st.phase_name;
    for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return "Roll for " + name;
}

float turn_bar_height(float status_height) {
    return status_height + ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y;
}

void draw_turn_bar(Shell& shell, desk::Desk& desk, const Rect& r) {
    const bool open = begin_panel("##turn-bar", r, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar |
                                                       ImGuiWindowFlags_NoScrollWithMouse);
    if (open) {
        // Held for the frame: a step taken on the way works out a new status and leaves this one be.
        const auto status = desk.shared_turn_status();
        const turn::TurnStatus& st = *status;
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
        // F7 where it does something now, saying what: the wind, the move order, the initiative.
        if (command_enabled(Command::TurnRoll, shell)) {
            ImGui::SameLine();
            if (turn_button(shell, turn_roll_label(st) + " (" + command_keys(Command::TurnRoll) + ")", true))
                run_command(Command::TurnRoll, shell);
        }
        // Then what the umpire must act on (a chance card due, something owed) before the
        // details, so a narrow window drops the card and the wind, never those.
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
        // The details on the first line while each fits whole (the window's edge never cuts
        // one): who is to act first, then the card, the cards left and the wind.
        std::vector<std::pair<std::string, std::string>> details;  // (hit label, text)
        if (st.started && st.active_side) details.push_back({"To act:", "To act: " + side_name(b, st.active_side)});
        if (st.started && !st.current_label.empty()) details.push_back({"Card:", "Card: " + st.current_label});
        if (st.started && st.method == "cards")
            details.push_back({"cards left", "(" + std::to_string(st.cards_left) +
                                                 (st.cards_left == 1 ? " card left)" : " cards left)")});
        if (st.wind_in_use) details.push_back({"Wind:", "Wind: " + st.wind_label});
        const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        const float gap = ImGui::GetFontSize() * 1.5f;
        // Each detail whole after what is on its line, if it fits there; returns whether it did.
        auto detail_after = [&](const std::pair<std::string, std::string>& detail) {
            if (right - ImGui::GetItemRectMax().x < gap + ImGui::CalcTextSize(detail.second.c_str()).x) return false;
            ImGui::SameLine(0.0f, gap);
            text(detail.second);
            remember_turn_hit(shell, detail.first);
            return true;
        };
        std::size_t placed = 0;
        while (placed < details.size() && detail_after(details[placed])) ++placed;
        // What comes next on a line of its own, whole when the window is wide enough (at 1280
        // it is); else cut after a word, the whole on hover.
        const std::string next_line = "Next: " + st.next;
        const std::string shown = fit_words(next_line, ImGui::GetContentRegionAvail().x);
        text_coloured(colour::accent, shown);
        if (shown != next_line && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", next_line.c_str());
        remember_turn_hit(shell, "Next:");
        // What did not fit on the first line goes after it on the second, while it fits whole.
        while (placed < details.size() && detail_after(details[placed])) ++placed;
    }
    ImGui::End();
}

} // namespace umpire::ui
