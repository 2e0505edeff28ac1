// Edit > Roster...: changes to the roster at the table. Every button asks core/roster/edit.h
// for the edit and records it through the desk, so it lands in the journal (undo with Ctrl+Z,
// still there after reopening). A refused value is shown under the buttons with the reason,
// including the values the ruleset allows, and the fields keep what was typed.
#include "panels/dialog.h"
#include "panels/file_menu.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "roster/edit.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <charconv>

namespace umpire::ui {

namespace {

void remember(FileMenu& files, const std::string& label) { remember_hit(files, label); }
bool button(FileMenu& files, const char* label) { return hit_button(files, label); }

// A whole number as typed; nullopt for anything else (the caller says which field).
std::optional<int> whole(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return std::nullopt;
    const auto last = text.find_last_not_of(" \t");
    int value = 0;
    const char* begin = text.data() + first;
    const char* end = text.data() + last + 1;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr != end) return std::nullopt;
    return value;
}

void load_unit(RosterEditorForm& form, const model::Unit& u) {
    form.loaded = u.id;
    form.name = u.name;
    form.figures = std::to_string(u.figures);
    form.hits = std::to_string(u.hits);
    form.quality = u.quality;
    form.commander = u.commander;
    form.split_figures.clear();
    form.split_name.clear();
}

// Runs one edit through the desk and reports it in the dialog.
void run(Shell& shell, const desk::Desk::RosterEdit& make) {
    RosterEditorForm& form = shell.files.roster_edit;
    desk::Desk& desk = *shell.desk;
    if (desk.edit_roster(make)) {
        form.failed = false;
        form.message = desk.status();
        form.loaded.reset();  // refill from the unit as it now is
    } else {
        form.failed = true;
        form.message = desk.error();
    }
}

void refuse(RosterEditorForm& form, std::string message) {
    form.failed = true;
    form.message = std::move(message);
}

std::string commander_name(const model::Battle& b, std::optional<int> id) {
    if (!id) return "(none)";
    const model::Commander* c = b.commander(*id);
    return c ? c->name : "(none)";
}

// The unit is a copy: an edit made by a button replaces the battle's units, and the rest of
// the section still reads the unit as it was drawn.
void draw_unit_section(Shell& shell, const model::Unit u) {
    FileMenu& files = shell.files;
    RosterEditorForm& form = files.roster_edit;
    const model::Battle& b = shell.desk->battle();
    const int id = u.id;
    const float field_w = ImGui::GetFontSize() * 14.0f;

    ImGui::SetNextItemWidth(field_w);
    ImGui::InputText("##name", &form.name);
    remember(files, "name-field");
    ImGui::SameLine();
    if (button(files, "Rename")) {
        const std::string name = form.name;
        run(shell, [id, name](const model::Battle& battle, const rules::Ruleset&) {
            return roster::rename_unit(battle, id, name);
        });
    }

    ImGui::SetNextItemWidth(field_w * 0.4f);
    ImGui::InputText("##figures", &form.figures);
    remember(files, "figures-field");
    ImGui::SameLine();
    if (button(files, "Set figures")) {
        if (const auto n = whole(form.figures))
            run(shell, [id, n](const model::Battle& battle, const rules::Ruleset&) {
                return roster::set_figures(battle, id, *n);
            });
        else
            refuse(form, "figures: type a whole number, not \"" + form.figures + "\"");
    }
    ImGui::SameLine();
    text_dim("of " + std::to_string(u.start_figures) + " at the start");
    if (u.hit_capacity > 0) {
        // A ruleset that counts hits against a capacity: the umpire corrects the hits.
        ImGui::SetNextItemWidth(field_w * 0.4f);
        ImGui::InputText("##hits", &form.hits);
        remember(files, "hits-field");
        ImGui::SameLine();
        if (button(files, "Set hits")) {
            if (const auto n = whole(form.hits))
                run(shell, [id, n](const model::Battle& battle, const rules::Ruleset&) {
                    return roster::set_hits(battle, id, *n);
                });
            else
                refuse(form, "hits: type a whole number, not \"" + form.hits + "\"");
        }
        ImGui::SameLine();
        text_dim("of " + std::to_string(u.hit_capacity) + " (its capacity)");
    }

    ImGui::SetNextItemWidth(field_w);
    ImGui::InputText("##quality", &form.quality);
    remember(files, "quality-field");
    ImGui::SameLine();
    if (button(files, "Set quality")) {
        const std::string quality = form.quality;
        run(shell, [id, quality](const model::Battle& battle, const rules::Ruleset& ruleset) {
            return roster::set_quality(battle, ruleset, id, quality);
        });
    }

    ImGui::SetNextItemWidth(field_w);
    if (ImGui::BeginCombo("##commander", commander_name(b, form.commander).c_str())) {
        if (ImGui::Selectable("(none)", !form.commander)) form.commander.reset();
        for (const auto& c : b.commanders)
            if (c.side == u.side && ImGui::Selectable(c.name.c_str(), form.commander == c.id)) form.commander = c.id;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (button(files, "Assign commander")) {
        const std::optional<int> commander = form.commander;
        run(shell, [id, commander](const model::Battle& battle, const rules::Ruleset&) {
            return roster::assign_commander(battle, id, commander);
        });
    }

    text("Split off");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field_w * 0.3f);
    ImGui::InputText("##split-figures", &form.split_figures);
    remember(files, "split-figures");
    ImGui::SameLine();
    text("figures as");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field_w);
    ImGui::InputTextWithHint("##split-name", (u.name + " detachment").c_str(), &form.split_name);
    ImGui::SameLine();
    if (button(files, "Split")) {
        if (const auto n = whole(form.split_figures)) {
            const std::string name = form.split_name;
            run(shell, [id, n, name](const model::Battle& battle, const rules::Ruleset&) {
                return roster::split_detachment(battle, id, *n, name);
            });
        } else {
            refuse(form, "split: type how many figures leave the unit");
        }
    }
    if (u.counters.count("detachment-of")) {
        if (button(files, "Rejoin its unit"))
            run(shell, [id](const model::Battle& battle, const rules::Ruleset&) {
                return roster::rejoin_detachment(battle, id);
            });
        ImGui::SameLine();
    }
    const bool reserve = u.has(model::Flag::Reserve);
    if (button(files, reserve ? "Bring on from reserve" : "Hold in reserve"))
        run(shell, [id, reserve](const model::Battle& battle, const rules::Ruleset&) {
            return roster::set_reserve(battle, id, !reserve);
        });
    ImGui::SameLine();
    // Hidden from the other side's page on the players' phones (View > Players' phones).
    const bool hidden = u.has(model::Flag::Hidden);
    if (button(files, hidden ? "Reveal to the other side" : "Hide from the other side"))
        run(shell, [id, hidden](const model::Battle& battle, const rules::Ruleset&) {
            return roster::set_hidden(battle, id, !hidden);
        });
    ImGui::SameLine();
    if (button(files, "Remove from the roster"))
        run(shell, [id](const model::Battle& battle, const rules::Ruleset&) { return roster::remove_unit(battle, id); });
}

