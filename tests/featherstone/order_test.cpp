// Where each action belongs in the turn ([[turn.places]] of the reference, Sequence of play lines
// 13-22): the rally check at the start, charges and the charged unit's check in the charging step,
// moves and the recall in the other units' step, each step the moving side's only (line 15);
// shooting in both combat phases, melee and pursuit with the charging units' combat; the overrun
// whenever it happens. Refused out of place with the place's rule, applied when overruled.
#include "turn_game.h"

#include "turn/places.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
int commander(const Game& g, const std::string& name) {
    for (const auto& c : g.battle.commanders)
        if (c.name == name) return c.id;
    FAIL("no commander " << name);
    return 0;
}
const std::string kMoveStep = "each sub-phase is performed by the first player followed by the second player in turn";
} // namespace

TEST_CASE("order: each move sub-phase is the moving side's alone (line 15): the other side may not move or charge") {
    Game g;
    g.to("move-chargers");  // the Allies rolled high and go first
    CHECK(g.refusal("charge", "8e Cuirassiers", "1/28th Foot", {{"distance", "10"}}) ==
          "it is Anglo-Allied Army's move, not Armee du Nord's: move charging units: " + kMoveStep +
              " (Featherstone Sequence of play 2 (lines 15-17))");
    CHECK(g.refusal("move", "1/28th Foot", nullptr, {{"distance", "3"}}) ==
          "Move belongs in the Move other units, not the Move charging units: move other units: " + kMoveStep +
              " (Featherstone Sequence of play 2 (lines 15-17))");
    g.to("move-others");
    CHECK(g.refusal("move", "4e Ligne", nullptr, {{"distance", "3"}}) ==
          "it is Anglo-Allied Army's move, not Armee du Nord's: move other units: " + kMoveStep +
              " (Featherstone Sequence of play 2 (lines 15-17))");
    CHECK(g.refusal("move", "1/28th Foot", nullptr, {{"distance", "6"}}) == "not refused");
    CHECK(g.refusal("charge", "Dutch Carabiniers", "4e Ligne", {{"distance", "10"}})
              .find("Charge belongs in the Move charging units, not the Move other units") == 0);
    g.step(turn::side_done(g.battle, g.rules));  // the French move now
    CHECK(g.refusal("move", "4e Ligne", nullptr, {{"distance", "3"}}) == "not refused");
    CHECK(g.refusal("move", "1/42nd Highlanders", nullptr, {{"distance", "3"}})
              .find("it is Armee du Nord's move, not Anglo-Allied Army's") == 0);
    CHECK(g.refusal("recall", "Brunswick Hussars", nullptr, {{"enemy-near", "yes"}})
              .find("it is Armee du Nord's move, not Anglo-Allied Army's: the owning player may optionally recall the "
                    "unit: a retreat of 1 move (Featherstone Sound the recall (lines 280-282), Sequence of play 2 "
                    "(line 17))") == 0);
    // The umpire may overrule: applied, and the working says so with the rule it set aside.
    const rules::Resolution r = g.apply("move", "1/42nd Highlanders", nullptr, {{"distance", "3"}}, {},
                                        "the Highlanders were left behind in the Allies' step");
    REQUIRE(r.overruled.size() == 1);
    CHECK(r.overruled[0].citation == "Featherstone Sequence of play 2 (lines 15-17)");
    CHECK(has_step(r, "Overruled by the umpire (the Highlanders were left behind in the Allies' step): it is Armee "
                      "du Nord's move"));
    CHECK(kit::did(g.battle, *g.battle.unit(g.id("1/42nd Highlanders")), kit::Deed::Moved));
}

