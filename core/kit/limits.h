#pragma once
// The texts' limits on what a unit may do in a turn or a phase, as data: the [[limits]] list of a
// ruleset's reference tables. Each names the actions it governs and when they are refused:
//
//   [[limits]]
//   id = "shoot-once"
//   actions = ["shoot"]
//   done = ["fired"]          # refused when the unit has done any of these ...
//   within = "turn"           # ... this turn, or "phase"
//   text = "A unit may only shoot once per turn"
//   citation = "7.1 Restrictions"
//
// Optional fields: `needs` (deeds the unit must have done within, e.g. ["ordered"]), `how` (only
// deeds done so count, for done and needs alike: ["charge"]; `how_not` the ways that do not count:
// ["stood"], a unit declared stationary has not moved), `types` (troop types it applies to;
// a limit with types and no other condition always refuses them: a headquarters is never shot
// at), `flags` and `counters` (refused while the unit carries one: ["pinned"], ["melee-with"]),
// `stamps` (turn-stamped counters: refused while one holds this turn, "no-move-turn"), `phases`
// (the [turn] phase ids it applies in; all when absent), `on = "target"` (the limit reads the
// target: a unit in melee may not be shot at), `unless` (a flag input that lifts it:
// "reaction"), `when` (a flag input that must be yes), `figures` (per figure: the inputs whose
// sum is the figures acting now; refused when they and the figures that already did it this
// `within` are more than the unit has: a per-turn limit counts every phase of the turn, a
// per-phase limit this phase), `fallen` (with `figures`: a phase count, kit/phase_counts.h,
// of figures killed this phase who still act before they are removed: they count with the unit's),
// `figures_with` (an inline table, input -> input: a figures input that counts only when the other
// is given, `{ figures = "range" }`: the figures at a range are no figures without the range, even
// when the form gave them a default). Where an action belongs in the turn (its phases, the side
// acting) is not a limit: [[turn.places]] says it (turn/places.h).
#include "kit/deeds.h"
#include "kit/table_reader.h"
#include "rules/inputs.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace umpire::kit {

struct Limit {
    std::string id;
    std::vector<std::string> actions;
    std::vector<Deed> done;
    std::vector<Deed> needs;
    std::vector<How> how;
    std::vector<How> how_not;
    Within within = Within::Turn;
    std::vector<std::string> types;
    std::vector<std::string> flags;
    std::vector<std::string> counters;
    std::vector<std::string> stamps;
    std::vector<int> phases;  // 1-based phase numbers of the [turn] table; empty: every phase
    bool on_target = false;
    std::string unless;
    std::string when;
    std::vector<std::string> figures;
    std::string fallen;
    std::map<std::string, std::string> figures_with;  // figures input -> the input it needs
    std::string text;
    std::string citation;  // cited: "MacDuff 7.1 Restrictions"

    bool governs(std::string_view action) const;
};

// Reads [[limits]] (absent: none); `cite` turns a section into the ruleset's citation.
std::vector<Limit> read_limits(const TableReader& top, const std::function<std::string(const std::string&)>& cite);

// Refuses (kit::forbid) each limit of `action` the unit or target breaks.
void check_limits(const std::vector<Limit>& limits, const std::string& action, const model::Battle& battle,
                  const model::Unit* unit, const model::Unit* target, const rules::Inputs& inputs,
                  const rules::ActionRequest& request, rules::Resolution& out);

} // namespace umpire::kit
