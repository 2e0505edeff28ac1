#pragma once
// The GUI's own state around the desk: which battle is open (if any), what the start screen's
// fields hold, and small per-panel memories (the roster filter, where each row was drawn).
// Drawing needs only an ImGui context, so the whole frame can run headless in tests.
#include "desk/desk.h"
#include "desk/invite.h"
#include "desk/phones.h"
#include "serve/qr.h"
#include "desk/reference_view.h"
#include "print/sheet_layout.h"
#include "desk/roster_view.h"
#include "desk/view_settings.h"
#include "panels/file_menu.h"
#include "panels/layout.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace umpire::ui {

// One stop of the Resolve form's Tab order (panels/form_focus.h): what kind of widget it is
// decides which keys act on it.
enum class StopKind {
    Text,    // a text or number box: Tab puts the cursor in it
    Toggle,  // a checkbox: Space ticks it
    Pick,    // a list (combo): Up/Down step through it, letters typed pick by name
    Press,   // a button: Space or Enter presses it
};
struct FormStop {
    std::string name;
    StopKind kind = StopKind::Text;
    bool enabled = true;
};

// Screen rectangle of something drawn in the last frame (tests click on these).
struct ScreenRect {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    float cx() const { return (x0 + x1) * 0.5f; }
    float cy() const { return (y0 + y1) * 0.5f; }
};

struct Shell {
    std::optional<desk::Desk> desk;

    // Start screen (no battle open).
    std::string open_path;
    std::string roster_path;  // blank: the demo roster built into the program
    std::string new_path;
    std::string start_error;
    std::string unusable_path;  // the battle file that could not be opened, offered recover and a read-only view

    // Roster panel.
    std::string roster_filter;
    bool roster_filter_active = false;  // the filter field had the keyboard last frame
    bool focus_roster_filter = false;   // Ctrl+F: give it the keyboard next frame
    bool scroll_to_selected = false;
    std::map<int, ScreenRect> unit_rows;
    std::map<desk::GroupKey, ScreenRect> group_rows;  // side and commander headers drawn
    desk::RosterQuery roster_options;         // sort and filters (the text is roster_filter)
    std::set<desk::GroupKey> roster_collapsed;  // sides and commanders folded away
    std::string typeahead;                    // letters typed over the roster, to jump to a unit
    double typeahead_time = 0.0;              // when the last one came (a pause starts afresh)
    float roster_share = kDefaultRosterShare;               // the roster column's share of the width (drag its edge)
    float roster_name_w = 0.0f;               // the width a unit's name had in its row, last frame
    ScreenRect roster_splitter;               // the column's draggable edge, last frame

    // Resolve panel.
    bool focus_dice = false;  // Ctrl+D: put the cursor in the Dice field
    std::string dice_field_text;  // what the Dice field held after last frame (see resolve_panel.cpp)
    std::vector<std::string> form_inputs;  // the input ids the form drew last frame, in order
    std::map<std::string, ScreenRect> form_hits;  // where each input's widget starts, last frame
                                                  // (and an id picker's open items, "commander=3")
    std::string overrule_reason;           // typed into the form's overrule field
    // Tab and Shift+Tab go round the whole form (unit, target, every input, Dice, Roll, Apply)
    // in this order, drawn last frame; ImGui's own tabbing stops at each panel band's edge and
    // skips checkboxes, lists and buttons.
    std::vector<FormStop> form_stops;
    std::string form_focus;          // the stop with the keyboard (a click or Tab put it there)
    std::string form_focus_request;  // Tab moved the keyboard here: give it next frame
    std::string form_focus_arrived;  // the stop just given the keyboard: scrolled into view
    bool form_keyboard = false;      // the Resolve panel has the keyboard this frame
    bool form_enter_taken = false;   // Enter pressed a form button this frame: not also Roll
    std::string form_typeahead;      // letters typed over a list, to pick by name
    double form_typeahead_time = 0.0;
    // The command line (Ctrl+L): `shoot 2nd gh 10 6,5,4,3,2,1`, loaded into the form as typed.
    bool show_command_line = false;
    bool focus_command_line = false;
    std::string command_text;
    std::string command_loaded;   // the text last loaded into the form
    std::string command_message;  // why the line cannot be read, or what Enter did
    float resolve_footer_h = 0.0f;         // height of the odds + dice + buttons footer last frame

