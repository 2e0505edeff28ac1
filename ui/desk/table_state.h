#pragma once
// What the table can see of the turn: the slots the player view shows. The turn engine
// (core/turn) is not in yet; whoever runs the turn fills this struct through
// Desk::set_table_state and the player view follows. Empty strings are slots not in play
// (a ruleset without chance cards, or no card drawn yet), shown as a dash.
#include <string>

namespace umpire::desk {

struct TableState {
    std::string phase;            // "Movement", "Shooting", ...
    std::string card_drawn;       // the activation card just drawn: "Red: General Roberts"
    std::string chance_card;      // the chance card in play: its title
    std::string chance_text;      // ... and its text, as printed on the card
    std::string wind;             // "Wind from the north-west, strong"
};

} // namespace umpire::desk
