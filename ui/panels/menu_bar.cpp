// The main menu bar across the top of the window. File: New battle, Open, Recent battles,
// Save a copy, Print, and the player view. There is no Save: every action is committed to the
// battle file as it is applied. The dialogs themselves are in file_dialogs.cpp and
// print_dialog.cpp.
#include "panels/file_menu.h"
#include "panels/overlays.h"
#include "panels/panels.h"
#include "panels/widgets.h"

#include "print/print.h"

#include <imgui.h>

#include <filesystem>

namespace umpire::ui {

namespace {

void remember(FileMenu& files, const std::string& label) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    files.hits[label] = {a.x, a.y, b.x, b.y};
}

bool menu_item(FileMenu& files, const char* label, const char* shortcut = nullptr, bool enabled = true) {
    const bool chosen = ImGui::MenuItem(label, shortcut, false, enabled);
    remember(files, label);
    return chosen;
}

void open_dialog(FileMenu& files, FileDialog dialog) {
    files.dialog = dialog;
    files.dialog_just_opened = true;
}

void draw_recent(Shell& shell) {
    FileMenu& files = shell.files;
    const auto& paths = files.recent_battles().paths();
    if (paths.empty()) {
        ImGui::MenuItem("(none yet)", nullptr, false, false);
        return;
    }
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const std::string& path = paths[i];
        std::error_code ec;
        const bool present = std::filesystem::exists(path, ec);
        // A missing file stays listed, greyed: it may be on a stick that is not plugged in.
        const std::string label = std::filesystem::path(path).filename().string() + "##recent" + std::to_string(i);
        const bool chosen = ImGui::MenuItem(label.c_str(), present ? nullptr : "missing", false, present);
        remember(files, "recent:" + path);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
        if (chosen) open_battle_from_menu(shell, path, files.open_error);
    }
}

} // namespace

desk::RecentBattles& FileMenu::recent_battles() {
    if (!recent) recent.emplace(recent_path);
    return *recent;
}

bool open_battle_from_menu(Shell& shell, const std::string& path, std::string& error) {
    try {
        // Checked whole after the next frame, unless remembered as checked and unchanged since.
        desk::Desk opened = desk::Desk::open(path, true, shell.files.verified_path);
        shell.desk.emplace(std::move(opened));
    } catch (const std::exception& e) {
        error = "Could not open " + path + ": " + e.what();
        return false;
    }
    error.clear();
    // What the panels remembered belongs to the battle that was on screen.
    shell.unit_rows.clear();
    shell.form_inputs.clear();
    shell.roster_filter.clear();
    shell.start_error.clear();
    shell.files.recent_battles().add(path);
    return true;
}

void open_file_dialog(Shell& shell, FileDialog dialog) {
    if (dialog == FileDialog::SaveCopy || dialog == FileDialog::Print || dialog == FileDialog::EditRoster ||
        dialog == FileDialog::ChanceDeck)
        if (!shell.desk) return;  // these work on the open battle
    FileMenu& files = shell.files;
    switch (dialog) {
    case FileDialog::NewBattle:
        files.new_error.clear();
        break;
    case FileDialog::Open:
        files.open_error.clear();
        break;
    case FileDialog::SaveCopy: {
        files.copy_message.clear();
        files.copy_failed = false;
        const std::filesystem::path p(shell.desk->path());
        const std::filesystem::path folder = desk::in_hidden_folder(p.string()) ? std::filesystem::path(desk::documents_dir())
                                                                                 : p.parent_path();
        files.copy_path = (folder / (p.stem().string() + "-copy" + p.extension().string())).string();
        break;
    }
    case FileDialog::EditRoster:
        files.roster_edit.unit = shell.desk->unit();
        files.roster_edit.loaded.reset();  // fill the fields from the unit as it is now
        files.roster_edit.message.clear();
        break;
    case FileDialog::ChanceDeck: {
        // A fresh working copy of the deck the battle plays with; exports go beside the battle.
        files.deck_edit = {};
        files.deck_edit.deck = shell.desk->chance_deck();
        const std::filesystem::path p(shell.desk->path());
        files.deck_edit.path = (p.parent_path() / (p.stem().string() + "-chance-deck.toml")).string();
        break;
    }
    case FileDialog::Print:
        files.printed.reset();
        files.print_form.output = desk::default_print_path(shell.desk->path(), files.print_form.kind);
        break;
    case FileDialog::None:
        break;
    }
    open_dialog(files, dialog);
}

float draw_menu_bar(Shell& shell) {
    FileMenu& files = shell.files;
    float height = 0.0f;
    if (!ImGui::BeginMainMenuBar()) return height;
    height = ImGui::GetWindowSize().y;
    if (ImGui::BeginMenu("File")) {
        remember(files, "File");
        if (menu_item(files, "New battle...", "Ctrl+N")) open_file_dialog(shell, FileDialog::NewBattle);
        if (menu_item(files, "Open...", "Ctrl+O")) open_file_dialog(shell, FileDialog::Open);
        if (ImGui::BeginMenu("Recent battles")) {
            remember(files, "Recent battles");
            draw_recent(shell);
            ImGui::EndMenu();
        }
        remember(files, "Recent battles");
        ImGui::Separator();
        if (menu_item(files, "Save a copy...", "Ctrl+Shift+S", shell.desk.has_value()))
            open_file_dialog(shell, FileDialog::SaveCopy);
        if (menu_item(files, "Print...", "Ctrl+P", shell.desk.has_value())) open_file_dialog(shell, FileDialog::Print);
        ImGui::Separator();
        ImGui::MenuItem("Every action is saved as it is applied", nullptr, false, false);
        ImGui::EndMenu();
    } else {
        remember(files, "File");
    }
    if (ImGui::BeginMenu("Edit")) {
        remember(files, "Edit");
        if (menu_item(files, "Roster...", "Ctrl+E", shell.desk.has_value()))
            open_file_dialog(shell, FileDialog::EditRoster);
        if (menu_item(files, "Chance deck...", nullptr, shell.desk && shell.desk->chance_deck().has_value()))
            open_file_dialog(shell, FileDialog::ChanceDeck);
        ImGui::EndMenu();
    } else {
        remember(files, "Edit");
    }
    if (ImGui::BeginMenu("View")) {
        remember(files, "View");
        draw_view_menu_items(shell);  // zoom, theme, quick reference, help (view_menu.cpp)
        ImGui::Separator();
        if (ImGui::MenuItem("Player view (second window)", "F11", files.player_view, shell.desk.has_value()))
            files.player_view = !files.player_view;
        remember(files, "Player view");
        if (ImGui::MenuItem("Players' phones...", nullptr, shell.phones->serving(), shell.desk.has_value()))
            shell.show_phones = true;
        remember(files, "Players' phones");
        ImGui::EndMenu();
    } else {
        remember(files, "View");
    }
    ImGui::EndMainMenuBar();
    return height;
}

} // namespace umpire::ui
