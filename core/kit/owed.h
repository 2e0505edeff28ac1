#pragma once
// What the rules make a unit do: the texts' "must" ("must attempt to rally on its next turn",
// "must check morale", "melee must be resolved during the appropriate phase"), as data: the
// [[owed]] list of a ruleset's reference tables. An obligation names the action that pays it and
// the phase by which it is due; the turn engine refuses to end that phase while it is owed
// (turn/owed_list.h), and what the text says happens to a unit that did not do it happens when the
// umpire ends the phase anyway.
//
//   [[owed]]
//   id = "broken-must-rally"
//   actions = ["rally"]        # what pays it, taken by the unit that owes it
//   due = "next"               # "now": before the phase it arose in ends; "next": by the end of
//   phases = ["first-actions", "second-actions"]   # ... the first of these phases after it arose
//   own = true                 # ... that is the unit's side's
//   unpaid = "rout"            # what happens to a unit that did not: "none" or "rout" (removed)
//   text = "a broken unit must attempt to rally on its next turn"
//   citation = "Hits (line 60)"
//
// Such an obligation is raised by the rule that causes it (Context::owe: a unit broken by a hit),
// kept in the unit counter "owed:ID" stamped with the moment it arose (kit/deeds.h Moment), shown
// in Pending as a follow-up that must be done, and paid when the unit takes one of `actions`
// (with `values`, the inputs the action must have: `{ column = "lost-melee" }`).
//
// `removed = true`: the unit owes it even once removed from play (a gun crew that failed its
// morale check and fled still rolls to destroy its gun); otherwise a unit off the table owes nothing.
//
// A standing obligation is owed by whoever carries a marker, in each of `phases`, with no rule
// raising it: `while = "counter:melee-with"` (units in contact), paid by the deed `done` within
// the phase (`done = "melee"`): "melee between units in contact is resolved in its phase".
#include "kit/deeds.h"
#include "kit/table_reader.h"
#include "model/battle.h"
#include "rules/inputs.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace umpire::kit {

enum class Due { Now, Next, Each };  // Each: a standing obligation, owed in each of its phases

struct Obligation {
    std::string id;
    std::vector<std::string> actions;            // what pays it
    std::map<std::string, std::string> values;   // inputs the paying action must have
    Due due = Due::Now;
    std::vector<std::string> phases;             // [turn] phase ids (Next, Each)
    bool own = false;                            // only the unit's side's phases among them
    std::string while_marker;                    // Each: "counter:KEY" or "flag:ID"
    std::optional<Deed> done;                    // Each: paid by this deed within the phase
    std::string unpaid = "none";                 // "none" or "rout"
    bool removed = false;  // owed by a unit removed from play too (a crew that fled rolls to destroy its gun)
    std::string text;
    std::string citation;  // cited: "Square Hearts Hits (line 60)"
    std::string due_text;  // by when, in words: "by the end of its side's next Move, shoot or rally phase"

    bool standing() const { return due == Due::Each; }
    // Whether `action` with `inputs` pays it.
    bool paid_by(const std::string& action, const rules::Inputs& inputs) const;
};

// The unit counter a raised obligation is kept in ("owed:ID").
std::string owed_key(const std::string& id);

// Reads [[owed]] (absent: none); `cite` turns a section into the ruleset's citation. Phase ids
// are checked against [turn]'s phases; a standing obligation needs `while`, `phases` and `done`.
std::vector<Obligation> read_obligations(const TableReader& top,
                                         const std::function<std::string(const std::string&)>& cite);

const Obligation* find_obligation(const std::vector<Obligation>& all, const std::string& id);

// Raises the obligation `id` on `unit` now (nothing if it already owes it): the counter and a
// follow-up that must be done, with `reason` ("broken by 2 hits") and the unit it is done to
// where the rule knows it (`target`: the melee's opponent), which the form then starts on. Throws
// std::logic_error for an id the ruleset does not declare (a rule's typo, caught by its tests).
void owe(const std::vector<Obligation>& all, const model::Battle& battle, rules::Resolution& out,
         const model::Unit& unit, const std::string& id, const std::string& reason,
         std::optional<int> target = std::nullopt);

// The acting unit pays what `action` pays: each raised obligation it owes that the action pays is
// cleared, said in the working.
void pay(const std::vector<Obligation>& all, const model::Battle& battle, const std::string& action,
         const model::Unit& unit, const rules::Inputs& inputs, rules::Resolution& out);

// Whether `unit` carries the standing obligation's marker.
bool carries(const Obligation& o, const model::Unit& unit);

} // namespace umpire::kit
