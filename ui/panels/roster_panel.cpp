// Roster: every side, its commanders (the General marked, their status) and their units with
// figures, a strength bar and status badges in words. Search, sort and filters at the top; sides
// and commanders fold away. Only the rows on screen are drawn, so 500 units stay smooth.
// Click a unit to select it; right-click an enemy unit to make it the target; with the roster
// focused, typing a few letters jumps to the first unit whose name starts with them.
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace umpire::ui {

namespace {

std::string commander_line(const model::Battle& b, const model::Commander& c) {
    std::string line = c.name;
    if (c.status != model::CommanderStatus::Active) {
        std::string status(model::commander_status_id(c.status));
        for (char& ch : status) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        line += " [" + status + "]";
    }
    if (c.attached_unit) line += ", with " + entity_name(b, model::Entity::Unit, *c.attached_unit);
    return line;
}

// Where a unit row's pieces go: the name (wrapped after a word onto more lines when it is
// wider than the row: never cut), then [TARGET] and the badges on the same line when they fit,
// else flowing on lines below, indented by one line height.
struct UnitLayout {
    float height = 0;
    float name_wrap = 0;  // the width the name wraps at; 0: on one line
    std::vector<ImVec2> extra_at;  // offsets from the row's top left, one per extra
    std::vector<std::string> extras;
    std::vector<ImVec4> colours;
};

UnitLayout layout_unit(const model::Battle& b, const model::Unit& u, bool is_target, float avail) {
    UnitLayout l;
    const float line = ImGui::GetTextLineHeight();
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float gap = ImGui::GetStyle().ItemSpacing.y;
    if (is_target) {
        l.extras.emplace_back("[TARGET]");
        l.colours.push_back(colour::accent);
    }
    for (const Badge& badge : status_badges(b, u)) {
        l.extras.push_back(badge.word);
        l.colours.push_back(badge.colour);
    }
    const float name_w = ImGui::CalcTextSize(u.name.c_str()).x;
    float name_h = line;
    if (name_w > avail) {
        l.name_wrap = std::max(1.0f, avail);
        name_h = ImGui::CalcTextSize(u.name.c_str(), nullptr, false, l.name_wrap).y;
    }
    l.height = name_h;
    if (l.extras.empty()) return l;
    std::vector<float> widths;
    float total = 0;
    for (const auto& e : l.extras) {
        widths.push_back(ImGui::CalcTextSize(e.c_str()).x);
        total += spacing + widths.back();
    }
    if (l.name_wrap == 0.0f && name_w + total <= avail) {
        float x = name_w;
        for (float w : widths) {
            l.extra_at.emplace_back(x + spacing, 0.0f);
            x += spacing + w;
        }
        return l;
    }
    const float room = std::max(1.0f, avail - line);
    float x = 0, y = name_h + gap;
    for (float w : widths) {
        if (x > 0 && x + spacing + w > room) {
            x = 0;
            y += line + gap;
        }
        if (x > 0) x += spacing;
        l.extra_at.emplace_back(line + x, y);
        x += w;
    }
    l.height = y + line;
    return l;
}

const char* show_label(const desk::RosterQuery& q) {
    if (q.needs_rally) return "Show: needs rally";
    if (q.not_activated) return "Show: not activated";
    if (q.shaken) return "Show: shaken";
    return "Show: all";
}

void query_controls(Shell& shell) {
    desk::RosterQuery& q = shell.roster_options;
    const float sort_w = ImGui::CalcTextSize("Sort: Strength").x + ImGui::GetFrameHeight() * 1.5f;
    if (shell.focus_roster_filter) {
        ImGui::SetKeyboardFocusHere();
        shell.focus_roster_filter = false;
    }
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - sort_w - ImGui::GetStyle().ItemSpacing.x));
    ImGui::InputTextWithHint("##filter", "Find unit (Ctrl+F)", &shell.roster_filter);
    // Enter deactivates the field within this same call: count that frame as active too.
    shell.roster_filter_active = ImGui::IsItemActive() || ImGui::IsItemDeactivated();
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    static const char* short_names[] = {"Sort: Roster", "Sort: Name", "Sort: Strength", "Sort: Status"};
    if (ImGui::BeginCombo("##sort", short_names[static_cast<int>(q.sort)])) {
        for (desk::RosterSort s : desk::kAllRosterSorts) {
            const std::string name(desk::roster_sort_name(s));
            if (ImGui::Selectable(name.c_str(), q.sort == s)) q.sort = s;
        }
        ImGui::EndCombo();
    }

    const float hide_w = ImGui::CalcTextSize("Hide routed").x + ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - hide_w - ImGui::GetStyle().ItemSpacing.x));
    if (ImGui::BeginCombo("##show", show_label(q))) {
        struct Option { const char* label; bool rally, unactivated, shaken; };
        const Option options[] = {{"All units", false, false, false},
                                  {"Needs rally", true, false, false},
                                  {"Not yet activated", false, true, false},
                                  {"Shaken", false, false, true}};
        for (const Option& o : options) {
            const bool on = q.needs_rally == o.rally && q.not_activated == o.unactivated && q.shaken == o.shaken;
            if (ImGui::Selectable(o.label, on)) {
                q.needs_rally = o.rally;
                q.not_activated = o.unactivated;
                q.shaken = o.shaken;
            }
        }
        ImGui::EndCombo();
    }
    flow_same_line(hide_w);
    ImGui::Checkbox("Hide routed", &q.hide_routed);
}

