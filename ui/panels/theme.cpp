#include "panels/theme.h"

#include <cmath>
#include <filesystem>

namespace umpire::ui {

namespace {

Fonts g_fonts;
desk::ViewSettings g_view;
bool g_light = false;

// Latin with its extensions, general punctuation (dashes, quotes, primes for inches), arrows,
// mathematical operators (>=, x), geometric shapes and dingbats (check marks).
const ImWchar kGlyphRanges[] = {
    0x0020, 0x024F, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF,
    0x25A0, 0x25FF, 0x2700, 0x27BF, 0,
};

bool readable(const char* path) {
    std::error_code ec;
    return path && std::filesystem::is_regular_file(path, ec);
}

} // namespace

Fonts load_fonts(ImGuiIO& io, const char* body_path, const char* bold_path, float scale) {
    Fonts f;
    io.Fonts->Clear();
    const float body_px = std::round(kBodyPx * scale);
    const float heading_px = std::round(kHeadingPx * scale);
    if (readable(body_path)) {
        f.body = io.Fonts->AddFontFromFileTTF(body_path, body_px, nullptr, kGlyphRanges);
        f.heading = readable(bold_path)
                        ? io.Fonts->AddFontFromFileTTF(bold_path, heading_px, nullptr, kGlyphRanges)
                        : f.body;
        f.from_file = f.body != nullptr;
        io.FontGlobalScale = 1.0f;
    }
    if (!f.body) {
        ImFontConfig config;
        config.SizePixels = 13.0f;
        f.body = io.Fonts->AddFontDefault(&config);
        f.heading = f.body;
        io.FontGlobalScale = body_px / 13.0f;
    }
    io.FontDefault = f.body;
    g_fonts = f;
    return f;
}

const Fonts& fonts() { return g_fonts; }

void apply_style(desk::Theme theme, float zoom) {
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle();  // sizes start from the defaults, so zooming twice never compounds
    if (theme == desk::Theme::Light)
        ImGui::StyleColorsLight();
    else
        ImGui::StyleColorsDark();
    style.WindowPadding = ImVec2(12, 10);
    style.FramePadding = ImVec2(8, 4);
    style.ItemSpacing = ImVec2(10, 6);
    style.ItemInnerSpacing = ImVec2(8, 6);
    style.CellPadding = ImVec2(6, 3);
    style.ScrollbarSize = 18;
    style.GrabMinSize = 14;
    style.WindowRounding = 0;
    style.FrameRounding = 3;
    style.GrabRounding = 3;
    style.WindowBorderSize = 1;
    style.FrameBorderSize = 1;
    style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.11f, 0.13f, 1.0f);
    c[ImGuiCol_TitleBg] = ImVec4(0.16f, 0.20f, 0.27f, 1.0f);
    c[ImGuiCol_TitleBgActive] = ImVec4(0.20f, 0.29f, 0.42f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.24f, 0.38f, 0.58f, 0.65f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.28f, 0.45f, 0.68f, 0.80f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.30f, 0.50f, 0.76f, 1.00f);
    c[ImGuiCol_PlotHistogram] = ImVec4(0.40f, 0.66f, 0.95f, 1.0f);
    c[ImGuiCol_PlotHistogramHovered] = ImVec4(0.60f, 0.80f, 1.00f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.93f, 0.94f, 0.96f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.55f, 0.57f, 0.62f, 1.0f);
    colour::dim = {0.62f, 0.66f, 0.72f, 1.0f};
    colour::error = {1.00f, 0.42f, 0.38f, 1.0f};
    colour::warning = {1.00f, 0.78f, 0.30f, 1.0f};
    colour::good = {0.45f, 0.85f, 0.45f, 1.0f};
    colour::accent = {0.45f, 0.72f, 1.00f, 1.0f};
    colour::general = {1.00f, 0.84f, 0.35f, 1.0f};
    colour::strength = {0.18f, 0.42f, 0.66f, 1.0f};
    g_light = theme == desk::Theme::Light;
    if (g_light) {
        // Paper-like: near-black text on a warm light grey, marks dark enough to read on it
        // (each at least 4.5:1 against the window background).
        c[ImGuiCol_WindowBg] = ImVec4(0.95f, 0.95f, 0.93f, 1.0f);
        c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
        c[ImGuiCol_PopupBg] = ImVec4(0.99f, 0.99f, 0.97f, 1.0f);
        c[ImGuiCol_TitleBg] = ImVec4(0.80f, 0.84f, 0.90f, 1.0f);
        c[ImGuiCol_TitleBgActive] = ImVec4(0.70f, 0.78f, 0.90f, 1.0f);
        c[ImGuiCol_Header] = ImVec4(0.62f, 0.74f, 0.90f, 0.70f);
        c[ImGuiCol_HeaderHovered] = ImVec4(0.55f, 0.70f, 0.92f, 0.80f);
        c[ImGuiCol_HeaderActive] = ImVec4(0.48f, 0.64f, 0.90f, 1.00f);
        c[ImGuiCol_PlotHistogram] = ImVec4(0.20f, 0.42f, 0.75f, 1.0f);
        c[ImGuiCol_PlotHistogramHovered] = ImVec4(0.10f, 0.32f, 0.65f, 1.0f);
        c[ImGuiCol_Text] = ImVec4(0.08f, 0.09f, 0.11f, 1.0f);
        c[ImGuiCol_TextDisabled] = ImVec4(0.38f, 0.40f, 0.44f, 1.0f);
        c[ImGuiCol_Border] = ImVec4(0.60f, 0.62f, 0.66f, 1.0f);
        colour::dim = {0.33f, 0.35f, 0.40f, 1.0f};
        colour::error = {0.72f, 0.08f, 0.06f, 1.0f};
        colour::warning = {0.55f, 0.33f, 0.00f, 1.0f};
        colour::good = {0.08f, 0.45f, 0.12f, 1.0f};
        colour::accent = {0.06f, 0.30f, 0.70f, 1.0f};
        colour::general = {0.50f, 0.35f, 0.00f, 1.0f};
        colour::strength = {0.60f, 0.76f, 0.94f, 1.0f};
    }
    if (zoom != 1.0f) style.ScaleAllSizes(zoom);
    g_view.zoom = zoom;
    g_view.theme = theme;
}

