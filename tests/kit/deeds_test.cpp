// What each unit has done: deeds stamped with the turn and the phase, read back within either,
// figures counted per phase, carried to a detachment, and nothing to reset when a turn begins;
// counts read for one phase only (kit/phase_counts.h).
#include "kit/deeds.h"
#include "kit/effects.h"
#include "kit/phase_counts.h"

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

TEST_CASE("deeds: when a unit last did something, in whatever turn") {
    auto b = battle_at(2, 5);
    CHECK_FALSE(kit::last_done(*b.unit(1), Deed::Melee));
    record(b, Deed::Melee);
    b.turn = 3;
    b.counters[kit::kPhaseCounter] = 3;
    const auto melee = kit::last_done(*b.unit(1), Deed::Melee);
    REQUIRE(melee);
    CHECK(melee->turn == 2);
    CHECK(melee->phase == 5);
    CHECK_FALSE(kit::did(b, *b.unit(1), Deed::Melee));
}

TEST_CASE("phase counts: summed within a phase, started afresh in the next, read as 0 outside it") {
    auto b = battle_at(3, 3);
    const auto add = [&b](int n) {
        rules::Resolution r;
        kit::add_phase_count(b, r, *b.unit(1), "lost", n, "casualties");
        b.apply(r.effects);
    };
    add(2);
    add(1);
    CHECK(kit::phase_count_now(b, *b.unit(1), "lost") == 3);
    b.counters[kit::kPhaseCounter] = 4;
    CHECK(kit::phase_count_now(b, *b.unit(1), "lost") == 0);  // phase 3's losses are not phase 4's
    const auto latest = kit::latest_phase_count(b, rules::Resolution{}, *b.unit(1), "lost");
    CHECK(latest.count == 3);
    CHECK(latest.at.turn == 3);
    CHECK(latest.at.phase == 3);
    add(5);
    CHECK(kit::phase_count_now(b, *b.unit(1), "lost") == 5);  // not 8
    // Within one resolution the count chains: a second addition sees the first.
    rules::Resolution r;
    kit::add_phase_count(b, r, *b.unit(1), "lost", 1, "more");
    CHECK(kit::phase_count_now(b, r, *b.unit(1), "lost") == 6);
    kit::clear_phase_count(b, r, *b.unit(1), "lost", "checked");
    CHECK(kit::phase_count_now(b, r, *b.unit(1), "lost") == 0);
    // The same phase of the next turn is another phase.
    b.turn = 4;
    b.counters[kit::kPhaseCounter] = 3;
    CHECK(kit::phase_count_now(b, *b.unit(1), "lost") == 0);
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
