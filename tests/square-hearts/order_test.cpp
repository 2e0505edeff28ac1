// The turn keeps order (lines 13, 15, 17, 55, 60): each action in the phases and by the player the
// text gives it, refused elsewhere with the place's rule and overruled on purpose; commanders move
// once in their player's turn; what the text makes a unit do is owed: a broken unit's rally on its
// next turn (routed if it does not) and the melee of units that moved next to the enemy.
#include "fixture.h"

#include "turn/places.h"
#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("Each action in the phases and by the player the text gives it, overruled on purpose (lines 13, 15, 17, 55)",
          "[square-hearts][turn]") {
    PlayedTurn g;
    g.start();
    g.apply(turn::name_first(g.battle, g.rules, 1));
    g.next();
    REQUIRE(g.phase() == "first-orders");
    CHECK(g.refusal(request("move", {{"areas", "1"}}, 2)) ==
          "Move belongs in the First player: move, shoot or rally and Second player: move, shoot or rally, not the First "
          "player: orders: the player moves and shoots or rallies units in his turn (Square Hearts Turn (line 13))");
    CHECK(g.refusal(request("orders", {{"commander", "3"}})) ==
          "it is Field Force's phase, not Ansar's: the player rolls for orders, 1d6 for each of his commanders, before he "
          "moves (Square Hearts Turn (line 13); Orders (line 15))");
    g.roll_orders();
    g.next();
    REQUIRE(g.phase() == "first-actions");
    CHECK(g.refusal(request("orders", {{"commander", "1"}})).find("Orders belongs in the First player: orders and Second "
                                                                  "player: orders") == 0);
    CHECK(g.refusal(request("melee", {}, 2, 11)).find("Melee belongs in the First player: melee and Second player: melee") ==
          0);
    CHECK(g.refusal(request("move", {{"areas", "1"}}, 13)).rfind("it is Field Force's phase, not Ansar's", 0) == 0);
    CHECK(g.refusal(request("commander", {{"commander", "3"}, {"areas", "1"}})) ==
          "it is Field Force's phase, not Ansar's: commanders move 3 areas, without an order, with their player's units "
          "(Square Hearts Orders (line 15); Commanders (line 17))");
    CHECK(g.refusal(request("commander", {{"commander", "2"}, {"areas", "1"}})) == "not refused");
    // Capture and a broken unit's retreat off the board come whoever's turn it is.
    CHECK(g.refusal(request("capture", {{"commander", "4"}})) == "not refused");
    g.next();
    REQUIRE(g.phase() == "first-melee");
    // The melee phase offers the melee alone: no rally (the rule refuses a unit that rallies while
    // adjacent, and rallying is the player's in his turn), no move.
    const int melee_phase = turn::turn_status(g.battle, g.rules).phase;
    CHECK(turn::actions_in_phase(g.rules, melee_phase) == std::vector<std::string>{"melee", "off-board", "capture",
                                                                                   "replacement"});
    g.battle.unit(2)->hits = 1;
    CHECK(g.refusal(request("rally", {}, 2)).find("Rally belongs in the First player: move, shoot or rally and Second "
                                                  "player: move, shoot or rally, not the First player: melee") == 0);
    CHECK(g.refusal(request("commander", {{"commander", "2"}, {"areas", "1"}})).find("Commander moves belongs in") == 0);
    CHECK(g.refusal(request("melee", {}, 14, 2)) == "not refused");  // both sides roll
    // Overruled: applied, the working naming the rule and the reason.
    const auto over = g.act(overruled(request("rally", {}, 2), "a rally forgotten in the move phase"), {5});
    REQUIRE_FALSE(over.overruled.empty());
    CHECK(over.overruled.front().citation == "Square Hearts Turn (line 13)");
    CHECK(over.overrule == "a rally forgotten in the move phase");
    CHECK(find_effect(over, 2, "hits")->after == 0);
}

TEST_CASE("A commander moves once in his player's turn, and once more when he escapes capture (line 17)",
          "[square-hearts][commanders]") {
    PlayedTurn g;
    g.to_first_actions();
    g.act(request("commander", {{"commander", "2"}, {"areas", "2"}}));
    CHECK(g.refusal(request("commander", {{"commander", "2"}, {"areas", "1"}})) ==
          "Colonel Burnaby has moved this turn: commanders move 3 areas in their player's turn (Square Hearts Commanders "
          "(line 17))");
    CHECK(g.refusal(request("commander", {{"commander", "1"}, {"areas", "3"}})) == "not refused");
    // Alone next to the enemy he rolls for capture; escaping, he may move up to 3 areas.
    CHECK(g.act(request("capture", {{"commander", "2"}}), {4, 2}).results.at("escaped") == 1);
    const auto away = g.act(request("commander", {{"commander", "2"}, {"areas", "3"}}));
    CHECK(has_step(away, "Colonel Burnaby escaped capture this turn: he may move up to 3 areas"));
    CHECK(g.refusal(request("commander", {{"commander", "2"}, {"areas", "1"}})).find("has moved this turn") !=
          std::string::npos);
    // Overruled on purpose, and next turn he moves again.
    CHECK(g.act(overruled(request("commander", {{"commander", "2"}, {"areas", "1"}}))).overruled.size() == 1);
    g.until("second-actions");
    g.until("first-actions");
    REQUIRE(g.battle.turn == 2);
    CHECK(g.refusal(request("commander", {{"commander", "2"}, {"areas", "3"}})) == "not refused");
}

