// The turn keeps order (lines 27-31): each action in the phases the text gives it and by the side
// it gives it to, refused elsewhere with the place's rule and overruled on purpose; and what the
// text makes a unit do: melee between units in contact in the melee phase (29, 31), a defeated
// unit's rally round the flag at once (79) and its rally on its next move (75, 77), refused at
// `turn next` until done, ended anyway by the umpire with what was left in the working.
#include "fixture.h"

#include "support/turn_table.h"
#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

struct Game : TurnTable {
    Game() : TurnTable(fair_oaks(), "rattle") {}
    // The Union first, into the first player's phase.
    void union_first() {
        start();
        order({6, 1});
        next();
    }
};


const std::string kPlayers = "Rattle Turn sequence (lines 28, 30)";

} // namespace

TEST_CASE("rattle order: each action belongs where the text puts it, refused elsewhere and overruled on purpose") {
    Game g;
    g.start();  // the initiative phase: nothing is done in it but the roll
    CHECK(g.refusal(request("move", {{"distance", "5"}}, 1)) ==
          "Move belongs in the First player and Second player, not the Initiative: the player's units move including "
          "charges OR shoot OR rally in his phase (" + kPlayers + ")");
    CHECK(g.refusal(request("steady-men", {{"commander", "2"}}, 1)).find("Rally Round The Flag (lines 78-79))") !=
          std::string::npos);
    g.order({6, 1});
    g.next();  // the Union's phase
    REQUIRE(g.phase() == "first-player");
    CHECK(g.refusal(request("melee", {{"front", "4"}, {"enemy-front", "4"}}, 1, 11)) ==
          "Melee belongs in the Melee, not the First player: resolve melee between units in contact (Rattle Turn "
          "sequence (lines 29, 31))");
    // The side not acting: its units and its Generals wait for their phase.
    CHECK(g.refusal(request("move", {{"distance", "5"}}, 11)) ==
          "it is Union's phase, not Confederates': the player's units move including charges OR shoot OR rally in his "
          "phase (" + kPlayers + ")");
    CHECK(g.refusal(request("general-move", {{"commander", "3"}, {"distance", "10"}})) ==
          "it is Union's phase, not Confederates': a General moves 24\" with his side's units, in its move phase (one "
          "urging a unit on stays with it \"until the next move phase\") (Rattle Movement: General (line 39); Urging On "
          "(line 50))");
    CHECK(g.refusal(request("general-move", {{"commander", "1"}, {"distance", "10"}})) == "not refused");
    CHECK(g.refusal(request("work", {{"task", "fortify"}}, 6)) == "not refused");
    // Reactions: only to a charge made this phase, by its target (or, out of turn, at the charger).
    CHECK(g.refusal(request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 13, 1)) ==
          "Jeff Davis Legion has met no charge this phase to react to: charge targets may counter charge if mounted "
          "cavalry (Rattle Turn sequence (lines 28, 30); Charges (line 52))");
    g.act(request("charge", {{"distance", "8"}}, 1, 13));
    CHECK(g.refusal(request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 13, 1)) == "not refused");
    CHECK(g.refusal(request("evade", {}, 18, 1)) ==
          "Hampton's Skirmishers has met no charge this phase to react to: cavalry and light infantry skirmishers that "
          "have been charged from the front may turn and retreat a full move (Rattle Melee: Evade (line 69))");
    CHECK(g.refusal(request("shoot", {{"range", "5"}, {"out-of-turn", "yes"}}, 12, 1)) == "not refused");
    CHECK(g.refusal(request("shoot", {{"range", "5"}, {"out-of-turn", "no"}}, 12, 1))
              .rfind("it is Union's phase, not Confederates'", 0) == 0);
    // The melee phase: the melee, and no one moves.
    g.battle.unit(1)->counters.erase("melee-with");  // out of contact again: nothing owed for this test
    g.battle.unit(13)->counters.erase("melee-with");
    g.next();
    REQUIRE(g.phase() == "first-melee");
    const std::vector<rules::ActionRequest> players = {
        request("move", {{"distance", "5"}}, 2),
        request("charge", {{"distance", "5"}}, 2, 11),
        request("shoot", {{"range", "5"}}, 2, 11),
        request("rally", {}, 2),
        request("general-move", {{"commander", "1"}, {"distance", "5"}}),
        request("crash", {{"figures", "4"}}, 15),
        request("work", {{"task", "fortify"}}, 6),
        request("blow-charges", {{"charges", "1"}}, 6),
    };
    for (const auto& r : players) {
        INFO(r.action);
        CHECK(g.refusal(r).find(" belongs in the First player and Second player, not the Melee: ") != std::string::npos);
    }
    CHECK(g.refusal(request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 13, 1))
              .find("Counter-charge belongs in the First player and Second player, not the Melee") == 0);
    CHECK(g.refusal(request("evade", {}, 18, 1)).find("Evade belongs in the First player and Second player") == 0);
    // Overruled on purpose: applied, and the working records the rule it broke and why.
    const auto over = g.act(overruled(request("move", {{"distance", "5"}}, 2), "a late move"));
    REQUIRE_FALSE(over.overruled.empty());
    CHECK(over.overruled.front().citation == kPlayers);
    CHECK(over.overrule == "a late move");
    CHECK(find_effect(over, 2, "counter:did:moved") != nullptr);
}

