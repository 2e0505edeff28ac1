// Who goes first: MacDuff's initiative method (4.1: high chooses, a tie repeats the previous
// turn's order, +1 for observation) and Edwardian's move order (ties re-rolled until settled),
// then alternate single-unit moves.
#include "turn_support.h"

#include "dice/dice_source.h"
#include "kit/deeds.h"
#include "rules/inputs.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;
using namespace umpire::testing;

namespace {

TurnFixture initiative_battle(bool chance = false) {
    TurnFixture f = macduff_battle();
    turn::TurnOptions o = f.options(chance);
    o.activation = "initiative";
    f.apply(turn::configure(f.battle, f.rules, o));
    f.apply(turn::next_phase(f.battle, f.rules));
    return f;
}

// Both sides end their activations, then on to the next turn's activation phase.
void finish_turn(TurnFixture& f) {
    f.apply(turn::side_done(f.battle, f.rules));
    f.apply(turn::side_done(f.battle, f.rules));
    f.apply(turn::next_phase(f.battle, f.rules));  // melee
    f.apply(turn::next_phase(f.battle, f.rules));  // next turn
}

} // namespace

TEST_CASE("initiative: the status says why the phase is not finished, in the reason's own words") {
    TurnFixture f = initiative_battle();
    const turn::TurnStatus st = turn::turn_status(f.battle, f.rules);
    CHECK_FALSE(st.can_advance);
    CHECK(st.advance_blocked == "initiative has not been rolled this turn");
    // Advancing is still refused with the phase named.
    CHECK_THROWS_WITH(turn::next_phase(f.battle, f.rules),
                      Catch::Contains("is not finished: initiative has not been rolled this turn"));
}

TEST_CASE("initiative: high chooses, the winner may go second") {
    TurnFixture f = initiative_battle();
    CHECK_THROWS_WITH(turn::draw_card(f.battle, f.rules), Catch::Contains("initiative method"));
    dice::TypedDice d({2, 5});
    auto step = f.apply(turn::roll_order(f.battle, f.rules, d, {}, false));
    CHECK(step.resolution.outcome == "Frontier Field Force goes first");  // Pathan Lashkar won and chose second
    CHECK(f.state().orders.back().winner == 2);
    CHECK(turn::turn_status(f.battle, f.rules).active_side == 1);
    CHECK_THROWS_WITH(turn::roll_order(f.battle, f.rules, d), Catch::Contains("already rolled"));
}

TEST_CASE("initiative: observation adds 1, turning a 4 against a 4 into a win") {
    TurnFixture f = initiative_battle();
    dice::TypedDice d({4, 4});
    auto step = f.apply(turn::roll_order(f.battle, f.rules, d, {2}));
    CHECK(f.state().orders.back().winner == 2);
    CHECK(step.resolution.steps[1].text == "Pathan Lashkar rolls 4 +1 observation = 5");
}

TEST_CASE("initiative: the phase says what the initiative method does, observation goes with the roll") {
    TurnFixture f = initiative_battle();
    const turn::TurnStatus st = turn::turn_status(f.battle, f.rules);
    CHECK(st.phase_name == "Initiative activation");
    CHECK(st.phase_text.find("Each side rolls 1 die (+1 for observation)") == 0);
    CHECK(st.phase_text.find("Draw a card") == std::string::npos);
    // Observation on the next phase would be lost: refused, saying where it belongs.
    TurnFixture g = macduff_battle();
    turn::TurnOptions o = g.options();
    o.activation = "initiative";
    g.apply(turn::configure(g.battle, g.rules, o));
    CHECK_THROWS_WITH(turn::next_phase(g.battle, g.rules, {2}),
                      Catch::Contains("under the initiative method observation adds 1 to the side's initiative roll"));
    auto step = g.apply(turn::next_phase(g.battle, g.rules));
    CHECK(step.resolution.outcome == "Turn 1: Initiative activation");
    // Under the cards it adds a General's card as the activation phase begins, at no other phase.
    TurnFixture c = macduff_battle();
    c.apply(turn::configure(c.battle, c.rules, c.options()));
    c.apply(turn::next_phase(c.battle, c.rules, {2}));
    CHECK(turn::turn_status(c.battle, c.rules).phase_text.find("Draw a card") == 0);
    CHECK_THROWS_WITH(turn::next_phase(c.battle, c.rules, {2}, true), Catch::Contains("not the Melee phase"));
}

TEST_CASE("initiative: a tie repeats the previous turn's order, on the first turn it is re-rolled") {
    TurnFixture f = initiative_battle();
    dice::TypedDice first({3, 3, 1, 6});  // tie on turn 1 (no previous turn): re-rolled, side 2 wins
    f.apply(turn::roll_order(f.battle, f.rules, first));
    CHECK(f.state().orders.back().first == 2);
    finish_turn(f);
    REQUIRE(f.battle.turn == 2);
    dice::TypedDice tie({5, 5});  // exactly two dice: a repeat needs no re-roll
    auto step = f.apply(turn::roll_order(f.battle, f.rules, tie));
    tie.finish();
    CHECK(f.state().orders.back().first == 2);
    CHECK(f.state().orders.back().winner == 0);
    CHECK(step.resolution.outcome == "Pathan Lashkar goes first");
}

