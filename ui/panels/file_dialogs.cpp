// File > New battle, Open and Save a copy: modal dialogs that collect paths and options and
// hand them to the desk layer (desk/new_battle.h) and core (store::save_copy). A refusal is
// shown inside the dialog, which stays open with everything typed still there.
//
// [SECTION] Shared
// [SECTION] New battle
// [SECTION] Open
// [SECTION] Save a copy
#include "panels/dialog.h"
#include "panels/file_menu.h"
#include "panels/panels.h"
#include "panels/theme.h"
#include "panels/widgets.h"

#include "roster/roster.h"
#include "rulesets/registry.h"
#include "store/copy.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

namespace umpire::ui {

namespace fs = std::filesystem;

//-----------------------------------------------------------------------------
// [SECTION] Shared
//-----------------------------------------------------------------------------

namespace {

// The shared dialog helpers under the names this file has always used.

void focus_first_field(FileMenu& files) {
    if (!files.dialog_just_opened) return;
    ImGui::SetKeyboardFocusHere();
    files.dialog_just_opened = false;
}

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

//-----------------------------------------------------------------------------
// [SECTION] New battle
//-----------------------------------------------------------------------------

// Adds a roster to the form. The first one also picks the ruleset when none is picked yet,
// names the battle file after it, and is checked now so a wrong path is reported at once.
} // namespace

void add_roster_to_new_battle(FileMenu& files, const std::string& path) {
    desk::NewBattleForm& form = files.new_form;
    if (std::find(form.rosters.begin(), form.rosters.end(), path) != form.rosters.end()) {
        files.new_error = file_name(path) + " is already in the list.";
        return;
    }
    try {
        const model::Battle roster = roster::load_roster_file(path);
        if (form.ruleset.empty()) form.ruleset = roster.ruleset;
        if (form.save_path.empty()) {
            // In the user's documents folder, not wherever the program happened to start.
            form.save_path = (fs::path(desk::documents_dir()) / (fs::path(path).stem().string() + ".umpire")).string();
        }
    } catch (const std::exception& e) {
        files.new_error = e.what();
        return;
    }
    form.rosters.push_back(path);
    files.new_error.clear();
}

namespace {

void draw_ruleset_choice(desk::NewBattleForm& form) {
    const auto available = rulesets::available();
    std::string current = "(pick one)";
    for (const auto& r : available)
        if (r.id == form.ruleset) current = r.name;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18.0f);
    if (ImGui::BeginCombo("Ruleset", current.c_str())) {
        for (const auto& r : available)
            if (ImGui::Selectable(r.name.c_str(), r.id == form.ruleset)) form.ruleset = r.id;
        ImGui::EndCombo();
    }
}

void draw_rosters(FileMenu& files) {
    desk::NewBattleForm& form = files.new_form;
    text("Rosters in this battle (sides with the same name join):");
    if (form.rosters.empty()) text_dim("  none yet: add a sample roster or type a roster file's path");
    for (std::size_t i = 0; i < form.rosters.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        const bool remove = hit_button(files, "Remove", "remove:" + form.rosters[i]);
        ImGui::SameLine();
        text(file_name(form.rosters[i]));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", form.rosters[i].c_str());
        ImGui::PopID();
        if (remove) {
            form.rosters.erase(form.rosters.begin() + static_cast<std::ptrdiff_t>(i));
            break;
        }
    }

    const auto samples = desk::list_rosters(files.rosters_dir);
    if (!samples.empty()) {
        text_dim("Sample rosters:");
        // As many to a row as fit: the list grows with every ruleset, and a row each would push
        // Create off a 1280x800 screen.
        const float spacing = ImGui::GetStyle().ItemSpacing.x;
        float room = 0;
        for (const auto& path : samples) {
            const std::string name = file_name(path);
            const float width = button_width("Add") + spacing + ImGui::CalcTextSize(name.c_str()).x + 3 * spacing;
            if (width <= room) ImGui::SameLine(0, 3 * spacing);
            else room = ImGui::GetContentRegionAvail().x;
            room -= width;
            ImGui::PushID(path.c_str());
            if (hit_button(files, "Add", "add:" + name)) add_roster_to_new_battle(files, path);
            ImGui::PopID();
            ImGui::SameLine();
            text(name);
        }
    }
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - button_width("Add file") -
                            ImGui::GetStyle().ItemSpacing.x);
    const bool enter = ImGui::InputTextWithHint("##roster-path", "or a roster file: path/to/roster.toml",
                                                &files.new_roster_path, ImGuiInputTextFlags_EnterReturnsTrue);
    remember_hit(files, "roster-path");
    const bool chosen = browse_button(files, "browse-roster",
                                      {false, "Add a roster", files.rosters_dir.empty() ? std::string() : files.rosters_dir + "/",
                                       "Rosters", "*.toml"},
                                      files.new_roster_path);
    ImGui::SameLine();
    if ((hit_button(files, "Add file", "Add file") || enter || chosen) && !files.new_roster_path.empty()) {
        add_roster_to_new_battle(files, files.new_roster_path);
        if (files.new_error.empty()) files.new_roster_path.clear();
    }
}

