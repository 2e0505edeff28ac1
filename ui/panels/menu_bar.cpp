// The main menu bar across the top of the window. File: New battle, Open, Recent battles,
// Save a copy, Print, and the player view. There is no Save: every action is committed to the
// battle file as it is applied. The dialogs themselves are in file_dialogs.cpp and
// print_dialog.cpp.
#include "panels/commands.h"
#include "panels/file_menu.h"
#include "panels/overlays.h"
#include "panels/panels.h"
#include "panels/widgets.h"

#include "print/print.h"
#include "store/backends.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>

namespace umpire::ui {

namespace {

void remember(FileMenu& files, const std::string& label) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    files.hits[label] = {a.x, a.y, b.x, b.y};
}

bool menu_item(Shell& shell, const char* label, const char* shortcut = nullptr, bool enabled = true) {
    const bool chosen = menu_row(shell, label, shortcut, false, enabled);
    remember(shell.files, label);
    return chosen;
}

// The menus in the bar's order, for Left/Right.
constexpr const char* kMenus[] = {"File", "Edit", "View"};
constexpr int kMenuCount = static_cast<int>(sizeof(kMenus) / sizeof(kMenus[0]));
constexpr const char* kRecent = "Recent battles";

bool key_pressed(int k) {
    const ImGuiIO& io = ImGui::GetIO();
    return k >= 0 && k < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)) && ImGui::IsKeyPressed(k, true);
}

// The next enabled row from `row` by `step` (wrapping), or `row` when none is.
int step_row(const std::vector<bool>& enabled, int row, int step) {
    const int n = static_cast<int>(enabled.size());
    for (int i = 1; i <= n; ++i) {
        const int next = ((row + step * i) % n + n) % n;
        if (enabled[static_cast<std::size_t>(next)]) return next;
    }
    return row;
}

void open_menu_by_keys(Shell::MenuKeys& k, int menu) {
    k.open = true;
    k.menu = (menu % kMenuCount + kMenuCount) % kMenuCount;
    k.row = 0;
    k.in_recent = false;
    k.enabled.clear();
    k.rects.clear();
}

// Alt pressed and released alone opens the bar (or closes it); then the arrows, Enter and Esc
// work the open menu. Read before the menus are drawn.
void read_menu_keys(Shell& shell) {
    Shell::MenuKeys& k = shell.menu_keys;
    const ImGuiIO& io = ImGui::GetIO();
    const bool clicked = ImGui::IsMouseClicked(0) || ImGui::IsMouseClicked(1);
    k.clicked_before = k.clicked;  // a click closes an open popup at the end of its frame
    k.clicked = clicked;
    bool other = clicked;
    for (int i = 0; i < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)); ++i)
        if (io.KeysDown[i] && io.KeysDownDuration[i] == 0.0f && i != key::LeftAlt && i != key::RightAlt) other = true;
    if (io.KeyAlt && !k.alt_was_down) k.alt_alone = true;
    if (other || io.KeyCtrl || io.KeyShift) k.alt_alone = false;
    const bool alt_released = !io.KeyAlt && k.alt_was_down && k.alt_alone;
    k.alt_was_down = io.KeyAlt;
    if (alt_released) {
        k.alt_alone = false;
        toggle_menu_by_keys(shell);
        return;
    }
    k.take = false;
    if (!k.open) return;
    if (key_pressed(key::Escape)) {
        if (k.in_recent) {
            k.in_recent = false;
            k.row = 0;
        } else {
            k.open = false;
        }
        return;
    }
    if (key_pressed(key::Left)) {
        if (k.in_recent)
            k.in_recent = false;
        else
            open_menu_by_keys(k, k.menu - 1);
        k.row = 0;
        k.enabled.clear();
        return;
    }
    const bool on_recent = k.menu == 0 && !k.in_recent && k.row == 2;  // File's third row
    if (key_pressed(key::Right)) {
        if (on_recent) {
            k.in_recent = true;
            k.row = 0;
            k.enabled.clear();
        } else {
            open_menu_by_keys(k, k.menu + 1);
        }
        return;
    }
    if (!k.enabled.empty()) {
        if (key_pressed(key::Down)) k.row = step_row(k.enabled, k.row, 1);
        if (key_pressed(key::Up)) k.row = step_row(k.enabled, k.row, -1);
    }
    if (key_pressed(key::Enter) || key_pressed(key::KpEnter) || key_pressed(key::Space)) {
        if (on_recent) {
            k.in_recent = true;
            k.row = 0;
            k.enabled.clear();
        } else {
            k.take = true;
        }
    }
}