    // The menu bar by keyboard (menu_bar.cpp): Alt alone or F10 opens File; Left/Right walk the
    // menus (Right on Recent battles enters it), Up/Down the items, Enter or Space takes one, Esc
    // closes.
    struct MenuKeys {
        bool open = false;
        int menu = 0;               // File, Edit, View
        int row = 0;                // the item the keys are on
        bool in_recent = false;     // inside File > Recent battles
        bool take = false;          // Enter this frame: the item at `row`
        int shown = -1;             // the menu drawn open by the keys last frame
        int count = 0;              // items counted so far in the open menu, this frame
        std::vector<bool> enabled;  // the open menu's items last frame
        std::vector<ScreenRect> rects;  // and where they were
        bool clicked = false, clicked_before = false;  // a mouse click this frame, the last
        bool alt_was_down = false;
        bool alt_alone = false;     // Alt went down and nothing else was pressed since
    } menu_keys;

    // Pending: F4 gives it the keyboard (Up/Down choose, Enter opens, Delete dismisses).
    bool focus_pending = false;
    int pending_index = 0;  // the item the keys act on

    // Journal panel: show only one unit's entries (as actor or target) and/or one turn's.
    std::optional<int> journal_unit;
    std::optional<int> journal_turn;
    std::vector<std::int64_t> journal_shown;  // the entries drawn last frame, newest first
    std::string report_message;  // where the last after-action report went, or why it failed
    bool report_failed = false;

    // View: zoom and theme (kept between runs by the program), overlays and side panels.
    desk::ViewSettings view;
    bool show_help = false;       // F1: every shortcut, from the one shortcut table
    bool show_palette = false;    // Ctrl+K: find a unit, an action or a command by typing
    bool focus_palette = false;
    std::string palette_text;
    int palette_index = 0;        // the highlighted match
    bool show_reference = false;  // F2: the ruleset's tables in the right-hand column
    std::string reference_filter;
    std::optional<desk::ReferenceView> reference;  // parsed from reference_source
    std::string reference_source;
    // The printed sheet's layout filled from the same reference (as `umpire sheet` prints it),
    // rebuilt when the reference or the battle's distances change; none without a layout.
    std::optional<print::SheetContent> sheet;
    std::string sheet_key;
    std::map<std::string, float> reference_squeeze;  // per table drawn: its narrowest column's
                                                     // width less its longest word (< 0: cut)
    std::map<std::string, float> reference_spill;    // per table: how much wider than the panel
                                                     // its columns are (> 0: it scrolls sideways)

    // The turn: F3 shows the Turn panel in the right-hand column (the deck, the chance card,
    // the wind and the turn options); the turn bar is always there when the ruleset has a turn.
    bool show_turn = false;
    std::map<std::string, ScreenRect> turn_hits;  // turn bar and panel buttons drawn last frame
    // When each turn button appeared, was last enabled or moved (ImGui's time), the frame it was
    // last drawn and where: a click within a double click's time of that is not the button's.
    struct ShownSince {
        double since = 0.0;
        int frame = -2;
        float y = 0.0f;
    };
    std::map<std::string, ShownSince> turn_buttons_shown;
    bool winner_goes_first = true;                // the order roll's winner's choice
    bool turn_options_open = false;               // Ctrl+F3: the Turn panel's options unfolded
    bool turn_options_set = false;                // ... to be applied to the header next frame
    int wind_set_direction = 1;                   // the umpire's "set the wind" fields
    int wind_set_strength = 1;
    int wind_rise_direction = 0;                  // where a risen wind comes from, if it never blew
    std::optional<turn::TurnOptions> turn_options_form;  // the options being edited, until applied

    // View > Players' phones: the battle served to the players' phones, and its window shown.
    // Serving goes on with the window closed, until its Stop button or the battle is closed.
    std::shared_ptr<desk::Phones> phones = std::make_shared<desk::Phones>();
    bool show_phones = false;
    // View > Other umpires: what another umpire needs to join the battle (address, password, QR),
    // worked out when the window opens for the battle shown.
    bool show_umpires = false;
    std::optional<desk::UmpireInvite> invite;
    std::optional<serve::QrCode> invite_qr;
    std::string invite_battle;  // the battle `invite` is for

    // The File menu's dialogs, recent battles and the player view switch (panels/file_menu.h).
    FileMenu files;

    // Opens or creates a battle; errors go to start_error (or the desk's error) and change nothing.
    // The whole file is checked after the next frame (Desk::check_file).
    bool open_battle(const std::string& path);
    // For a damaged battle file: what can still be read of it, shown read-only; or rebuilt into a
    // new file beside it (NAME-recovered.umpire), which is then opened. Errors go to start_error.
    bool open_what_reads(const std::string& damaged);
    bool recover_into_new_file(const std::string& damaged);
    bool create_battle(const std::string& battle_path, const std::string& roster_path);
};

// Draws one whole frame of the application: call between ImGui::NewFrame() and ImGui::Render().
void draw_frame(Shell& shell);

} // namespace umpire::ui
