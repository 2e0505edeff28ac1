#pragma once
// Plays a battle through the real rules and store, one random step at a time: casualties,
// shooting with the app's dice, undo, redo, turn steps (the first recording the default options
// and the phase together) and roster edits. For the programs that put the store under stress
// (the kill loop's writer, the damaged set), which need battles played as umpires play them, on a
// battle file or a server's battle alike.
#include "rules/ruleset.h"
#include "store/battle_store.h"
#include "turn/turn_rules.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <random>

namespace umpire::testing {

class RandomPlay {
public:
    RandomPlay(store::BattleStore& battle, std::uint32_t seed);
    // One step; the entry it recorded (the last, for a turn step recording two), or nullopt when the
    // rules, the turn or the battle refused what was drawn (nothing was recorded).
    std::optional<std::int64_t> step();

private:
    store::BattleStore& battle_;
    std::mt19937 rng_;
    std::unique_ptr<rules::Ruleset> ruleset_;
    turn::TurnRules turn_rules_;
    long steps_ = 0;
};

} // namespace umpire::testing