const desk::ViewSettings& applied_view() { return g_view; }

bool sync_view(const desk::ViewSettings& wanted) {
    // Only how the app looks: the window's place is the program's business.
    if (wanted.zoom == g_view.zoom && wanted.theme == g_view.theme && ImGui::GetIO().Fonts->IsBuilt()) return false;
    ImGuiIO& io = ImGui::GetIO();
    const bool new_fonts = wanted.zoom != g_view.zoom || !io.Fonts->IsBuilt();
    if (new_fonts) {
        load_fonts(io, kBodyFontPath, kBoldFontPath, wanted.zoom);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    apply_style(wanted.theme, wanted.zoom);
    return new_fonts;
}

ImVec4 deed_colour() { return g_light ? ImVec4{0.06f, 0.34f, 0.66f, 1.0f} : ImVec4{0.55f, 0.80f, 1.00f, 1.0f}; }

ImVec4 flag_colour(model::Flag flag) {
    if (g_light) {
        switch (flag) {
        case model::Flag::Shaken: return {0.60f, 0.36f, 0.00f, 1.0f};
        case model::Flag::Disordered: return {0.70f, 0.28f, 0.00f, 1.0f};
        case model::Flag::Routed: return {0.72f, 0.06f, 0.06f, 1.0f};
        case model::Flag::Pinned: return {0.45f, 0.18f, 0.70f, 1.0f};
        case model::Flag::Activated: return {0.06f, 0.34f, 0.66f, 1.0f};
        case model::Flag::Fired: return {0.04f, 0.42f, 0.42f, 1.0f};
        case model::Flag::NeedsRally: return {0.52f, 0.42f, 0.00f, 1.0f};
        case model::Flag::Reserve: return {0.35f, 0.35f, 0.35f, 1.0f};
        case model::Flag::Hidden: return {0.30f, 0.30f, 0.45f, 1.0f};
        }
    }
    switch (flag) {
    case model::Flag::Shaken: return {1.00f, 0.76f, 0.28f, 1.0f};
    case model::Flag::Disordered: return {1.00f, 0.55f, 0.25f, 1.0f};
    case model::Flag::Routed: return {1.00f, 0.38f, 0.38f, 1.0f};
    case model::Flag::Pinned: return {0.80f, 0.60f, 1.00f, 1.0f};
    case model::Flag::Activated: return {0.55f, 0.80f, 1.00f, 1.0f};
    case model::Flag::Fired: return {0.60f, 0.85f, 0.85f, 1.0f};
    case model::Flag::NeedsRally: return {1.00f, 0.90f, 0.35f, 1.0f};
    case model::Flag::Reserve: return {0.70f, 0.70f, 0.70f, 1.0f};
    case model::Flag::Hidden: return {0.70f, 0.70f, 0.90f, 1.0f};
    }
    return colour::dim;
}

} // namespace umpire::ui
