// What the unit card says of a unit in words: broken (and since when), in road column, moved
// (its telephone line cut), its radio this turn, destroyed. The counters the rules keep.
#include "rulesets/square-hearts/mechanics.h"
#include "rulesets/square-hearts/square_hearts.h"

namespace umpire::square_hearts {

std::vector<rules::Ruleset::UnitNote> SquareHearts::unit_notes(const model::Battle& b, const model::Unit& u) const {
    std::vector<UnitNote> notes;
    if (kit::counter(u, key::destroyed))
        notes.push_back({"Destroyed", "yes", {key::destroyed, key::destroyed_together}});
    else if (const int turn = kit::counter(u, key::broken))
        notes.push_back({"Broken", "since turn " + std::to_string(turn) + ": it must rally", {key::broken}});
    if (kit::counter(u, key::column)) notes.push_back({"Formation", "road column", {key::column}});
    if (kit::counter(u, key::has_moved))
        notes.push_back({"Moved", "yes: a telephone line to it is cut", {key::has_moved}});
    if (kit::counter(u, key::radio_turn) == b.turn) notes.push_back({"Radio", "connected this turn", {key::radio_turn}});
    if (kit::counter(u, key::radio_failed) == b.turn)
        notes.push_back({"Radio", "failed to connect this turn", {key::radio_failed}});
    if (kit::counter(u, key::train_turn) == b.turn)
        notes.push_back({"Train", "moved " + std::to_string(kit::counter(u, key::train_speed)) + " areas this turn",
                         {key::train_turn, key::train_speed}});
    return notes;
}

} // namespace umpire::square_hearts
