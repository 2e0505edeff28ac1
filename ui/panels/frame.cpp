#include "panels/panels.h"
#include "panels/overlays.h"
#include "panels/theme.h"
#include "panels/turn_panels.h"
#include "turn/turn_engine.h"

#include "roster/roster.h"
#include "store/backends.h"
#include "store/inspect.h"

#include <imgui.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace umpire::ui {

bool begin_panel(const char* title, const Rect& r, int extra_flags) {
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | extra_flags;
    return ImGui::Begin(title, nullptr, flags);
}

bool Shell::open_battle(const std::string& path) {
    try {
        desk.emplace(desk::Desk::open(path, true, files.verified_path, desk::umpire_name(view)));
        start_error.clear();
        unusable_path.clear();
        files.recent_battles().add(path);
        return true;
    } catch (const std::exception& e) {
        start_error = "Could not open " + store::shown(path) + ": " + e.what();
        // A damaged battle may still be partly read: the start panel offers it when the check
        // `umpire check` makes finds damage (not for a file that is missing, no battle at all or of
        // a newer Umpire, where there is nothing to read, nor for one whose only trouble is another
        // file's rollback journal beside it, whose advice the error already gives).
        unusable_path.clear();
        if (dynamic_cast<const store::StoreError*>(&e) && !store::is_server_address(path)) {
            try {
                if (store::check_file(path).damaged()) unusable_path = path;
            } catch (const std::exception&) {
                // Not a battle file that can be examined: nothing to recover.
            }
        }
        return false;
    }
}

bool Shell::open_what_reads(const std::string& damaged) {
    try {
        desk.emplace(desk::Desk(store::BattleFile::open_what_reads(damaged)));
        start_error.clear();
        unusable_path.clear();
        return true;
    } catch (const std::exception& e) {
        start_error = "Nothing can be read of " + damaged + ": " + e.what();
        return false;
    }
}

bool Shell::recover_into_new_file(const std::string& damaged) {
    const std::filesystem::path p(damaged);
    std::string rebuilt;
    std::error_code ec;
    for (int n = 1; rebuilt.empty() || std::filesystem::exists(std::filesystem::symlink_status(rebuilt, ec)); ++n)
        rebuilt = (p.parent_path() / (p.stem().string() + "-recovered" + (n > 1 ? "-" + std::to_string(n) : "") + ".umpire")).string();
    try {
        const store::RecoverReport r = store::recover_file(damaged, rebuilt);
        if (!open_battle(rebuilt)) return false;
        desk->set_status("Recovered " + std::to_string(r.kept) + " of " + std::to_string(r.found) + " journal entries of " +
                         damaged + " into " + rebuilt + " (" + std::to_string(r.dropped.size()) + " dropped)");
        return true;
    } catch (const std::exception& e) {
        start_error = "Could not recover " + damaged + ": " + e.what();
        return false;
    }
}

bool Shell::create_battle(const std::string& battle_path, const std::string& roster_file) {
    try {
        std::string text;
        std::string name = "demo";
        if (roster_file.empty()) {
            text = std::string(roster::demo_roster());
        } else {
            std::ifstream in(roster_file, std::ios::binary);
            if (!in) throw std::runtime_error("cannot read the roster file " + roster_file);
            std::ostringstream ss;
            ss << in.rdbuf();
            text = ss.str();
            name = roster_file;
        }
        desk.emplace(desk::Desk::create_from_roster(battle_path, text, name));
        start_error.clear();
        files.recent_battles().add(battle_path);
        return true;
    } catch (const roster::RosterError& e) {
        start_error = e.file() + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) +
                      ": " + e.message();
    } catch (const std::exception& e) {
        start_error = "Could not create " + battle_path + ": " + e.what();
    }
    return false;
}

void draw_frame(Shell& shell) {
    const ImGuiIO& io = ImGui::GetIO();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float status_h = ImGui::GetFrameHeight() + style.WindowPadding.y * 2.0f;
    const float menu_h = draw_menu_bar(shell);
    const bool turn_bar = shell.desk && shell.desk->has_turn();
    Layout layout = compute_layout(io.DisplaySize.x, io.DisplaySize.y - menu_h, status_h, ImGui::GetTextLineHeight(),
                                   turn_bar ? turn_bar_height(status_h) : 0.0f, shell.roster_share,
                                   shell.desk ? pending_panel_height(*shell.desk) : 0.0f);
    shift_down(layout, menu_h);

    draw_status_bar(shell, layout.status);
    if (!shell.desk) {
        Rect body{0, menu_h + status_h, io.DisplaySize.x, io.DisplaySize.y - menu_h - status_h};
        draw_start_panel(shell, body);
        handle_shortcuts(shell);
        draw_help_overlay(shell);
        draw_command_palette(shell);
        draw_file_dialogs(shell);
        draw_phones_panel(shell);  // no battle: stops serving
        return;
    }
    desk::Desk& desk = *shell.desk;
    shell.turn_hits.clear();
    if (turn_bar) draw_turn_bar(shell, desk, layout.turn_bar);
    draw_roster_panel(shell, desk, layout.roster);
    draw_unit_card_panel(desk, layout.unit_card);
    draw_roster_splitter(shell, layout);
    draw_resolve_panel(shell, desk, layout.resolve);
    // The quick reference (F2) or the Turn panel (F3) takes the right-hand column. A roll made
    // while one is open (an out-of-command activation, a chance card's dice, a shot checked
    // against the tables) shows its Result below it: the umpire must see what the dice did
    // before applying. Turn steps fold their own working into the Turn panel. Pending stays at
    // the foot of the Turn panel: what the turn leaves to do is part of the turn.
    if (shell.show_reference || shell.show_turn) {
        Rect column{layout.result.x, layout.result.y, layout.result.w,
                    layout.journal.y + layout.journal.h - layout.result.y};
        if (shell.show_turn) {
            const float pending_h = std::min(layout.pending.h, pending_panel_height(desk));
            column.h -= pending_h;
            draw_pending_panel(shell, desk, {column.x, column.y + column.h, column.w, pending_h});
        }
        const auto& rolled = desk.rolled();
        if (rolled && !turn::is_turn_step(rolled->request.action)) {
            column.h -= layout.result.h;
            draw_result_panel(desk, {column.x, column.y + column.h, column.w, layout.result.h});
        }
        if (shell.show_reference)
            draw_reference_panel(shell, desk, column);
        else
            draw_turn_panel(shell, desk, column);
    } else {
        draw_result_panel(desk, layout.result);
        draw_pending_panel(shell, desk, layout.pending);
        draw_journal_panel(shell, desk, layout.journal);
    }
    handle_shortcuts(shell);
    // Overlays after the shortcuts: Enter and Esc reach the shortcut table first (which leaves
    // Enter alone while an overlay is open).
    draw_help_overlay(shell);
    draw_command_palette(shell);
    draw_command_line_bar(shell);
    draw_file_dialogs(shell);
    draw_phones_panel(shell);
    draw_umpires_panel(shell);
}

} // namespace umpire::ui