// Letters typed while the roster has the keyboard focus (and no text field does) jump to a unit.
void type_ahead(Shell& shell, desk::Desk& desk, const std::vector<desk::RosterRow>& rows) {
    ImGuiIO& io = ImGui::GetIO();
    if (!ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) || io.WantTextInput || io.KeyCtrl ||
        io.KeyAlt || io.InputQueueCharacters.Size == 0)
        return;
    const double now = ImGui::GetTime();
    if (now - shell.typeahead_time > kTypeAheadPause) shell.typeahead.clear();
    for (ImWchar c : io.InputQueueCharacters)
        if (c >= 32 && c < 127) shell.typeahead += static_cast<char>(c);
    shell.typeahead_time = now;
    if (auto id = desk::find_in_rows(desk.battle(), rows, shell.typeahead)) {
        if (desk.unit() != id) desk.select_unit(*id);
        shell.scroll_to_selected = true;
    }
}

void remember_group(Shell& shell, const desk::GroupKey& key) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    shell.group_rows[key] = ScreenRect{a.x, a.y, b.x, b.y};
}

void side_row(Shell& shell, const model::Side& side, const desk::RosterRow& row, bool filtering) {
    std::string title = side.name;
    if (!side.colour.empty()) title += "  (" + side.colour + ")";
    if (filtering) title += "  - " + std::to_string(row.shown) + " shown";
    title += "##side" + std::to_string(side.id);
    ImGui::SetNextItemOpen(!row.collapsed, ImGuiCond_Always);
    const bool open = ImGui::CollapsingHeader(title.c_str());
    remember_group(shell, desk::side_group(side.id));
    if (open == row.collapsed) {
        if (open)
            shell.roster_collapsed.erase(desk::side_group(side.id));
        else
            shell.roster_collapsed.insert(desk::side_group(side.id));
    }
}

