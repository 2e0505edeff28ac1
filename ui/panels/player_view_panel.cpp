// Player view: turn and phase large at the top, then the card just drawn, the chance card and
// the wind, the hits units carry (rulesets with a capacity), then the last results, newest first. Slots the turn engine has not filled read
// "-", so the players see the slot exists rather than wonder whether something is missing.
#include "panels/player_view_panel.h"

#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>

namespace umpire::ui {

namespace {

void with_font(ImFont* font, const auto& draw) {
    if (font) ImGui::PushFont(font);
    draw();
    if (font) ImGui::PopFont();
}

void slot(const char* label, const std::string& value, ImFont* font) {
    with_font(font, [&] {
        text_coloured(colour::dim, label);
        ImGui::SameLine();
        text_wrapped(value.empty() ? std::string("-") : value);
    });
}

} // namespace

void draw_player_view(const desk::PlayerView& view, const Rect& r, const PlayerFonts& fonts) {
    const bool open = begin_panel("##player-view", r, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    if (open) {
        with_font(fonts.body, [&] { text_dim(view.battle); });
        with_font(fonts.big, [&] {
            text("Turn " + std::to_string(view.turn));
            if (!view.phase.empty()) {
                ImGui::SameLine();
                text_coloured(colour::accent, "  " + view.phase);
            }
        });
        ImGui::Separator();
        slot("Card drawn:", view.card_drawn, fonts.body);
        slot("Chance card:", view.chance_card, fonts.body);
        if (!view.chance_text.empty()) with_font(fonts.body, [&] { text_wrapped(view.chance_text); });
        slot("Wind:", view.wind, fonts.body);
        if (!view.hits.empty()) {
            ImGui::Separator();
            with_font(fonts.body, [&] {
                text_coloured(colour::dim, "Hits against capacity");
                for (const std::string& line : view.hits) text_wrapped(line);
            });
        }
        ImGui::Separator();
        with_font(fonts.body, [&] {
            text_coloured(colour::dim, "Last results");
            if (view.results.empty()) text_dim("none yet");
            for (std::size_t i = 0; i < view.results.size(); ++i) {
                // The newest result is the one the table is waiting for: full strength.
                if (i == 0)
                    text_wrapped(view.results[i]);
                else
                    text_wrapped_coloured(colour::dim, view.results[i]);
            }
        });
    }
    ImGui::End();
}

} // namespace umpire::ui
