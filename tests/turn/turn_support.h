#pragma once
// Shared by the turn tests: the demo MacDuff battle and the Edwardian sample battle, the turn
// rules of each, and applying a step the way the store would.
#include "model/battle.h"
#include "rules/ruleset.h"
#include "turn/turn_engine.h"

#include <memory>

namespace umpire::testing {

struct TurnFixture {
    model::Battle battle;
    std::unique_ptr<rules::Ruleset> ruleset;
    turn::TurnRules rules;

    // Applies the step's effects (as BattleFile::record would) and returns it.
    const turn::TurnStep& apply(const turn::TurnStep& step);
    turn::TurnState state() const { return turn::turn_state(battle); }
    turn::TurnOptions options(bool chance = false) const;
};

// Kotal Pass: side 1 Frontier Field Force (red; commanders 1 General Hawthorne, 2 Ames,
// 3 Dunmore), side 2 Pathan Lashkar (black; 4 General Mullah Sayid Akbar, 5, 6).
TurnFixture macduff_battle();
TurnFixture edwardian_battle();

} // namespace umpire::testing