void commander_row(Shell& shell, const model::Battle& b, const desk::RosterRow& row) {
    const model::Commander* c = row.commander ? b.commander(*row.commander) : nullptr;
    const std::string id = "##cmd" + std::to_string(row.side) + "_" + std::to_string(row.commander.value_or(-1));
    ImGui::SetNextItemOpen(!row.collapsed, ImGuiCond_Always);
    const bool open = ImGui::TreeNodeEx(id.c_str(), ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_SpanAvailWidth |
                                                        ImGuiTreeNodeFlags_AllowItemOverlap);
    const auto key = desk::commander_group(row.side, row.commander);
    remember_group(shell, key);
    if (open == row.collapsed) {
        if (open)
            shell.roster_collapsed.erase(key);
        else
            shell.roster_collapsed.insert(key);
    }
    if (ImGui::IsItemHovered())  // the whole name, however narrow the column
        ImGui::SetTooltip("%s\nClick: fold or unfold this commander's units",
                          c ? commander_line(b, *c).c_str() : "No commander");
    ImGui::SameLine();
    if (!c) {
        text_dim("No commander  (" + std::to_string(row.shown) + ")");
        return;
    }
    if (c->is_general) {
        text_coloured(colour::general, "[GENERAL]");
        ImGui::SameLine();
    }
    // The name cut after a word where the column is narrow, and clipped where even its first word
    // is too long, so that the count of units stays in view (the tooltip has the whole name).
    const std::string count = "(" + std::to_string(row.shown) + ")";
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float room = std::max(0.0f, ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(count.c_str()).x - spacing);
    const float name_x = ImGui::GetCursorPosX();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushFont(fonts().heading);
    ImGui::PushClipRect(at, ImVec2(at.x + room, at.y + ImGui::GetFrameHeightWithSpacing()), true);
    text_coloured(c->status == model::CommanderStatus::Active ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colour::warning,
                  fit_words(commander_line(b, *c), room));
    ImGui::PopClipRect();
    ImGui::PopFont();
    ImGui::SameLine();
    if (ImGui::GetCursorPosX() > name_x + room + spacing) ImGui::SetCursorPosX(name_x + room + spacing);
    text_dim(count);
}

void unit_row(Shell& shell, desk::Desk& desk, const model::Unit& u, const UnitLayout& l, float bar_w) {
    ImGui::PushID(u.id);
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const bool selected = desk.unit() == u.id;
    if (ImGui::Selectable("##unit", selected, ImGuiSelectableFlags_AllowItemOverlap, ImVec2(0, l.height)))
        desk.select_unit(u.id);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) desk.set_target(u.id);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s (%s)\nClick: select   Right-click: make target", u.name.c_str(), strength_text(u).c_str());
    const ImVec2 rmin = ImGui::GetItemRectMin();
    const ImVec2 rmax = ImGui::GetItemRectMax();
    shell.unit_rows[u.id] = ScreenRect{rmin.x, rmin.y, rmax.x, rmax.y};

    // A long name wraps after a word, short of the strength bar (the tooltip has it too).
    ImGui::PushClipRect(start, ImVec2(rmax.x - bar_w - ImGui::GetStyle().ItemSpacing.x * 0.5f, rmax.y), true);
    ImGui::SetCursorScreenPos(start);
    if (l.name_wrap > 0.0f) ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + l.name_wrap);
    text_coloured(u.on_table() ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : colour::dim, u.name);
    if (l.name_wrap > 0.0f) ImGui::PopTextWrapPos();
    for (std::size_t i = 0; i < l.extras.size(); ++i) {
        ImGui::SetCursorScreenPos(ImVec2(start.x + l.extra_at[i].x, start.y + l.extra_at[i].y));
        text_coloured(l.colours[i], l.extras[i]);
    }
    ImGui::PopClipRect();
    ImGui::SetCursorScreenPos(ImVec2(rmax.x - bar_w, start.y));
    strength_bar(u, bar_w);
    ImGui::PopID();
}

} // namespace

