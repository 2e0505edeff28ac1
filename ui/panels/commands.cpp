#include "panels/commands.h"

#include "desk/report_export.h"

#include <algorithm>

namespace umpire::ui {

const std::vector<Shortcut>& shortcuts() {
    // Order is the help overlay's order within each group.
    static const std::vector<Shortcut> table = {
        {Command::Roll, key::Enter},
        {Command::Roll, key::KpEnter},
        {Command::Apply, key::Enter, true},
        {Command::Apply, key::KpEnter, true},
        {Command::Cancel, key::Escape},
        {Command::Undo, 'Z', true, false, false, false},
        {Command::Redo, 'Z', true, true, false, false},
        {Command::Redo, 'Y', true, false, false, false},
        {Command::FindUnit, 'F', true},
        {Command::TypeDice, 'D', true},
        {Command::Palette, 'K', true},
        {Command::CommandLine, 'L', true},
        {Command::Help, key::F1},
        {Command::QuickReference, key::F2},
        {Command::TurnPanel, key::F3},
        {Command::Pending, key::F4},
        {Command::DrawCard, key::F5},
        {Command::NextPhase, key::F6},
        {Command::TurnRoll, key::F7},
        {Command::DrawChance, key::F8},
        {Command::ZoomIn, key::Equal, true, false, true},
        {Command::ZoomIn, key::KpAdd, true},
        {Command::ZoomOut, key::Minus, true},
        {Command::ZoomOut, key::KpSubtract, true},
        {Command::ZoomReset, key::Zero, true},
        {Command::ZoomReset, key::Kp0, true},
        {Command::ToggleTheme, 'T', true},
        {Command::ExportMarkdown, 'R', true},  // R for report: Ctrl+E is the roster editor
        {Command::ExportHtml, 'R', true, true},
        {Command::NewBattle, 'N', true},
        {Command::OpenBattle, 'O', true},
        {Command::SaveCopy, 'S', true, true},
        {Command::Print, 'P', true},
        {Command::EditRoster, 'E', true},
        {Command::PlayerView, key::F11},
        {Command::MenuBar, key::F10},
        {Command::JournalUnit, 'J', true},
        {Command::JournalTurn, 'J', true, true},
        {Command::TurnOptions, key::F3, true},
        {Command::Choose1, '1', false, false, false, false},
        {Command::Choose2, '2', false, false, false, false},
        {Command::Choose3, '3', false, false, false, false},
        {Command::Choose4, '4', false, false, false, false},
    };
    return table;
}

const std::vector<CommandInfo>& commands() {
    static const std::vector<CommandInfo> table = {
        {Command::Roll, "Roll (the typed dice, else the app's)", "Resolve", true},
        {Command::Apply, "Apply the roll", "Resolve", true},
        {Command::Choose1, "The player's choice the roll asks: the 1st option", "Resolve", true},
        {Command::Choose2, "The player's choice the roll asks: the 2nd option", "Resolve", true},
        {Command::Choose3, "The player's choice the roll asks: the 3rd option", "Resolve", true},
        {Command::Choose4, "The player's choice the roll asks: the 4th option", "Resolve", true},
        {Command::Cancel, "Cancel the roll (or clear the typed dice; closes an overlay)", "Resolve", true},
        {Command::TypeDice, "Type the real dice", "Resolve", true},
        {Command::CommandLine, "Command line: shoot 2nd gh 10 6,5,4,3,2,1, then Enter applies", "Resolve", true},
        {Command::Undo, "Undo", "Journal", true},
        {Command::Redo, "Redo", "Journal", true},
        {Command::ExportMarkdown, "Export the after-action report (Markdown)", "Journal", true},
        {Command::ExportHtml, "Export the after-action report (HTML)", "Journal", true},
        {Command::JournalUnit, "Journal: only the selected unit's entries (again: every unit's)", "Journal", true},
        {Command::JournalTurn, "Journal: only this turn's entries (again: every turn's)", "Journal", true},
        {Command::TurnPanel, "Turn panel: deck, chance card, wind, options", "Turn", true},
        {Command::TurnOptions, "Turn panel with its turn options opened (again: folded)", "Turn", true},
        {Command::Pending, "Pending: Up/Down choose a follow-up, Enter opens it, Delete dismisses it", "Turn", true},
        {Command::DrawCard, "Draw an activation card", "Turn", true},
        {Command::NextPhase, "Next phase", "Turn", true},
        {Command::TurnRoll, "Roll the wind, the move order or the initiative (the typed dice, else the app's)", "Turn", true},
        {Command::DrawChance, "Draw the chance card that is due", "Turn", true},
        {Command::NewBattle, "New battle from rosters", "File", false},
        {Command::OpenBattle, "Open a battle file", "File", false},
        {Command::SaveCopy, "Save a copy of the battle", "File", true},
        {Command::Print, "Print: quick-reference sheet, chance cards, roster sheet", "File", true},
        {Command::EditRoster, "Edit the roster", "File", true},
        {Command::PlayerView, "Player view on a second screen", "View", true},
        {Command::FindUnit, "Find a unit in the roster", "Find", true},
        {Command::Palette, "Command palette: a unit, an action or a command", "Find", false},
        {Command::Help, "Show or hide this help", "View", false},
        {Command::QuickReference, "Quick reference: the ruleset's tables", "View", true},
        {Command::ZoomIn, "Zoom in (bigger text)", "View", false},
        {Command::ZoomOut, "Zoom out", "View", false},
        {Command::ZoomReset, "Zoom back to 100%", "View", false},
        {Command::ToggleTheme, "Switch between the light and the dark theme", "View", false},
        {Command::MenuBar, "Open the menu bar: the arrows walk it, Enter takes an item, Esc closes", "View", false},
    };
    return table;
}

std::size_t choice_index(Command command) {
    switch (command) {
    case Command::Choose2: return 1;
    case Command::Choose3: return 2;
    case Command::Choose4: return 3;
    default: return 0;
    }
}

const CommandInfo& command_info(Command command) {
    const auto& all = commands();
    const auto it = std::find_if(all.begin(), all.end(), [&](const CommandInfo& c) { return c.command == command; });
    return it != all.end() ? *it : all.front();
}

namespace {

std::string key_name(int k) {
    switch (k) {
    case key::Enter: return "Enter";
    case key::KpEnter: return "Keypad Enter";
    case key::Escape: return "Esc";
    case key::F1: return "F1";
    case key::F3: return "F3";
    case key::F4: return "F4";
    case key::F5: return "F5";
    case key::F6: return "F6";
    case key::F7: return "F7";
    case key::F8: return "F8";
    case key::F10: return "F10";
    case key::F11: return "F11";
    case key::F2: return "F2";
    case key::Equal: return "+";  // the key that carries + (with or without Shift)
    case key::Minus: return "-";
    case key::Zero: return "0";
    case key::KpAdd: return "Keypad +";
    case key::KpSubtract: return "Keypad -";
    case key::Kp0: return "Keypad 0";
    default: break;
    }
    if (k >= 32 && k < 127) return std::string(1, static_cast<char>(k));
    return "key " + std::to_string(k);
}

bool export_report(Shell& shell, report::Format format) {
    try {
        shell.report_message = "Report written to " + desk::export_report(*shell.desk, format);
        shell.report_failed = false;
        return true;
    } catch (const std::exception& e) {
        shell.report_message = std::string("Report not written: ") + e.what();
        shell.report_failed = true;
        return false;
    }
}

// A File dialog from its key: never over another dialog already open.
bool open_dialog_command(Shell& shell, FileDialog dialog) {
    if (shell.files.dialog != FileDialog::None) return false;
    open_file_dialog(shell, dialog);
    return shell.files.dialog == dialog;
}

} // namespace

std::string key_label(const Shortcut& s) {
    return std::string(s.ctrl ? "Ctrl+" : "") + (s.shift ? "Shift+" : "") + key_name(s.key);
}

std::vector<HelpRow> help_rows() {
    std::vector<HelpRow> rows;
    std::vector<HelpRow> palette_only;
    std::vector<std::string> groups;
    for (const CommandInfo& c : commands())
        if (std::find(groups.begin(), groups.end(), c.group) == groups.end()) groups.emplace_back(c.group);
    for (const std::string& group : groups)
        for (const CommandInfo& c : commands()) {
            if (group != c.group) continue;
            std::string keys = command_keys(c.command);
            // Alt alone opens the menu bar too, as in any desktop program (menu_bar.cpp reads it).
            if (c.command == Command::MenuBar) keys = "Alt or " + keys;
            if (keys.empty())
                palette_only.push_back({kPaletteOnlyGroup, "", c.name});
            else
                rows.push_back({group, std::move(keys), c.name});
        }
    rows.insert(rows.end(), palette_only.begin(), palette_only.end());
    return rows;
}

std::string command_keys(Command command) {
    std::string out;
    for (const Shortcut& s : shortcuts()) {
        if (s.command != command) continue;
        // Keypad twins of a main-keyboard key add nothing to read.
        if (s.key == key::KpEnter || s.key == key::KpAdd || s.key == key::KpSubtract || s.key == key::Kp0) continue;
        out += (out.empty() ? "" : " or ") + key_label(s);
    }
    return out;
}

bool command_enabled(Command command, const Shell& shell) {
    if (command_info(command).needs_battle && !shell.desk) return false;
    switch (command) {
    case Command::Apply: return shell.desk->can_apply();
    case Command::Choose1:
    case Command::Choose2:
    case Command::Choose3:
    case Command::Choose4: {
        const rules::Question* q = shell.desk->question();
        return q && choice_index(command) < q->options.size();
    }
    case Command::Undo: return shell.desk->can_undo();
    case Command::Redo: return shell.desk->can_redo();
    case Command::TurnPanel:
    case Command::TurnOptions:
    case Command::NextPhase: return shell.desk->has_turn();
    case Command::DrawCard: return shell.desk->has_turn() && shell.desk->shared_turn_status()->can_draw;
    case Command::DrawChance: return shell.desk->has_turn() && shell.desk->shared_turn_status()->chance_due_side != 0;
    case Command::TurnRoll: {
        if (!shell.desk->has_turn()) return false;
        const auto status = shell.desk->shared_turn_status();
        const turn::TurnStatus& st = *status;
        // The order is rolled once a turn: the move order, or the initiative where it replaces the cards.
        const bool order = st.phase_kind == turn::PhaseKind::MoveOrder ||
                           (st.phase_kind == turn::PhaseKind::Activation && st.method == "initiative");
        return st.started && (st.phase_kind == turn::PhaseKind::Wind || (order && !st.first_side));
    }
    case Command::ZoomIn: return shell.view.zoom < desk::ViewSettings::kMaxZoom;
    case Command::ZoomOut: return shell.view.zoom > desk::ViewSettings::kMinZoom;
    default: return true;
    }
}

bool run_command(Command command, Shell& shell) {
    // Esc closes the help or the palette whether or not a battle is open.
    if (command == Command::Cancel && (shell.show_palette || shell.show_help || shell.show_command_line)) {
        shell.show_palette = false;
        shell.show_help = false;
        shell.show_command_line = false;
        return true;
    }
    if (command_info(command).needs_battle && !shell.desk) return false;
    desk::Desk* desk = shell.desk ? &*shell.desk : nullptr;
    switch (command) {
    case Command::Roll: return desk->roll();
    case Command::Apply: return desk->apply();
    case Command::Choose1:
    case Command::Choose2:
    case Command::Choose3:
    case Command::Choose4:
        // A digit with nothing asked is no command: it says nothing.
        return desk->question() && desk->answer(choice_index(command));
    case Command::Cancel:
        desk->cancel();
        return true;
    case Command::Undo: return desk->undo();
    case Command::Redo: return desk->redo();
    case Command::FindUnit:
        shell.focus_roster_filter = true;
        return true;
    case Command::TypeDice:
        shell.focus_dice = true;
        return true;
    case Command::CommandLine:
        shell.show_command_line = !shell.show_command_line;
        shell.show_palette = false;
        shell.show_help = false;
        shell.command_text.clear();
        shell.command_loaded.clear();
        shell.command_message.clear();
        shell.focus_command_line = shell.show_command_line;
        return true;
    case Command::Palette:
        shell.show_palette = !shell.show_palette;
        shell.show_command_line = false;
        shell.show_help = false;
        shell.palette_text.clear();
        shell.palette_index = 0;
        shell.focus_palette = shell.show_palette;
        return true;
    case Command::Help:
        shell.show_help = !shell.show_help;
        shell.show_palette = false;
        return true;
    case Command::QuickReference:
        shell.show_reference = !shell.show_reference;
        if (shell.show_reference) shell.show_turn = false;
        return true;
    case Command::ZoomIn:
        shell.view.zoom = desk::zoom_in(shell.view.zoom);
        return true;
    case Command::ZoomOut:
        shell.view.zoom = desk::zoom_out(shell.view.zoom);
        return true;
    case Command::ZoomReset:
        shell.view.zoom = 1.0f;
        return true;
    case Command::ToggleTheme:
        shell.view.theme = shell.view.theme == desk::Theme::Dark ? desk::Theme::Light : desk::Theme::Dark;
        return true;
    case Command::TurnPanel:
        shell.show_turn = !shell.show_turn;
        if (shell.show_turn) shell.show_reference = false;  // they share the right-hand column
        return true;
    case Command::Pending:
        shell.focus_pending = true;
        return true;
    case Command::DrawCard: return desk->draw_card();
    case Command::NextPhase: return desk->next_phase();
    case Command::DrawChance: return desk->draw_chance();
    case Command::TurnRoll:
        if (!command_enabled(command, shell)) return false;
        if (desk->shared_turn_status()->phase_kind == turn::PhaseKind::Wind) return desk->roll_wind();
        return desk->roll_order(shell.winner_goes_first);
    case Command::NewBattle: return open_dialog_command(shell, FileDialog::NewBattle);
    case Command::OpenBattle: return open_dialog_command(shell, FileDialog::Open);
    case Command::SaveCopy: return open_dialog_command(shell, FileDialog::SaveCopy);
    case Command::Print: return open_dialog_command(shell, FileDialog::Print);
    case Command::EditRoster: return open_dialog_command(shell, FileDialog::EditRoster);
    case Command::PlayerView:
        shell.files.player_view = !shell.files.player_view;
        return true;
    case Command::MenuBar: toggle_menu_by_keys(shell); return true;
    case Command::JournalUnit:
        if (shell.journal_unit || !desk->unit()) shell.journal_unit.reset();
        else shell.journal_unit = desk->unit();
        return true;
    case Command::JournalTurn:
        if (shell.journal_turn) shell.journal_turn.reset();
        else shell.journal_turn = desk->battle().turn;
        return true;
    case Command::TurnOptions:
        shell.show_turn = true;
        shell.show_reference = false;
        shell.turn_options_open = !shell.turn_options_open;
        shell.turn_options_set = true;
        return true;
    case Command::ExportMarkdown: return export_report(shell, report::Format::Markdown);
    case Command::ExportHtml: return export_report(shell, report::Format::Html);
    }
    return false;
}

} // namespace umpire::ui
