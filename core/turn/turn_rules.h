#pragma once
// A ruleset's turn as data: the phases in order and what each resets, the activation deck, the
// initiative or move-order roll, the chance cards and the wind chart. Read from the [turn] table
// of the ruleset's reference (reference/<id>/tables.toml with the battle's house rules), so the
// engine has no ruleset in it and a new ruleset adds its sequence without touching the engine.
#include "rules/ruleset.h"

#include <optional>
#include <string>
#include <vector>

namespace umpire::turn {

enum class PhaseKind {
    Wind,        // the wind chart roll (skipped in battles without wind)
    Activation,  // MacDuff: the card deck, or the initiative method
    MoveOrder,   // each side rolls, ties re-rolled, high chooses first or second
    Moves,       // alternate single-unit moves until every unit has moved or stood
    Resolve,     // the umpire resolves the phase's actions (fire, melee, morale), then moves on
};
std::string_view phase_kind_id(PhaseKind kind);

struct PhaseRule {
    std::string id;
    std::string name;
    PhaseKind kind = PhaseKind::Resolve;
    std::string text;       // what happens, for the turn bar and the sheet
    std::string citation;
    std::vector<std::string> resets;  // flag ids or "counter:KEY", cleared when the phase begins
    // The actions a unit takes in this phase, most usual first ("activate"; "rifle-fire",
    // "artillery-fire"): what the desk offers when the umpire picks a unit.
    std::vector<std::string> actions;
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
    // The activation phase's name and text when it is played by the initiative method (empty: the
    // phase's own).
    std::string name;
    std::string text;
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
    std::optional<WindRules> wind;
    // Unit types that never move and are never asked to in alternate moves (a general
    // headquarters marker).
    std::vector<std::string> never_move;

    int phase_index(std::string_view id) const;  // -1 if none
};

// Parses the [turn] table of the ruleset's reference. Throws std::runtime_error naming the
// key when the table is missing or malformed (the tests load every ruleset's).
TurnRules turn_rules(const rules::Ruleset& ruleset);
TurnRules parse_turn_rules(std::string_view reference_toml, const std::string& source_name);

} // namespace umpire::turn
