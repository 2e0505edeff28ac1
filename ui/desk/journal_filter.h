#pragma once
// Which journal entries the Journal panel shows when the umpire narrows it to one unit and/or
// one turn. A unit's entries are those it acted in, was the target of, or whose effects touched
// it (a rally test it was obliged to take, a commander joining it).
#include "store/battle_file.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace umpire::desk {

struct JournalFilter {
    std::optional<int> unit;
    std::optional<int> turn;
    bool any() const { return unit || turn; }
};

bool entry_matches(const store::JournalLine& entry, const JournalFilter& filter);
// The units and turns that appear in the journal: the choices worth offering.
std::set<int> journal_units(const std::vector<store::JournalLine>& journal);
std::set<int> journal_turns(const std::vector<store::JournalLine>& journal);

// A journal line's heading in the panel: "#12  T2  Shooting", "#13  T2  UNDO of #12". Actions by
// the names players know them by (report::action_name over `action_names`), never their ids.
std::string journal_heading(const store::JournalLine& entry, const std::map<std::string, std::string>& action_names);

} // namespace umpire::desk
