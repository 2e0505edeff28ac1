#pragma once
// A ruleset's turn as data: the phases in order and what each resets, the activation deck, the
// initiative or move-order roll, the chance cards and the wind chart. Read from the [turn] table
// of the ruleset's reference (reference/<id>/tables.toml with the battle's house rules), so the
// engine has no ruleset in it and a new ruleset adds its sequence without touching the engine.
#include "kit/owed.h"
#include "rules/ruleset.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace umpire::turn {

enum class PhaseKind {
    Wind,        // the wind chart roll (skipped in battles without wind)
    Activation,  // MacDuff: the card deck, or the initiative method
    MoveOrder,   // each side rolls, ties re-rolled, high chooses first or second
    Moves,       // alternate single-unit moves until every unit has moved or stood
    Resolve,     // the umpire resolves the phase's actions (fire, melee, morale), then moves on
    Side,        // one side's units act (the first or second player by the order roll): the Rattle
                 // of Dice; the battle's "active-side" counter says whose phase it is (kit/side_phase.h)
    Rally,       // the units carrying the phase's marker make their check (the "rallied" deed)
    SideMoves,   // each side in turn does the sub-phase: the first player, then the second
};
std::string_view phase_kind_id(PhaseKind kind);

struct PhaseRule {
    std::string id;
    std::string name;
    PhaseKind kind = PhaseKind::Resolve;
    std::string text;       // what happens, for the turn bar and the sheet
    std::string citation;
    std::vector<std::string> resets;  // flag ids or "counter:KEY", cleared when the phase begins
    // The phase belongs to the first (1) or the second (2) player of the order roll, 0 for a
    // phase of both. A Side phase: that side's units each act once. Any other phase with a player
    // (IGO-UGO) makes that side the active one (the battle counter kit::kActiveSideCounter, which
    // rules read).
    int player = 0;
    bool chance = false;  // with chance cards in use, the phase's player draws one as it begins
    // Rally: the unit flag that marks a unit due its check ("needs-rally").
    std::string marker = "needs-rally";
    // SideMoves: which of the active side's units the turn bar offers: "unmoved" (on the table,
    // not yet moved this turn) or "none" (generals, who are not units).
    std::string lists = "unmoved";
    // Side: what the side's units each do, for the turn bar's "Next" ("units each move (charges
    // included), shoot or rally").
    std::string todo = "units each act once";
    // SideMoves: the high roller may choose again who goes first, from this sub-phase on.
    bool choose_first = false;
    // The actions a unit takes in this phase, most usual first ("activate"; "rifle-fire",
    // "artillery-fire"): what the desk offers when the umpire picks a unit. Not written in the
    // phase: the [[turn.places]] that name the phase give them (turn/places.h).
    std::vector<std::string> actions;
};

// Where an action belongs in the turn (turn/places.h has the table's fields).
enum class PlaceBy { Acting, Either, Reaction };
struct PlaceRule {
    std::vector<std::string> actions;
    std::vector<int> phases;          // indices into TurnRules::phases; empty: any phase
    PlaceBy by = PlaceBy::Acting;
    std::string when;                 // a flag input that must be yes for this place to hold
    std::string stamp;                // a unit counter that must hold this turn's number (a chance card's leave)
    std::vector<std::string> to;      // reaction: the actions it answers
    bool near = false;                // reaction: aimed at one who did `to`, not done to the reactor
    std::string text;
    std::string citation;
};

struct DeckRules {
    std::string citation;
    int cards_per_commander = 1;
    int joker_with_chance_cards = 1;
    int observation_cards = 1;
    std::string observation_citation;
};

struct OrderRules {          // the initiative method or the move-order roll
    std::string citation;
    int die = 6;
    int observation_bonus = 0;
    bool tie_repeats_previous = false;  // MacDuff; otherwise ties are re-rolled (Edwardian)
    // Unit types that earn a side the observation bonus by being on the table (a balloon); the
    // umpire may also name sides by hand.
    std::vector<std::string> observer_types;
    std::string observation_text;  // what earns the bonus, for the front ends ("" : a General's sight)
    // The activation phase's name and text when it is played by the initiative method (empty: the
    // phase's own).
    std::string name;
    std::string text;
    bool once = false;        // IGO-UGO: settled at the start of the battle and kept for every turn
    bool may_name_first = false;  // the umpire may name the side that goes first (the attacker) instead
};

// The army that has lost too many units at the end of a turn (broken, destroyed, off the table)
// must retreat: checked by the engine as each turn ends, and said in its working.
struct ArmyRetreatRules {
    std::string citation;
    std::pair<int, int> lost_more_than{1, 2};  // of the side's units
    // Markers that count a unit on the table as lost too (flag ids or "counter:KEY"); units off
    // the table (routed, destroyed, gone) always count. Units held in reserve never do.
    std::vector<std::string> lost_markers;
    std::string text;  // what the army must do: "must retreat unless the scenario says otherwise"
};

struct WindRow {
    std::vector<int> rolls;
    std::string change;  // "calm-or-rise", "left", "right", "none"
    std::string text;
};

struct WindRules {
    std::string citation;
    int die = 6;
    std::vector<std::string> strengths;
    std::vector<WindRow> rows;
    const WindRow* row_for(int roll) const;
};

struct TurnRules {
    std::string citation;
    std::vector<PhaseRule> phases;
    std::optional<DeckRules> deck;        // rulesets with card activation
    std::optional<OrderRules> initiative; // MacDuff's alternative to the deck
    std::optional<OrderRules> move_order; // a phase of kind MoveOrder uses this
    std::optional<std::string> chance_citation;
    int blanks_at_least = 1;  // blanks per chance set, at least this many times its cards
    // Chance cards after a move-order roll: the first player draws one (a house rule for
    // rulesets whose text has no chance cards, played as MacDuff's initiative method plays them).
    bool chance_after_order = false;
    std::optional<WindRules> wind;
    std::optional<ArmyRetreatRules> army_retreat;
    // Unit types that never move and are never asked to in alternate moves (a general
    // headquarters marker).
    std::vector<std::string> never_move;
    // Where each action belongs in the turn, in declaration order.
    std::vector<PlaceRule> places;
    // What the rules make a unit do, and by when (the reference's [[owed]], kit/owed.h).
    std::vector<kit::Obligation> obligations;
    // The ruleset these were read from, asked what its own rules still want done before a phase
    // ends (Ruleset::phase_unfinished); none for rules parsed from bare TOML.
    const rules::Ruleset* ruleset = nullptr;

    int phase_index(std::string_view id) const;  // -1 if none
};

// Parses the [turn] table of the ruleset's reference. Throws std::runtime_error naming the
// key when the table is missing or malformed (the tests load every ruleset's).
TurnRules turn_rules(const rules::Ruleset& ruleset);
TurnRules parse_turn_rules(std::string_view reference_toml, const std::string& source_name);

} // namespace umpire::turn
