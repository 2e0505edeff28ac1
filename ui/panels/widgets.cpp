#include "panels/widgets.h"

#include "panels/theme.h"

#include "kit/deeds.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace umpire::ui {

void text(std::string_view s) { ImGui::TextUnformatted(s.data(), s.data() + s.size()); }

void text_dim(std::string_view s) { text_coloured(colour::dim, s); }

void text_coloured(const ImVec4& c, std::string_view s) {
    ImGui::PushStyleColor(ImGuiCol_Text, c);
    text(s);
    ImGui::PopStyleColor();
}

void text_wrapped(std::string_view s) {
    ImGui::PushTextWrapPos(0.0f);
    text(s);
    ImGui::PopTextWrapPos();
}

void text_wrapped_coloured(const ImVec4& c, std::string_view s) {
    ImGui::PushStyleColor(ImGuiCol_Text, c);
    text_wrapped(s);
    ImGui::PopStyleColor();
}

void heading(std::string_view s) {
    ImGui::PushFont(fonts().heading);
    text(s);
    ImGui::PopFont();
}

void help_marker(std::string_view help) {
    if (help.empty()) return;
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        text(help);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

void trailing_hint(const std::vector<std::string>& hints, std::string_view tooltip) {
    if (hints.empty()) return;
    const bool widget_hovered = ImGui::IsItemHovered();
    const float start = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
    const float end = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;  // the column's edge
    for (const std::string& hint : hints) {
        if (ImGui::CalcTextSize(hint.c_str()).x > end - start) continue;
        ImGui::SameLine();
        text_dim(hint);
        if (!tooltip.empty() && ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            text(tooltip);
            ImGui::EndTooltip();
        }
        return;
    }
    if (widget_hovered) {
        ImGui::BeginTooltip();
        text(hints.front());
        if (!tooltip.empty()) text(tooltip);
        ImGui::EndTooltip();
    }
}

void full_text_on_hover(std::string_view full) {
    if (!ImGui::IsItemHovered()) return;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float room = ImGui::GetItemRectSize().x - ImGui::GetFrameHeight() - style.FramePadding.x * 2.0f;
    if (ImGui::CalcTextSize(full.data(), full.data() + full.size()).x <= room) return;
    ImGui::BeginTooltip();
    text(full);
    ImGui::EndTooltip();
}

void flow_same_line(float width) {
    ImGui::SameLine();
    // Inside a table cell the available width is the cell's.
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

std::string fit_words(std::string_view s, float width) {
    auto w = [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; };
    if (w(s) <= width) return std::string(s);
    const std::string_view dots = "...";
    std::size_t cut = s.find(' ');
    if (cut == std::string_view::npos) return std::string(s);
    for (std::size_t next = s.find(' ', cut + 1); next != std::string_view::npos; next = s.find(' ', next + 1)) {
        if (w(s.substr(0, next)) + w(dots) > width) break;
        cut = next;
    }
    std::string out(s.substr(0, cut));
    while (!out.empty() && (out.back() == ',' || out.back() == ';' || out.back() == ':')) out.pop_back();
    return out + std::string(dots);
}

float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

namespace {

// A badge's word in capitals, an id's hyphens as spaces: "needs-rally" as "NEEDS RALLY".
std::string upper(std::string word) {
    for (char& ch : word) ch = ch == '-' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return word;
}

} // namespace

std::string flag_word(model::Flag flag) { return upper(std::string(model::flag_id(flag))); }

void flag_badge(model::Flag flag) { text_coloured(flag_colour(flag), "[" + flag_word(flag) + "]"); }

std::vector<Badge> status_badges(const model::Battle& battle, const model::Unit& unit, const rules::Ruleset* ruleset) {
    std::vector<Badge> out;
    for (model::Flag flag : model::kAllFlags) {
        // Activated and fired are deeds now, stamped with their turn (below); the old flags of
        // files written before are not shown.
        if (!unit.has(flag) || flag == model::Flag::Activated || flag == model::Flag::Fired) continue;
        out.push_back({"[" + flag_word(flag) + "]", flag_colour(flag)});
    }
    if (ruleset)
        for (const auto& note : ruleset->unit_notes(battle, unit))
            if (!note.badge.empty()) out.push_back({"[" + upper(note.badge) + "]", colour::accent});
    for (const std::string& deed : kit::deeds_this_turn(battle, unit)) out.push_back({"[" + upper(deed) + "]", deed_colour()});
    return out;
}

int draw_badges(const std::vector<Badge>& badges, bool same_line_first) {
    int drawn = 0;
    for (const Badge& b : badges) {
        if (drawn > 0 || same_line_first) flow_same_line(ImGui::CalcTextSize(b.word.c_str()).x);
        text_coloured(b.colour, b.word);
        ++drawn;
    }
    return drawn;
}

std::string strength_text(const model::Unit& unit) {
    if (unit.hit_capacity > 0)
        return "hits " + std::to_string(unit.hits) + "/" + std::to_string(unit.hit_capacity);
    return std::to_string(unit.figures) + "/" + std::to_string(unit.start_figures);
}

void strength_bar(const model::Unit& unit, float width) {
    float fraction = 0.0f;
    if (unit.hit_capacity > 0)
        fraction = 1.0f - static_cast<float>(unit.hits) / static_cast<float>(unit.hit_capacity);
    else if (unit.start_figures > 0)
        fraction = static_cast<float>(unit.figures) / static_cast<float>(unit.start_figures);
    fraction = std::clamp(fraction, 0.0f, 1.0f);
    const std::string label = strength_text(unit);

    // Drawn by hand rather than with ProgressBar: the numbers sit centred on a dark fill so they
    // stay readable whatever the fraction.
    const float w = width > 0.0f ? width : ImGui::GetContentRegionAvail().x;
    const float h = ImGui::GetTextLineHeight() + 2.0f;
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const ImVec2 p1(p0.x + w, p0.y + h);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p0, p1, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
    if (fraction > 0.0f)
        dl->AddRectFilled(p0, ImVec2(p0.x + w * fraction, p1.y), ImGui::GetColorU32(colour::strength), 3.0f);
    dl->AddRect(p0, p1, ImGui::GetColorU32(ImGuiCol_Border), 3.0f);
    const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
    dl->AddText(ImVec2(p0.x + (w - ts.x) * 0.5f, p0.y + (h - ts.y) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_Text), label.c_str());
    ImGui::Dummy(ImVec2(w, h));
}

std::string percent(double p) {
    if (p <= 0.0) return "0%";
    if (p >= 1.0) return "100%";
    if (p < 0.001) return "<0.1%";
    if (p > 0.999) return ">99.9%";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", p * 100.0);
    return buf;
}

std::string chance_line(const rules::Chance& chance) {
    return percent(chance.probability) + "  " + chance.label;
}

std::string decimal(double v, int places) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", places, v);
    return buf;
}

std::string signed_int(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

std::string choice_label(const rules::Choice& c) {
    std::string s = c.label.empty() ? c.id : c.label;
    const std::string modifier = signed_int(c.value);
    if (c.value != 0 && s.find(modifier) == std::string::npos) s += " (" + modifier + ")";
    return s;
}

void scroll_by_keys() {
    if (!ImGui::IsWindowHovered() && !ImGui::IsWindowFocused()) return;
    const auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
    const float page = ImGui::GetWindowHeight() * 0.9f;  // a line of the last page stays in view
    if (pressed(ImGuiKey_PageDown)) ImGui::SetScrollY(std::min(ImGui::GetScrollMaxY(), ImGui::GetScrollY() + page));
    if (pressed(ImGuiKey_PageUp)) ImGui::SetScrollY(std::max(0.0f, ImGui::GetScrollY() - page));
    if (pressed(ImGuiKey_Home)) ImGui::SetScrollY(0.0f);
    if (pressed(ImGuiKey_End)) ImGui::SetScrollY(ImGui::GetScrollMaxY());
}

// The code drawn module by module, dark on white with the quiet zone the standard asks for
// (four modules), whatever the theme: phones' cameras read it that way round.
void draw_qr(const serve::QrCode& code, float side) {
    const int quiet = 4;
    const float module = std::max(1.0f, std::floor(side / static_cast<float>(code.size + 2 * quiet)));
    const float whole = module * static_cast<float>(code.size + 2 * quiet);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(at, {at.x + whole, at.y + whole}, IM_COL32(255, 255, 255, 255));
    for (int y = 0; y < code.size; ++y)
        for (int x = 0; x < code.size; ++x)
            if (code.at(x, y)) {
                const float px = at.x + module * static_cast<float>(x + quiet);
                const float py = at.y + module * static_cast<float>(y + quiet);
                draw->AddRectFilled({px, py}, {px + module, py + module}, IM_COL32(0, 0, 0, 255));
            }
    ImGui::Dummy({whole, whole});
}


} // namespace umpire::ui
