#pragma once
// Whose turn it is, for rules played IGO-UGO (one player moves, shoots and fights, then the
// other): the turn engine keeps the side of the phase's player in a battle counter as each phase
// begins (0 in a phase of both players, or before the turn engine starts), and rules read it
// here ("the second player rolls first", "on its next turn").
#include "model/battle.h"

namespace umpire::kit {

inline constexpr const char* kActiveSideCounter = "active-side";

// The side whose player's phase it is; 0 when no one's (or the turn engine is not in use).
inline int active_side(const model::Battle& battle) {
    auto it = battle.counters.find(kActiveSideCounter);
    return it == battle.counters.end() ? 0 : it->second;
}

} // namespace umpire::kit