TEST_CASE("initiative: a tie with only the tied dice typed asks for the re-roll, citing the rule (4.1, R46)") {
    TurnFixture f = initiative_battle();
    dice::TypedDice tied({3, 3});
    try {
        turn::roll_order(f.battle, f.rules, tied);
        FAIL("a tie on turn 1 with two dice typed was not asked about");
    } catch (const dice::DiceError& e) {
        const std::string what = e.what();
        CHECK_THAT(what, Catch::StartsWith("A tie at 3 ("));
        CHECK_THAT(what, Catch::Contains("on the first turn: there is no previous sequence to repeat: roll again (" +
                                         f.rules.initiative->citation + ")"));
        CHECK_THAT(what, Catch::Contains("Give the re-roll's 2 dice, one for each side in turn, after the 2 already given"));
        CHECK_THAT(what, !Catch::Contains("not enough dice typed"));
    }
    CHECK(f.state().orders.empty());  // nothing rolled
}

TEST_CASE("Edwardian move order: a tie with only the tied dice typed asks for the re-roll") {
    TurnFixture f = edwardian_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options()));
    f.apply(turn::next_phase(f.battle, f.rules));
    dice::TypedDice d({4, 4, 2, 2});  // two ties: the second has no dice left
    CHECK_THROWS_WITH(turn::roll_order(f.battle, f.rules, d),
                      Catch::StartsWith("A tie at 2 (") &&
                          Catch::Contains("roll again (" + f.rules.move_order->citation + "). Give the re-roll's 2 dice") &&
                          Catch::Contains("after the 4 already given"));
}

TEST_CASE("initiative: each side activates in turn, then the phase is over") {
    TurnFixture f = initiative_battle();
    dice::TypedDice d({6, 1});
    f.apply(turn::roll_order(f.battle, f.rules, d));
    CHECK_THROWS_WITH(turn::choose_commander(f.battle, f.rules, 5), Catch::Contains("is not on"));
    f.apply(turn::choose_commander(f.battle, f.rules, 2));
    CHECK_FALSE(turn::turn_status(f.battle, f.rules).can_advance);
    f.apply(turn::side_done(f.battle, f.rules));
    CHECK(turn::turn_status(f.battle, f.rules).active_side == 2);
    f.apply(turn::choose_commander(f.battle, f.rules, 5));
    f.apply(turn::side_done(f.battle, f.rules));
    CHECK(turn::turn_status(f.battle, f.rules).can_advance);
}

TEST_CASE("initiative with chance cards: the first player draws one") {
    TurnFixture f = initiative_battle(true);
    dice::TypedDice d({1, 4});
    f.apply(turn::roll_order(f.battle, f.rules, d));
    CHECK(f.state().chance_due_side == 2);
    CHECK_THROWS_WITH(turn::side_done(f.battle, f.rules), Catch::Contains("chance card first"));
    f.apply(turn::draw_chance(f.battle, f.rules));
    CHECK(f.state().chance_due_side == 0);
    CHECK(f.state().chance_current->first == "black");
}

TEST_CASE("Edwardian move order: ties are re-rolled until settled") {
    TurnFixture f = edwardian_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options()));
    f.apply(turn::next_phase(f.battle, f.rules));
    CHECK(turn::turn_status(f.battle, f.rules).phase_id == "move-order");
    CHECK_THROWS_WITH(turn::next_phase(f.battle, f.rules), Catch::Contains("move order has not been rolled"));
    dice::TypedDice d({4, 4, 2, 2, 1, 3});
    auto step = f.apply(turn::roll_order(f.battle, f.rules, d));
    d.finish();  // all six dice used: two ties re-rolled
    CHECK(f.state().orders.back().winner == 2);
    CHECK(step.resolution.dice.size() == 6);
    // A tie on a later turn is re-rolled too (no repeat of the previous order).
    turn::TurnState s = f.state();
    CHECK_FALSE(f.rules.move_order->tie_repeats_previous);
}

