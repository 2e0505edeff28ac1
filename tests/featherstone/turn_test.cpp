// The turn as data (Sequence of play, lines 13-22; Marking Units for Rally, lines 330-334):
// initiative each turn, the rally phase listing the units marked to rally, the move sub-phases
// done side by side with the high roller choosing who goes first, and the two combat phases.
#include "turn_game.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("turn: the sequence of play as the engine reads it") {
    Game g;
    std::vector<std::string> ids;
    for (const auto& p : g.rules.phases) ids.push_back(p.id + ":" + std::string(turn::phase_kind_id(p.kind)));
    CHECK(ids == std::vector<std::string>{"initiative:move-order", "rally:rally", "move-generals:side-moves",
                                          "move-chargers:side-moves", "move-others:side-moves",
                                          "combat-stationary:resolve", "combat-moving:resolve"});
    CHECK(g.rules.phases[2].lists == "none");
    CHECK(g.rules.phases[2].choose_first);
    CHECK_FALSE(g.rules.phases[3].choose_first);
}

TEST_CASE("turn: initiative each turn, the high roller chooses, ties rolled again") {
    Game g;
    g.next();
    CHECK(g.status().phase_id == "initiative");
    CHECK_FALSE(g.status().can_advance);
    g.roll({3, 3, 2, 5}, false);  // a tie, then the French roll high and choose to go second
    CHECK(g.status().first_side == 1);
    CHECK(g.status().high_roller == 2);
}

TEST_CASE("turn: the rally phase lists the units marked to rally and waits for their checks") {
    Game g;
    g.next();
    g.roll({6, 1});
    const int guards = g.id("2/1st Foot Guards");
    g.battle.unit(guards)->set(model::Flag::Disordered, true);
    g.battle.unit(guards)->set(model::Flag::NeedsRally, true);
    g.next();
    auto st = g.status();
    CHECK(st.phase_id == "rally");
    CHECK(st.units_to_check == std::vector<int>{guards});
    CHECK(st.next == "1 unit marked to rally: a rally check for each, then next phase");
    CHECK_FALSE(st.can_advance);
    CHECK_THROWS_AS(turn::next_phase(g.battle, g.rules), rules::InputError);
    // The rally check: a 1 on the guards' +2 is a 3, no rally and no move: still marked.
    dice::TypedDice d({1});
    auto r = g.ruleset->resolve(request("morale", {}, guards), g.battle, d);
    g.battle.apply(r.effects);
    CHECK(g.battle.unit(guards)->has(model::Flag::NeedsRally));
    st = g.status();
    CHECK(st.units_to_check.empty());
    CHECK(st.can_advance);
}

TEST_CASE("turn: the move sub-phases, first player then second, the high roller choosing") {
    Game g;
    g.next();
    g.roll({6, 1});  // the Allies are high and go first
    g.next();        // rally: nobody marked
    g.next();        // move generals
    auto st = g.status();
    CHECK(st.phase_id == "move-generals");
    CHECK(st.active_side == 1);
    CHECK(st.units_to_move.empty());  // generals are not units
    CHECK(st.can_choose_first);
    // The high roller chooses again for this step: he goes second.
    auto chose = g.step(turn::choose_first(g.battle, g.rules, false));
    CHECK(chose.resolution.outcome == "Armee du Nord goes first");
    CHECK(g.status().active_side == 2);
    // The journal line names who finished and who goes next.
    CHECK(g.step(turn::side_done(g.battle, g.rules)).resolution.outcome ==
          "Armee du Nord has finished: Move generals; Anglo-Allied Army goes next");
    CHECK(g.status().active_side == 1);
    CHECK_THROWS_AS(turn::choose_first(g.battle, g.rules, true), rules::InputError);
    CHECK_THROWS_AS(turn::next_phase(g.battle, g.rules), rules::InputError);
    CHECK(g.step(turn::side_done(g.battle, g.rules)).resolution.outcome ==
          "Anglo-Allied Army has finished: Move generals; both sides have");
    CHECK(g.status().can_advance);
    g.next();  // move charging units: the step's choice holds
    st = g.status();
    CHECK(st.phase_id == "move-chargers");
    CHECK(st.active_side == 2);
    CHECK_FALSE(st.can_choose_first);
    // Charging units move by their charge: the step lists no unit to mark as moved, and a plain
    // move is refused here as `apply move` is.
    CHECK(st.units_to_move.empty());
    CHECK_THROWS_AS(turn::choose_first(g.battle, g.rules, true), rules::InputError);
    const int cuirassiers = g.id("8e Cuirassiers");
    CHECK_THROWS_WITH(turn::unit_moved(g.battle, g.rules, cuirassiers, false),
                      "unit: Move belongs in the Move other units, not the Move charging units: move other units: each "
                      "sub-phase is performed by the first player followed by the second player in turn (Sequence of "
                      "play 2 (lines 15-17))");
    g.step(turn::side_done(g.battle, g.rules));
    g.step(turn::side_done(g.battle, g.rules));
    g.next();  // move other units
    st = g.status();
    CHECK(st.phase_id == "move-others");
    CHECK(st.active_side == 2);
    CHECK(st.units_to_move.size() == 10);
    // A unit of the side not moving is refused, as `apply move` refuses it; the moving side's is recorded.
    CHECK_THROWS_WITH(turn::unit_moved(g.battle, g.rules, g.id("1/28th Foot"), false),
                      Catch::Contains("it is Armee du Nord's move, not Anglo-Allied Army's"));
    g.step(turn::unit_moved(g.battle, g.rules, cuirassiers, false));
    CHECK(kit::did(g.battle, *g.battle.unit(cuirassiers), kit::Deed::Moved));
    CHECK(g.status().units_to_move.size() == 9);
    g.step(turn::side_done(g.battle, g.rules));
    g.step(turn::side_done(g.battle, g.rules));
    g.next();
    CHECK(g.status().phase_id == "combat-stationary");
    CHECK(g.status().can_advance);
    g.next();
    CHECK(g.status().phase_id == "combat-moving");
    g.next();
    CHECK(g.battle.turn == 2);
    CHECK(g.status().phase_id == "initiative");
    // A new turn: the step's choice is gone with it.
    CHECK(turn::turn_state(g.battle).step_first == 0);
}

TEST_CASE("turn: the turn state of other rulesets is written as before") {
    turn::TurnState s;
    CHECK(turn::to_text(s).find("step_first") == std::string::npos);
    s.step_first = 2;
    CHECK(turn::turn_state_from_text(turn::to_text(s)).step_first == 2);
}
