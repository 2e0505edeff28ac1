#pragma once
// Which owed follow-up an action answers. One rule for every ruleset and every way an action
// comes (opened from Pending, typed on a command line, applied by another program): the journal
// (BattleFile::open_follow_ups) and the desk's Pending both settle follow-ups by it, so they never
// disagree on what is still owed.
#include "store/battle_file.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace umpire::store {

// An action in effect, as far as answering goes.
struct Answering {
    std::string action;                   // a dismissal's: the follow-up's action it names
    std::optional<int> unit;              // the unit that acted
    std::optional<std::int64_t> answers;  // the entry whose follow-up it says it answers, if it says
};

// Whether `by` answers `owed`: the same action, taken by the follow-up's unit (any unit for a
// follow-up that names none: a chance card drawn by a side), and raised by the entry it names
// when it names one.
bool answers(const Answering& by, const OpenFollowUp& owed);

// Takes out of `owed` the first follow-up (in the order they were raised) that `by` answers, and
// returns it; nothing when it answers none.
std::optional<OpenFollowUp> settle(std::vector<OpenFollowUp>& owed, const Answering& by);

} // namespace umpire::store
