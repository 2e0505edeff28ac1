#pragma once
// Fonts, colours and spacing for a laptop at the edge of a wargames table: 20 px text, clear
// contrast, status colours that always come with a word.
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
Fonts load_fonts(ImGuiIO& io, const char* body_path = kBodyFontPath,
                 const char* bold_path = kBoldFontPath);
const Fonts& fonts();

// Dark theme with roomier spacing.
void apply_style();

namespace colour {
inline const ImVec4 dim{0.62f, 0.66f, 0.72f, 1.0f};
inline const ImVec4 error{1.00f, 0.42f, 0.38f, 1.0f};
inline const ImVec4 warning{1.00f, 0.78f, 0.30f, 1.0f};
inline const ImVec4 good{0.45f, 0.85f, 0.45f, 1.0f};
inline const ImVec4 accent{0.45f, 0.72f, 1.00f, 1.0f};
inline const ImVec4 general{1.00f, 0.84f, 0.35f, 1.0f};
inline const ImVec4 strength{0.18f, 0.42f, 0.66f, 1.0f};  // the filled part of a strength bar
} // namespace colour

ImVec4 flag_colour(model::Flag flag);

} // namespace umpire::ui
