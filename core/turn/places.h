#pragma once
// Where each action belongs in the turn, read from the ruleset's [[turn.places]] and asked of every
// request (the kit::TurnGuard each ruleset holds), of `turn moved`, by the desk when it offers a
// phase's actions and by `umpire actions`:
//
//   [[turn.places]]
//   actions = ["shoot", "move"]
//   phases = ["activation"]   # the [turn] phases it is taken in (absent: any phase)
//   by = "acting"             # "acting": a unit of the side whose card, move or phase it is;
//                             # "either": any side's unit; "reaction": the side not acting, only in
//                             # answer to what `to` names
//   to = ["charge"]           # reaction: the actions it answers, done this phase ...
//   reactor = "target"        # ... to the reacting unit ("target", the default), or by the unit
//                             # the reaction is aimed at, anywhere near ("near": fire at a charger)
//   when = "reaction"         # this place holds only when the action's flag input is yes
//   stamp = "seized-turn"     # ... only for a unit whose counter holds this turn's number
//   text = "when ordered a unit may shoot and move"
//   citation = "4.1 Card Activation"
//
// An action may have several places; it is taken where any of them allows. With no turn running
// (a battle played without the turn engine) nothing is refused.
#include "kit/table_reader.h"
#include "kit/turn_guard.h"
#include "model/battle.h"
#include "turn/turn_rules.h"
#include "turn/turn_state.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace umpire::turn {

// Who acts now: a phase played one side at a time (a card's side, an alternate move, a player's
// phase) names that side; a phase of both sides (simultaneous fire, melee, rally) names none.
struct ActingNow {
    bool one_side = false;  // the phase is played one side at a time
    int side = 0;           // that side now (0: nobody's yet)
    std::string whose;      // "card", "move", "phase": what the side has ("the Union's card")
    std::string none;       // one_side with no side: why ("no activation card is up")
};
ActingNow acting_now(const model::Battle& battle, const TurnRules& rules, const TurnState& state);

// Why `action` may not be taken now by `unit` (on `target`, with `inputs`): the rule's words and
// the place's citation; nullopt when it may (or no turn is running, or the action has no place).
struct PlaceRefusal {
    std::string rule;
    std::string citation;  // the place's, without the ruleset's name
};
std::optional<PlaceRefusal> place_refusal(const model::Battle& battle, const TurnRules& rules,
                                          const rules::ActionSpec& action, const model::Unit* unit,
                                          const model::Unit* target, const rules::Inputs& inputs);

// Whether `action` was done to `unit` this phase, as the guard marks it for the reactions that
// answer it (fired at, charged): what a ruleset's own rule asks of a unit claiming a reaction.
bool met_this_phase(const model::Battle& battle, const model::Unit& unit, const std::string& action);

// "it is the Boers' move, not the British's": `turn moved` and the guard say it alike.
std::string not_acting(const model::Battle& battle, const ActingNow& acting, int side);

// The guard for a ruleset: its turn read from `reference`, citations prefixed with `citation`
// ("MacDuff") as its limits are.
std::unique_ptr<const kit::TurnGuard> place_guard(const kit::Reference& reference, const std::string& citation);

// The ids of the actions placed in phase `index` (TurnRules::phases), in declaration order: the
// phase's actions for the desk.
std::vector<std::string> actions_in_phase(const TurnRules& rules, int index);

// The places of `action` (none: taken in any phase by anyone).
std::vector<const PlaceRule*> places_of(const TurnRules& rules, const std::string& action);

// "acting side", "either side", "reaction to charge": a place's side in words, for `umpire actions`.
std::string place_side_words(const PlaceRule& place);

} // namespace umpire::turn