TEST_CASE("order: the rally check belongs at the start of the turn, a charged unit's check to the charge") {
    Game g;
    const int foot = g.id("4e Ligne");
    g.battle.unit(foot)->set(model::Flag::Disordered, true);
    g.battle.unit(foot)->set(model::Flag::NeedsRally, true);
    g.to("rally");
    CHECK(g.refusal("morale", "4e Ligne", nullptr, {{"check", "rally"}}, {4}) == "not refused");
    g.to("move-generals");
    CHECK(g.refusal("morale", "4e Ligne", nullptr, {{"check", "rally"}}, {4})
              .find("Morale belongs in the Rally, Move charging units, Combat: stationary units and Combat: moving "
                    "and charging units, not the Move generals: units need to check morale at the beginning of the "
                    "turn to recover from disorder") == 0);
    g.to("move-chargers");
    // A check in the charging step answers a charge made at the unit this step, by the side not moving.
    CHECK(g.refusal("morale", "72e Ligne", nullptr, {{"check", "charged"}}, {4}) ==
          "72e Ligne has met no charge this phase to react to: units need to check morale when they are charged "
          "(Featherstone Morale (line 175))");
    g.apply("charge", "Dutch Carabiniers", "4e Ligne", {{"distance", "10"}});
    CHECK(g.refusal("morale", "72e Ligne", nullptr, {{"check", "charged"}}, {4}).find("72e Ligne has met no charge") == 0);
    CHECK(g.refusal("morale", "1/28th Foot", nullptr, {{"check", "charged"}}, {4}) ==
          "a reaction is made by the side not acting: it is Anglo-Allied Army's move: units need to check morale when "
          "they are charged (Featherstone Morale (line 175))");
    CHECK(g.refusal("morale", "4e Ligne", nullptr, {}, {4}) == "not refused");
}

TEST_CASE("order: shooting in both combat phases, melee and pursuit with the charging units' combat (lines 18-22)") {
    Game g;
    g.to("move-others");
    CHECK(g.refusal("shoot", "1/92nd Highlanders", "4e Ligne", {{"range", "2"}}, {6, 6, 6, 6, 6}) ==
          "Infantry shooting belongs in the Combat: stationary units and Combat: moving and charging units, not the "
          "Move other units: shooting is done simultaneously: stationary units shoot first, then moving units "
          "(Featherstone Sequence of play 3 (lines 18-21))");
    CHECK(g.refusal("save", "4e Ligne", nullptr, {{"hits", "1"}}, {6}).find("Saving rolls belongs in the Combat") == 0);
    g.to("combat-stationary");
    // Both sides shoot: combat is simultaneous.
    CHECK(g.refusal("shoot", "1/92nd Highlanders", "4e Ligne", {{"range", "2"}}, {6, 6, 6, 6, 6}) == "not refused");
    CHECK(g.refusal("shoot", "4e Ligne", "1/92nd Highlanders", {{"range", "2"}}, {6, 6, 6, 6, 6}) == "not refused");
    CHECK(g.refusal("artillery", "Rogers's Battery", "72e Ligne", {{"range", "20"}}, {1}) == "not refused");
    CHECK(g.refusal("melee", "Dutch Carabiniers", "4e Ligne", {}, {}) ==
          "Melee belongs in the Combat: moving and charging units, not the Combat: stationary units: moving units and "
          "charging units resolve combats at the same time (Featherstone Sequence of play 3 (lines 20-21))");
    CHECK(g.refusal("pursue", "Dutch Carabiniers", nullptr, {}, {3}).find("Pursuit belongs in the Combat: moving and "
                                                                         "charging units, not the Combat: stationary") == 0);
    g.to("combat-moving");
    CHECK(g.refusal("melee", "Dutch Carabiniers", "4e Ligne", {{"figures", "5"}, {"enemy-figures", "5"}},
                    {1, /*save*/ 6, 4, /*saves*/ 6, 6, 6, 6}) == "not refused");
    CHECK(g.refusal("pursue", "4e Ligne", nullptr, {}, {3}) == "not refused");
}

TEST_CASE("order: a general is overrun whenever enemy troops reach him, in any phase") {
    Game g;
    const std::map<std::string, std::string> picton = {{"general", std::to_string(commander(g, "Picton"))}};
    g.to("move-generals");
    CHECK(g.refusal("overrun", nullptr, nullptr, picton, {5}) == "not refused");
    g.to("combat-moving");
    CHECK(g.refusal("overrun", nullptr, nullptr, picton, {6}) == "not refused");
    CHECK(turn::places_of(g.rules, "overrun").front()->phases.empty());
}