TEST_CASE("rattle owed: units in contact resolve their melee in the melee phase (lines 29, 31)") {
    Game g;
    g.union_first();
    g.act(request("charge", {{"distance", "8"}}, 1, 11));
    g.next();  // the melee: the 104th and the 6th Alabama are in contact
    auto st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 2);
    CHECK(st.owed[0].text == "104th Pennsylvania: melee between units in contact is resolved in the melee phase");
    CHECK(st.owed[0].citation == "Turn sequence (lines 29, 31)");
    CHECK(st.owed[0].action == "melee");
    CHECK_FALSE(st.can_advance);
    CHECK(g.next_refused().find("104th Pennsylvania: melee between units in contact is resolved in the melee phase "
                                "(Turn sequence (lines 29, 31))") != std::string::npos);
    // Ended anyway: journaled with what was left; the units are still in contact (the text says no more).
    const auto forced = g.apply(turn::next_phase(g.battle, g.rules, {}, true));
    CHECK(has_step(forced.resolution, "Left undone: 6th Alabama: melee between units in contact is resolved in the melee phase"));
    CHECK(g.phase() == "second-player");
    CHECK(unit_counter(g.battle, 11, "melee-with") == 1);
    CHECK_FALSE(g.battle.unit(1)->has(model::Flag::Routed));
    // The next melee phase owes it again; a drawn melee pays it.
    g.next();
    CHECK(turn::turn_status(g.battle, g.rules).owed.size() == 2);
    // 4 figures a side, 1 die each: a hit each, a draw.
    const auto draw = g.act(request("melee", {{"front", "4"}, {"ranks", "1"}, {"enemy-front", "4"}, {"enemy-ranks", "1"},
                                              {"enemy-defensive-fire", "no"}, {"modifiers", ""}},
                                    1, 11),
                            {6, 6});
    CHECK(draw.result("defeated") == 0);
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
    CHECK(turn::turn_status(g.battle, g.rules).can_advance);
}

TEST_CASE("rattle owed: a defeated unit rallies round the flag at once, and must rally on its side's next move") {
    Game g;
    g.union_first();
    g.act(request("charge", {{"distance", "8"}}, 1, 11));
    g.next();
    // 104th: 8 figures, 2 dice, charging +1; the 6th Alabama: 8 figures, 2 dice, Elite +1. 2 hits to none.
    const auto melee = g.act(request("melee", {{"front", "4"}, {"ranks", "2"}, {"enemy-front", "4"}, {"enemy-ranks", "2"},
                                               {"enemy-defensive-fire", "no"}},
                                     1, 11),
                             {6, 6, 1, 1});
    REQUIRE(melee.result("defeated") == 2);
    const rules::FollowUp* flag = find_follow_up(melee, "flag");
    REQUIRE(flag);
    CHECK(flag->owed == "defeated-rally-round-the-flag");
    CHECK(flag->due == "before this phase ends");
    auto st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK(st.owed[0].text == "6th Alabama: a unit defeated in melee must try to rally around the flag if it has one");
    CHECK(g.next_refused().find("6th Alabama: a unit defeated in melee must try to rally around the flag if it has one "
                                "(Rally Round The Flag (line 79))") != std::string::npos);
    g.act(request("flag", {}, 11), {3});  // 2 or 3: no effect, but it tried
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
    g.next();  // the Confederates' phase: the 6th Alabama's next move
    st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK(st.owed[0].text == "6th Alabama: a unit defeated in melee (or that evaded) must attempt to rally on its next "
                             "move, and again next turn until it rallies");
    CHECK(st.owed[0].citation == "Rally (line 77); Evade (line 69)");
    CHECK(g.next_refused().find("6th Alabama") != std::string::npos);
    // It fails (1-3): it retreats and must rally again next turn.
    CHECK(g.act(request("rally", {}, 11), {2}).result("rallied") == 0);
    CHECK(turn::turn_status(g.battle, g.rules).can_advance);
    g.next();  // the second melee
    g.next();  // turn 2: initiative, the Confederates first this time
    g.order({1, 6});
    g.next();
    REQUIRE(turn::turn_status(g.battle, g.rules).active_side == 2);
    CHECK(turn::turn_status(g.battle, g.rules).owed.size() == 1);
    // Ended anyway: the text says nothing of it, so it stays unrallied (it may not move or shoot) and
    // owes the rally again in its side's next phase (R29).
    const auto forced = g.apply(turn::next_phase(g.battle, g.rules, {}, true));
    CHECK(has_step(forced.resolution, "Left undone: 6th Alabama: a unit defeated in melee (or that evaded) must attempt to "
                                  "rally on its next move, and again next turn until it rallies"));
    CHECK(g.battle.unit(11)->has(model::Flag::NeedsRally));
    CHECK_FALSE(g.battle.unit(11)->has(model::Flag::Routed));
}

TEST_CASE("rattle owed: an evading unit owes its rally in its side's phase, not in the charger's") {
    Game g;
    g.union_first();
    g.act(request("charge", {{"distance", "8"}}, 1, 18));
    g.act(request("evade", {}, 18, 1));
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());  // the Union's phase: not its move
    g.next();
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());  // evaded: out of contact, no melee owed
    g.next();
    auto st = turn::turn_status(g.battle, g.rules);
    REQUIRE(st.owed.size() == 1);
    CHECK(st.owed[0].unit == 18);
    CHECK(g.act(request("rally", {}, 18), {4}).result("rallied") == 1);
    CHECK(turn::turn_status(g.battle, g.rules).owed.empty());
}
