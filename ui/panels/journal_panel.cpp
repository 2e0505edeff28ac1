// Journal: every applied action, undo and redo, newest first. Undone actions are marked.
// Narrowed to one unit and/or one turn by two combos (the filter runs in SQL); the desk holds the
// newest page of what is listed and reads the page before it as the list is scrolled to its end.
// The after-action report of the whole game is written from here (Markdown or HTML, next to the
// battle file).
#include "panels/commands.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "desk/journal_heading.h"
#include "desk/journal_window.h"
#include "rules/action_names.h"

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <optional>

namespace umpire::ui {

namespace {

// Every unit of the battle and every turn so far are offered: which of them the journal names
// would take reading all of it.
void filter_controls(Shell& shell, const desk::Desk& desk) {
    const model::Battle& b = desk.battle();
    const std::string unit_label =
        shell.journal_unit ? entity_name(b, model::Entity::Unit, *shell.journal_unit) : std::string("All units");
    const float turn_w = ImGui::CalcTextSize("Turn 000").x + ImGui::GetFrameHeight() * 1.5f;
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - turn_w - ImGui::GetStyle().ItemSpacing.x));
    if (ImGui::BeginCombo("##junit", unit_label.c_str())) {
        if (ImGui::Selectable("All units", !shell.journal_unit)) shell.journal_unit.reset();
        for (const model::Unit& u : b.units) {
            ImGui::PushID(u.id);
            if (ImGui::Selectable(u.name.c_str(), shell.journal_unit == u.id)) shell.journal_unit = u.id;
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
        for (int t = 1; t <= std::max(b.turn, shell.journal_turn.value_or(1)); ++t) {
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
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Write the after-action report (HTML) next to the battle file  (%s)",
                              command_keys(Command::ExportHtml).c_str());
        if (!shell.report_message.empty())
            text_wrapped_coloured(shell.report_failed ? colour::error : colour::good, shell.report_message);
        filter_controls(shell, desk);

        const store::LineFilter filter{shell.journal_unit, shell.journal_turn};
        desk.set_journal_filter(filter);
        const desk::JournalWindow& view = desk.journal_view();
        // The entries the filter lets through, newest first, as far back as read; only those on
        // screen are drawn (a clipper over rows of one height: a head line and the summary's first
        // line, the whole summary in the tooltip and the working in the Result panel).
        for (auto it = view.lines().rbegin(); it != view.lines().rend(); ++it) shell.journal_shown.push_back(it->id);
        if (desk.journal().empty()) text_dim("Nothing has happened yet.");
        else if (shell.journal_shown.empty() && view.complete())
            text_dim("No entry matches the filter.");
        // Actions by the names players know them by, as the after-action report shows them.
        const std::map<std::string, std::string> names = rules::action_names(desk.ruleset());
        if (ImGui::BeginChild("entries")) {
            scroll_by_keys();  // End reaches the oldest read, and so reads the page before it
            const float line = ImGui::GetTextLineHeight();
            const float row_h = 2 * line + ImGui::GetStyle().ItemSpacing.y;
            ImGuiListClipper clipper;
            clipper.Begin(static_cast<int>(shell.journal_shown.size()), row_h + ImGui::GetStyle().ItemSpacing.y);
            bool at_oldest = shell.journal_shown.empty();
            while (clipper.Step()) {
                at_oldest = at_oldest || clipper.DisplayEnd >= static_cast<int>(shell.journal_shown.size());
                for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
                    const store::JournalLine* found = desk.line(shell.journal_shown[static_cast<std::size_t>(row)]);
                    if (!found) continue;
                    const store::JournalLine& e = *found;
                    ImGui::PushID(static_cast<int>(e.id));
                    const std::string head = desk::journal_heading(e, names, desk.battle());
                    const ImVec4 c = e.undone ? colour::dim : ImGui::GetStyleColorVec4(ImGuiCol_Text);
                    // The whole entry is clickable: it shows its working in the Result panel.
                    const ImVec2 start = ImGui::GetCursorScreenPos();
                    const bool shown = desk.shown_entry() == e.id;
                    if (ImGui::Selectable("##entry", shown, ImGuiSelectableFlags_AllowItemOverlap, ImVec2(0, row_h)))
                        desk.show_entry(shown ? std::nullopt : std::optional<std::int64_t>(e.id));
                    const bool hovered = ImGui::IsItemHovered();
                    ImGui::SetCursorScreenPos(start);
                    text_coloured(e.kind == store::EntryKind::Action ? colour::accent : colour::dim, head);
                    if (!e.umpire.empty()) {  // a battle several umpires run: who applied it
                        ImGui::SameLine();
                        text_dim("by " + e.umpire);
                    }
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
            // The oldest line read is on screen: the page before it, for the next frame.
            if (at_oldest && !view.complete()) {
                text_dim("Reading older entries...");
                desk.read_older_journal();
            }
        }
        ImGui::EndChild();
    }
    ImGui::End();
}

} // namespace umpire::ui
