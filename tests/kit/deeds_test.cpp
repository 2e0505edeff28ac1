// What each unit has done: deeds stamped with the turn and the phase, read back within either,
// figures counted per phase, carried to a detachment, and nothing to reset when a turn begins.
#include "kit/deeds.h"
#include "kit/effects.h"

#include <catch2/catch.hpp>

using namespace umpire;
using kit::Deed;
using kit::How;
using kit::Within;

namespace {

model::Battle battle_at(int turn, int phase) {
    model::Battle b;
    b.turn = turn;
    if (phase) b.counters[kit::kPhaseCounter] = phase;
    model::Unit u;
    u.id = 1;
    u.name = "Guards";
    u.figures = u.start_figures = 12;
    b.units.push_back(u);
    return b;
}

void record(model::Battle& b, Deed deed, How how = How::Plain, int count = 0) {
    rules::Resolution r;
    kit::record(b, r, *b.unit(1), deed, how, count);
    b.apply(r.effects);
}

} // namespace

TEST_CASE("deeds: stamped with turn and phase, read within the turn or the phase") {
    auto b = battle_at(3, 2);
    CHECK_FALSE(kit::did(b, *b.unit(1), Deed::Fired));
    record(b, Deed::Fired, How::Plain, 5);
    CHECK(kit::did(b, *b.unit(1), Deed::Fired, Within::Turn));
    CHECK(kit::did(b, *b.unit(1), Deed::Fired, Within::Phase));
    CHECK(kit::done(b, *b.unit(1), Deed::Fired, Within::Phase).count == 5);
    // A second volley in the same phase adds its figures.
    record(b, Deed::Fired, How::Plain, 4);
    CHECK(kit::done(b, *b.unit(1), Deed::Fired, Within::Phase).count == 9);
    // The next phase: still this turn, not this phase; a volley there starts its own count.
    b.counters[kit::kPhaseCounter] = 3;
    CHECK(kit::did(b, *b.unit(1), Deed::Fired, Within::Turn));
    CHECK_FALSE(kit::did(b, *b.unit(1), Deed::Fired, Within::Phase));
    record(b, Deed::Fired, How::Plain, 2);
    CHECK(kit::done(b, *b.unit(1), Deed::Fired, Within::Phase).count == 2);
    // The next turn: nothing to reset, the stamps are of an earlier turn.
    b.turn = 4;
    b.counters[kit::kPhaseCounter] = 1;
    CHECK_FALSE(kit::did(b, *b.unit(1), Deed::Fired, Within::Turn));
    CHECK(kit::deeds_this_turn(b, *b.unit(1)).empty());
}

TEST_CASE("deeds: how it was done, chained within one resolution, carried to a detachment, shown as words") {
    auto b = battle_at(1, 0);
    rules::Resolution r;
    kit::record(b, r, *b.unit(1), Deed::Moved, How::Charge);
    kit::record(b, r, *b.unit(1), Deed::Charged);
    // A rule reading its own resolution sees the deed before it is applied.
    CHECK(kit::done(b, r, *b.unit(1), Deed::Moved, Within::Turn).how == How::Charge);
    b.apply(r.effects);
    CHECK(kit::deeds_this_turn(b, *b.unit(1)) == std::vector<std::string>{"moved (charge)", "charged"});
    CHECK(kit::acted_this_turn(b, *b.unit(1)));
    model::Unit detachment;
    detachment.id = 2;
    kit::carry_deeds(*b.unit(1), detachment);
    b.units.push_back(detachment);
    CHECK(kit::did(b, *b.unit(2), Deed::Charged));
    // Ids for files and tables.
    CHECK(kit::deed_from_id("rallied") == Deed::Rallied);
    CHECK(kit::how_from_id("stood") == How::Stood);
    CHECK_FALSE(kit::deed_from_id("danced"));
}

TEST_CASE("deeds: when a unit last did something, in any turn") {
    auto b = battle_at(1, 0);
    CHECK_FALSE(kit::last_done(*b.unit(1), Deed::Charged).has_value());
    record(b, Deed::Charged, How::Charge);  // turn 1, before the turn engine keeps a phase
    b.turn = 3;
    b.counters[kit::kPhaseCounter] = 2;
    const auto at = kit::last_done(*b.unit(1), Deed::Charged);
    REQUIRE(at.has_value());
    CHECK(at->turn == 1);
    CHECK(at->phase == 0);
    CHECK_FALSE(kit::did(b, *b.unit(1), Deed::Charged));
}
