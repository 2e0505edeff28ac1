// Roster: every side, its commanders (the General marked, their status) and their units with
// figures, a strength bar and status badges. Click a unit to select it; right-click an enemy
// unit to make it the target.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace umpire::ui {

namespace {

std::string commander_line(const model::Battle& b, const model::Commander& c) {
    std::string line = c.name;
    if (c.status != model::CommanderStatus::Active) {
        std::string status(model::commander_status_id(c.status));
        for (char& ch : status) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        line += " [" + status + "]";
    }
    if (c.attached_unit)
        line += ", with " + entity_name(b, model::Entity::Unit, *c.attached_unit);
    return line;
}

void unit_row(Shell& shell, desk::Desk& desk, const model::Unit& u, float bar_w) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(u.id);

    // Name, then [TARGET] and the status badges: on the same line when they fit, else on as
    // many lines below as they need (the row is sized for them, so rows never overlap).
    const bool is_target = desk.target() == u.id;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    std::vector<float> extras;
    if (is_target) extras.push_back(ImGui::CalcTextSize("[TARGET]").x);
    int flags_set = 0;
    for (model::Flag f : model::kAllFlags) {
        if (!u.has(f)) continue;
        ++flags_set;
        extras.push_back(ImGui::CalcTextSize(("[" + flag_word(f) + "]").c_str()).x);
    }
    const float avail = ImGui::GetContentRegionAvail().x;
    const float line = ImGui::GetTextLineHeight();
    float extras_w = 0.0f;
    for (float w : extras) extras_w += spacing + w;
    const bool one_line = extras.empty() || ImGui::CalcTextSize(u.name.c_str()).x + extras_w <= avail;
    int extra_lines = 0;
    if (!one_line) {
        // The same flow flow_same_line() will make, in a column indented by one line height.
        const float room = std::max(1.0f, avail - line);
        float x = 0.0f;
        extra_lines = 1;
        for (float w : extras) {
            if (x > 0.0f && x + spacing + w > room) {
                ++extra_lines;
                x = 0.0f;
            }
            x += (x > 0.0f ? spacing : 0.0f) + w;
        }
    }
    const float row_h = line * static_cast<float>(1 + extra_lines) +
                        ImGui::GetStyle().ItemSpacing.y * static_cast<float>(extra_lines);

    const ImVec2 start = ImGui::GetCursorScreenPos();
    const bool selected = desk.unit() == u.id;
    if (ImGui::Selectable("##unit", selected,
                          ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                          ImVec2(0, row_h)))
        desk.select_unit(u.id);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) desk.set_target(u.id);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s (%s)\nClick: select   Right-click: make target", u.name.c_str(),
                          strength_text(u).c_str());
    const ImVec2 rmin = ImGui::GetItemRectMin();
    const ImVec2 rmax = ImGui::GetItemRectMax();
    shell.unit_rows[u.id] = ScreenRect{rmin.x, rmin.y, rmax.x, rmax.y};
    if (selected && shell.scroll_to_selected) {
        ImGui::SetScrollHereY(0.3f);
        shell.scroll_to_selected = false;
    }

    ImGui::SetCursorScreenPos(start);
    const ImVec4 name_colour = u.on_table() ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colour::dim;
    text_coloured(name_colour, u.name);
    if (!one_line) ImGui::Indent(line);
    bool first = !one_line;
    if (is_target) {
        if (!first) ImGui::SameLine();
        text_coloured(colour::accent, "[TARGET]");
        first = false;
    }
    if (flags_set > 0) flag_badges(u, !first);
    if (!one_line) ImGui::Unindent(line);

    ImGui::TableSetColumnIndex(1);
    strength_bar(u, bar_w);
    ImGui::PopID();
}

} // namespace

void draw_roster_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    shell.unit_rows.clear();
    if (begin_panel("Roster", r)) {
        const model::Battle& b = desk.battle();

        if (shell.focus_roster_filter) {
            ImGui::SetKeyboardFocusHere();
            shell.focus_roster_filter = false;
        }
        ImGui::SetNextItemWidth(-FLT_MIN);
        ImGui::InputTextWithHint("##filter", "Find unit (Ctrl+F)", &shell.roster_filter);
        // Enter deactivates the field within this same call: count that frame as active too.
        shell.roster_filter_active = ImGui::IsItemActive() || ImGui::IsItemDeactivated();

        const float bar_w = ImGui::CalcTextSize("000/000").x + ImGui::GetFontSize() * 1.5f;
        // Rows packed closer than elsewhere: the whole order of battle should fit on one screen.
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                            ImVec2(ImGui::GetStyle().ItemSpacing.x, 3.0f));
        ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(ImGui::GetStyle().CellPadding.x, 1.0f));
        for (const model::Side& side : b.sides) {
            ImGui::PushID(side.id);
            std::string title = side.name;
            if (!side.colour.empty()) title += "  (" + side.colour + ")";
            title += "##side";
            if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
                auto unassigned = [&](const model::Unit& u) {
                    return !u.commander || !b.commander(*u.commander) ||
                           b.commander(*u.commander)->side != side.id;
                };
                // One table per commander, so the commander's line can use the full width.
                auto units_table = [&](std::optional<int> commander) {
                    ImGui::Indent();
                    if (ImGui::BeginTable("units", 2, ImGuiTableFlags_SizingStretchProp)) {
                        ImGui::TableSetupColumn("Unit", ImGuiTableColumnFlags_WidthStretch);
                        ImGui::TableSetupColumn("Figures", ImGuiTableColumnFlags_WidthFixed, bar_w);
                        for (const model::Unit& u : b.units) {
                            if (u.side != side.id) continue;
                            const bool mine = commander ? u.commander == commander : unassigned(u);
                            if (!mine || !contains_ci(u.name, shell.roster_filter)) continue;
                            unit_row(shell, desk, u, bar_w);
                        }
                        ImGui::EndTable();
                    }
                    ImGui::Unindent();
                };
                for (const model::Commander& c : b.commanders) {
                    if (c.side != side.id) continue;
                    ImGui::PushID(c.id);
                    if (c.is_general) {
                        text_coloured(colour::general, "[GENERAL]");
                        ImGui::SameLine();
                    }
                    ImGui::PushFont(fonts().heading);
                    text_wrapped_coloured(c.status == model::CommanderStatus::Active
                                              ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                              : colour::warning,
                                          commander_line(b, c));
                    ImGui::PopFont();
                    units_table(c.id);
                    ImGui::PopID();
                }
                if (std::any_of(b.units.begin(), b.units.end(),
                                [&](const model::Unit& u) { return u.side == side.id && unassigned(u); })) {
                    text_dim("No commander");
                    ImGui::PushID("none");
                    units_table(std::nullopt);
                    ImGui::PopID();
                }
            }
            ImGui::PopID();
        }
        ImGui::PopStyleVar(2);
        if (b.sides.empty()) text_dim("This battle has no sides.");
    }
    ImGui::End();
}

} // namespace umpire::ui
