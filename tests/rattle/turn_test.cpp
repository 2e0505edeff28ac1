// The turn (lines 27-31): initiative each turn (+1 for an observer, a tie repeats last turn's
// order), the first player's units move OR shoot OR rally, melee, the second player's, melee.
// Each unit acts once, in its own side's phase: refused otherwise, unless the umpire overrules.
#include "fixture.h"

#include "kit/side_phase.h"
#include "turn/order_odds.h"
#include "support/turn_table.h"
#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

// The Seven Pines battle (Fair Oaks) under the Rattle's turn.
struct Table : TurnTable {
    Table() : TurnTable(fair_oaks(), "rattle") {}
};

} // namespace

TEST_CASE("rattle turn: an observer on the table adds 1 to its side's initiative") {
    Table t;  // the Union has the balloon Intrepid (unit 7)
    t.start();
    auto step = t.order({3, 4, 5, 1});  // Union 3 + 1 = 4 against 4: a tie on turn 1 is rolled again
    CHECK(has_step(step.resolution, "observer on the table (Balloon Intrepid): +1"));
    CHECK(has_step(step.resolution, "A tie on the first turn: rolled again"));
    Table u;  // without it: no bonus
    u.battle.unit(7)->flags[model::Flag::Routed] = true;
    u.start();
    auto plain = u.order({5, 4});
    CHECK_FALSE(has_step(plain.resolution, "observer"));
    CHECK(plain.resolution.outcome == "Union goes first");
}

TEST_CASE("rattle turn: the umpire rules an observer out (no signals team by the General, line 27)") {
    Table t;  // the Union's balloon: d6+1 against d6, unless it does not count
    t.start();
    const std::vector<int> union_side{1};
    // Ruled out, the odds are even again (a tie on turn 1 is rolled again).
    const auto even = turn::order_chances(t.battle, t.rules, {}, union_side);
    REQUIRE(even.size() == 2);
    CHECK(near(even[0].probability, 0.5));
    // 3 against 4: with the balloon a tie, without it the Confederates are high.
    dice::TypedDice d({3, 4});
    const auto step = t.apply(turn::roll_order(t.battle, t.rules, d, {}, true, union_side));
    CHECK(has_step(step.resolution, "Union's observer on the table (Balloon Intrepid) does not count, the umpire "
                                    "rules: no +1"));
    CHECK_FALSE(has_step(step.resolution, "+1 observation"));
    CHECK(turn::turn_state(t.battle).orders.back().winner == 2);
    // Said to observe and not to: refused.
    Table u;
    u.start();
    dice::TypedDice e({3, 4});
    CHECK_THROWS_WITH(turn::roll_order(u.battle, u.rules, e, union_side, true, union_side),
                      Catch::Contains("Union is said both to observe and not to"));
}

TEST_CASE("rattle turn: observation given as the phase changes is refused with its rule (line 27)") {
    Table t;
    t.start();
    t.order({6, 1});
    CHECK_THROWS_WITH(turn::next_phase(t.battle, t.rules, {2}),
                      Catch::Contains("observation adds 1 to the side's roll for the order (Turn sequence (line 27)): "
                                      "give it with that roll, not the next phase"));
    CHECK(t.next_refused() == "not refused");  // without it the phase goes on
}

TEST_CASE("rattle turn: a first-turn tie with only the tied dice typed asks for the re-roll (line 27, R2)") {
    Table t;  // the Union's balloon: 3 + 1 against 4 is a tie
    t.start();
    CHECK_THROWS_WITH(t.order({3, 4}), Catch::StartsWith("A tie at 4 (Union and Confederates), on the first turn: "
                                                         "there is no previous sequence to repeat: roll again "
                                                         "(Turn sequence (line 27)). Give the re-roll's 2 dice"));
    CHECK(turn::turn_state(t.battle).orders.empty());
    CHECK(t.order({3, 4, 5, 1}).resolution.outcome == "Union goes first");
}

TEST_CASE("rattle turn: high chooses, a tie repeats last turn's sequence") {
    Table t;
    t.battle.unit(7)->flags[model::Flag::Routed] = true;
    t.start();
    CHECK(t.order({2, 6}, false).resolution.outcome == "Union goes first");  // the Confederates chose second
    for (int i = 0; i < 4; ++i) t.apply(turn::next_phase(t.battle, t.rules));
    t.apply(turn::next_phase(t.battle, t.rules));  // turn 2: initiative
    CHECK(t.battle.turn == 2);
    auto tie = t.order({4, 4});
    CHECK(has_step(tie.resolution, "previous turn's sequence is repeated, Union first"));
    CHECK(turn::turn_state(t.battle).orders.back().first == 1);
}

