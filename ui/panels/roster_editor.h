#pragma once
// The roster editor's fields (Edit > Roster...): what the umpire is typing for the chosen unit
// and for a new unit. The edits themselves are built and checked by core/roster/edit.h and
// recorded through Desk::edit_roster; this only holds text until a button is pressed.
#include <optional>
#include <string>

namespace umpire::ui {

struct RosterEditorForm {
    std::optional<int> unit;     // the unit being edited
    std::optional<int> loaded;   // the unit whose values the fields below were filled from
    std::string name;
    std::string figures;
    std::string hits;  // units that count hits against a capacity
    std::string quality;
    std::optional<int> commander;
    std::string split_figures;
    std::string split_name;

    // A new unit.
    int new_side = 1;
    std::string new_name, new_type, new_quality, new_weapon, new_figures;
    bool new_reserve = false;

    std::string message;  // the last edit's outcome, or why it was refused
    bool failed = false;
};

} // namespace umpire::ui
