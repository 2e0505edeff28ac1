#pragma once
// The player view: what a projector or a second screen shows the players. Only public
// information: the turn, the phase, the card just drawn, the chance card, the wind, and the
// last few results as the journal summed them up. Never the form being filled, the odds, typed
// dice or a roll the umpire has not applied (the umpire may still cancel it). Built here, with
// no drawing, so what counts as public is tested without a window.
#include "desk/table_state.h"
#include "model/battle.h"
#include "store/battle_file.h"

#include <cstddef>
#include <string>
#include <vector>

namespace umpire::desk {

struct PlayerView {
    std::string battle;          // the battle's name
    int turn = 1;                // Battle::turn
    std::string phase;           // the slots below come from TableState; "" = not in play
    std::string card_drawn;
    std::string chance_card;
    std::string chance_text;
    std::string wind;
    std::vector<std::string> results;  // newest first: "Turn 2: 3 hits on 2nd Sikhs"
    // Rulesets that count hits against a capacity: every unit on the table that has taken any,
    // in roster order, "Heavy Camel Regiment: 2 of 3 hits" (the markers on the table, so public).
    std::vector<std::string> hits;
};

inline constexpr std::size_t kPlayerViewResults = 5;

// Results are actions that stand: undone ones and roster bookkeeping ("edit-roster") are left
// out, and undo/redo entries themselves are not news for the table.
PlayerView build_player_view(const model::Battle& battle, const std::vector<store::JournalLine>& journal,
                             const TableState& table, std::size_t results = kPlayerViewResults);

} // namespace umpire::desk