// Before BeginMenu(label): the keys open the menu they are on (and notice a menu the mouse closed).
void keys_open(Shell& shell, const char* label, int menu) {
    Shell::MenuKeys& k = shell.menu_keys;
    if (!k.open || k.menu != menu) return;
    // Closed by a click elsewhere: the keys let it go. (A window appearing takes the focus and
    // closes it too, the first frames of the program: then it opens again.)
    if (k.shown == menu && !ImGui::IsPopupOpen(label) && k.clicked_before) {
        k.open = false;
        k.shown = -1;
        return;
    }
    if (!ImGui::IsPopupOpen(label)) ImGui::OpenPopup(label);
}

// Inside an open menu, before its items: counted from 0; the keys' row marked behind it; a menu
// the keys closed is closed.
void keys_begin_items(Shell& shell, int menu) {
    Shell::MenuKeys& k = shell.menu_keys;
    k.count = 0;
    const bool ours = k.open && k.menu == menu;
    if (!ours) {
        if (k.shown == menu) {  // the keys closed it (Esc, F10, Alt) or went to another menu
            ImGui::CloseCurrentPopup();
            k.shown = -1;
        }
        return;
    }
    k.shown = menu;
    if (k.in_recent) return;
    const auto row = static_cast<std::size_t>(k.row);
    if (row < k.rects.size()) {
        const ScreenRect& r = k.rects[row];
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(r.x0, r.y0), ImVec2(r.x1, r.y1),
                                                  ImGui::GetColorU32(ImGuiCol_HeaderHovered));
    }
}

// After the open menu's items: what they were, for the next frame's keys.
void keys_end_items(Shell& shell, int menu) {
    Shell::MenuKeys& k = shell.menu_keys;
    if (!k.open || k.menu != menu || k.in_recent) return;
    k.enabled.resize(static_cast<std::size_t>(k.count));
    k.rects.resize(static_cast<std::size_t>(k.count));
    if (k.row >= k.count) k.row = 0;
    // The keys start on the first item that can be taken (View's zoom line is only a label).
    if (k.count > 0 && !k.enabled[static_cast<std::size_t>(k.row)]) k.row = step_row(k.enabled, k.row, 1);
}

void open_dialog(FileMenu& files, FileDialog dialog) {
    files.dialog = dialog;
    files.dialog_just_opened = true;
}

void draw_recent(Shell& shell) {
    FileMenu& files = shell.files;
    Shell::MenuKeys& k = shell.menu_keys;
    const bool keys = k.open && k.menu == 0 && k.in_recent;
    const auto& paths = files.recent_battles().paths();
    if (keys) {
        // The keys' rows here are the recent battles (none enabled when there are none).
        k.enabled.assign(paths.size(), false);
        k.rects.resize(paths.size());
        if (k.row >= static_cast<int>(paths.size())) k.row = 0;
    }
    if (paths.empty()) {
        ImGui::MenuItem("(none yet)", nullptr, false, false);
        return;
    }
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const std::string& path = paths[i];
        std::error_code ec;
        // A battle on a server is listed by its address (it holds no password), and tried when chosen.
        const bool on_server = store::is_server_address(path);
        const bool present = on_server || std::filesystem::exists(path, ec);
        // A missing file stays listed, greyed: it may be on a stick that is not plugged in.
        const std::string label =
            (on_server ? path : std::filesystem::path(path).filename().string()) + "##recent" + std::to_string(i);
        const bool marked = keys && k.row == static_cast<int>(i);
        if (marked) {
            const ScreenRect& r = k.rects[i];
            ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(r.x0, r.y0), ImVec2(r.x1, r.y1),
                                                      ImGui::GetColorU32(ImGuiCol_HeaderHovered));
        }
        bool chosen = ImGui::MenuItem(label.c_str(), present ? nullptr : "missing", false, present);
        if (keys) {
            const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
            k.rects[i] = {a.x, a.y, b.x, b.y};
            k.enabled[i] = present;
            if (marked && k.take && present) {
                chosen = true;
                k.open = false;
                ImGui::CloseCurrentPopup();
            }
        }
        remember(files, "recent:" + path);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
        if (chosen) open_battle_from_menu(shell, path, files.open_error);
    }
}

} // namespace

void toggle_menu_by_keys(Shell& shell) {
    Shell::MenuKeys& k = shell.menu_keys;
    if (k.open)
        k.open = false;
    else
        open_menu_by_keys(k, 0);
}

bool menu_row(Shell& shell, const char* label, const char* shortcut, bool selected, bool enabled) {
    Shell::MenuKeys& k = shell.menu_keys;
    const int index = k.count++;
    bool chosen = ImGui::MenuItem(label, shortcut, selected, enabled);
    if (k.open && !k.in_recent && k.shown == k.menu) {
        const auto i = static_cast<std::size_t>(index);
        if (k.enabled.size() <= i) k.enabled.resize(i + 1);
        if (k.rects.size() <= i) k.rects.resize(i + 1);
        k.enabled[i] = enabled;
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        k.rects[i] = {a.x, a.y, b.x, b.y};
        if (k.take && index == k.row && enabled) {
            chosen = true;
            k.open = false;
            k.take = false;
            ImGui::CloseCurrentPopup();
        }
    }
    if (chosen) k.open = false;
    return chosen;
}

