// Ctrl+K: one field to reach anything by typing a few letters: a unit (selects it), an action of
// the ruleset (chooses it), a target of the chosen action (picks it), a command from the shortcut table (runs it, its keys shown so they
// are learnt), or a roster view (sort, filter). Up/Down move, Enter takes, Esc closes.
#include "panels/commands.h"
#include "panels/overlays.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "desk/fuzzy.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

namespace umpire::ui {

namespace {

struct Entry {
    std::string label;
    std::string kind;    // "unit", "action", "target", "turn", "pending", "owed", "command", "roster"
    std::string detail;  // keys for a command, side and strength for a unit
    bool enabled = true;
    std::function<void(Shell&)> take;
    int score = 0;
};

std::vector<Entry> all_entries(Shell& shell) {
    std::vector<Entry> out;
    if (shell.desk) {
        const desk::Desk& desk = *shell.desk;
        const model::Battle& b = desk.battle();
        for (const model::Unit& u : b.units) {
            std::string detail = entity_name(b, model::Entity::Side, u.side) + ", " + strength_text(u);
            for (const Badge& badge : status_badges(b, u, &desk.ruleset())) detail += " " + badge.word;
            const int id = u.id;
            out.push_back({u.name, "unit", detail, true, [id](Shell& s) {
                               if (s.desk->select_unit(id)) s.scroll_to_selected = true;
                           }});
        }
        for (const rules::ActionSpec& spec : desk.ruleset().actions()) {
            const std::string id = spec.id;
            out.push_back({spec.name.empty() ? spec.id : spec.name, "action", spec.summary, true,
                           [id](Shell& s) { s.desk->choose_action(id); }});
        }
        // The chosen action's targets, so the target is picked by typing too.
        if (const rules::ActionSpec* spec = desk.action(); spec && (spec->needs_target || spec->target_optional))
            for (const model::Unit* u : desk.target_candidates()) {
                const int id = u->id;
                out.push_back({"Target: " + u->name, "target",
                               entity_name(b, model::Entity::Side, u->side) + ", " + strength_text(*u), true,
                               [id](Shell& s) { s.desk->set_target(id); }});
            }
        // Every step the turn offers now (who goes first, has finished, a unit moved, the order
        // roll, end the phase anyway), with the command line's words for it.
        for (const turn::TurnOffer& offer : desk.turn_offers()) {
            const turn::TurnCommand command = offer.command;
            out.push_back({offer.label, "turn", "turn " + offer.words, true, [command](Shell& s) {
                               s.desk->take_turn(command, s.wind_rise_direction ? std::optional<int>(s.wind_rise_direction)
                                                                                : std::nullopt);
                           }});
        }
        // The rally phase's checks, as the Turn panel lists them: each opens the phase's action
        // (from the turn's places: Morale on its Rally column) for the marked unit.
        const auto status = desk.shared_turn_status();
        const turn::TurnStatus& st = *status;
        const turn::TurnRules* rules = desk.turn_rules();
        if (rules && st.phase >= 0 && static_cast<std::size_t>(st.phase) < rules->phases.size()) {
            const turn::PhaseRule& phase = rules->phases[static_cast<std::size_t>(st.phase)];
            if (phase.kind == turn::PhaseKind::Rally && !phase.actions.empty())
                for (int id : st.units_to_check) {
                    const model::Unit* u = b.unit(id);
                    if (!u) continue;
                    const std::string action = phase.actions.front();
                    const std::string quoted = u->name.find(' ') == std::string::npos ? u->name : "\"" + u->name + "\"";
                    out.push_back({"Rally check: " + u->name, "turn", action + " " + quoted, true, [id, action](Shell& s) {
                                       if (s.desk->select_unit(id) && s.desk->choose_action(action)) s.scroll_to_selected = true;
                                   }});
                }
        }
        // The follow-ups waiting: each opens its form, as Pending's Resolve does.
        for (std::size_t i = 0; i < desk.pending().size(); ++i) {
            const std::string line = pending_line(desk, desk.pending()[i]);
            out.push_back({"Pending: " + line, "pending", desk.pending()[i].follow_up.reason, true, [i](Shell& s) {
                               if (s.desk->take_pending(i)) s.scroll_to_selected = true;
                           }});
        }
        // What the units owe: each opens the form that pays it (what Pending lists is there once).
        for (const turn::OwedItem& item : desk.owed_apart_from_pending(st.owed))
            out.push_back({"Owed: " + item.text, "owed", item.due, true,
                           [item](Shell& s) { s.desk->take_owed(item); }});
        for (desk::RosterSort sort : desk::kAllRosterSorts)
            out.push_back({"Sort roster: " + std::string(desk::roster_sort_name(sort)), "roster", "", true,
                           [sort](Shell& s) { s.roster_options.sort = sort; }});
        auto show = [&](const char* label, bool rally, bool unactivated, bool shaken) {
            out.push_back({label, "roster", "", true, [=](Shell& s) {
                               s.roster_options.needs_rally = rally;
                               s.roster_options.not_activated = unactivated;
                               s.roster_options.shaken = shaken;
                           }});
        };
        show("Roster: show all units", false, false, false);
        show("Roster: show units that need to rally", true, false, false);
        show("Roster: show units not yet activated", false, true, false);
        show("Roster: show shaken units", false, false, true);
        out.push_back({shell.roster_options.hide_routed ? "Roster: show routed units again" : "Roster: hide routed units",
                       "roster", "", true, [](Shell& s) { s.roster_options.hide_routed = !s.roster_options.hide_routed; }});
    }
    for (const CommandInfo& c : commands()) {
        if (c.command == Command::Palette) continue;
        if (c.needs_battle && !shell.desk) continue;
        const Command command = c.command;
        out.push_back({c.name, "command", command_keys(command), command_enabled(command, shell),
                       [command](Shell& s) { run_command(command, s); }});
    }
    return out;
}

std::vector<Entry> matching(Shell& shell) {
    std::vector<Entry> all = all_entries(shell);
    std::vector<Entry> out;
    for (Entry& e : all) {
        const auto score = desk::fuzzy_score(e.label, shell.palette_text);
        if (!score) continue;
        e.score = *score;
        out.push_back(std::move(e));
    }
    // Best first; an empty query keeps the list's own order (units, actions, commands). Within
    // one kind of match (whole, a word's start, inside, letters in order: fuzzy_score's thousands)
    // a turn step comes before the rest: typed `first`, "Mahdist Ansar goes first" outranks
    // "Sort roster: Strength (weakest first)" although its label is longer.
    const auto rank = [](const Entry& e) { return std::pair{e.score / 1000, e.kind == "turn" ? 1 : 0}; };
    std::stable_sort(out.begin(), out.end(), [&](const Entry& a, const Entry& b) {
        if (rank(a) != rank(b)) return rank(a) > rank(b);
        return a.score > b.score;
    });
    return out;
}

} // namespace

std::vector<PaletteMatch> palette_matches(Shell& shell) {
    std::vector<PaletteMatch> out;
    for (const Entry& e : matching(shell)) out.push_back({e.kind, e.label, e.detail, e.enabled});
    return out;
}

void draw_command_palette(Shell& shell) {
    if (!shell.show_palette) return;
    const ImGuiIO& io = ImGui::GetIO();
    const float w = std::min(io.DisplaySize.x - 40.0f, ImGui::GetFontSize() * 36.0f);
    const float h = std::min(io.DisplaySize.y * 0.7f, ImGui::GetFontSize() * 26.0f);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.12f), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_Always);
    ImGui::SetNextWindowFocus();
    bool open = true;
    if (ImGui::Begin("Find a unit, an action or a command (Ctrl+K)", &open,
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                         ImGuiWindowFlags_NoSavedSettings)) {
        if (shell.focus_palette) {
            ImGui::SetKeyboardFocusHere();
            shell.focus_palette = false;
        }
        ImGui::SetNextItemWidth(-FLT_MIN);
        const std::string before = shell.palette_text;
        const bool entered = ImGui::InputTextWithHint("##palette", "Type a few letters: gord, shoot, undo, zoom...",
                                                      &shell.palette_text, ImGuiInputTextFlags_EnterReturnsTrue);
        if (shell.palette_text != before) shell.palette_index = 0;

        std::vector<Entry> found = matching(shell);
        const int n = static_cast<int>(found.size());
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) ++shell.palette_index;
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) --shell.palette_index;
        shell.palette_index = n == 0 ? 0 : std::clamp(shell.palette_index, 0, n - 1);

        std::optional<int> take;
        if (entered && n > 0) take = shell.palette_index;
        if (n == 0) text_dim("Nothing matches \"" + shell.palette_text + "\".");
        if (ImGui::BeginChild("matches")) {
            ImGuiListClipper clipper;
            clipper.Begin(n);
            while (clipper.Step()) {
                for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                    const Entry& e = found[static_cast<std::size_t>(i)];
                    ImGui::PushID(i);
                    ImGui::BeginDisabled(!e.enabled);
                    const bool highlighted = i == shell.palette_index;
                    if (ImGui::Selectable("##match", highlighted, ImGuiSelectableFlags_AllowItemOverlap)) take = i;
                    if (highlighted && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow)) ||
                                        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))))
                        ImGui::SetScrollHereY(0.5f);
                    ImGui::SameLine(0.0f, 0.0f);
                    ImGui::SetCursorPosX(ImGui::GetStyle().ItemSpacing.x);
                    text_coloured(colour::dim, e.kind);
                    ImGui::SameLine(ImGui::GetFontSize() * 5.0f);
                    text(e.label);
                    if (!e.detail.empty()) {
                        ImGui::SameLine();
                        text_dim(e.detail);
                    }
                    ImGui::EndDisabled();
                    ImGui::PopID();
                }
            }
        }
        ImGui::EndChild();
        if (take && found[static_cast<std::size_t>(*take)].enabled) {
            shell.show_palette = false;
            found[static_cast<std::size_t>(*take)].take(shell);
        }
    }
    ImGui::End();
    if (!open) shell.show_palette = false;
}

} // namespace umpire::ui