TEST_CASE("Edwardian moves: sides alternate one unit at a time until every unit has moved or stood") {
    TurnFixture f = edwardian_battle();
    // A small battle: two units a side.
    std::vector<model::Unit> kept;
    int per_side[3] = {0, 0, 0};
    for (const auto& u : f.battle.units)  // (the headquarters never moves: see below)
        if (u.troop_type != "headquarters" && per_side[u.side]++ < 2) kept.push_back(u);
    f.battle.units = kept;
    f.apply(turn::configure(f.battle, f.rules, f.options()));
    f.apply(turn::next_phase(f.battle, f.rules));
    dice::TypedDice d({5, 2});
    f.apply(turn::roll_order(f.battle, f.rules, d));
    f.apply(turn::next_phase(f.battle, f.rules));
    turn::TurnStatus st = turn::turn_status(f.battle, f.rules);
    REQUIRE(st.active_side == 1);
    CHECK(st.units_to_move.size() == 2);
    const int a1 = kept[0].id, a2 = kept[1].id, b1 = kept[2].id, b2 = kept[3].id;
    CHECK_THROWS_WITH(turn::unit_moved(f.battle, f.rules, b1, false), Catch::Contains("it is"));
    f.apply(turn::unit_moved(f.battle, f.rules, a1, false));
    CHECK(turn::turn_status(f.battle, f.rules).active_side == 2);
    f.apply(turn::unit_moved(f.battle, f.rules, b1, true));
    // Declared stationary: a move deed of its own, as a move action would record one (kit/deeds.h).
    const kit::Done stood = kit::done(f.battle, *f.battle.unit(b1), kit::Deed::Moved, kit::Within::Turn);
    CHECK(stood.happened);
    CHECK(stood.how == kit::How::Stood);
    CHECK_THROWS_WITH(turn::unit_moved(f.battle, f.rules, a1, false), Catch::Contains("already moved"));
    f.apply(turn::unit_moved(f.battle, f.rules, a2, false));
    CHECK_FALSE(turn::turn_status(f.battle, f.rules).can_advance);
    f.apply(turn::unit_moved(f.battle, f.rules, b2, false));
    st = turn::turn_status(f.battle, f.rules);
    CHECK(st.active_side == 0);
    CHECK(st.can_advance);
    f.apply(turn::next_phase(f.battle, f.rules));
    CHECK(turn::turn_status(f.battle, f.rules).phase_id == "fire-unmoving");
}

TEST_CASE("Edwardian moves: when one side has no units left to move the other keeps moving") {
    TurnFixture f = edwardian_battle();
    std::vector<model::Unit> kept;
    int per_side[3] = {0, 0, 0};
    for (const auto& u : f.battle.units)
        if (u.troop_type != "headquarters" && per_side[u.side]++ < (u.side == 1 ? 1 : 3)) kept.push_back(u);
    f.battle.units = kept;
    f.apply(turn::configure(f.battle, f.rules, f.options()));
    f.apply(turn::next_phase(f.battle, f.rules));
    dice::TypedDice d({6, 1});
    f.apply(turn::roll_order(f.battle, f.rules, d));
    f.apply(turn::next_phase(f.battle, f.rules));
    f.apply(turn::unit_moved(f.battle, f.rules, kept[0].id, false));
    f.apply(turn::unit_moved(f.battle, f.rules, kept[1].id, false));
    CHECK(turn::turn_status(f.battle, f.rules).active_side == 2);
    f.apply(turn::unit_moved(f.battle, f.rules, kept[2].id, true));
    CHECK(turn::turn_status(f.battle, f.rules).active_side == 2);
}

TEST_CASE("Edwardian moves: the general headquarters never moves and is never waited for") {
    TurnFixture f = edwardian_battle();
    REQUIRE(std::find(f.rules.never_move.begin(), f.rules.never_move.end(), "headquarters") != f.rules.never_move.end());
    // One unit a side besides each side's headquarters.
    std::vector<model::Unit> kept;
    int others[3] = {0, 0, 0};
    int headquarters = 0;
    for (const auto& u : f.battle.units) {
        if (u.troop_type == "headquarters") {
            kept.push_back(u);
            ++headquarters;
        } else if (others[u.side]++ < 1) {
            kept.push_back(u);
        }
    }
    REQUIRE(headquarters == 2);
    f.battle.units = kept;
    f.apply(turn::configure(f.battle, f.rules, f.options()));
    f.apply(turn::next_phase(f.battle, f.rules));
    dice::TypedDice d({5, 2});
    f.apply(turn::roll_order(f.battle, f.rules, d));
    f.apply(turn::next_phase(f.battle, f.rules));
    turn::TurnStatus st = turn::turn_status(f.battle, f.rules);
    REQUIRE(st.units_to_move.size() == 1);
    CHECK(f.battle.unit(st.units_to_move.front())->troop_type != "headquarters");
    f.apply(turn::unit_moved(f.battle, f.rules, st.units_to_move.front(), false));
    st = turn::turn_status(f.battle, f.rules);
    REQUIRE(st.units_to_move.size() == 1);
    f.apply(turn::unit_moved(f.battle, f.rules, st.units_to_move.front(), true));
    st = turn::turn_status(f.battle, f.rules);
    CHECK(st.active_side == 0);
    CHECK(st.can_advance);  // both headquarters still unmoved, and nobody waits for them
}
