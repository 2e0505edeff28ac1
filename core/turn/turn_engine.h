#pragma once
// The turn engine: advancing the phases, the activation deck, the initiative and move-order
// rolls, alternate moves, chance cards and the wind. Like a ruleset it never changes the battle:
// every operation returns a Resolution (working with citations, dice, outcome) whose effects
// carry the new turn state, the markers reset and the wind, and the caller records it through
// the store like any action, so a draw or a wind roll is journaled and undone like a shot.
//
// Every operation checks first and throws rules::InputError (naming what is wrong: "the deck is
// empty", "draw the chance card first") with nothing changed; dice::DiceError for bad dice.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/request.h"
#include "rules/resolution.h"
#include "turn/chance_deck.h"
#include "turn/owed_ledger.h"
#include "turn/owed_list.h"
#include "turn/turn_rules.h"
#include "turn/turn_state.h"

#include <optional>
#include <string>
#include <vector>

namespace umpire::turn {

// Whether a journaled action is one of the engine's steps (they are all named "turn-...").
inline bool is_turn_step(const std::string& action) { return action.rfind("turn-", 0) == 0; }

// One engine operation, ready for BattleFile::record.
struct TurnStep {
    rules::ActionRequest request;
    rules::Resolution resolution;
};

// Sets or changes the battle's turn options (the activation method, chance cards and their
// blanks, the wind), and with chance cards builds and shuffles the chance piles from the
// battle's deck. Refuses options the rules cannot play (no card deck in this ruleset, fewer
// blanks than cards).
TurnStep configure(const model::Battle& battle, const TurnRules& rules, const TurnOptions& options);

// Moves to the next phase (the first, when the battle has not started; the first of the next
// turn after the last). Entering a phase clears the markers it resets; entering the card
// activation phase builds and shuffles the deck, with an extra General's card for each side in
// `observation`. Refuses while the current phase is unfinished (cards left, units to move, a
// roll not made, a chance card due) unless `force`, which the working then records.
TurnStep next_phase(const model::Battle& battle, const TurnRules& rules,
                    const std::vector<int>& observation = {}, bool force = false);

// Card activation: draws the top card. A commander's card activates him; a side's card (free
// choice) waits for choose_commander; the joker makes the next player whose card comes up draw
// a chance card.
TurnStep draw_card(const model::Battle& battle, const TurnRules& rules);
// Free choice: the player names which of his commanders not yet activated uses the card drawn;
// under the initiative method, the commander the side activates next.
TurnStep choose_commander(const model::Battle& battle, const TurnRules& rules, int commander);

// The initiative roll (MacDuff's alternative to the deck) or the move-order roll: one die per
// side (+ the observation bonus for sides in `observation`, and for sides with an observer on
// the table unless in `denied`: order_odds.h observes()), high chooses; `winner_goes_first` is
// the winner's choice. Ties repeat the previous turn's order or are re-rolled, per the rules.
TurnStep roll_order(const model::Battle& battle, const TurnRules& rules, dice::DiceSource& dice,
                    const std::vector<int>& observation = {}, bool winner_goes_first = true,
                    const std::vector<int>& denied = {});
// The move order settled without dice, where the rules allow it (Square Hearts: "usually
// attacker first"): `first` goes first, and under IGO-UGO for the whole battle.
TurnStep name_first(const model::Battle& battle, const TurnRules& rules, int first);
// Initiative method: the active side has activated all it wants; the other side goes. Side
// moves: the active side has done this sub-phase; the other side goes.
TurnStep side_done(const model::Battle& battle, const TurnRules& rules);

// Side moves: the high roller chooses again who goes first in this step (a side-moves phase whose
// rule lets him, before either side has finished it). In the move-order phase, after the roll: the
// high score chooses to go first or second (the roll took the winner's choice as said, first unless
// told; this changes it before the phase ends).
TurnStep choose_first(const model::Battle& battle, const TurnRules& rules, bool winner_goes_first);

// Alternate moves: the moving side's unit has moved, or is declared stationary. Side moves: one
// of the active side's units has moved or stands (side_done then ends the side's sub-phase).
TurnStep unit_moved(const model::Battle& battle, const TurnRules& rules, int unit, bool stationary);

// The wind chart roll at the start of the turn. When the wind picks up from no wind it comes
// from where it last blew; if it never blew, `rise_direction` must say where from.
TurnStep roll_wind(const model::Battle& battle, const TurnRules& rules, dice::DiceSource& dice,
                   std::optional<int> rise_direction = std::nullopt);
// The umpire sets the wind (its starting direction and strength, or a change he decides).
TurnStep set_wind(const model::Battle& battle, const TurnRules& rules, int direction, int strength);

// Draws a chance card for `side` (0: the side it is due to) from its colour's pile; the card is
// discarded. A card that needs dice or names a unit gives a follow-up with its action.
TurnStep draw_chance(const model::Battle& battle, const TurnRules& rules, int side = 0);

// Replaces the battle's own chance deck (the editor's save, an imported file). With chance
// cards in use the piles are rebuilt and reshuffled.
TurnStep set_chance_deck(const model::Battle& battle, const TurnRules& rules, const ChanceDeck& deck);

// What the turn bar shows: where the battle is, who is active, what comes next.
struct TurnStatus {
    int turn = 1;
    bool started = false;
    int phase = -1;
    std::string phase_id;
    std::string phase_name;
    PhaseKind phase_kind = PhaseKind::Resolve;
    std::string phase_text;
    std::string citation;
    std::string next;                    // the one thing to do now, as a sentence
    std::string method;                  // "cards", "initiative", "move-order", ""
    int cards_left = 0;
    std::vector<ActivationCard> discards;
    std::optional<ActivationCard> current;
    std::string current_label;           // "Colonel Ames (red)", "Joker", "A red card: choose"
    int active_commander = 0;
    int active_side = 0;                 // moves / initiative: whose go it is
    int first_side = 0;                  // who went first this turn (0 if not decided)
    std::vector<int> units_to_move;      // moves: units that have neither moved nor stood
    std::vector<int> units_to_order;     // the active commander's (General: his side's) units not yet ordered
    std::vector<int> units_to_check;     // rally: the marked units yet to make their check this turn
    bool can_choose_first = false;       // side moves, or after the move-order roll: the high roller may choose who goes first
    int high_roller = 0;                 // the side that won this turn's roll (0: none or a tie)
    int chance_due_side = 0;
    bool joker_pending = false;
    std::optional<ChanceCard> chance_card;  // the chance card just drawn (blank: title "Blank")
    std::string chance_colour;
    int wind_direction = 0;
    int wind_strength = 0;
    std::string wind_label;              // "NE, moderate" or "no wind"
    bool wind_in_use = false;
    bool can_draw = false;
    bool can_advance = false;            // next_phase would succeed without force
    std::string advance_blocked;         // why not
    // What the units owe (kit/owed.h), those due by the end of this phase first: `next` is
    // refused while one is due.
    std::vector<OwedItem> owed;
    // An order roll due: the exact chance of each side being high (sides with an observer on the
    // table counted; the front ends work them out again with the sides ticked by hand).
    std::vector<rules::Chance> order_chances;
};
TurnStatus turn_status(const model::Battle& battle, const TurnRules& rules);
// `status` (what this did last, with `ledger`; a default status at first) worked out again for the
// battle now, its `owed` brought up to date by `ledger` (owed_ledger.h: only the units the changes
// noted since touched are asked again) rather than asked of every unit. The same as turn_status.
void update_turn_status(TurnStatus& status, const model::Battle& battle, const TurnRules& rules, OwedLedger& ledger);

// The name shown for a card: "Brigadier Hawthorne", "General's card: ...", "Joker", "red card".
std::string card_label(const model::Battle& battle, const ActivationCard& card);

} // namespace umpire::turn
