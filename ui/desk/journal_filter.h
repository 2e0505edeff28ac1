#pragma once
// Which journal entries the Journal panel shows when the umpire narrows it to one unit and/or
// one turn. A unit's entries are those it acted in, was the target of, or whose effects touched
// it (a rally test it was obliged to take, a commander joining it).
#include "store/battle_file.h"

#include <optional>
#include <set>
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

} // namespace umpire::desk