TEST_CASE("A broken unit must rally on its next turn: the turn waits, and ended anyway it is routed (line 60)",
          "[square-hearts][hits]") {
    PlayedTurn g;
    g.to_first_actions();
    g.next();  // the Field Force's melee
    // The Hussars at the Spearmen (the second player's infantry rolled first, at nothing: overruled).
    const auto broke = g.act(overruled(request("melee", {}, 3, 11), "the Spearmen have no enemy in their arc"), {6, 6});
    REQUIRE(broke.results.at("hits") == 2);
    const rules::FollowUp* rally = find_follow_up(broke, "rally");
    REQUIRE(rally);
    CHECK(rally->owed == "broken-must-rally");
    CHECK(rally->due == "by the end of its side's next First player: move, shoot or rally and Second player: move, shoot "
                        "or rally phase");
    auto st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK_FALSE(st.owed[0].due_now);  // not in this phase: its next turn
    g.until("second-actions");
    st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK(st.owed[0].due_now);
    CHECK(st.owed[0].text == "Spearmen: a broken unit must attempt to rally on its next turn; if it is unable to rally it "
                             "is routed and removed");
    CHECK(g.next_refused().find("Spearmen: a broken unit must attempt to rally on its next turn") != std::string::npos);
    // The umpire ends the phase anyway: the text's consequence, routed and removed, journaled.
    const auto forced = g.apply(turn::next_phase(g.battle, g.rules, {}, true));
    CHECK(has_step(forced.resolution, "Left undone: Spearmen: a broken unit must attempt to rally on its next turn"));
    CHECK(has_step(forced.resolution, "routed and removed from the game"));
    CHECK(g.battle.unit(11)->has(model::Flag::Routed));
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
}

TEST_CASE("A broken unit's rally pays what it owes; failing it, it is routed (line 60)", "[square-hearts][hits]") {
    PlayedTurn g;
    g.to_first_actions();
    g.next();
    g.act(overruled(request("melee", {}, 3, 11), "the Spearmen have no enemy in their arc"), {6, 6});
    g.until("second-actions");
    REQUIRE_FALSE(turn::turn_status(g.battle, g.rules).can_advance);
    const auto rallied = g.act(request("rally", {}, 11), {4});
    CHECK(rallied.results.at("rallied") == 1);
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
    CHECK(turn::turn_status(g.battle, g.rules).can_advance);
}

TEST_CASE("Units that moved next to the enemy owe their melee in the melee phase (line 55)", "[square-hearts][melee]") {
    PlayedTurn g;
    g.to_first_actions();
    const auto moved = g.act(request("move", {{"areas", "1"}, {"enemy", "yes"}}, 1));
    const rules::FollowUp* melee = find_follow_up(moved, "melee");
    REQUIRE(melee);
    CHECK(melee->owed == "melee-when-adjacent");
    g.next();  // the melee
    auto st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK(st.owed[0].text == "Guards: melee must be resolved during the melee phase while opposing units are adjacent");
    CHECK(st.owed[0].citation == "Melee (line 55)");
    CHECK(g.next_refused().find("Guards: melee must be resolved") != std::string::npos);
    // The Spearmen (second player's infantry) first, then the Guards at them: both stay, so both owe
    // it again in the next melee phase, and this one may end.
    g.act(request("melee", {}, 11, 1), {1, 1});
    st = turn::turn_status(g.battle, g.rules);
    CHECK_FALSE(st.can_advance);  // the Guards have not rolled yet
    REQUIRE_FALSE(st.owed.empty());
    CHECK(st.owed[0].unit == 1);
    CHECK(st.owed[0].due_now);
    g.act(request("melee", {}, 1, 11), {1, 1});
    st = turn::turn_status(g.battle, g.rules);
    CHECK(st.can_advance);
    REQUIRE(st.owed.size() == 2);
    CHECK_FALSE(st.owed[0].due_now);
    // The Ansar's turn: the melee phase owes it again; ended anyway, nothing more happens (R45).
    g.until("second-melee");
    CHECK_FALSE(turn::turn_status(g.battle, g.rules).can_advance);
    const auto forced = g.apply(turn::next_phase(g.battle, g.rules, {}, true));
    CHECK(has_step(forced.resolution, "Left undone: Guards: melee must be resolved"));
    CHECK(g.battle.unit(1)->on_table());
    CHECK(g.battle.unit(11)->on_table());
}

TEST_CASE("A unit moving away, or broken and retreating, owes no melee (lines 19, 60)", "[square-hearts][melee]") {
    PlayedTurn g;
    g.to_first_actions();
    g.act(request("move", {{"areas", "1"}, {"enemy", "yes"}}, 3));
    g.next();
    // The Spearmen break the Hussars in the first step: they retreat, and owe no melee now.
    g.battle.unit(3)->hits = 1;
    const auto broke = g.act(request("melee", {}, 11, 3), {6, 1});
    CHECK(find_effect(broke, 3, "counter:owed:melee-when-adjacent")->after == 0);
    CHECK(turn::turn_status(g.battle, g.rules).can_advance);
}
