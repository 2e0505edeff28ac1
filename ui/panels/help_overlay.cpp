// F1: every shortcut, read from the one shortcut table (commands.cpp), grouped as the table
// groups them. Nothing here names a key by hand.
#include "panels/commands.h"
#include "panels/overlays.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

#include <algorithm>
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
        std::vector<std::string> groups;
        for (const CommandInfo& c : commands())
            if (std::find(groups.begin(), groups.end(), c.group) == groups.end()) groups.emplace_back(c.group);
        for (const std::string& group : groups) {
            heading(group);
            if (ImGui::BeginTable(group.c_str(), 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
                ImGui::TableSetupColumn("Keys", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 11.0f);
                ImGui::TableSetupColumn("What", ImGuiTableColumnFlags_WidthStretch);
                for (const CommandInfo& c : commands()) {
                    if (group != c.group) continue;
                    const std::string keys = command_keys(c.command);
                    ImGui::TableNextRow();
                    ImGui::TableSetColumnIndex(0);
                    if (keys.empty())
                        text_dim("Ctrl+K");  // no key of its own: reached through the palette
                    else
                        text_coloured(colour::accent, keys);
                    ImGui::TableSetColumnIndex(1);
                    text_wrapped(c.name);
                }
                ImGui::EndTable();
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
