#pragma once
// Where a battle is in its turn, kept in the battle file as JSON (Battle::texts["turn"]) and
// changed only by the engine's effects, so every step is journaled and undoable and a battle
// reopened mid-turn continues exactly where it was: the deck order, the discards, the chance
// piles and the wind history are all here, never re-derived from a seed.
#include "model/battle.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace umpire::turn {

// The key in Battle::texts.
inline constexpr const char* kTurnText = "turn";
// Battle counters that rules read (airships and balloons move with the wind).
inline constexpr const char* kWindDirection = "wind-direction";  // 0 none, 1 N .. 8 NW clockwise
inline constexpr const char* kWindStrength = "wind-strength";    // index into the strengths, 0-based

enum class CardKind { Commander, General, Joker, Side };

struct ActivationCard {
    CardKind kind = CardKind::Commander;
    int side = 0;       // the side whose card it is (0 for the joker)
    int commander = 0;  // Commander (pre-assigned) and General cards; 0 for side cards
};
bool operator==(const ActivationCard& a, const ActivationCard& b);

struct TurnOptions {
    std::string activation = "cards";      // "cards" or "initiative"
    std::string assignment = "pre-assigned";  // "pre-assigned", "free-choice" or "handicap"
    int handicapped_side = 0;              // "handicap": this side's cards are pre-assigned
    bool chance_cards = false;
    int blanks = -1;                       // blank cards per colour; -1: the deck's own number
    bool wind = false;
    std::uint64_t seed = 0;                // for shuffles; each shuffle mixes in turn and count
};

struct OrderRoll {       // an initiative or move-order roll, kept per turn
    int turn = 0;
    std::vector<std::pair<int, int>> rolls;  // side id, final score (last round when re-rolled)
    int winner = 0;                          // 0 when a tie repeated the previous order
    int first = 0;                           // the side that goes first this turn
};

struct WindRecord {
    int turn = 0;
    int roll = 0;            // 0 when the umpire set the wind
    int direction_before = 0;
    int direction_after = 0;
    int strength = 0;
    std::string text;
};

struct TurnState {
    TurnOptions options;
    bool started = false;      // false until the first phase begins
    int phase = 0;             // index into TurnRules::phases
    int shuffles = 0;          // how many shuffles so far: each one gets its own stream

    // Card activation
    std::vector<ActivationCard> deck;      // the draw pile, top first
    std::vector<ActivationCard> discards;  // drawn this turn, oldest first
    std::optional<ActivationCard> current; // the card just drawn
    int active_commander = 0;              // who is activating now (0: none)
    bool joker_pending = false;            // the next player whose card comes up draws a chance card
    int chance_due_side = 0;               // that player, once known
    std::vector<int> commanders_done;      // commanders who have activated this turn

    // Initiative / move order
    std::vector<OrderRoll> orders;         // one per turn, oldest first
    int moving_side = 0;                   // alternate moves and initiative: whose turn it is
    std::vector<int> sides_done;           // initiative, side moves: sides that have finished
    int step_first = 0;                    // side moves: who goes first in this step (0: as rolled)

    // Chance cards: per colour, the draw pile (top first) and the discards. "" is a blank.
    std::map<std::string, std::vector<std::string>> chance_piles;
    std::map<std::string, std::vector<std::string>> chance_discards;
    std::optional<std::pair<std::string, std::string>> chance_current;  // colour, card id

    std::vector<WindRecord> wind_history;

    const OrderRoll* order_for(int turn) const;
};

// The battle's turn state; a default (not started) state when it has none yet. Throws
// std::runtime_error when the stored JSON is damaged.
TurnState turn_state(const model::Battle& battle);
std::string to_text(const TurnState& state);
TurnState turn_state_from_text(const std::string& text);
// The same through a JSON document alone: the reader of any text, which turn_state_from_text
// leaves it to when the text is not as to_text writes it (turn_text_reader.h); the tests and
// the fuzz target compare the two.
TurnState turn_state_from_json(const std::string& text);

std::string_view card_kind_id(CardKind kind);

} // namespace umpire::turn
