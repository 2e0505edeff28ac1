// F1: every shortcut, read from the one shortcut table (commands.cpp), grouped as the table
// groups them. Nothing here names a key by hand.
#include "panels/commands.h"
#include "panels/overlays.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

#include <vector>

namespace umpire::ui {

void draw_help_overlay(Shell& shell) {
    if (!shell.show_help) return;
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 size(std::min(io.DisplaySize.x - 40.0f, ImGui::GetFontSize() * 40.0f),
                      std::min(io.DisplaySize.y - 40.0f, ImGui::GetFontSize() * 34.0f));
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    ImGui::SetNextWindowFocus();
    bool open = true;
    if (ImGui::Begin("Keyboard shortcuts (F1 or Esc to close)", &open,
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                         ImGuiWindowFlags_NoSavedSettings)) {
        const std::vector<HelpRow> rows = help_rows();
        for (std::size_t i = 0; i < rows.size();) {
            const std::string& group = rows[i].group;
            heading(group);
            const bool palette_only = group == kPaletteOnlyGroup;
            if (ImGui::BeginTable(group.c_str(), palette_only ? 1 : 2,
                                  ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
                if (!palette_only)
                    ImGui::TableSetupColumn("Keys", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 11.0f);
                ImGui::TableSetupColumn("What", ImGuiTableColumnFlags_WidthStretch);
                for (; i < rows.size() && rows[i].group == group; ++i) {
                    ImGui::TableNextRow();
                    ImGui::TableSetColumnIndex(0);
                    if (!palette_only) {
                        text_coloured(colour::accent, rows[i].keys);
                        ImGui::TableSetColumnIndex(1);
                    }
                    text_wrapped(rows[i].name);
                }
                ImGui::EndTable();
            } else {
                while (i < rows.size() && rows[i].group == group) ++i;
            }
        }
        heading("Roster");
        text_wrapped("With the roster focused, type a few letters of a unit's name to jump to it. "
                     "Click a unit to select it; right-click an enemy unit to make it the target.");
        heading("The form");
        text_wrapped("Tab and Shift+Tab go round the whole form: action, unit, target, every input, "
                     "Dice, Roll, Apply (Tab from the roster enters it). On a list, Up/Down step "
                     "through it and a few letters pick by name; Space ticks a checkbox; Space or "
                     "Enter presses a button.");
        heading("Journal");
        text_wrapped("With the pointer over the journal's entries (or after a click in them), Page Up and "
                     "Page Down scroll a page, Home goes to the newest entry and End to the oldest read so "
                     "far: older entries are read from the file as the list reaches them.");
    }
    ImGui::End();
    if (!open) shell.show_help = false;
}

} // namespace umpire::ui
