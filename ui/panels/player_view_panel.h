#pragma once
// The player view drawn with ImGui: large type for a projector or a second screen. The content
// (what is public) comes from desk::build_player_view; this only lays it out.
#include "desk/player_view.h"
#include "panels/layout.h"

struct ImFont;

namespace umpire::ui {

// The player window has its own ImGui context and fonts; null fonts use the current one.
struct PlayerFonts {
    ImFont* body = nullptr;
    ImFont* big = nullptr;
};

// Fills `r` with one borderless window showing the view.
void draw_player_view(const desk::PlayerView& view, const Rect& r, const PlayerFonts& fonts = {});

} // namespace umpire::ui
