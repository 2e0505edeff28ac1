#pragma once
// What the Journal panel shows of a line: its heading. Which lines it lists is a filter by unit
// and/or turn (store::LineFilter), run in SQL (desk/journal_window.h).
#include "store/battle_file.h"

#include <map>
#include <string>

namespace umpire::desk {

// A journal line's heading in the panel: "#12, turn 2: Shooting", "#13, turn 2: Undo of #12", as
// the command line's journal has it (report::entry_heading). Actions by the names players know
// them by (report::action_name over `action_names`), never their ids.
// The unit that acted is named when the summary does not say it ("Shooting by Ansar riflemen").
std::string journal_heading(const store::JournalLine& entry, const std::map<std::string, std::string>& action_names,
                            const model::Battle& battle);

} // namespace umpire::desk