desk::RecentBattles& FileMenu::recent_battles() {
    if (!recent) recent.emplace(recent_path);
    return *recent;
}

bool open_battle_from_menu(Shell& shell, const std::string& path, std::string& error) {
    try {
        // Checked whole after the next frame, unless remembered as checked and unchanged since.
        desk::Desk opened = desk::Desk::open(path, true, shell.files.verified_path, desk::umpire_name(shell.view));
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
    Shell::MenuKeys& keys = shell.menu_keys;
    float height = 0.0f;
    read_menu_keys(shell);
    if (!ImGui::BeginMainMenuBar()) return height;
    height = ImGui::GetWindowSize().y;
    keys_open(shell, kMenus[0], 0);
    if (ImGui::BeginMenu(kMenus[0])) {
        remember(files, "File");
        keys_begin_items(shell, 0);
        if (menu_item(shell, "New battle...", "Ctrl+N")) open_file_dialog(shell, FileDialog::NewBattle);
        if (menu_item(shell, "Open...", "Ctrl+O")) open_file_dialog(shell, FileDialog::Open);
        // A row of its own for the keys: Right or Enter on it enters it.
        const int recent_row = keys.count++;
        if (keys.open && keys.menu == 0 && !keys.in_recent && keys.shown == 0) {
            keys.enabled.resize(std::max<std::size_t>(keys.enabled.size(), static_cast<std::size_t>(recent_row) + 1));
            keys.rects.resize(keys.enabled.size());
            keys.enabled[static_cast<std::size_t>(recent_row)] = true;
        }
        if (keys.open && keys.menu == 0 && keys.in_recent && !ImGui::IsPopupOpen(kRecent)) ImGui::OpenPopup(kRecent);
        if (ImGui::BeginMenu(kRecent)) {
            remember(files, "Recent battles");
            draw_recent(shell);
            ImGui::EndMenu();
        }
        remember(files, "Recent battles");
        if (keys.open && keys.menu == 0 && !keys.in_recent && keys.shown == 0) {
            const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
            keys.rects[static_cast<std::size_t>(recent_row)] = {a.x, a.y, b.x, b.y};
        }
        ImGui::Separator();
        if (menu_item(shell, "Save a copy...", "Ctrl+Shift+S", shell.desk.has_value()))
            open_file_dialog(shell, FileDialog::SaveCopy);
        if (menu_item(shell, "Print...", "Ctrl+P", shell.desk.has_value())) open_file_dialog(shell, FileDialog::Print);
        ImGui::Separator();
        ImGui::MenuItem("Every action is saved as it is applied", nullptr, false, false);
        keys_end_items(shell, 0);
        ImGui::EndMenu();
    } else {
        remember(files, "File");
    }
    keys_open(shell, kMenus[1], 1);
    if (ImGui::BeginMenu(kMenus[1])) {
        remember(files, "Edit");
        keys_begin_items(shell, 1);
        if (menu_item(shell, "Roster...", "Ctrl+E", shell.desk.has_value()))
            open_file_dialog(shell, FileDialog::EditRoster);
        if (menu_item(shell, "Chance deck...", nullptr, shell.desk && shell.desk->chance_deck().has_value()))
            open_file_dialog(shell, FileDialog::ChanceDeck);
        keys_end_items(shell, 1);
        ImGui::EndMenu();
    } else {
        remember(files, "Edit");
    }
    keys_open(shell, kMenus[2], 2);
    if (ImGui::BeginMenu(kMenus[2])) {
        remember(files, "View");
        keys_begin_items(shell, 2);
        draw_view_menu_items(shell);  // zoom, theme, quick reference, help (view_menu.cpp)
        ImGui::Separator();
        if (menu_row(shell, "Player view (second window)", "F11", files.player_view, shell.desk.has_value()))
            files.player_view = !files.player_view;
        remember(files, "Player view");
        if (menu_row(shell, "Players' phones...", nullptr, shell.phones->serving(), shell.desk.has_value()))
            shell.show_phones = true;
        remember(files, "Players' phones");
        if (menu_row(shell, "Other umpires...", nullptr, shell.show_umpires, shell.desk.has_value()))
            shell.show_umpires = true;
        remember(files, "Other umpires");
        keys_end_items(shell, 2);
        ImGui::EndMenu();
    } else {
        remember(files, "View");
    }
    // The keys' menu is drawn open, or no longer theirs.
    if (!keys.open) keys.shown = -1;
    ImGui::EndMainMenuBar();
    return height;
}

} // namespace umpire::ui
