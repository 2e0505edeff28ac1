#pragma once
// The big battle the performance figures are measured on: a MacDuff battle of 2,000 units under
// 200 commanders (two sides of 100 commanders with 10 units each), played through the real rules
// and the turn engine for as many journal entries as asked, in a fixed mix: in every ten entries
// two turn steps (a card drawn, or the next phase when the deck is out), six casualties on units
// picked at random, an undo and a redo. The same seed plays the same battle.
#include "store/battle_file.h"

#include <cstdint>
#include <string>

namespace umpire::desk {
class Desk;
}

namespace umpire::bench {

inline constexpr int kSides = 2;
inline constexpr int kCommandersPerSide = 100;
inline constexpr int kUnitsPerCommander = 10;
inline constexpr int kUnits = kSides * kCommandersPerSide * kUnitsPerCommander;

// The roster of the big battle, as a roster file holds it (umpire new reads it).
std::string big_roster();

// The name of unit `i` (0-based) in the big roster.
std::string unit_name(int i);

// Rolls one casualty at `desk` on a unit still on the table with figures to lose, a different one
// for each `i`, ready to apply. Throws with the desk's error.
void roll_casualty(desk::Desk& desk, int i);

// Plays `entries` more journal entries on `file` in the mix above.
class BigBattlePlayer {
public:
    BigBattlePlayer(store::BattleFile& file, std::uint64_t seed);
    ~BigBattlePlayer();
    BigBattlePlayer(const BigBattlePlayer&) = delete;
    BigBattlePlayer& operator=(const BigBattlePlayer&) = delete;

    void play(int entries);

private:
    struct Impl;
    Impl* impl_;
};

} // namespace umpire::bench
