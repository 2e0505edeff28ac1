#pragma once
// Internal to the turn engine: the state change every operation builds, and small helpers.
#include "dice/rng.h"
#include "rules/inputs.h"
#include "turn/turn_engine.h"

#include <algorithm>
#include <string>
#include <vector>

namespace umpire::turn::detail {

inline bool in_list(const std::vector<int>& list, int item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

// A battle-wide counter (the turn's own marks, the wind), 0 when never set.
inline int battle_counter(const model::Battle& battle, const char* key) {
    auto it = battle.counters.find(key);
    return it == battle.counters.end() ? 0 : it->second;
}

// One operation in the making: the battle as it was, the turn state as it will be, and the
// resolution collecting steps and effects. finish() adds the turn-state effect.
struct Change {
    const model::Battle& battle;
    const TurnRules& rules;
    TurnState before;
    TurnState state;
    TurnStep step;

    Change(const model::Battle& b, const TurnRules& r, std::string action);

    void cite(std::string text, std::string citation) {
        step.resolution.steps.push_back({std::move(text), std::move(citation)});
    }
    // Effects on the model beyond the turn state (markers, the turn number, the wind).
    void effect(model::Effect e) { step.resolution.effects.push_back(std::move(e)); }
    void set_counter(const std::string& key, int value, const std::string& reason);
    TurnStep finish(std::string outcome);
};

[[noreturn]] inline void refuse(const std::string& input, const std::string& why) {
    throw rules::InputError(input, why);
}

// The shuffle for the state's next shuffle: the same seed, turn and count give the same order
// on every platform (our own generator and Fisher-Yates, no std distributions).
template <typename T>
void shuffle(std::vector<T>& items, TurnState& state, int turn) {
    const std::uint64_t stream = state.options.seed ^ (static_cast<std::uint64_t>(turn) << 32) ^
                                 static_cast<std::uint64_t>(++state.shuffles) * 0x9E3779B97F4A7C15ull;
    dice::Rng rng(stream);
    for (std::size_t i = items.size(); i > 1; --i) {
        const std::size_t j = rng.below(static_cast<std::uint32_t>(i));
        std::swap(items[i - 1], items[j]);
    }
}

const PhaseRule* current_phase(const TurnState& state, const TurnRules& rules);
bool phase_applies(const PhaseRule& phase, const TurnState& state);
// The activation method in force: "cards" or "initiative" (a ruleset without a deck: "").
std::string activation_method(const TurnRules& rules, const TurnState& state);
// The phase's name, text and citation as this battle plays it: an activation phase under the
// initiative method reads [turn.initiative]'s name, text and citation where it has them.
struct PhaseWords {
    std::string name;
    std::string text;
    std::string citation;
};
PhaseWords phase_words(const PhaseRule& phase, const TurnRules& rules, const TurnState& state);
const model::Commander* general_of(const model::Battle& battle, int side);
std::string side_name(const model::Battle& battle, int side);
std::string commander_name(const model::Battle& battle, int id);
// Units of `side` on the table that have not taken their move this turn.
// A side's units still to move or stand in alternate moves: on the table, not yet activated,
// not of a type that never moves (TurnRules::never_move).
std::vector<int> units_to_move(const model::Battle& battle, const TurnRules& rules, int side);
// Alternate moves: whose move it is, from the units each side has moved this turn (by the turn
// engine or by a move action alike, kit/deeds.h): of the sides with units still to move, the one
// that has moved fewest, the first player on a tie. 0 when every unit has moved.
int side_to_move(const model::Battle& battle, const TurnRules& rules, const TurnState& state);
// Side phases: the side playing `player` (1 first, 2 second) this turn, from the order roll (the
// battle's first side when none was rolled).
int side_of_player(const model::Battle& battle, const TurnState& state, int player);
// Side phases: the side's units on the table that have not yet moved, shot, rallied or worked
// this turn (fire out of turn and a retreat do not count: kit/deeds.h How::Reaction, Retreat).
std::vector<int> units_to_act(const model::Battle& battle, int side);
// The side after `side` in the battle's order, skipping sides in `skip`; 0 when none is left.
int next_side(const model::Battle& battle, int side, const std::vector<int>& skip = {});
// The move order in force in `turn`: that turn's, or under IGO-UGO (move_order.once) the one
// settled at the start of the battle. Null when none.
const OrderRoll* order_in_force(const TurnRules& rules, const TurnState& state, int turn);
// IGO-UGO: the side of the phase's player ("first" or "second"), 0 for a phase of both.
int player_side(const model::Battle& battle, const TurnRules& rules, const TurnState& state, const PhaseRule& phase,
                int turn);
// Entering a phase: under IGO-UGO makes its player's side the active one (the battle counter
// kit::kActiveSideCounter, 0 for a phase of both) and, with chance cards, makes his card due.
void enter_player_phase(Change& change, const PhaseRule& phase, int turn);
// Turn end: each side that has lost more than the rules allow (TurnRules::army_retreat) is said
// to retreat in the working; returns the sides' names for the outcome ("" when none).
std::string army_retreats(Change& change);

// Why the current phase is not finished yet, in a few words ("" when it is).
std::string phase_unfinished(const model::Battle& battle, const TurnRules& rules, const TurnState& state);

// After the move-order roll: the high score's choice of going first or second (activation.cpp).
TurnStep order_choose_first(const model::Battle& battle, const TurnRules& rules, bool winner_goes_first);

// Side moves and the rally phase (side_moves.cpp).
void enter_side_moves(Change& c, const PhaseRule& phase, int turn);
std::string side_moves_unfinished(const model::Battle& battle, const TurnState& state);
std::vector<int> units_to_rally(const model::Battle& battle, const PhaseRule& phase);
std::string rally_unfinished(const model::Battle& battle, const PhaseRule& phase);
TurnStep side_moves_done(const model::Battle& battle, const TurnRules& rules);
TurnStep side_unit_moved(const model::Battle& battle, const TurnRules& rules, int unit, bool stationary);
void side_moves_status(const model::Battle& battle, const TurnRules& rules, const TurnState& state,
                       const PhaseRule& phase, TurnStatus& status);
void rally_status(const model::Battle& battle, const PhaseRule& phase, TurnStatus& status);

} // namespace umpire::turn::detail
