// The roster column's right edge, dragged to make the column wider or narrower: long unit and
// commander names show whole instead of cut off.
#include "panels/panels.h"

#include <imgui.h>

#include <algorithm>

namespace umpire::ui {

void draw_roster_splitter(Shell& shell, const Layout& layout) {
    const float grip = std::max(6.0f, ImGui::GetFontSize() * 0.4f);
    const Rect& roster = layout.roster;
    const float x = roster.x + roster.w - grip * 0.5f;
    const float h = layout.unit_card.y + layout.unit_card.h - roster.y;
    ImGui::SetNextWindowPos(ImVec2(x, roster.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(grip, h), ImGuiCond_Always);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
    if (ImGui::Begin("##roster-splitter", nullptr,
                     ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoFocusOnAppearing)) {
        ImGui::InvisibleButton("##edge", ImVec2(grip, h));
        const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
        shell.roster_splitter = ScreenRect{a.x, a.y, z.x, z.y};
        if (ImGui::IsItemHovered() || ImGui::IsItemActive()) {
            ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
            ImGui::SetTooltip("Drag to widen or narrow the roster");
        }
        if (ImGui::IsItemActive()) {
            const float width = std::max(1.0f, ImGui::GetIO().DisplaySize.x);
            shell.roster_share = std::clamp(ImGui::GetIO().MousePos.x / width, kMinRosterShare, kMaxRosterShare);
        }
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
}

} // namespace umpire::ui
