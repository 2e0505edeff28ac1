// F2: the quick reference. The current ruleset's tables as the engine reads them
// (Ruleset::reference_toml(): the reference data with this battle's house rules laid over it),
// so what the umpire reads here is what the rules use. A search field narrows the tables.
#include "panels/overlays.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "rulesets/registry.h"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace umpire::ui {

namespace {

// Parsed once per ruleset text, not every frame.
const desk::ReferenceView* reference_for(Shell& shell, const desk::Desk& desk, std::string& error) {
    const std::string& source = desk.ruleset().reference_toml();
    if (!shell.reference || shell.reference_source != source) {
        shell.reference.reset();
        shell.reference_source = source;
        try {
            // The ruleset's reference without house rules gives the file's order back.
            const auto plain = rulesets::make(desk.battle().ruleset, "");
            shell.reference = desk::reference_view(source, plain->reference_toml());
        } catch (const std::exception& e) {
            error = e.what();
            return nullptr;
        }
    }
    return &*shell.reference;
}

} // namespace

void draw_reference_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    if (begin_panel("Quick reference (F2 to close)", r)) {
        std::string error;
        const desk::ReferenceView* view = reference_for(shell, desk, error);
        if (!view) {
            text_wrapped_coloured(colour::error, "The reference tables cannot be shown: " + error);
        } else {
            heading(view->name.empty() ? std::string(desk.ruleset().name()) : view->name);
            if (!desk.battle().house_rules.empty()) text_dim("With this battle's house rules.");
            ImGui::SetNextItemWidth(-FLT_MIN);
            ImGui::InputTextWithHint("##reffind", "Find in the tables (weapon, range, morale...)", &shell.reference_filter);
            const auto tables = desk::find_tables(*view, shell.reference_filter);
            if (tables.empty()) text_dim("No table holds \"" + shell.reference_filter + "\".");
            if (ImGui::BeginChild("tables")) {
                for (const desk::ReferenceTable* t : tables) {
                    ImGui::PushID(t);
                    const std::string title = t->title + (t->citation.empty() ? "" : "  (" + t->citation + ")");
                    if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen) && !t->columns.empty()) {
                        const int cols = static_cast<int>(std::min<std::size_t>(t->columns.size(), 32));
                        const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                                      ImGuiTableFlags_SizingStretchProp;
                        if (ImGui::BeginTable("t", cols, flags)) {
                            for (int c = 0; c < cols; ++c)
                                ImGui::TableSetupColumn(t->columns[static_cast<std::size_t>(c)].c_str());
                            ImGui::TableHeadersRow();
                            for (const auto& row : t->rows) {
                                ImGui::TableNextRow();
                                for (int c = 0; c < cols; ++c) {
                                    ImGui::TableSetColumnIndex(c);
                                    text_wrapped(row[static_cast<std::size_t>(c)]);
                                }
                            }
                            ImGui::EndTable();
                        }
                    }
                    ImGui::PopID();
                }
            }
            ImGui::EndChild();
        }
    }
    ImGui::End();
}

} // namespace umpire::ui