TEST_CASE("rattle turn: the exact odds of the initiative roll before it is rolled") {
    Table t;  // the Union's balloon: d6+1 against d6
    t.start();
    // Union high 21/36, a tie 5/36, the Confederates 10/36; on turn 1 a tie is rolled again.
    auto first = turn::turn_status(t.battle, t.rules).order_chances;
    REQUIRE(first.size() == 2);
    CHECK(first[0].label == "Union is high and chooses");
    CHECK(near(first[0].probability, 21.0 / 31));
    CHECK(near(first[1].probability, 10.0 / 31));
    // Ticked by hand for the Confederates too: even, on a die each +1.
    auto even = turn::order_chances(t.battle, t.rules, {2});
    CHECK(near(even[0].probability, 0.5));
    // The roll's working keeps the odds as they stood.
    auto rolled = t.order({6, 1});
    REQUIRE(rolled.resolution.chances.size() == 2);
    CHECK(near(rolled.resolution.chances[0].probability, 21.0 / 31));
    CHECK(turn::turn_status(t.battle, t.rules).order_chances.empty());
    // Turn 2: a tie repeats last turn's order.
    for (int i = 0; i < 5; ++i) t.apply(turn::next_phase(t.battle, t.rules));
    auto second = turn::turn_status(t.battle, t.rules).order_chances;
    REQUIRE(second.size() == 3);
    CHECK(near(second[0].probability, 21.0 / 36));
    CHECK(near(second[1].probability, 10.0 / 36));
    CHECK(second[2].label == "a tie: Union first again, as last turn");
    CHECK(near(second[2].probability, 5.0 / 36));
}

TEST_CASE("rattle turn: each side's phase, its units one action each, melee between") {
    Table t;
    t.start();
    t.order({6, 1});  // Union 6+1 against 1: the Union goes first
    t.apply(turn::next_phase(t.battle, t.rules));
    auto st = turn::turn_status(t.battle, t.rules);
    CHECK(st.phase_kind == turn::PhaseKind::Side);
    CHECK(st.active_side == 1);
    CHECK(kit::acting_side(t.battle) == 1);
    CHECK(st.units_to_move.size() == 9);  // every Union unit on the table
    CHECK(st.next.find("move (charges included), shoot or rally") != std::string::npos);

    // A Union unit moves; then it may not also shoot: one of move, shoot or rally.
    t.act(request("move", {{"distance", "10"}}, 1));
    CHECK(turn::turn_status(t.battle, t.rules).units_to_move.size() == 8);
    CHECK_THROWS_WITH(preview(t.battle, request("shoot", {{"range", "10"}}, 1, 11)),
                      Catch::Contains("moves (charges included) OR shoots OR rallies"));
    // A Confederate unit may not act in the Union's phase ...
    CHECK_THROWS_WITH(preview(t.battle, request("move", {{"distance", "5"}}, 11)),
                      Catch::Contains("it is Union's phase, not Confederates'"));
    // ... unless the umpire overrules, which the working records.
    auto over = preview(t.battle, overruled(request("move", {{"distance", "5"}}, 11), "a late move"));
    REQUIRE_FALSE(over.overruled.empty());
    CHECK(over.overruled.front().citation == "Rattle Turn sequence (lines 28, 30)");

    // The melee phase belongs to no side: no moving.
    t.apply(turn::next_phase(t.battle, t.rules));
    CHECK(kit::acting_side(t.battle) == 0);
    CHECK_THROWS_WITH(preview(t.battle, request("move", {{"distance", "5"}}, 2)),
                      Catch::Contains("Move belongs in the First player and Second player, not the Melee"));
    // The second player's phase: the Confederates act, the Union's moved unit is done for the turn.
    t.apply(turn::next_phase(t.battle, t.rules));
    CHECK(turn::turn_status(t.battle, t.rules).active_side == 2);
    CHECK_NOTHROW(preview(t.battle, request("move", {{"distance", "5"}}, 11)));
    // Next turn, the Union unit may act again.
    t.apply(turn::next_phase(t.battle, t.rules));
    t.apply(turn::next_phase(t.battle, t.rules));
    t.order({6, 1});
    t.apply(turn::next_phase(t.battle, t.rules));
    CHECK_NOTHROW(preview(t.battle, request("shoot", {{"range", "10"}}, 1, 11)));
}

TEST_CASE("rattle turn: without the turn engine a unit may act whenever the umpire says") {
    CHECK_NOTHROW(preview(fair_oaks(), request("move", {{"distance", "5"}}, 11)));
}

TEST_CASE("rattle turn: chance cards (a house rule): the first player draws after the initiative roll") {
    Table t;
    t.start(/*chance=*/true);
    auto step = t.order({6, 1});
    CHECK(has_step(step.resolution, "the first player draws one after the order roll"));
    CHECK(turn::turn_status(t.battle, t.rules).chance_due_side == 1);
    CHECK_THROWS_WITH(turn::next_phase(t.battle, t.rules), Catch::Contains("chance card to draw"));
    auto drawn = t.apply(turn::draw_chance(t.battle, t.rules));
    CHECK(drawn.resolution.outcome.rfind("Union draws", 0) == 0);
    CHECK_NOTHROW(t.apply(turn::next_phase(t.battle, t.rules)));
}

TEST_CASE("rattle turn: a club's own deck replaces the sample, blanks and all") {
    Table t;
    turn::ChanceDeck club;
    club.name = "Our club's deck";
    club.blanks = 3;
    club.cards.push_back({"rain", "RAIN", "Muskets misfire: -1 to all shooting this turn.", "red", 1, "common", "", "nothing"});
    club.cards.push_back({"rain", "RAIN", "Muskets misfire: -1 to all shooting this turn.", "black", 1, "common", "", "nothing"});
    t.apply(turn::set_chance_deck(t.battle, t.rules, club));
    t.start(true);
    const auto piles = turn::turn_state(t.battle).chance_piles;
    CHECK(piles.at("red").size() == 4);  // 1 card and 3 blanks
    CHECK(piles.at("black").size() == 4);
}
