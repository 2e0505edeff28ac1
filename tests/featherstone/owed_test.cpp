// What the text makes a unit do ([[owed]] of the reference): the rally check of a marked unit
// (line 331), the charged unit's check (175, 231), the charger's check for casualties (175), the
// loser's Lost Melee check (151-152, 446), the leader diced for at 6 hits (253), the charge a rally
// of 7 calls for (208-210), victorious cavalry's pursuit (225). Each is raised by the rule that
// causes it, holds `turn next` (and the charging side's `done`) until the action that pays it, and
// ended anyway is recorded as left undone.
#include "turn_game.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

std::vector<std::string> owed_texts(const Game& g) {
    std::vector<std::string> out;
    for (const auto& item : g.status().owed) out.push_back(item.text + (item.due_now ? "" : " (later)"));
    return out;
}

bool says(const turn::TurnStep& s, const std::string& text) {
    for (const auto& step : s.resolution.steps)
        if (step.text == text) return true;
    return false;
}

// The Carabiniers charge the 4e Ligne in the Allies' charging step.
void charge_4e(Game& g) {
    g.to("move-chargers");
    g.apply("charge", "Dutch Carabiniers", "4e Ligne", {{"distance", "10"}});
}

// In the charging units' combat, the Carabiniers fight the 4e Ligne with 5 figures a side: one die
// each, the cavalry's first, then the Ligne's saves, its die and the cavalry's saves.
rules::Resolution fight_4e(Game& g, std::vector<int> dice) {
    g.to("combat-moving");
    return g.apply("melee", "Dutch Carabiniers", "4e Ligne", {{"figures", "5"}, {"enemy-figures", "5"}}, std::move(dice));
}

} // namespace

TEST_CASE("owed: a charged unit's check holds the charging side's step and the phase until it is made (line 175)") {
    Game g;
    charge_4e(g);
    CHECK(owed_texts(g) == std::vector<std::string>{"4e Ligne: units need to check morale when they are charged"});
    CHECK_FALSE(g.status().can_advance);
    CHECK_THROWS_WITH(turn::side_done(g.battle, g.rules),
                      "phase: Anglo-Allied Army has not finished the Move charging units: 4e Ligne: units need to "
                      "check morale when they are charged (Morale (line 175))");
    // A check on another column does not pay it; the Charged column the form starts from does.
    g.apply("morale", "4e Ligne", nullptr, {{"check", "casualties"}}, {4});
    CHECK(owed_texts(g).size() == 1);
    const rules::Resolution r = g.apply("morale", "4e Ligne", nullptr, {}, {4});
    CHECK(has_step(r, "4e Ligne checks morale: charged"));
    CHECK(owed_texts(g).empty());
    CHECK_NOTHROW(g.step(turn::side_done(g.battle, g.rules)));
}

TEST_CASE("owed: ended anyway, the working says what was left undone and the unit is not otherwise touched") {
    Game g;
    charge_4e(g);
    const int foot = g.id("4e Ligne");
    CHECK(g.next_refused() == "phase: the Move charging units is not finished: Anglo-Allied Army has not finished");
    const turn::TurnStep forced = turn::next_phase(g.battle, g.rules, {}, true);
    g.step(forced);
    CHECK(says(forced, "Left undone: 4e Ligne: units need to check morale when they are charged"));
    CHECK(g.battle.unit(foot)->on_table());
    CHECK(unit_counter(g.battle, foot, "owed:charged-must-check") == 0);
    CHECK(g.status().owed.empty());
}

TEST_CASE("owed: a unit charged while due a check from casualties makes it at once, then on the Charged column (line 231)") {
    Game g;
    g.to("move-chargers");
    const int foot = g.id("4e Ligne");
    g.battle.unit(foot)->set(model::Flag::Disordered, true);  // its rally check not made this turn
    g.battle.unit(foot)->set(model::Flag::NeedsRally, true);
    g.apply("charge", "Dutch Carabiniers", "4e Ligne", {{"distance", "10"}});
    CHECK(owed_texts(g) == std::vector<std::string>{"4e Ligne: a unit charged and due to make a morale check from "
                                                    "taking casualties makes it immediately"});
    // The text's example: a 4 (here 3 and the regulars' +1), "rally, no move", then "wavering".
    const rules::Resolution r = g.apply("morale", "4e Ligne", nullptr, {}, {3});
    CHECK(has_step(r, "It stands: the same roll on the Charged column: Wavering. Stand ground. Disorder."));
    CHECK(owed_texts(g).empty());
}

