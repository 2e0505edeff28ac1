#pragma once
// The File menu's state: its dialogs (New battle, Open, Save a copy, Print) and the player view
// switch. Lives in Shell::files; the program sets where the recent list is kept and where the
// sample rosters are, tests set them to scratch folders.
#include "desk/file_chooser.h"
#include "desk/new_battle.h"
#include "desk/print_job.h"
#include "desk/recent.h"
#include "panels/roster_editor.h"
#include "turn/chance_deck.h"

#include <map>
#include <optional>
#include <string>

namespace umpire::ui {

struct Shell;

// Screen rectangle of a menu item or dialog button drawn in the last frame (tests click on these).
struct HitRect {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    float cx() const { return (x0 + x1) * 0.5f; }
    float cy() const { return (y0 + y1) * 0.5f; }
};

enum class FileDialog { None, NewBattle, Open, SaveCopy, Print, EditRoster, ChanceDeck };

// Edit > Chance deck...: a working copy of the battle's deck, saved to the battle only by Save.
struct DeckEditorForm {
    std::optional<turn::ChanceDeck> deck;
    int selected = 0;           // the card whose fields are shown
    std::string path;           // export to / import from
    std::string message;
    bool failed = false;
};

struct FileMenu {
    // Set by the program before the first frame.
    std::string recent_path;   // the recent battles file (XDG state dir); blank: not kept
    std::string verified_path; // the battle files checked whole (XDG state dir); blank: none remembered
    std::string rosters_dir;   // the sample rosters folder; blank: none found
    desk::ViewerOpener viewer; // opens a printed PDF; blank: the printing module's open_with_viewer
    desk::FileChooser chooser; // the desktop's file chooser; blank: desk::desktop_file_chooser
    std::optional<bool> chooser_found;  // whether the desktop has one (looked for once)

    std::optional<desk::RecentBattles> recent;  // read on first use
    FileDialog dialog = FileDialog::None;       // the one dialog open, if any
    bool dialog_just_opened = false;            // give its first field the keyboard

    // New battle.
    desk::NewBattleForm new_form;
    desk::HouseRulesCheck house_rules_check;
    std::string new_roster_path;  // a roster path being typed, before Add
    std::string new_error;

    // Open.
    std::string open_path;
    std::string open_error;

    // Save a copy.
    std::string copy_path;
    std::string copy_message;
    bool copy_failed = false;

    // Print.
    desk::PrintForm print_form;
    std::optional<desk::PrintOutcome> printed;

    // Edit > Roster...: add, remove, rename, figures, quality, commander, split and rejoin.
    RosterEditorForm roster_edit;

    // Edit > Chance deck...
    DeckEditorForm deck_edit;

    // The player view (a second window for a projector, drawn by the program).
    bool player_view = false;

    // Where things were drawn last frame, by label.
    std::map<std::string, HitRect> hits;

    desk::RecentBattles& recent_battles();
};

// The menu bar across the top; returns its height (the panels are laid out below it). By keys
// too: Alt alone or F10 (Command::MenuBar), see Shell::MenuKeys.
float draw_menu_bar(Shell& shell);
// F10: opens the menu bar on File by keys, or closes it.
void toggle_menu_by_keys(Shell& shell);
// A menu item that the keys can reach as well as the mouse: counted as a row of the open menu,
// marked when the keys are on it; true when clicked or taken by Enter.
bool menu_row(Shell& shell, const char* label, const char* shortcut = nullptr, bool selected = false, bool enabled = true);
// Opens one of the File dialogs (Save a copy and Print only with a battle open) with its
// fields set up: the copy and the PDF default to names beside the battle file.
void open_file_dialog(Shell& shell, FileDialog dialog);
// The open dialog, if any; call after the panels.
void draw_file_dialogs(Shell& shell);
void draw_print_dialog(Shell& shell);
void draw_roster_editor(Shell& shell);
void draw_deck_editor(Shell& shell);

// Adds a roster file to the New battle form (the first one also picks the ruleset and names the
// battle file); a roster that cannot be read is refused with the reason in new_error.
void add_roster_to_new_battle(FileMenu& files, const std::string& path);

// Opens a battle from the File menu (Open, Recent) or after New battle: on success it goes to
// the top of the recent list. Errors go to `error` and the battle on screen stays.
bool open_battle_from_menu(Shell& shell, const std::string& path, std::string& error);

} // namespace umpire::ui