void draw_options(FileMenu& files) {
    desk::NewBattleForm& form = files.new_form;
    const float field_w = ImGui::GetFontSize() * 18.0f;
    ImGui::SetNextItemWidth(field_w);
    ImGui::InputTextWithHint("Battle name", "blank: the roster's name", &form.name);
    remember_hit(files, "name");

    // The units the ruleset is played in: inches or cm on an open table, squares or hexes on a grid.
    text("Distance unit:");
    ImGui::SameLine();
    if (ImGui::RadioButton("as in the roster", form.distance_unit.empty())) form.distance_unit.clear();
    for (const std::string& unit : desk::distance_units_of(form.ruleset)) {
        ImGui::SameLine();
        if (ImGui::RadioButton(desk::distance_unit_label(unit).c_str(), form.distance_unit == unit)) form.distance_unit = unit;
        remember_hit(files, "unit:" + unit);
    }

    ImGui::SetNextItemWidth(field_w * 0.5f);
    ImGui::InputTextWithHint("Scale", "as in the roster", &form.scale);
    remember_hit(files, "scale");
    ImGui::SameLine();
    text_dim("x1.5 for 54mm figures: every rulebook distance is multiplied");
    std::string scale_error;
    desk::parse_scale(form.scale, scale_error);
    if (!scale_error.empty()) text_wrapped_coloured(colour::error, scale_error);

    text("House rules (TOML laid over the ruleset's tables; blank: the rosters' own):");
    const float rules_h = std::max(ImGui::GetTextLineHeight() * 4.0f,
                                   ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 5.0f);
    ImGui::InputTextMultiline("##house-rules", &form.house_rules, ImVec2(-1.0f, rules_h));
    remember_hit(files, "house-rules");
    const std::string& problem = files.house_rules_check.error(form.ruleset, form.house_rules);
    if (form.house_rules.find_first_not_of(" \t\r\n") == std::string::npos)
        text_dim("e.g. [[shooting.weapons]] id = \"rifle\" long = 30: one weapon's range changed");
    else if (problem.empty())
        text_coloured(colour::good, "House rules fit the tables.");
    else
        text_wrapped_coloured(colour::error, problem);
}

void draw_new_battle(Shell& shell) {
    FileMenu& files = shell.files;
    if (!begin_dialog(files, "New battle", 46.0f, 40.0f)) return;
    desk::NewBattleForm& form = files.new_form;
    focus_first_field(files);
    draw_ruleset_choice(form);
    ImGui::Separator();
    draw_rosters(files);
    ImGui::Separator();
    draw_options(files);

    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Save to").x -
                            ImGui::GetStyle().ItemInnerSpacing.x - browse_width(files));
    ImGui::InputTextWithHint("Save to", "path/to/new-battle.umpire", &form.save_path);
    remember_hit(files, "save-to");
    browse_button(files, "browse-save-to", {true, "Save the new battle as", {}, "Battle files", "*.umpire"}, form.save_path);
    if (!files.new_error.empty()) text_wrapped_coloured(colour::error, files.new_error);

    if (hit_button(files, "Create", "Create")) {
        try {
            desk::Desk created = desk::create_new_battle(form);
            shell.desk.emplace(std::move(created));
            shell.unit_rows.clear();
            shell.form_inputs.clear();
            shell.roster_filter.clear();
            shell.start_error.clear();
            files.recent_battles().add(form.save_path);
            files.new_error.clear();
            form = desk::NewBattleForm{};
            close_dialog(files);
        } catch (const roster::RosterError& e) {
            files.new_error = e.what();
        } catch (const std::exception& e) {
            files.new_error = e.what();
        }
    }
    ImGui::SameLine();
    if (hit_button(files, "Cancel", "Cancel") || escape_pressed()) close_dialog(files);
    ImGui::EndPopup();
}