TEST_CASE("owed: the loser of a melee rolls on the Lost Melee column (lines 151-152, 446)") {
    Game g;
    // The Carabiniers' 1 is saved, the 4e Ligne's 4 is not: the cavalry lose.
    const rules::Resolution melee = fight_4e(g, {1, 6, 4, 1, 1, 1, 1});
    CHECK(melee.result("attacker-wins") == 0);
    REQUIRE(find_follow_up(melee, "morale"));
    CHECK(find_follow_up(melee, "morale")->owed == "lost-melee-must-check");
    CHECK(owed_texts(g) == std::vector<std::string>{"Dutch Carabiniers: the loser of the melee must roll on the Lost "
                                                    "Melee morale column"});
    CHECK(g.next_refused() == "phase: the Combat: moving and charging units is not finished: Dutch Carabiniers: the "
                              "loser of the melee must roll on the Lost Melee morale column (Melee (lines 151-152, "
                              "446))");
    // Its form starts from the Lost Melee column; a rally-column check would not pay it.
    const auto d = g.ruleset->defaults(*g.ruleset->action("morale"), g.battle, g.id("Dutch Carabiniers"), {});
    CHECK(d.at("check") == "lost-melee");
    g.apply("morale", "Dutch Carabiniers", nullptr, {{"check", "casualties"}}, {6});
    CHECK(owed_texts(g).size() == 1);
    g.apply("morale", "Dutch Carabiniers", nullptr, {}, {6});
    CHECK(owed_texts(g).empty());
    CHECK(g.next_refused().empty());
}

TEST_CASE("owed: victorious cavalry will pursue; victorious infantry may (lines 224-226)") {
    Game g;
    const rules::Resolution won = fight_4e(g, {4, 1, 1, 1, 1, 1, 6});
    CHECK(won.result("attacker-wins") == 1);
    CHECK(owed_texts(g) == std::vector<std::string>{
                               "Dutch Carabiniers: victorious cavalry will pursue the rest of the move +1D6\" (+2D6\" "
                               "if impetuous this turn)",
                               "4e Ligne: the loser of the melee must roll on the Lost Melee morale column"});
    g.apply("morale", "4e Ligne", nullptr, {}, {6});
    CHECK(g.next_refused().find("Dutch Carabiniers: victorious cavalry will pursue") != std::string::npos);
    g.apply("pursue", "Dutch Carabiniers", nullptr, {}, {3});
    CHECK(owed_texts(g).empty());
    // Infantry that win may pursue: offered, not owed.
    const rules::Resolution foot = g.apply("melee", "1/28th Foot", "72e Ligne", {{"figures", "5"}, {"enemy-figures", "5"}},
                                           {4, 1, 1, 1, 1, 1, 6});
    CHECK(has_follow_up(foot, "pursue", g.id("1/28th Foot")));
    CHECK(owed_texts(g) == std::vector<std::string>{"72e Ligne: the loser of the melee must roll on the Lost Melee "
                                                    "morale column"});
}

