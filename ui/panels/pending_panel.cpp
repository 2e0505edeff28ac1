// Pending: rolls the rules oblige next (a rally test after casualties, ...). Resolve selects
// the unit and the action; applying it clears the item. By keyboard: F4 (or a click) gives the
// panel the keyboard, Up/Down choose an item, Enter opens it in the form, Delete dismisses it.
// Each item is in Ctrl+K too.
#include "panels/commands.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

#include <algorithm>

namespace umpire::ui {

std::string pending_line(const desk::Desk& desk, const desk::PendingItem& item) {
    const rules::FollowUp& f = item.follow_up;
    const rules::ActionSpec* spec = desk.ruleset().action(f.action);
    std::string line = spec && !spec->name.empty() ? spec->name : f.action;
    if (f.unit) line += ": " + entity_name(desk.battle(), model::Entity::Unit, *f.unit);
    return line;
}

namespace {

constexpr std::size_t kDroppedShown = 3;

// One row: the buttons and the action with its unit, the reason after them, dim.
float pending_row_height() { return ImGui::GetFrameHeightWithSpacing(); }

} // namespace

float pending_panel_height(const desk::Desk& desk) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float title = ImGui::GetFontSize() + style.FramePadding.y * 2.0f;
    const std::size_t dropped = std::min(desk.dropped_pending().size(), kDroppedShown);
    const auto rows = static_cast<float>(std::max<std::size_t>(desk.pending().size() + dropped, 1));
    return title + style.WindowPadding.y * 2.0f + rows * pending_row_height();
}

void draw_pending_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    const std::size_t count = desk.pending().size();
    const std::string title = "Pending (" + std::to_string(count) + ")  " + command_keys(Command::Pending) +
                              ": Up/Down, Enter opens###Pending";
    if (shell.focus_pending) {
        ImGui::SetNextWindowFocus();
        shell.focus_pending = false;
    }
    if (begin_panel(title.c_str(), r)) {
        if (count == 0) text_dim("No follow-ups waiting.");
        const auto active = desk.active_pending();
        std::optional<std::size_t> take, dismiss;
        // The keyboard's: the panel has it (F4 or a click), no overlay or text field has.
        const bool keys = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && !ImGui::GetIO().WantTextInput &&
                          !shell.show_palette && !shell.show_command_line && !shell.show_help && count > 0;
        bool moved = false;
        if (keys) {
            const int step = (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow)) ? 1 : 0) -
                             (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow)) ? 1 : 0);
            shell.pending_index += step;
            moved = step != 0;
        }
        shell.pending_index = count == 0 ? 0 : std::clamp(shell.pending_index, 0, static_cast<int>(count) - 1);
        if (keys && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                     ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false))) {
            take = static_cast<std::size_t>(shell.pending_index);
            shell.form_enter_taken = true;  // Enter opened the item: it does not also roll
        }
        if (keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false))
            dismiss = static_cast<std::size_t>(shell.pending_index);
        // Only the items on screen are drawn (a long battle can leave hundreds waiting): a clipper
        // over rows of one line; the whole of the line and its reason in the tooltip.
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(count), pending_row_height());
        while (clipper.Step()) {
            for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
                const auto i = static_cast<std::size_t>(row);
                const desk::PendingItem& item = desk.pending()[i];
                const rules::FollowUp& f = item.follow_up;
                ImGui::PushID(row);
                const std::string line = pending_line(desk, item);
                std::string why = f.reason;
                if (!f.citation.empty()) why += (why.empty() ? "" : "  ") + ("[" + f.citation + "]");
                const bool chosen = keys && row == shell.pending_index;
                if (chosen) {
                    // The row the keys act on, marked behind its buttons.
                    const ImVec2 a = ImGui::GetCursorScreenPos();
                    ImGui::GetWindowDrawList()->AddRectFilled(
                        a, ImVec2(a.x + ImGui::GetContentRegionAvail().x, a.y + ImGui::GetFrameHeight()),
                        ImGui::GetColorU32(ImGuiCol_Header));
                    if (moved) ImGui::SetScrollHereY(0.5f);
                }
                if (ImGui::Button(active == i ? "Resolving" : "Resolve")) take = i;
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("Select the unit and the action (Enter)");
                ImGui::SameLine();
                if (ImGui::Button("x")) dismiss = i;
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss: nothing is rolled (Delete)");
                ImGui::SameLine();
                ImGui::AlignTextToFramePadding();
                const std::string shown = fit_words(line, ImGui::GetContentRegionAvail().x);
                text(shown);
                bool hovered = ImGui::IsItemHovered();
                // The reason after it while a few words of it fit (all of it in the tooltip).
                const float room = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - ImGui::GetItemRectMax().x;
                if (shown == line && !why.empty() && room > ImGui::GetFontSize() * 8.0f) {
                    ImGui::SameLine();
                    text_dim(fit_words(why, ImGui::GetContentRegionAvail().x));
                    hovered = hovered || ImGui::IsItemHovered();
                }
                if (hovered) {
                    ImGui::BeginTooltip();
                    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
                    text(line);
                    if (!why.empty()) text_coloured(colour::dim, why);
                    ImGui::PopTextWrapPos();
                    ImGui::EndTooltip();
                }
                ImGui::PopID();
            }
        }
        // What was dropped, and why: the umpire sees the rally test that no longer applies go. The
        // latest few only: a long battle gathers many (each destroyed unit's).
        const auto& dropped = desk.dropped_pending();
        const std::size_t shown = std::min(dropped.size(), kDroppedShown);
        for (std::size_t i = dropped.size() - shown; i < dropped.size(); ++i)
            text_wrapped_coloured(colour::dim, "Dropped: " + pending_line(desk, dropped[i].item) + " (" + dropped[i].reason + ")");
        if (dropped.size() > shown) text_dim("(and " + std::to_string(dropped.size() - shown) + " dropped before)");
        if (take && desk.take_pending(*take)) {
            shell.scroll_to_selected = true;  // show it in the roster
            // Opened by Enter: the keyboard goes back to the desk, where Enter rolls it.
            if (keys) ImGui::SetWindowFocus(nullptr);
        }
        if (dismiss) desk.dismiss_pending(*dismiss);
    }
    ImGui::End();
}

} // namespace umpire::ui