//-----------------------------------------------------------------------------
// [SECTION] Open
//-----------------------------------------------------------------------------

void draw_open(Shell& shell) {
    FileMenu& files = shell.files;
    if (!begin_dialog(files, "Open a battle", 40.0f, 12.0f)) return;
    text_dim("The battle file's path (a .umpire file).");
    focus_first_field(files);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - browse_width(files));
    const bool enter = ImGui::InputTextWithHint("##open-path", "path/to/battle.umpire", &files.open_path,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    remember_hit(files, "open-path");
    const bool chosen = browse_button(files, "browse-open",
                                      {false, "Open a battle", files.open_path.empty() ? desk::documents_dir() + "/" : std::string(),
                                       "Battle files", "*.umpire"},
                                      files.open_path);
    if (!files.open_error.empty()) text_wrapped_coloured(colour::error, files.open_error);
    if ((hit_button(files, "Open", "Open") || enter || chosen) && !files.open_path.empty()) {
        if (open_battle_from_menu(shell, files.open_path, files.open_error)) close_dialog(files);
    }
    ImGui::SameLine();
    if (hit_button(files, "Cancel", "Cancel") || escape_pressed()) close_dialog(files);
    ImGui::EndPopup();
}

//-----------------------------------------------------------------------------
// [SECTION] Save a copy
//-----------------------------------------------------------------------------

void draw_save_copy(Shell& shell) {
    FileMenu& files = shell.files;
    if (!shell.desk) {
        files.dialog = FileDialog::None;
        return;
    }
    if (!begin_dialog(files, "Save a copy", 40.0f, 13.0f)) return;
    text_dim("A snapshot of the battle as it is now, journal included. The battle on screen");
    text_dim("stays open; the copy is a separate file.");
    focus_first_field(files);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - browse_width(files));
    const bool enter = ImGui::InputTextWithHint("##copy-path", "path/to/copy.umpire", &files.copy_path,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    remember_hit(files, "copy-path");
    browse_button(files, "browse-copy", {true, "Save a copy as", {}, "Battle files", "*.umpire"}, files.copy_path);
    if (!files.copy_message.empty())
        text_wrapped_coloured(files.copy_failed ? colour::error : colour::good, files.copy_message);
    if (hit_button(files, "Save copy", "Save copy") || enter) {
        try {
            store::save_copy(shell.desk->path(), files.copy_path);
            files.copy_failed = false;
            files.copy_message = "Saved a copy as " + files.copy_path + ".";
        } catch (const std::exception& e) {
            files.copy_failed = true;
            files.copy_message = e.what();
        }
    }
    ImGui::SameLine();
    if (hit_button(files, "Close", "Close") || escape_pressed()) close_dialog(files);
    ImGui::EndPopup();
}

} // namespace

void draw_file_dialogs(Shell& shell) {
    switch (shell.files.dialog) {
    case FileDialog::NewBattle: draw_new_battle(shell); break;
    case FileDialog::Open: draw_open(shell); break;
    case FileDialog::SaveCopy: draw_save_copy(shell); break;
    case FileDialog::Print: draw_print_dialog(shell); break;
    case FileDialog::EditRoster: draw_roster_editor(shell); break;
    case FileDialog::ChanceDeck: draw_deck_editor(shell); break;
    case FileDialog::None: break;
    }
}

} // namespace umpire::ui
