// Unit card: everything the battle knows about the selected unit.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "model/sectors.h"

#include <imgui.h>

#include <algorithm>
#include <utility>
#include <vector>

#include <set>
#include <string>

namespace umpire::ui {

namespace {

// One label/value pair in the next cell pair of the table (two pairs a row, or one).
void pair(const char* label, const std::string& value) {
    ImGui::TableNextColumn();
    text_dim(label);
    ImGui::TableNextColumn();
    text_wrapped(value.empty() ? std::string("-") : value);
}

// A label/value pair across the whole width, on a row of its own.
// A roster id read as words: "pack-horse-artillery" as "pack horse artillery".
std::string words(std::string id) {
    for (char& c : id)
        if (c == '-' || c == '_') c = ' ';
    return id;
}

void wide(const char* label, const std::string& value) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    text_dim(label);
    ImGui::TableSetColumnIndex(1);
    text_wrapped(value.empty() ? std::string("-") : value);
}

} // namespace

void draw_unit_card_panel(desk::Desk& desk, const Rect& r) {
    if (begin_panel("Unit card", r)) {
        const model::Unit* u = desk.selected_unit();
        if (!u) {
            text_wrapped_coloured(colour::dim, "No unit selected. Click a unit in the roster.");
        } else {
            const model::Battle& b = desk.battle();
            heading(u->name);
            strength_bar(*u, -FLT_MIN);
            ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 3.0f));
            ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(ImGui::GetStyle().CellPadding.x, 1.0f));

            // Two pairs a row where both fit whole; zoomed in or narrow, one pair a row ("elit e"
            // is never broken mid-word).
            std::vector<std::pair<const char*, std::string>> pairs = {{"Quality", words(u->quality)},
                                                                      {"Formed", u->formed ? "yes" : "no"}};
            // A ruleset that counts hits against a capacity does not count figures.
            if (u->hit_capacity > 0)
                pairs.emplace_back("Hits", std::to_string(u->hits) + " of " + std::to_string(u->hit_capacity));
            else
                pairs.emplace_back("Figures", std::to_string(u->figures) + " of " + std::to_string(u->start_figures));
            const float label_w = ImGui::CalcTextSize("Figures").x;
            float value_w = 0.0f;
            for (const auto& [label, value] : pairs) value_w = std::max(value_w, ImGui::CalcTextSize(value.c_str()).x);
            const float pad = ImGui::GetStyle().CellPadding.x * 2.0f + ImGui::GetStyle().ItemSpacing.x;
            const int columns = ImGui::GetContentRegionAvail().x >= 2.0f * (label_w + value_w + 2.0f * pad) ? 4 : 2;
            if (ImGui::BeginTable("card", columns, ImGuiTableFlags_SizingStretchProp)) {
                for (int c = 0; c < columns; c += 2) {
                    ImGui::TableSetupColumn(c == 0 ? "k1" : "k2", ImGuiTableColumnFlags_WidthFixed, label_w);
                    ImGui::TableSetupColumn(c == 0 ? "v1" : "v2", ImGuiTableColumnFlags_WidthStretch, 1.0f);
                }
                for (const auto& [label, value] : pairs) pair(label, value);
                ImGui::EndTable();
            }
            if (ImGui::BeginTable("card-wide", 2, ImGuiTableFlags_SizingStretchProp)) {
                ImGui::TableSetupColumn("k", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("Commander").x);
                ImGui::TableSetupColumn("v", ImGuiTableColumnFlags_WidthStretch);
                std::string commander;
                if (u->commander) {
                    const model::Commander* c = b.commander(*u->commander);
                    commander = c ? c->name + (c->is_general ? " (General)" : "")
                                  : "commander " + std::to_string(*u->commander);
                }
                // Type and weapon take the whole width: "pack horse artillery" is never broken mid-word.
                wide("Type", words(u->troop_type));
                wide("Weapon", words(u->weapon));
                wide("Side", b.side(u->side) ? b.side(u->side)->name : std::to_string(u->side));
                wide("Commander", commander);
                const model::Commander* joined = b.joined_commander(u->id);
                wide("Joined by", joined ? joined->name : std::string("nobody"));
                // Several umpires, one battle: whose sector the unit is in, when sectors are used.
                if (const auto sector = model::unit_sector(b, u->id)) wide("Sector", *sector + "'s");

                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                text_dim("Status");
                ImGui::TableSetColumnIndex(1);
                if (draw_badges(status_badges(b, *u, &desk.ruleset())) == 0) text("in good order");

                std::string traits;
                for (const auto& [id, value] : u->traits) {
                    if (!traits.empty()) traits += ", ";
                    traits += id;
                    if (!value.empty() && value != "true" && value != id) traits += " (" + value + ")";
                }
                wide("Traits", traits);
                // What the ruleset says of the unit in words, in place of the counters it reads.
                std::set<std::string> described;
                for (const auto& note : desk.ruleset().unit_notes(b, *u)) {
                    if (!note.label.empty()) wide(note.label.c_str(), note.value);
                    described.insert(note.counters.begin(), note.counters.end());
                }
                std::string counters;
                for (const auto& [id, value] : u->counters) {
                    if (id.rfind("did:", 0) == 0) continue;  // what it did this turn: the Status badges
                    if (described.count(id)) continue;
                    if (!counters.empty()) counters += ", ";
                    counters += id + " " + std::to_string(value);
                }
                if (!counters.empty()) wide("Counters", counters);
                ImGui::EndTable();
            }
            ImGui::PopStyleVar(2);
        }
    }
    ImGui::End();
}

} // namespace umpire::ui