void draw_roster_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    shell.unit_rows.clear();
    shell.group_rows.clear();
    // Tab is the form's (panels/form_focus.h): from the roster it goes to the Resolve form.
    if (begin_panel("Roster", r, ImGuiWindowFlags_NoNavInputs)) {
        const model::Battle& b = desk.battle();
        query_controls(shell);
        desk::RosterQuery query = shell.roster_options;
        query.text = shell.roster_filter;
        const std::vector<desk::RosterRow> rows = desk::roster_rows(b, query, shell.roster_collapsed);
        type_ahead(shell, desk, rows);
        if (!shell.typeahead.empty() && ImGui::GetTime() - shell.typeahead_time <= kTypeAheadPause)
            text_dim("Jump to: " + shell.typeahead);

        const float bar_w = ImGui::CalcTextSize("hits 00/00").x + ImGui::GetFontSize();
        if (ImGui::BeginChild("units")) {
            const ImGuiStyle& style = ImGui::GetStyle();
            const float indent = style.IndentSpacing;
            const float gap = 3.0f;  // rows packed closer than elsewhere: the order of battle on one screen
            const float width = ImGui::GetContentRegionAvail().x;
            const float name_w = width - 2 * indent - bar_w - style.ItemSpacing.x;
            shell.roster_name_w = name_w;  // for tests: what a name has before it wraps
            const float header_h = ImGui::GetFrameHeight();

            // Every row's height first (cheap: badges are measured only for units that have
            // some), then only the rows inside the visible band are drawn.
            std::vector<float> tops(rows.size() + 1, 0.0f);
            std::vector<UnitLayout> layouts(rows.size());
            float y = ImGui::GetCursorPosY();
            std::optional<float> selected_top;
            for (std::size_t i = 0; i < rows.size(); ++i) {
                tops[i] = y;
                float h = header_h;
                if (rows[i].kind == desk::RosterRow::Kind::Unit) {
                    if (const model::Unit* u = b.unit(rows[i].unit)) {
                        layouts[i] = layout_unit(b, *u, desk.target() == u->id, name_w);
                        // At least the strength bar's height (a line and 2 px).
                        h = std::max(layouts[i].height, ImGui::GetTextLineHeight() + 2.0f);
                        layouts[i].height = h;
                        if (desk.unit() == u->id) selected_top = y;
                    }
                }
                y += h + gap;
            }
            tops[rows.size()] = y;

            const float scroll = ImGui::GetScrollY();
            const float view_h = ImGui::GetWindowHeight();
            if (shell.scroll_to_selected && selected_top) {
                ImGui::SetScrollY(std::max(0.0f, *selected_top - view_h * 0.3f));
                shell.scroll_to_selected = false;
            }
            const float margin = header_h * 2.0f;
            for (std::size_t i = 0; i < rows.size(); ++i) {
                if (tops[i + 1] < scroll - margin || tops[i] > scroll + view_h + margin) continue;
                const desk::RosterRow& row = rows[i];
                ImGui::PushID(static_cast<int>(i));
                switch (row.kind) {
                case desk::RosterRow::Kind::Side:
                    ImGui::SetCursorPos(ImVec2(style.WindowPadding.x * 0.0f, tops[i]));
                    if (const model::Side* s = b.side(row.side)) side_row(shell, *s, row, query.filters_anything());
                    break;
                case desk::RosterRow::Kind::Commander:
                    ImGui::SetCursorPos(ImVec2(indent * 0.5f, tops[i]));
                    commander_row(shell, b, row);
                    break;
                case desk::RosterRow::Kind::Unit:
                    ImGui::SetCursorPos(ImVec2(indent * 1.5f, tops[i]));
                    if (const model::Unit* u = b.unit(row.unit)) unit_row(shell, desk, *u, layouts[i], bar_w);
                    break;
                }
                ImGui::PopID();
            }
            // The whole list's height, so the scrollbar knows it.
            ImGui::SetCursorPos(ImVec2(0, tops[rows.size()]));
            ImGui::Dummy(ImVec2(1, 0));
            if (b.sides.empty()) text_dim("This battle has no sides.");
            else if (query.filters_anything() && std::none_of(rows.begin(), rows.end(), [](const desk::RosterRow& rr) {
                         return rr.kind == desk::RosterRow::Kind::Unit;
                     }))
                text_dim("No unit matches.");
        }
        ImGui::EndChild();
    }
    ImGui::End();
}

} // namespace umpire::ui
