// Journal: every applied action, undo and redo, newest first. Undone actions are marked.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

#include <cstdint>
#include <optional>

namespace umpire::ui {

void draw_journal_panel(desk::Desk& desk, const Rect& r) {
    if (begin_panel("Journal", r)) {
        ImGui::BeginDisabled(!desk.can_undo());
        if (ImGui::Button("Undo  (Ctrl+Z)")) desk.undo();
        ImGui::EndDisabled();
        flow_same_line(button_width("Redo  (Ctrl+Shift+Z)"));
        ImGui::BeginDisabled(!desk.can_redo());
        if (ImGui::Button("Redo  (Ctrl+Shift+Z)")) desk.redo();
        ImGui::EndDisabled();

        const auto& entries = desk.journal();
        if (entries.empty()) text_dim("Nothing has happened yet.");
        if (ImGui::BeginChild("entries")) {
            for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
                const store::JournalEntry& e = *it;
                ImGui::PushID(static_cast<int>(e.id));
                std::string head = "#" + std::to_string(e.id) + "  T" + std::to_string(e.turn) + "  ";
                const ImVec4 c = e.undone ? colour::dim : ImGui::GetStyleColorVec4(ImGuiCol_Text);
                switch (e.kind) {
                case store::EntryKind::Action: head += e.action; break;
                case store::EntryKind::Undo: head += "UNDO"; break;
                case store::EntryKind::Redo: head += "REDO"; break;
                }
                if (e.refers_to && e.kind != store::EntryKind::Action)
                    head += " of #" + std::to_string(*e.refers_to);
                // The whole entry is clickable: it shows its working in the Result panel.
                const ImVec2 start = ImGui::GetCursorScreenPos();
                const bool shown = desk.shown_entry() == e.id;
                const float line = ImGui::GetTextLineHeight();
                const float summary_w = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().IndentSpacing;
                const float summary_h = ImGui::CalcTextSize(e.summary.c_str(), nullptr, false, summary_w).y;
                if (ImGui::Selectable("##entry", shown, ImGuiSelectableFlags_AllowItemOverlap,
                                      ImVec2(0, line + ImGui::GetStyle().ItemSpacing.y + summary_h)))
                    desk.show_entry(shown ? std::nullopt : std::optional<std::int64_t>(e.id));
                const bool hovered = ImGui::IsItemHovered();
                ImGui::SetCursorScreenPos(start);
                text_coloured(e.kind == store::EntryKind::Action ? colour::accent : colour::dim, head);
                if (e.undone) {
                    ImGui::SameLine();
                    text_coloured(colour::warning, "[UNDONE]");
                }
                ImGui::Indent();
                text_wrapped_coloured(c, e.summary.empty() ? std::string("(no summary)") : e.summary);
                if (hovered) {
                    std::string dice;
                    for (int v : e.dice) dice += std::to_string(v) + " ";
                    ImGui::SetTooltip("Click: show its working\nDice: %s\n%s", dice.empty() ? "none" : dice.c_str(),
                                      e.created_at.c_str());
                }
                ImGui::Unindent();
                ImGui::PopID();
            }
        }
        ImGui::EndChild();
    }
    ImGui::End();
}

} // namespace umpire::ui
