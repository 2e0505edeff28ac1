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
        for (std::size_t i = 0; i < count; ++i) {
            const desk::PendingItem& item = desk.pending()[i];
            const rules::FollowUp& f = item.follow_up;
            ImGui::PushID(static_cast<int>(i));
            const rules::ActionSpec* spec = desk.ruleset().action(f.action);
            std::string line = spec && !spec->name.empty() ? spec->name : f.action;
            if (f.unit) line += ": " + entity_name(b, model::Entity::Unit, *f.unit);
            if (ImGui::Button(active == i ? "Resolving" : "Resolve")) take = i;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Select the unit and the action");
            ImGui::SameLine();
            if (ImGui::Button("x")) dismiss = i;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss: nothing is rolled");
            ImGui::SameLine();
            ImGui::AlignTextToFramePadding();
            text_wrapped(line);  // wraps beside the buttons
            std::string why = f.reason;
            if (!f.citation.empty()) why += (why.empty() ? "" : "  ") + ("[" + f.citation + "]");
            if (!why.empty()) text_wrapped_coloured(colour::dim, why);
            ImGui::PopID();
        }
        if (take && desk.take_pending(*take)) shell.scroll_to_selected = true;  // show it in the roster
        if (dismiss) desk.dismiss_pending(*dismiss);
    }
    ImGui::End();
}

} // namespace umpire::ui
