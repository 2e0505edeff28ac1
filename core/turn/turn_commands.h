#pragma once
// Every step of the turn the umpire can take now, as data: what it is called and the words that
// take it (`umpire turn BATTLE WORDS`, and `turn WORDS` on the desk's command line). The list is
// read from the turn status the engine works out from the ruleset's [turn] table (the phase's
// kind, who is to act, the units still to move, the order roll due, a chance card due), never
// from a list per ruleset, so a new ruleset's turn is offered whole by its table alone. The desk
// offers the list in Ctrl+K and reads typed words back here, so the two cannot disagree.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "turn/turn_engine.h"
#include "turn/turn_rules.h"

#include <string>
#include <vector>

namespace umpire::turn {

enum class StepKind {
    Next,       // the next phase (force: end this one though it is not finished)
    Draw,       // draw an activation card
    Choose,     // the commander who uses the card, or who activates next (id: the commander)
    Order,      // roll for initiative or the move order (second: the winner goes second)
    NameFirst,  // the side that goes first without a roll (id: the side)
    Done,       // the active side has finished (its activations, or its sub-phase of moves)
    First,      // side moves: the high roller chooses again (second: he goes second)
    Moved,      // a unit moved (stationary: it stands) (id: the unit)
    Wind,       // roll the wind chart
    Chance,     // draw the chance card that is due (id: the side, 0 for the one it is due to)
};

struct TurnCommand {
    StepKind kind = StepKind::Next;
    int id = 0;
    bool second = false;
    bool stationary = false;
    bool force = false;
    std::string dice = {};  // real dice typed for an order or wind roll ("" : the app rolls)
};

struct TurnOffer {
    std::string label;  // "Armee du Nord has finished", as the Turn panel's button says it
    std::string words;  // "done": what follows `turn` on a command line
    TurnCommand command;
};

// The steps the turn offers now, the phase's own first and "next phase" (or "end the phase
// anyway") last.
std::vector<TurnOffer> turn_offers(const model::Battle& battle, const TurnRules& rules, const TurnStatus& status);

// The words of a command as typed after `turn` (names quoted where they hold a space).
std::string turn_words(const model::Battle& battle, const TurnCommand& command);

// Whether the words (of a line split by rules::command_words) start with `turn`.
bool is_turn_line(const std::vector<std::string>& words);
// Reads the words after `turn`. Throws rules::InputError naming what is wrong (an unknown step,
// a name no unit, commander or side has, a word the step does not take).
TurnCommand parse_turn_command(const std::vector<std::string>& words, const model::Battle& battle);

// Takes the step through the engine (dice for an order or wind roll come from `dice`;
// `observation` and `denied` as roll_order takes them).
TurnStep take_turn_command(const model::Battle& battle, const TurnRules& rules, const TurnCommand& command,
                           dice::DiceSource& dice, const std::vector<int>& observation = {},
                           const std::vector<int>& denied = {});
// Whether the step rolls dice (an order or a wind roll).
bool rolls_dice(const TurnCommand& command);

} // namespace umpire::turn
