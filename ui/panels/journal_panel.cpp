// Journal: every applied action, undo and redo, newest first. Undone actions are marked.
// Narrowed to one unit and/or one turn by two combos; the after-action report of the whole
// game is written from here (Markdown or HTML, next to the battle file).
#include "panels/commands.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "desk/journal_filter.h"
#include "rules/action_names.h"

#include <imgui.h>

#include <cstdint>
#include <optional>

namespace umpire::ui {

namespace {

void filter_controls(Shell& shell, const desk::Desk& desk) {
    const auto& journal = desk.journal();
    const model::Battle& b = desk.battle();
    const std::string unit_label =
        shell.journal_unit ? entity_name(b, model::Entity::Unit, *shell.journal_unit) : std::string("All units");
    const float turn_w = ImGui::CalcTextSize("Turn 000").x + ImGui::GetFrameHeight() * 1.5f;
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - turn_w - ImGui::GetStyle().ItemSpacing.x));
    if (ImGui::BeginCombo("##junit", unit_label.c_str())) {
        if (ImGui::Selectable("All units", !shell.journal_unit)) shell.journal_unit.reset();
        for (int id : desk::journal_units(journal)) {
            ImGui::PushID(id);
            if (ImGui::Selectable(entity_name(b, model::Entity::Unit, id).c_str(), shell.journal_unit == id))
                shell.journal_unit = id;
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show only the entries of one unit");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    const std::string turn_label = shell.journal_turn ? "Turn " + std::to_string(*shell.journal_turn) : "All turns";
    if (ImGui::BeginCombo("##jturn", turn_label.c_str())) {
        if (ImGui::Selectable("All turns", !shell.journal_turn)) shell.journal_turn.reset();
        for (int t : desk::journal_turns(journal)) {
            ImGui::PushID(t);
            if (ImGui::Selectable(("Turn " + std::to_string(t)).c_str(), shell.journal_turn == t)) shell.journal_turn = t;
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
}

} // namespace

void draw_journal_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    shell.journal_shown.clear();
    if (begin_panel("Journal", r)) {
        ImGui::BeginDisabled(!desk.can_undo());
        if (ImGui::Button("Undo  (Ctrl+Z)")) desk.undo();
        ImGui::EndDisabled();
        flow_same_line(button_width("Redo  (Ctrl+Shift+Z)"));
        ImGui::BeginDisabled(!desk.can_redo());
        if (ImGui::Button("Redo  (Ctrl+Shift+Z)")) desk.redo();
        ImGui::EndDisabled();
        flow_same_line(button_width("Report .md"));
        if (ImGui::Button("Report .md")) run_command(Command::ExportMarkdown, shell);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Write the after-action report (Markdown) next to the battle file  (%s)",
                              command_keys(Command::ExportMarkdown).c_str());
        flow_same_line(button_width("Report .html"));
        if (ImGui::Button("Report .html")) run_command(Command::ExportHtml, shell);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Write the after-action report (HTML) next to the battle file");
        if (!shell.report_message.empty())
            text_wrapped_coloured(shell.report_failed ? colour::error : colour::good, shell.report_message);
        filter_controls(shell, desk);

        const auto& entries = desk.journal();
        const desk::JournalFilter filter{shell.journal_unit, shell.journal_turn};
        // The entries the filter lets through, newest first; only those on screen are drawn (a
        // clipper over rows of one height: a head line and the summary's first line, the whole
        // summary in the tooltip and the working in the Result panel).
        for (auto it = entries.rbegin(); it != entries.rend(); ++it)
            if (!filter.any() || desk::entry_matches(*it, filter)) shell.journal_shown.push_back(it->id);
        if (entries.empty()) text_dim("Nothing has happened yet.");
        else if (shell.journal_shown.empty())
            text_dim("No entry matches the filter.");
        // Actions by the names players know them by, as the after-action report shows them.
        const std::map<std::string, std::string> names = rules::action_names(desk.ruleset());
        if (ImGui::BeginChild("entries")) {
            const float line = ImGui::GetTextLineHeight();
            const float row_h = 2 * line + ImGui::GetStyle().ItemSpacing.y;
            ImGuiListClipper clipper;
            clipper.Begin(static_cast<int>(shell.journal_shown.size()), row_h + ImGui::GetStyle().ItemSpacing.y);
            while (clipper.Step()) {
                for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
                    const store::JournalLine* found = desk.line(shell.journal_shown[static_cast<std::size_t>(row)]);
                    if (!found) continue;
                    const store::JournalLine& e = *found;
                    ImGui::PushID(static_cast<int>(e.id));
                    const std::string head = desk::journal_heading(e, names);
                    const ImVec4 c = e.undone ? colour::dim : ImGui::GetStyleColorVec4(ImGuiCol_Text);
                    // The whole entry is clickable: it shows its working in the Result panel.
                    const ImVec2 start = ImGui::GetCursorScreenPos();
                    const bool shown = desk.shown_entry() == e.id;
                    if (ImGui::Selectable("##entry", shown, ImGuiSelectableFlags_AllowItemOverlap, ImVec2(0, row_h)))
                        desk.show_entry(shown ? std::nullopt : std::optional<std::int64_t>(e.id));
                    const bool hovered = ImGui::IsItemHovered();
                    ImGui::SetCursorScreenPos(start);
                    text_coloured(e.kind == store::EntryKind::Action ? colour::accent : colour::dim, head);
                    if (e.undone) {
                        ImGui::SameLine();
                        text_coloured(colour::warning, "[UNDONE]");
                    }
                    ImGui::Indent();
                    text_coloured(c, e.summary.empty() ? std::string("(no summary)") : e.summary);
                    if (hovered) {
                        std::string dice;
                        for (int v : e.dice) dice += std::to_string(v) + " ";
                        ImGui::SetTooltip("%s\nClick: show its working\nDice: %s\n%s", e.summary.c_str(),
                                          dice.empty() ? "none" : dice.c_str(), e.created_at.c_str());
                    }
                    ImGui::Unindent();
                    ImGui::PopID();
                }
            }
        }
        ImGui::EndChild();
    }
    ImGui::End();
}

} // namespace umpire::ui