TEST_CASE("owed: 6 or more hits on a unit: its leader must be diced for (line 253)") {
    Game g;
    g.to("combat-stationary");
    // 5 dice at short range: 4, 4 and 1 are 9 hits on the guards (who have a unit commander).
    g.apply("shoot", "4e Ligne", "2/1st Foot Guards", {{"range", "2"}, {"figures", "24"}},
            {4, 4, 1, 6, 6, /*saves*/ 1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(owed_texts(g) == std::vector<std::string>{"2/1st Foot Guards: a unit took 6 or more hits: the unit leader or "
                                                    "attached general must be diced for"});
    CHECK(g.next_refused() == "phase: the Combat: stationary units is not finished: 2/1st Foot Guards: a unit took 6 "
                              "or more hits: the unit leader or attached general must be diced for (Death of a leader "
                              "(line 253))");
    g.apply("leader-hit", "2/1st Foot Guards", nullptr, {}, {5});
    CHECK(owed_texts(g).empty());
    CHECK(g.next_refused().empty());
}

TEST_CASE("owed: a charge under fire checks morale, halted on all the fire it receives this turn (lines 143, 175)") {
    Game g;
    charge_4e(g);
    g.apply("morale", "4e Ligne", nullptr, {}, {4});  // 5: stands, and forms square against the cavalry
    g.to("combat-stationary");
    const int carabiniers = g.id("Dutch Carabiniers");
    // The square's side: 6 figures, 1 die at the long range number (charging cavalry): 2 hits, 2 lost.
    const rules::Resolution first = g.apply("shoot", "4e Ligne", "Dutch Carabiniers", {{"range", "2"}}, {2, 1, 1});
    CHECK(first.result("casualties") == 2);
    CHECK(has_step(first, "Dutch Carabiniers has lost 2 of 12 figures, less than 1/4: the charge goes on"));
    CHECK(owed_texts(g) == std::vector<std::string>{"Dutch Carabiniers: units need to check morale when they've "
                                                    "received casualties while charging"});
    // One more casualty from another unit: 3 of the 12 the charge had before the fire, a quarter (one
    // shot at a time it would be 1 of 10).
    const rules::Resolution second =
        g.apply("shoot", "72e Ligne", "Dutch Carabiniers", {{"range", "2"}, {"figures", "5"}}, {1, 1});
    CHECK(second.result("charge-halted") == 1);
    CHECK(has_step(second, "The charge is halted (3 of 12 figures from all the fire it has received this turn, 1/4 or "
                           "more): the cavalry withdraw 1 move"));
    CHECK(owed_texts(g).size() == 1);  // one check for the fire, not one a shot
    CHECK(g.next_refused().find("Dutch Carabiniers: units need to check morale when they've received casualties while "
                                "charging (Morale (line 175))") != std::string::npos);
    // The check is the charger's for casualties (the Rally column), not the start-of-turn rally check.
    const auto d = g.ruleset->defaults(*g.ruleset->action("morale"), g.battle, carabiniers, {});
    CHECK(d.at("check") == "casualties");
    // 5 and the regulars' +1, -1 for a quarter lost: 5, "Rally. Half move.": it holds, still disordered.
    const rules::Resolution check = g.apply("morale", "Dutch Carabiniers", nullptr, {}, {5});
    CHECK(has_step(check, "casualties received while charging (read on the Rally column)"));
    CHECK(has_step(check, "Dutch Carabiniers holds under fire; the disorder its casualties caused stays until its rally "
                          "check at the start of the next turn"));
    CHECK(owed_texts(g).empty());
    const model::Unit& u = *g.battle.unit(carabiniers);
    CHECK(u.has(model::Flag::Disordered));
    CHECK(u.has(model::Flag::NeedsRally));
    CHECK_FALSE(kit::did(g.battle, u, kit::Deed::Rallied));
    // Next turn it is marked for its rally check.
    g.to("initiative");
    g.to("rally");
    CHECK(g.status().units_to_check == std::vector<int>{carabiniers});
}

TEST_CASE("owed: a unit marked to rally owes its check in the rally phase; ended anyway it stays disordered (line 331)") {
    Game g;
    const int foot = g.id("4e Ligne");
    g.battle.unit(foot)->set(model::Flag::Disordered, true);
    g.battle.unit(foot)->set(model::Flag::NeedsRally, true);
    g.to("rally");
    CHECK(owed_texts(g) == std::vector<std::string>{"4e Ligne: units make a mandatory rally check during the next "
                                                    "movement turn"});
    CHECK(g.next_refused() == "phase: the Rally is not finished: 1 unit marked to rally has not made the check");
    const turn::TurnStep forced = turn::next_phase(g.battle, g.rules, {}, true);
    g.step(forced);
    CHECK(says(forced, "Left undone: 4e Ligne: units make a mandatory rally check during the next movement turn"));
    CHECK(g.battle.unit(foot)->on_table());
    CHECK(g.battle.unit(foot)->has(model::Flag::Disordered));
    CHECK(g.battle.unit(foot)->has(model::Flag::NeedsRally));
}

TEST_CASE("owed: a rally of 7 with an enemy within a charge move must charge it in the charging step (lines 208-210)") {
    Game g;
    const int hussars = g.id("Brunswick Hussars");
    g.battle.unit(hussars)->set(model::Flag::Disordered, true);
    g.battle.unit(hussars)->set(model::Flag::NeedsRally, true);
    g.to("rally");
    // The regulars' +1 on a 6: 7, "Rally. Immediately charge enemy if within 1 charge move".
    g.apply("morale", "Brunswick Hussars", nullptr, {{"enemy-in-reach", "yes"}}, {6});
    CHECK(owed_texts(g) == std::vector<std::string>{"Brunswick Hussars: a rally of 7: immediately charge the enemy "
                                                    "within 1 charge move (later)"});
    CHECK(g.next_refused().empty());
    g.to("move-chargers");
    CHECK(owed_texts(g) == std::vector<std::string>{"Brunswick Hussars: a rally of 7: immediately charge the enemy "
                                                    "within 1 charge move"});
    CHECK_THROWS_WITH(turn::side_done(g.battle, g.rules), Catch::Contains("Brunswick Hussars: a rally of 7"));
    g.apply("charge", "Brunswick Hussars", "4e Ligne", {{"distance", "10"}});
    g.apply("morale", "4e Ligne", nullptr, {}, {4});
    CHECK(owed_texts(g).empty());
    CHECK_NOTHROW(g.step(turn::side_done(g.battle, g.rules)));
    // Without an enemy in reach nothing is owed.
    Game h;
    h.battle.unit(hussars)->set(model::Flag::Disordered, true);
    h.battle.unit(hussars)->set(model::Flag::NeedsRally, true);
    h.to("rally");
    h.apply("morale", "Brunswick Hussars", nullptr, {}, {6});
    CHECK(owed_texts(h).empty());
}

TEST_CASE("owed: with no turn running, what is owed holds nothing up") {
    auto b = napoleonic_battle();
    auto r = resolve(b, request("melee", {{"figures", "5"}, {"enemy-figures", "5"}}, 14, 1), {1, 6, 4, 1, 1, 1, 1});
    REQUIRE(find_follow_up(r, "morale"));
    CHECK(find_follow_up(r, "morale")->owed == "lost-melee-must-check");
    CHECK(unit_counter(after(b, r), 14, "owed:lost-melee-must-check") > 0);
}
