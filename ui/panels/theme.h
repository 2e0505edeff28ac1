#pragma once
// Fonts, colours and spacing for a laptop at the edge of a wargames table: 20 px text, clear
// contrast, status colours that always come with a word. A dark and a light theme, and a zoom
// that rebuilds the fonts at the new size (crisp text, not a stretched atlas).
#include "desk/view_settings.h"
#include "model/unit.h"

#include <imgui.h>

#include <string>

namespace umpire::ui {

inline constexpr float kBodyPx = 20.0f;
inline constexpr float kHeadingPx = 22.0f;
inline constexpr const char* kBodyFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
inline constexpr const char* kBoldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

struct Fonts {
    ImFont* body = nullptr;
    ImFont* heading = nullptr;  // bold, for outcomes and panel headings
    bool from_file = false;     // false: the built-in font, scaled up
};

// Adds the fonts to io.Fonts (before the atlas is built). Falls back to ImGui's default font,
// scaled to the same size, when DejaVu is not installed.
// `scale` multiplies the pixel sizes (the zoom): the glyphs are rasterised at the final size.
Fonts load_fonts(ImGuiIO& io, const char* body_path = kBodyFontPath,
                 const char* bold_path = kBoldFontPath, float scale = 1.0f);
const Fonts& fonts();

// The theme's colours with roomier spacing, every size multiplied by `zoom`. Also sets the
// colour:: palette below to the theme's.
void apply_style(desk::Theme theme = desk::Theme::Dark, float zoom = 1.0f);

// The view the context was last set up for: zoom and theme.
const desk::ViewSettings& applied_view();
// Call between frames (never between NewFrame and Render). When `wanted` differs from the
// applied view, rebuilds the style and, for a new zoom, the fonts. Returns true when the font
// atlas was rebuilt: the renderer must upload the new texture before the next frame.
bool sync_view(const desk::ViewSettings& wanted);

// Colours for text and marks, set by apply_style to suit the theme's background. Not const
// because the theme switches at run time; only apply_style writes them.
namespace colour {
inline ImVec4 dim{0.62f, 0.66f, 0.72f, 1.0f};
inline ImVec4 error{1.00f, 0.42f, 0.38f, 1.0f};
inline ImVec4 warning{1.00f, 0.78f, 0.30f, 1.0f};
inline ImVec4 good{0.45f, 0.85f, 0.45f, 1.0f};
inline ImVec4 accent{0.45f, 0.72f, 1.00f, 1.0f};
inline ImVec4 general{1.00f, 0.84f, 0.35f, 1.0f};
inline ImVec4 strength{0.18f, 0.42f, 0.66f, 1.0f};  // the filled part of a strength bar
} // namespace colour

ImVec4 flag_colour(model::Flag flag);
// What a unit has done this turn (moved, fired, ...): one colour, the word says which.
ImVec4 deed_colour();

} // namespace umpire::ui