TEST_CASE("order: each figure shoots once a turn, counted over both combat phases (lines 18-21)") {
    Game g;
    g.to("combat-stationary");
    // The 92nd's 24 figures shoot with the stationary units ...
    CHECK(g.refusal("shoot", "1/92nd Highlanders", "4e Ligne", {{"range", "2"}, {"figures", "24"}}, {6, 6, 6, 6, 6}) ==
          "not refused");
    g.to("combat-moving");
    // ... and 12 more in the moving units' fire would be 36 of 24.
    CHECK(g.refusal("shoot", "1/92nd Highlanders", "4e Ligne", {{"range", "2"}, {"figures", "12"}}, {6, 6}) ==
          "24 of 1/92nd Highlanders's 24 figures fired this turn; 12 more cannot: each figure shoots once a turn (a "
          "square a quarter of its figures from each of its four sides) (Featherstone Infantry shooting, Infantry "
          "Square)");
    const rules::Resolution r = g.apply("shoot", "1/92nd Highlanders", "4e Ligne", {{"range", "2"}, {"figures", "12"}},
                                        {6, 6}, "a second line came up");
    CHECK(r.overruled.size() == 1);
}

TEST_CASE("order: each action out of its places is refused with the place's rule, and applied when overruled") {
    struct Case {
        const char* phase;
        const char* action;
        const char* unit;
        const char* target;
        std::map<std::string, std::string> values;
        std::vector<int> dice;
        const char* refused;  // the start of the refusal
        const char* citation;
    };
    const std::vector<Case> cases = {
        {"move-generals", "charge", "Dutch Carabiniers", "4e Ligne", {{"distance", "10"}}, {},
         "Charge belongs in the Move charging units, not the Move generals", "Sequence of play 2 (lines 15-17)"},
        {"move-generals", "move", "1/28th Foot", nullptr, {{"distance", "3"}}, {},
         "Move belongs in the Move other units, not the Move generals", "Sequence of play 2 (lines 15-17)"},
        {"move-chargers", "recall", "Brunswick Hussars", nullptr, {{"enemy-near", "yes"}}, {},
         "Sound the recall belongs in the Move other units, not the Move charging units",
         "Sound the recall (lines 280-282), Sequence of play 2 (line 17)"},
        {"rally", "artillery", "Rogers's Battery", "72e Ligne", {{"range", "20"}}, {1},
         "Artillery shooting belongs in the Combat: stationary units and Combat: moving and charging units, not the Rally",
         "Sequence of play 3 (lines 18-21)"},
        {"move-others", "leader-hit", "2/1st Foot Guards", nullptr, {}, {5},
         "Leader hit? belongs in the Combat: stationary units and Combat: moving and charging units, not the Move "
         "other units",
         "Saving Rolls (line 165), Death of a leader (line 253)"},
        {"combat-stationary", "melee", "Dutch Carabiniers", "4e Ligne", {{"figures", "5"}, {"enemy-figures", "5"}},
         {1, 6, 4, 1, 1, 1, 1}, "Melee belongs in the Combat: moving and charging units, not the Combat: stationary units",
         "Sequence of play 3 (lines 20-21)"},
        {"move-others", "pursue", "4e Ligne", nullptr, {}, {3},
         "Pursuit belongs in the Combat: moving and charging units, not the Move other units", "Morale (lines 224-226)"},
    };
    for (const Case& c : cases) {
        INFO(c.action << " in " << c.phase);
        Game g;
        g.to(c.phase);
        const std::string why = g.refusal(c.action, c.unit, c.target, c.values, c.dice);
        CHECK(why.find(c.refused) == 0);
        CHECK(why.find("(Featherstone " + std::string(c.citation) + ")") != std::string::npos);
        const rules::Resolution r = g.apply(c.action, c.unit, c.target, c.values, c.dice, "the umpire allows it");
        REQUIRE_FALSE(r.overruled.empty());  // the place first (a recall without "No Move" is refused too)
        CHECK(r.overruled[0].citation == "Featherstone " + std::string(c.citation));
        CHECK(has_step(r, "Overruled by the umpire (the umpire allows it): " + std::string(c.refused)));
    }
}