void draw_new_unit_section(Shell& shell) {
    FileMenu& files = shell.files;
    RosterEditorForm& form = files.roster_edit;
    const model::Battle& b = shell.desk->battle();
    const float field_w = ImGui::GetFontSize() * 9.0f;
    heading("Add a unit");
    const model::Side* side = b.side(form.new_side);
    ImGui::SetNextItemWidth(field_w * 1.6f);
    if (ImGui::BeginCombo("Side", side ? side->name.c_str() : "(pick)")) {
        for (const auto& s : b.sides)
            if (ImGui::Selectable(s.name.c_str(), s.id == form.new_side)) form.new_side = s.id;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field_w * 1.6f);
    ImGui::InputTextWithHint("##new-name", "name", &form.new_name);
    remember(files, "new-name");
    ImGui::SetNextItemWidth(field_w);
    ImGui::InputTextWithHint("##new-type", "type", &form.new_type);
    remember(files, "new-type");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field_w);
    ImGui::InputTextWithHint("##new-quality", "quality", &form.new_quality);
    remember(files, "new-quality");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field_w);
    ImGui::InputTextWithHint("##new-weapon", "weapon", &form.new_weapon);
    remember(files, "new-weapon");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field_w * 0.6f);
    ImGui::InputTextWithHint("##new-figures", "figures", &form.new_figures);
    remember(files, "new-figures");
    ImGui::Checkbox("In reserve", &form.new_reserve);  // on its own line: the row above is full at 1280 wide
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A spare unit on hand: off the table until it arrives");
    ImGui::SameLine();
    if (button(files, "Add unit")) {
        const auto n = whole(form.new_figures);
        if (!n) {
            refuse(form, "figures: type a whole number for the new unit");
            return;
        }
        roster::NewUnit draft;
        draft.name = form.new_name;
        draft.side = form.new_side;
        draft.troop_type = form.new_type;
        draft.quality = form.new_quality;
        draft.weapon = form.new_weapon;
        draft.figures = *n;
        draft.reserve = form.new_reserve;
        run(shell, [draft](const model::Battle& battle, const rules::Ruleset& ruleset) {
            return roster::add_unit(battle, ruleset, draft);
        });
        if (!form.failed) {
            form.new_name.clear();
            form.new_figures.clear();
        }
    }
}

} // namespace

void draw_roster_editor(Shell& shell) {
    FileMenu& files = shell.files;
    if (!shell.desk) {
        files.dialog = FileDialog::None;
        return;
    }
    if (!begin_dialog(files, "Edit roster", 44.0f, 26.0f)) return;
    const float em = ImGui::GetFontSize();
    RosterEditorForm& form = files.roster_edit;
    const model::Battle& b = shell.desk->battle();
    const model::Unit* u = form.unit ? b.unit(*form.unit) : nullptr;
    ImGui::SetNextItemWidth(em * 20.0f);
    if (ImGui::BeginCombo("Unit", u ? u->name.c_str() : "(pick a unit)")) {
        for (const auto& x : b.units) {
            const model::Side* s = b.side(x.side);
            const std::string label = x.name + "  (" + (s ? s->name : "") + ")##" + std::to_string(x.id);
            if (ImGui::Selectable(label.c_str(), form.unit == x.id)) form.unit = x.id;
        }
        ImGui::EndCombo();
    }
    remember(files, "unit-combo");
    u = form.unit ? b.unit(*form.unit) : nullptr;
    if (u && form.loaded != u->id) load_unit(form, *u);
    if (u)
        draw_unit_section(shell, *u);
    else
        text_dim("Pick a unit to rename it, change its figures, quality or commander, or split it.");
    ImGui::Separator();
    draw_new_unit_section(shell);

    ImGui::Separator();
    if (!form.message.empty())
        text_wrapped_coloured(form.failed ? colour::error : colour::good, form.message);
    else
        text_dim("Every change goes in the journal: Ctrl+Z undoes it.");
    if (button(files, "Close") || escape_pressed()) close_dialog(files);
    ImGui::EndPopup();
}

} // namespace umpire::ui
