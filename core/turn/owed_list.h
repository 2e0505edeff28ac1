#pragma once
// What the units owe now (kit/owed.h): each raised obligation a unit carries and each standing one
// its marker makes it owe in this phase, with when it is due. The turn status lists them, `turn
// next` refuses to end a phase while one is due in it, and ending it anyway does to each unit what
// the text says happens to a unit that did not.
#include "kit/owed.h"
#include "model/battle.h"
#include "rules/resolution.h"
#include "turn/turn_rules.h"
#include "turn/turn_state.h"

#include <string>
#include <vector>

namespace umpire::turn {

struct OwedItem {
    const kit::Obligation* obligation = nullptr;
    int unit = 0;
    std::string unit_name;
    std::string action;     // what pays it (the form it opens)
    bool due_now = false;   // due by the end of this phase (or overdue): it holds the turn
    std::string due;        // in words: "by the end of this phase", "its side's next Move, shoot or rally phase"
    std::string text;       // "Camel Corps must attempt to rally on its next turn"
    std::string citation;
};

// Every unit on the table's obligations, due ones first, then in roster order.
std::vector<OwedItem> owed_now(const model::Battle& battle, const TurnRules& rules, const TurnState& state);

// What asking each unit what it owes needs, worked out once for all the units asked.
struct OwedAsking {
    OwedAsking(const TurnRules& rules, const TurnState& state);
    const PhaseRule* phase;         // the current phase (none before the battle starts)
    std::vector<std::string> keys;  // each obligation's counter (kit::owed_key), in the rules' order
};
// One unit's part of owed_now, in the rules' order of its obligations, added to `out`.
void unit_owes(const model::Battle& battle, const TurnRules& rules, const TurnState& state, const OwedAsking& asking,
               const model::Unit& unit, std::vector<OwedItem>& out);

// The umpire ends the phase with these left: what the text says happens to each unit that did not
// do what it owed happens (routed and removed), raised obligations are cleared, and the working says
// each. Effects go into `out`.
void leave_unpaid(const model::Battle& battle, const std::vector<OwedItem>& due, rules::Resolution& out);

} // namespace umpire::turn
