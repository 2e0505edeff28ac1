// The wind compass: a circle with the eight points (N at the top, aligned with the table as the
// rules suggest), an arrow flying from the point the wind blows from across the centre, and the
// strength written under it. With no wind the centre says so: the words carry it, not the arrow.
#include "panels/theme.h"
#include "panels/turn_panels.h"

#include "turn/compass.h"

#include <imgui.h>

#include <cmath>

namespace umpire::ui {

void draw_wind_compass(int direction, const std::string& strength, float size) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float em = ImGui::GetFontSize();
    const ImVec2 c(p.x + size * 0.5f, p.y + size * 0.5f);
    const float radius = size * 0.5f - em * 0.9f;
    const ImU32 ring = ImGui::GetColorU32(ImGuiCol_Border);
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 arrow = ImGui::ColorConvertFloat4ToU32(colour::accent);
    dl->AddCircle(c, radius, ring, 48, 2.0f);
    for (int d = 1; d <= 8; ++d) {
        // Compass degrees clockwise from north; screen y grows downwards.
        const double rad = turn::compass_degrees(d) * M_PI / 180.0;
        const ImVec2 unit(static_cast<float>(std::sin(rad)), static_cast<float>(-std::cos(rad)));
        const std::string name(turn::compass_name(d));
        const bool cardinal = name.size() == 1;
        const ImVec2 tick0(c.x + unit.x * radius * 0.88f, c.y + unit.y * radius * 0.88f);
        const ImVec2 tick1(c.x + unit.x * radius, c.y + unit.y * radius);
        dl->AddLine(tick0, tick1, ring, 2.0f);
        if (!cardinal) continue;  // four letters are enough to read the card by
        const ImVec2 ts = ImGui::CalcTextSize(name.c_str());
        const ImVec2 at(c.x + unit.x * (radius + em * 0.5f) - ts.x * 0.5f, c.y + unit.y * (radius + em * 0.5f) - ts.y * 0.5f);
        dl->AddText(at, ink, name.c_str());
    }
    if (direction > 0) {
        // From the point it blows from, through the centre, to the head on the far side.
        const double rad = turn::compass_degrees(direction) * M_PI / 180.0;
        const ImVec2 from(c.x + static_cast<float>(std::sin(rad)) * radius * 0.8f,
                          c.y - static_cast<float>(std::cos(rad)) * radius * 0.8f);
        const ImVec2 to(2.0f * c.x - from.x, 2.0f * c.y - from.y);
        dl->AddLine(from, to, arrow, 4.0f);
        const ImVec2 along((to.x - from.x) / (radius * 1.6f), (to.y - from.y) / (radius * 1.6f));
        const ImVec2 across(-along.y, along.x);
        const float head = em * 0.7f;
        dl->AddTriangleFilled(to, ImVec2(to.x - along.x * head + across.x * head * 0.6f, to.y - along.y * head + across.y * head * 0.6f),
                              ImVec2(to.x - along.x * head - across.x * head * 0.6f, to.y - along.y * head - across.y * head * 0.6f),
                              arrow);
        dl->AddCircleFilled(from, em * 0.25f, arrow);
    } else {
        const char* calm = "calm";
        const ImVec2 ts = ImGui::CalcTextSize(calm);
        dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), ink, calm);
    }
    ImGui::Dummy(ImVec2(size, size));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", direction > 0 ? ("Wind from the " + std::string(turn::compass_long_name(direction)) + ": " + strength).c_str()
                                              : "No wind");
}

} // namespace umpire::ui
