// Resolve: the form for one action, built entirely from the ruleset's ActionSpec (one widget
// per InputSpec, chosen by its kind; no per-action code), the live preview with exact odds,
// the Dice field for real dice, and Roll / Apply / Cancel.
//
// [SECTION] Input widgets by kind
// [SECTION] Odds and preview
// [SECTION] The panel
#include "panels/form_focus.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "rules/grid.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <charconv>
#include <vector>

namespace umpire::ui {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Input widgets by kind
//-----------------------------------------------------------------------------

std::optional<int> parse_int(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    int v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

bool truthy(std::string_view s) {
    return s == "true" || s == "yes" || s == "1" || s == "on" || s == "y";
}


void count_widget(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    const std::string raw = desk.value(in.id);
    if (in.fallback.empty() && (!in.required || !desk.has_default(in.id))) {
        // A number with nothing assumed (a commander's id; the hits of a Casualties entry): a plain
        // box that shows blank until the umpire types, not a stepper showing a minimum the rules
        // would not use ("Hits 0" beside "a value is needed").
        std::string typed = raw;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
        before_stop(shell, in.id, StopKind::Text);
        if (ImGui::InputTextWithHint("##count", in.required ? "type it" : "(blank)", &typed,
                                     ImGuiInputTextFlags_CharsDecimal))
            desk.set_value(in.id, typed);
        after_stop(shell, in.id, StopKind::Text);
        if (in.required && in.max > in.min) trailing_hint({std::to_string(in.min) + "-" + std::to_string(in.max)});
        return;
    }
    int n = parse_int(raw).value_or(parse_int(in.fallback).value_or(in.min));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    before_stop(shell, in.id, StopKind::Text);
    if (ImGui::InputInt("##count", &n, 1, 5)) {
        if (in.max > in.min) n = std::clamp(n, in.min, in.max);
        desk.set_value(in.id, std::to_string(n));
    }
    after_stop(shell, in.id, StopKind::Text);
    if (in.max > in.min) trailing_hint({std::to_string(in.min) + "-" + std::to_string(in.max)});
}

// A number that is the id of a unit, commander or side: picked by name. "(none)" where the input
// may be left blank (or its fallback 0 means none, as "the unit behind": none).
void id_picker(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    const model::Battle& b = desk.battle();
    const std::string raw = desk.value(in.id);
    const int current = parse_int(raw.empty() ? in.fallback : raw).value_or(0);
    struct Item {
        int id;
        std::string text;
    };
    std::vector<Item> items;
    auto side_name = [&](int side) {
        const model::Side* s = b.side(side);
        return s ? s->name : std::string();
    };
    switch (in.id_of) {
    case rules::IdOf::Unit:
        for (const auto& u : b.units)
            if (u.on_table()) items.push_back({u.id, u.name + "  (" + side_name(u.side) + ")"});
        break;
    case rules::IdOf::Commander:
        for (const auto& c : b.commanders) {
            std::string status = c.status == model::CommanderStatus::Active
                                     ? std::string()
                                     : ", " + std::string(model::commander_status_id(c.status));
            items.push_back({c.id, c.name + "  (" + side_name(c.side) + status + ")"});
        }
        break;
    case rules::IdOf::Side:
        for (const auto& s : b.sides) items.push_back({s.id, s.name + (s.colour.empty() ? "" : "  (" + s.colour + ")")});
        break;
    case rules::IdOf::Nothing: break;
    }
    std::string preview = current > 0 ? "#" + std::to_string(current) + " (not in this battle)" : "(none)";
    for (const auto& item : items)
        if (item.id == current) preview = item.text;
    const bool none_allowed = !in.required || in.fallback == "0";
    const std::string none_value = in.fallback == "0" ? "0" : "";
    ImGui::SetNextItemWidth(-FLT_MIN);
    before_stop(shell, in.id, StopKind::Pick);
    const bool open = ImGui::BeginCombo("##id", preview.c_str());
    if (!open) full_text_on_hover(preview);
    {
        // By keys: the same list, "(none)" first where allowed.
        std::vector<std::string> names, values;
        std::optional<std::size_t> at;
        if (none_allowed) {
            names.emplace_back("(none)");
            values.push_back(none_value);
            if (current <= 0) at = 0;
        }
        for (const auto& item : items) {
            if (item.id == current) at = names.size();
            names.push_back(item.text);
            values.push_back(std::to_string(item.id));
        }
        if (const auto pick = picked(after_list_stop(shell, in.id, open), names, at))
            desk.set_value(in.id, values[*pick]);
    }
    if (open) {
        if (none_allowed && ImGui::Selectable("(none)", current <= 0)) desk.set_value(in.id, none_value);
        for (const auto& item : items) {
            ImGui::PushID(item.id);
            if (ImGui::Selectable(item.text.c_str(), item.id == current)) desk.set_value(in.id, std::to_string(item.id));
            const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
            shell.form_hits[in.id + "=" + std::to_string(item.id)] = ScreenRect{a.x, a.y, z.x, z.y};  // for tests
            if (item.id == current) ImGui::SetItemDefaultFocus();
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
}

void distance_widget(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    std::string v = desk.value(in.id);
    const std::string hint = in.fallback.empty() ? "14, 14\" or 35cm" : in.fallback;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    before_stop(shell, in.id, StopKind::Text);
    if (ImGui::InputTextWithHint("##distance", hint.c_str(), &v)) desk.set_value(in.id, v);
    after_stop(shell, in.id, StopKind::Text);
    ImGui::SameLine();
    text_dim(desk.battle().distance_unit == "cm" ? "cm" : "in");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("A bare number is in %s on this table; type 14\" or 35cm to say otherwise.",
                          desk.battle().distance_unit == "cm" ? "centimetres" : "inches");
}

// Steps on the battle's grid, typed as counted on the table; the unit beside the box names the
// grid, and the tooltip says how diagonals count.
void areas_widget(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    std::string v = desk.value(in.id);
    const bool hexes = rules::grid_of(desk.battle()) == rules::Grid::Hexes;
    const std::string hint = !in.fallback.empty() ? in.fallback : hexes ? "3" : "3, 2d, 2d+1";
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    before_stop(shell, in.id, StopKind::Text);
    if (ImGui::InputTextWithHint("##areas", hint.c_str(), &v)) desk.set_value(in.id, v);
    after_stop(shell, in.id, StopKind::Text);
    if (hexes)
        trailing_hint({"hexes"}, "Count the hexes stepped through: 3.");
    else
        trailing_hint({"squares (d: diagonal)", "squares"},
                      "Count the steps: 3 straight; 2d two diagonal, 1.5 areas each; 2d+1 both.");
}

void choice_widget(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    const std::string v = desk.value(in.id);
    const rules::Choice* current = in.choice(v.empty() ? in.fallback : v);  // blank: what the rules assume
    const std::string preview = current ? choice_label(*current) : (v.empty() ? "(none)" : v);
    ImGui::SetNextItemWidth(-FLT_MIN);
    before_stop(shell, in.id, StopKind::Pick);
    const bool open = ImGui::BeginCombo("##choice", preview.c_str());
    if (!open) full_text_on_hover(preview);
    {
        std::vector<std::string> names, values;
        std::optional<std::size_t> at;
        if (!in.required) {
            names.emplace_back("(none)");
            values.emplace_back();
            if (!current) at = 0;
        }
        for (const rules::Choice& c : in.choices) {
            if (current && current->id == c.id) at = names.size();
            names.push_back(choice_label(c));
            values.push_back(c.id);
        }
        if (const auto pick = picked(after_list_stop(shell, in.id, open), names, at))
            desk.set_value(in.id, values[*pick]);
    }
    if (open) {
        if (!in.required && ImGui::Selectable("(none)", v.empty())) desk.set_value(in.id, "");
        for (const rules::Choice& c : in.choices) {
            const bool selected = c.id == v;
            if (ImGui::Selectable(choice_label(c).c_str(), selected)) desk.set_value(in.id, c.id);
            if (!c.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.help.c_str());
            if (selected) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
}

void modifiers_widget(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    if (in.choices.empty()) text_dim("(none declared)");
    for (const rules::Choice& c : in.choices) {
        ImGui::PushID(c.id.c_str());
        bool on = desk.modifier_on(in.id, c.id);
        const std::string stop = in.id + "/" + c.id;
        before_stop(shell, stop, StopKind::Toggle);
        if (ImGui::Checkbox("##on", &on)) desk.set_modifier(in.id, c.id, on);
        {
            const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
            shell.form_hits[stop] = ScreenRect{a.x, a.y, z.x, z.y};  // for tests
        }
        if (after_stop(shell, stop, StopKind::Toggle).toggle) {
            on = !on;
            desk.set_modifier(in.id, c.id, on);
        }
        const bool box_hovered = ImGui::IsItemHovered();
        // The label wraps (a checkbox's own label would be cut off), and clicking it toggles too.
        ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::PushTextWrapPos(0.0f);
        text(choice_label(c));
        ImGui::PopTextWrapPos();
        if (ImGui::IsItemClicked()) desk.set_modifier(in.id, c.id, !on);
        if (!c.help.empty() && (box_hovered || ImGui::IsItemHovered())) ImGui::SetTooltip("%s", c.help.c_str());
        ImGui::PopID();
    }
}

void flag_widget(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    const std::string v = desk.value(in.id);
    bool on = truthy(v.empty() ? in.fallback : v);  // blank: what the rules assume ("in sight": yes)
    before_stop(shell, in.id, StopKind::Toggle);
    if (ImGui::Checkbox(on ? "yes##flag" : "no##flag", &on)) desk.set_value(in.id, on ? "yes" : "no");
    if (after_stop(shell, in.id, StopKind::Toggle).toggle) desk.set_value(in.id, on ? "no" : "yes");
}

void input_row(Shell& shell, desk::Desk& desk, const rules::InputSpec& in) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    std::string label = in.label.empty() ? in.id : in.label;
    if (desk.edited(in.id)) label += " *";
    text_wrapped(label);  // long labels wrap within the label column
    if (ImGui::IsItemHovered()) {
        std::string tip = in.help.empty() ? label : in.help;
        if (desk.edited(in.id)) tip += "\n* changed by you; Reset goes back to the unit's values";
        ImGui::SetTooltip("%s", tip.c_str());
    }
    ImGui::TableSetColumnIndex(1);
    // Where the widget starts, for tests: a click there lands on the checkbox or in the box.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float side = ImGui::GetFrameHeight();
    shell.form_hits[in.id] = ScreenRect{at.x, at.y, at.x + side, at.y + side};
    ImGui::PushID(in.id.c_str());
    switch (in.kind) {
    case rules::InputKind::Count:
        if (in.id_of != rules::IdOf::Nothing)
            id_picker(shell, desk, in);
        else
            count_widget(shell, desk, in);
        break;
    case rules::InputKind::Distance: distance_widget(shell, desk, in); break;
    case rules::InputKind::Choice: choice_widget(shell, desk, in); break;
    case rules::InputKind::Modifiers: modifiers_widget(shell, desk, in); break;
    case rules::InputKind::Flag: flag_widget(shell, desk, in); break;
    case rules::InputKind::Areas: areas_widget(shell, desk, in); break;
    }
    ImGui::PopID();
}

void unit_combo_row(Shell& shell, desk::Desk& desk, const char* label, bool target, bool optional) {
    const model::Battle& b = desk.battle();
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    text(label);
    ImGui::TableSetColumnIndex(1);
    const model::Unit* current = target ? desk.target_unit() : desk.selected_unit();
    const std::string preview = current ? current->name
                                        : (target ? "(choose; or right-click in the roster)"
                                                  : "(click a unit in the roster)");
    std::vector<const model::Unit*> units;
    if (target)
        units = desk.target_candidates();
    else
        for (const auto& u : b.units) units.push_back(&u);
    const std::string stop = target ? "target" : "unit";
    ImGui::SetNextItemWidth(-FLT_MIN);
    before_stop(shell, stop, StopKind::Pick);
    const bool open = ImGui::BeginCombo(target ? "##target" : "##unit", preview.c_str());
    if (!open) full_text_on_hover(preview);
    {
        const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
        shell.form_hits[stop] = ScreenRect{a.x, a.y, z.x, z.y};  // for tests
    }
    {
        // By keys: Up/Down through the same list, or a few letters of a name ("gh": Ghazis).
        std::vector<std::string> names;
        std::optional<std::size_t> at;
        for (const model::Unit* u : units) {
            if (current && current->id == u->id) at = names.size();
            names.push_back(u->name);
        }
        if (const auto pick = picked(after_list_stop(shell, stop, open), names, at)) {
            if (target)
                desk.set_target(units[*pick]->id);
            else if (desk.select_unit(units[*pick]->id))
                shell.scroll_to_selected = true;
        }
    }
    if (open) {
        if (target && optional && ImGui::Selectable("(none)", !current)) desk.set_target(std::nullopt);
        for (const model::Unit* u : units) {
            ImGui::PushID(u->id);
            const bool selected = current && current->id == u->id;
            const model::Side* side = b.side(u->side);
            std::string item = u->name + "  (" + strength_text(*u) + (side ? ", " + side->name : "") + ")";
            if (ImGui::Selectable(item.c_str(), selected)) {
                if (target)
                    desk.set_target(u->id);
                else if (desk.select_unit(u->id))
                    shell.scroll_to_selected = true;
            }
            if (selected) ImGui::SetItemDefaultFocus();
            ImGui::PopID();
        }
        ImGui::EndCombo();
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Odds and preview
//-----------------------------------------------------------------------------

struct HistogramData {
    const dice::Distribution* d;
};

float histogram_value(void* data, int idx) {
    const auto* h = static_cast<const HistogramData*>(data);
    return static_cast<float>(h->d->p_exactly(h->d->min() + idx));
}

void draw_odds(const rules::Odds& odds, int index) {
    const dice::Distribution& d = odds.distribution;
    ImGui::PushID(index);
    const std::string label = odds.label.empty() ? std::string("result") : odds.label;
    text("Expected " + label + ": " + decimal(d.mean()));
    ImGui::SameLine();
    text_dim("(" + std::to_string(d.min()) + " to " + std::to_string(d.max()) + ")");

    const int n = d.max() - d.min() + 1;
    if (n > 1) {
        float peak = 0.0f;
        for (int k = d.min(); k <= d.max(); ++k) peak = std::max(peak, static_cast<float>(d.p_exactly(k)));
        HistogramData data{&d};
        // PlotHistogram takes its size literally (no -FLT_MIN for "the rest of the line").
        const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
        ImGui::PlotHistogram("##histogram", histogram_value, &data, n, 0, nullptr, 0.0f,
                             peak * 1.15f, ImVec2(width, ImGui::GetFontSize() * 2.5f));
        const bool plot_hovered = ImGui::IsItemHovered();
        const ImVec2 plot_min = ImGui::GetItemRectMin();
        const ImVec2 plot_max = ImGui::GetItemRectMax();
        // The axis: lowest and highest value under the first and last bars.
        {
            const std::string lo = std::to_string(d.min()) + " " + label;
            const std::string hi = std::to_string(d.max());
            const float bar = width / static_cast<float>(n);
            ImDrawList* dl = ImGui::GetWindowDrawList();
            const ImU32 dim = ImGui::GetColorU32(colour::dim);
            const float y = plot_max.y + 1.0f;
            const float lo_w = ImGui::CalcTextSize(std::to_string(d.min()).c_str()).x;
            dl->AddText(ImVec2(plot_min.x + std::max(0.0f, (bar - lo_w) * 0.5f), y), dim, lo.c_str());
            const float hi_w = ImGui::CalcTextSize(hi.c_str()).x;
            dl->AddText(ImVec2(plot_max.x - bar + std::max(0.0f, (bar - hi_w) * 0.5f), y), dim, hi.c_str());
            ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
        }
        if (plot_hovered) {
            // Which bar is under the mouse: the plot's own tooltip counts from 0, ours from min.
            const ImVec2 mn = plot_min;
            const ImVec2 mx = plot_max;
            const float t = (ImGui::GetIO().MousePos.x - mn.x) / std::max(1.0f, mx.x - mn.x);
            const int k = d.min() + std::clamp(static_cast<int>(t * static_cast<float>(n)), 0, n - 1);
            ImGui::SetTooltip("%s = %d: %s\n%s >= %d: %s", label.c_str(), k,
                              percent(d.p_exactly(k)).c_str(), label.c_str(), k,
                              percent(d.p_at_least(k)).c_str());
        }
        // "at least k" chances, the numbers an umpire quotes.
        int shown = 0;
        for (int k = std::max(d.min() + 1, 1); k <= d.max() && shown < 10; ++k) {
            const double p = d.p_at_least(k);
            if (p < 0.0005) break;
            const std::string item = "\xE2\x89\xA5" + std::to_string(k) + ": " + percent(p);
            if (shown > 0) flow_same_line(ImGui::CalcTextSize(item.c_str()).x);
            text(item);
            ++shown;
        }
    }
    ImGui::PopID();
}

// Where the last item is, for the headless tests that click it.
void remember_item(Shell& shell, const std::string& name) {
    const ImVec2 a = ImGui::GetItemRectMin(), z = ImGui::GetItemRectMax();
    shell.form_hits[name] = ScreenRect{a.x, a.y, z.x, z.y};
}

// What the rules refuse, and the umpire's overrule: the rule and its section, a reason, and the
// button that applies the action anyway (journaled with the reason). An overrule in force says so.
void draw_refusal(Shell& shell, desk::Desk& desk) {
    if (const auto& refused = desk.refusal()) {
        text_wrapped_coloured(colour::warning, "The rules refuse this: " + refused->rule);
        text_dim(refused->citation);
        ImGui::AlignTextToFramePadding();
        text("Reason");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - button_width("Overrule") -
                                ImGui::GetStyle().ItemSpacing.x);
        before_stop(shell, "overrule-reason", StopKind::Text);
        const bool entered = ImGui::InputTextWithHint("##overrule-reason", "why the umpire overrules",
                                                      &shell.overrule_reason, ImGuiInputTextFlags_EnterReturnsTrue);
        after_stop(shell, "overrule-reason", StopKind::Text);
        remember_item(shell, "overrule-reason");
        ImGui::SameLine();
        ImGui::BeginDisabled(shell.overrule_reason.empty());
        before_stop(shell, "overrule", StopKind::Press);
        bool clicked = ImGui::Button("Overrule");
        clicked |= after_stop(shell, "overrule", StopKind::Press, !shell.overrule_reason.empty()).press;
        if (clicked) shell.form_enter_taken = true;
        remember_item(shell, "overrule");
        if ((clicked || entered) && !shell.overrule_reason.empty()) {
            desk.set_overrule(shell.overrule_reason);
            shell.overrule_reason.clear();
        }
        ImGui::EndDisabled();
        return;
    }
    if (!desk.overrule().empty()) {
        text_wrapped_coloured(colour::warning, "Overruled by the umpire: " + desk.overrule());
        ImGui::SameLine();
        if (ImGui::SmallButton("Withdraw")) desk.set_overrule({});
    }
}

// The working up to the dice, each step with its rule, below the inputs it follows from.
void draw_preview_working(const desk::Desk& desk) {
    if (!desk.preview() || desk.preview()->steps.empty()) return;
    ImGui::Spacing();
    ImGui::Separator();
    heading("Working so far");
    for (const rules::Step& step : desk.preview()->steps) {
        ImGui::Bullet();
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0.0f);
        text(step.text);
        if (!step.citation.empty()) text_dim(step.citation);
        ImGui::PopTextWrapPos();
    }
}

} // namespace

// The odds: what the players ask for, kept in view above the Dice field (and under the command line).
void draw_preview_odds(const desk::Desk& desk) {
    if (desk.refusal()) return;  // draw_refusal said it
    if (!desk.preview()) {
        // A value not typed yet, in a field not touched yet: a hint, not a warning, until the
        // umpire touches the field or tries to roll or apply.
        if (desk.preview_waiting())
            text_wrapped_coloured(colour::dim, "Type " + desk.waiting_for() + " to see the odds.");
        else
            text_wrapped_coloured(colour::warning, desk.preview_error().empty() ? std::string("No preview.")
                                                                                 : desk.preview_error());
        return;
    }
    const rules::Resolution& p = *desk.preview();
    int i = 0;
    for (const rules::Odds& odds : p.odds) draw_odds(odds, i++);
    // The percentage first and the words wrapped: a long result ("7: Counter charge, stand ground or
    // form square...") never pushes its chance off the panel.
    for (const rules::Chance& c : p.chances) text_wrapped(chance_line(c));
    if (!p.outcome.empty()) text_wrapped(p.outcome);
}

//-----------------------------------------------------------------------------
// [SECTION] The panel
//-----------------------------------------------------------------------------

void draw_resolve_panel(Shell& shell, desk::Desk& desk, const Rect& r) {
    // No ImGui tabbing here: the form keeps its own Tab order across its bands (form_focus.h).
    constexpr ImGuiWindowFlags no_tabbing = ImGuiWindowFlags_NoNavInputs;
    shell.form_stops.clear();
    shell.form_enter_taken = false;
    if (begin_panel("Resolve", r, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | no_tabbing)) {
        const rules::Ruleset& rs = desk.ruleset();
        const rules::ActionSpec* spec = desk.action();
        shell.form_inputs.clear();
        shell.form_hits.clear();
        shell.form_keyboard = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);

        // Three fixed bands, whatever the action and its odds: the form (scrolls), the odds and
        // any refusal or error (scroll on their own), and the Dice field with Roll / Apply /
        // Cancel pinned at the bottom. No band's height depends on what the others show, so an
        // input never moves under the pointer when the odds appear or grow.
        const float avail_h = ImGui::GetContentRegionAvail().y;
        const float controls_h = shell.resolve_footer_h > 0.0f ? shell.resolve_footer_h
                                                               : ImGui::GetFrameHeightWithSpacing() * 2.0f;
        const float odds_h = std::max(ImGui::GetFrameHeightWithSpacing() * 3.0f, (avail_h - controls_h) * 0.4f);
        const float form_h = std::max(ImGui::GetFrameHeightWithSpacing() * 2.0f, avail_h - controls_h - odds_h);
        // The scrollbar's room is kept even when the form fits, so the working appearing below
        // the inputs never narrows them.
        ImGui::BeginChild("form", ImVec2(0.0f, form_h), false, ImGuiWindowFlags_AlwaysVerticalScrollbar | no_tabbing);

        // Action picker.
        ImGui::AlignTextToFramePadding();
        text("Action");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - button_width("Reset") -
                                ImGui::GetStyle().ItemSpacing.x);
        before_stop(shell, "action", StopKind::Pick);
        const bool actions_open = ImGui::BeginCombo("##action", spec ? spec->name.c_str() : "(choose an action)");
        {
            std::vector<std::string> names;
            std::optional<std::size_t> at;
            for (const rules::ActionSpec& a : rs.actions()) {
                if (spec && spec->id == a.id) at = names.size();
                names.push_back(a.name.empty() ? a.id : a.name);
            }
            if (const auto pick = picked(after_list_stop(shell, "action", actions_open), names, at))
                desk.choose_action(rs.actions()[*pick].id);
        }
        if (actions_open) {
            for (const rules::ActionSpec& a : rs.actions()) {
                const bool selected = spec && spec->id == a.id;
                if (ImGui::Selectable(a.name.empty() ? a.id.c_str() : a.name.c_str(), selected))
                    desk.choose_action(a.id);
                if (ImGui::IsItemHovered() && !a.summary.empty()) ImGui::SetTooltip("%s", a.summary.c_str());
                if (selected) ImGui::SetItemDefaultFocus();
            }
            ImGui::EndCombo();
        }
        spec = desk.action();
        if (spec && ImGui::IsItemHovered()) {
            std::string about = spec->summary;
            if (!spec->citation.empty()) about += (about.empty() ? "" : "\n") + spec->citation;
            if (!about.empty()) ImGui::SetTooltip("%s", about.c_str());
        }
        ImGui::SameLine();
        if (ImGui::Button("Reset")) desk.reset_form();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Forget your changes: back to the unit's values");

        // The form, one row per declared input.
        if (spec && ImGui::BeginTable("form", 2, ImGuiTableFlags_SizingStretchProp)) {
            float label_w = ImGui::CalcTextSize("Target").x;
            for (const auto& in : spec->inputs)
                label_w = std::max(label_w, ImGui::CalcTextSize((in.label.empty() ? in.id : in.label).c_str()).x);
            label_w = std::min(label_w + ImGui::CalcTextSize(" *").x, r.w * 0.4f);
            ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, label_w);
            ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
            if (spec->needs_unit || spec->unit_optional) unit_combo_row(shell, desk, "Unit", false, false);
            if (spec->needs_target || spec->target_optional)
                unit_combo_row(shell, desk, "Target", true, spec->target_optional);
            for (const rules::InputSpec& in : spec->inputs) {
                input_row(shell, desk, in);
                shell.form_inputs.push_back(in.id);
            }
            ImGui::EndTable();
        }
        draw_preview_working(desk);
        ImGui::EndChild();

        ImGui::BeginChild("odds", ImVec2(0.0f, odds_h), true, no_tabbing);
        draw_refusal(shell, desk);
        draw_question(desk);
        draw_preview_odds(desk);
        if (!desk.error().empty()) {
            ImGui::Spacing();
            text_wrapped_coloured(colour::error, "Error: " + desk.error());
            text_dim("Nothing was changed.");
            ImGui::SameLine();
            if (ImGui::SmallButton("Dismiss")) desk.clear_error();
        }
        ImGui::EndChild();
        remember_item(shell, "odds");

        // Pinned: real dice, and the three things the umpire does next.
        const float controls_top = ImGui::GetCursorPosY();
        ImGui::AlignTextToFramePadding();
        text("Dice");
        ImGui::SameLine();
        // The desk used or dropped the dice (F7 rolled with them, Apply, Cancel) while the field
        // had the keyboard. An active ImGui text box writes its own text back every frame, which
        // would type the used dice in again: it lets go and takes the keyboard back afresh.
        const ImGuiID dice_id = ImGui::GetID("##dice");
        if (ImGui::GetActiveID() == dice_id && desk.dice_text() != shell.dice_field_text) {
            ImGui::ClearActiveID();
            shell.focus_dice = true;
        }
        if (shell.focus_dice) {
            ImGui::SetKeyboardFocusHere();
            shell.focus_dice = false;
        }
        ImGui::SetNextItemWidth(-FLT_MIN);
        std::string dice_text = desk.dice_text();
        before_stop(shell, "dice", StopKind::Text);
        // The longest hint that fits the box whole (the form is narrow at 1280x800).
        const char* const dice_hints[] = {"real dice, e.g. 6 5 5 2 1 (blank: the app rolls)",
                                          "real dice (blank: the app rolls)", "real dice, or blank"};
        const char* dice_hint = dice_hints[2];
        for (const char* h : dice_hints)
            if (ImGui::CalcTextSize(h).x + ImGui::GetStyle().FramePadding.x * 2 <= ImGui::GetContentRegionAvail().x) {
                dice_hint = h;
                break;
            }
        if (ImGui::InputTextWithHint("##dice", dice_hint, &dice_text))
            desk.set_dice_text(dice_text);
        shell.dice_field_text = desk.dice_text();
        after_stop(shell, "dice", StopKind::Text);
        remember_item(shell, "dice");

        // Enter on a focused button presses that button (and is not also the Enter shortcut).
        auto pressed_by_keys = [&](const char* stop, bool enabled) {
            const bool p = after_stop(shell, stop, StopKind::Press, enabled).press;
            if (p) shell.form_enter_taken = true;
            return p;
        };
        const char* roll_label = desk.dice_text().empty() ? "Roll (Enter)###roll" : "Use dice (Enter)###roll";
        before_stop(shell, "roll", StopKind::Press);
        bool roll = ImGui::Button(roll_label);
        roll |= pressed_by_keys("roll", true);
        remember_item(shell, "roll");
        flow_same_line(button_width("Apply (Ctrl+Enter)"));
        const bool can_apply = desk.can_apply();
        ImGui::BeginDisabled(!can_apply);
        before_stop(shell, "apply", StopKind::Press);
        bool apply = ImGui::Button("Apply (Ctrl+Enter)");
        apply |= pressed_by_keys("apply", can_apply);
        ImGui::EndDisabled();
        remember_item(shell, "apply");
        flow_same_line(button_width("Cancel (Esc)"));
        before_stop(shell, "cancel", StopKind::Press);
        bool cancel = ImGui::Button("Cancel (Esc)");
        cancel |= pressed_by_keys("cancel", true);
        remember_item(shell, "cancel");
        shell.resolve_footer_h = ImGui::GetCursorPosY() - controls_top;
        // After drawing: pressing changes what the buttons show.
        if (roll) desk.roll();
        if (apply && desk.can_apply()) {
            desk.apply();
            // Applied: the keyboard goes back to the top of the form for the next action.
            if (shell.form_focus == "apply") shell.form_focus_request = shell.form_focus = "action";
        }
        if (cancel) desk.cancel();
    }
    ImGui::End();
    move_form_focus(shell);
}

} // namespace umpire::ui
