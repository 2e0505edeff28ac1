#pragma once
// Choices the rules text gives the player, asked and never made by the app: a result's "Counter
// charge, stand ground or form square", a card's "add 1d6" to any move or +1 to each melee die".
// Each is declared in the ruleset's tables ([[choices]]: the input, the text's words, the
// options in the text's words); the action carries it as an input with no default. When a
// result calls for it and the request did not make it, ask() puts the question on the
// resolution, and the ruleset base withholds every effect until it is answered (withhold()).
#include "kit/table_reader.h"
#include "rules/action_spec.h"
#include "rules/inputs.h"
#include "rules/resolution.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::kit {

struct PlayerChoice {
    std::string id;        // the input that carries it: "response"
    std::string label;     // the form's label: "On a 7 when charged"
    std::string text;      // the text's words: "Counter charge, stand ground or form square"
    std::string citation;  // "Morale: the Charged column, 7"
    std::vector<rules::Choice> options;  // {id, the text's words}
};

// The tables' [[choices]] (none when absent). Every choice needs two options or more.
std::vector<PlayerChoice> read_player_choices(const TableReader& top);

// The declared choice `id`; a missing one is a mistake in the ruleset (std::logic_error).
const PlayerChoice& player_choice(const std::vector<PlayerChoice>& choices, std::string_view id);

// The action's input for it: a choice with no default, asked when a result calls for it.
rules::InputSpec asked_input(const PlayerChoice& choice);

// The player's choice: the one the request made, else the only one of `open` (ids of the
// options; empty: all of them), else nullopt with the question, in the text's words and with
// the options open, put on `out`.
std::optional<std::string> ask(const rules::Inputs& inputs, const PlayerChoice& choice, rules::Resolution& out,
                               const std::vector<std::string>& open = {});

// A resolution with a question open changes nothing: its effects and follow-ups are withheld
// and its outcome says what is to be chosen.
void withhold(rules::Resolution& out);

} // namespace umpire::kit
