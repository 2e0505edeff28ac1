// Pending: rolls the rules oblige next (a rally test after casualties, ...). Resolve selects
// the unit and the action; applying it clears the item.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

namespace umpire::ui {

void draw_pending_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    const std::size_t count = desk.pending().size();
    const std::string title = "Pending (" + std::to_string(count) + ")###Pending";
    if (begin_panel(title.c_str(), r)) {
        if (count == 0) text_dim("No follow-ups waiting.");
        const model::Battle& b = desk.battle();
        const auto active = desk.active_pending();
        std::optional<std::size_t> take, dismiss;
        // Only the items on screen are drawn (a long battle can leave hundreds waiting): a clipper
        // over rows of one height, the action and its unit beside the buttons and the reason
        // under them, each on one line; the whole of both in the tooltip.
        const float row_h = ImGui::GetFrameHeightWithSpacing() + ImGui::GetTextLineHeightWithSpacing();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(count), row_h);
        while (clipper.Step()) {
            for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
                const auto i = static_cast<std::size_t>(row);
                const desk::PendingItem& item = desk.pending()[i];
                const rules::FollowUp& f = item.follow_up;
                ImGui::PushID(row);
                const rules::ActionSpec* spec = desk.ruleset().action(f.action);
                std::string line = spec && !spec->name.empty() ? spec->name : f.action;
                if (f.unit) line += ": " + entity_name(b, model::Entity::Unit, *f.unit);
                std::string why = f.reason;
                if (!f.citation.empty()) why += (why.empty() ? "" : "  ") + ("[" + f.citation + "]");
                if (ImGui::Button(active == i ? "Resolving" : "Resolve")) take = i;
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("Select the unit and the action");
                ImGui::SameLine();
                if (ImGui::Button("x")) dismiss = i;
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss: nothing is rolled");
                ImGui::SameLine();
                ImGui::AlignTextToFramePadding();
                text(line);
                const bool line_hovered = ImGui::IsItemHovered();
                text_dim(why);
                if (line_hovered || ImGui::IsItemHovered()) {
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
        if (take && desk.take_pending(*take)) shell.scroll_to_selected = true;  // show it in the roster
        if (dismiss) desk.dismiss_pending(*dismiss);
    }
    ImGui::End();
}

} // namespace umpire::ui
