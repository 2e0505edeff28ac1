// The turn keeps order (I Turn Sequence, lines 45-49): where each action belongs ([turn] places in
// reference/edwardian/tables.toml), refused elsewhere with the place's rule and applied when the
// umpire overrules, journaled in the working; and what the text makes a unit do ([[owed]]): owed
// from the rule that causes it, refusing `turn next` until it is done, left undone by force. The
// battle is played through the turn engine, in order, with fixed dice.
#include "fixture.h"

#include "support/turn_table.h"
#include "turn/places.h"
#include "turn/turn_engine.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace umpire;
using namespace umpire::test;
using Catch::Contains;

namespace {

// The veldt battle under the Edwardian turn: the British (side 1) win the move order and go first.
struct Turn : TurnTable {
    Turn() : TurnTable(first_turn(), "edwardian") {
        start();
        order({5, 2});
    }

    static model::Battle first_turn() {
        model::Battle b = veldt_battle();
        b.turn = 1;
        return b;
    }

    // Every unit still to move is declared stationary, side by side as the sequence asks.
    void all_stand() {
        for (auto st = turn::turn_status(battle, rules); st.active_side; st = turn::turn_status(battle, rules)) {
            int id = 0;
            for (int u : st.units_to_move)
                if (battle.unit(u)->side == st.active_side) id = u;
            REQUIRE(id != 0);
            apply(turn::unit_moved(battle, rules, id, true));
        }
    }
    // On to the phase `id`, every unit standing in the movement phase.
    void to(const std::string& id) {
        for (int guard = 0; phase() != id && guard < 10; ++guard) {
            if (phase() == "movement") all_stand();
            next();
        }
        REQUIRE(phase() == id);
    }
    rules::Resolution act(const rules::ActionRequest& r, std::vector<int> dice = {}) {
        dice::TypedDice d(std::move(dice));
        auto out = ruleset->resolve(r, battle, d);
        battle.apply(out.effects);
        return out;
    }
    std::string refused(const rules::ActionRequest& r, std::vector<int> dice = {}) {
        try {
            dice::TypedDice d(std::move(dice));
            ruleset->resolve(r, battle, d);
        } catch (const rules::Refusal& refusal) {
            return refusal.rule() + " (" + refusal.citation() + ")";
        }
        return "not refused";
    }
    std::string next_refused() {
        try {
            turn::next_phase(battle, rules);
        } catch (const rules::InputError& e) {
            return e.what();
        }
        return "not refused";
    }
    std::vector<turn::OwedItem> owed() const { return turn::turn_status(battle, rules).owed; }
};

rules::ActionRequest volley(int figures, int unit = 1, int target = 11, std::map<std::string, std::string> more = {}) {
    more["figures"] = std::to_string(figures);
    more["range"] = "20";
    return request("rifle-fire", std::move(more), unit, target);
}

} // namespace

// Each action's places as the text gives them: its phases (absent: any phase) and whose it is.
TEST_CASE("turn: every action's place is the text's, phase by phase and side by side") {
    Turn t;
    struct Place {
        std::vector<std::string> phases;
        std::string by;
    };
    const std::map<std::string, std::vector<Place>> expected{
        {"move", {{{"movement"}, "acting"}}},
        {"load-gun", {{{"movement"}, "acting"}}},
        {"draft", {{{"movement"}, "either"}}},
        {"claim-gun", {{{"movement"}, "either"}, {{"fire-unmoving", "fire-moving", "melee"}, "either"}}},
        {"sway", {{{"movement"}, "either"}}},
        {"rifle-fire", {{{"fire-unmoving", "fire-moving"}, "either"}}},
        {"mad-minute", {{{"fire-unmoving", "fire-moving"}, "either"}}},
        {"mg-fire", {{{"fire-unmoving"}, "either"}}},
        {"artillery-fire", {{{"fire-unmoving"}, "either"}}},
        {"shell-hits", {{{"fire-unmoving"}, "either"}}},
        {"canister", {{{"fire-unmoving"}, "either"}}},
        {"solid-shot", {{{"fire-unmoving"}, "either"}}},
        {"shot-hits", {{{"fire-unmoving"}, "either"}}},
        {"melee", {{{"melee"}, "either"}}},
        {"ghq-assault", {{{"melee"}, "either"}}},
        {"morale", {{{"fire-unmoving", "fire-moving", "melee"}, "either"}}},
        {"officer-killed", {{{"fire-unmoving", "fire-moving", "melee"}, "either"}}},
        {"standard", {{{"fire-unmoving", "fire-moving", "melee"}, "either"}}},
        {"spike", {{{"fire-unmoving", "fire-moving"}, "either"}}},
        {"army-morale", {{{"melee"}, "either"}}},
        {"line-of-sight", {{{}, "either"}}},
        {"average-quality", {{{}, "either"}}},
        {"reinforce", {{{}, "either"}}},
        {"campaign-transfer", {{{}, "either"}}},
        {"battle-result", {{{}, "either"}}},
        {"campaign-quality", {{{}, "either"}}},
    };
    REQUIRE(expected.size() == t.ruleset->actions().size());
    for (const auto& action : t.ruleset->actions()) {
        INFO(action.id);
        REQUIRE(expected.count(action.id));
        const auto places = turn::places_of(t.rules, action.id);
        const auto& want = expected.at(action.id);
        REQUIRE(places.size() == want.size());
        for (std::size_t i = 0; i < places.size(); ++i) {
            std::vector<std::string> phases;
            for (int p : places[i]->phases) phases.push_back(t.rules.phases[static_cast<std::size_t>(p)].id);
            CHECK(phases == want[i].phases);
            CHECK(turn::place_side_words(*places[i]) == (want[i].by == "acting" ? "the acting side" : "either side"));
        }
    }
    // And the guard reads them in each phase: taken where a place allows, refused elsewhere.
    const std::vector<std::string> order{"move-order", "movement", "fire-unmoving", "fire-moving", "melee"};
    for (const auto& phase : order) {
        t.to(phase);
        for (const auto& action : t.ruleset->actions()) {
            bool allowed = false;
            for (const auto& place : expected.at(action.id))
                allowed = allowed || place.phases.empty() ||
                          std::find(place.phases.begin(), place.phases.end(), phase) != place.phases.end();
            INFO(phase << " " << action.id);
            const auto refusal = turn::place_refusal(t.battle, t.rules, action, t.battle.unit(1), nullptr, {});
            CHECK(refusal.has_value() != allowed);
            if (refusal) CHECK(refusal->rule.find(action.name + " belongs in the ") == 0);
        }
    }
}

TEST_CASE("turn: fire in the movement or melee phase is refused with its place, and overruled the working says so") {
    Turn t;
    t.to("movement");
    CHECK(t.refused(volley(4), {1, 1, 1, 1}) ==
          "Rifle fire belongs in the Fire by unmoving figures and Fire by moving figures, not the Movement: fire is "
          "conducted by unmoving figures in phase 3 and by moving figures in phase 4, simultaneously (Edwardian I Turn "
          "Sequence 3-4)");
    CHECK_THAT(t.refused(request("mg-fire", {{"short", "2"}}, 3, 11), {1, 4, 4}),
               Contains("MG fire belongs in the Fire by unmoving figures, not the Movement: machineguns and artillery "
                        "may not fire if they have moved: they fire with the unmoving figures (Edwardian I Turn "
                        "Sequence 3-4)"));
    CHECK_THAT(t.refused(request("artillery-fire", {{"range", "50"}}, 4), {3, 3}),
               Contains("Artillery fire belongs in the Fire by unmoving figures, not the Movement"));
    CHECK_THAT(t.refused(request("melee", {{"pairs", "1"}}, 1, 11), {4, 4}),
               Contains("Melee belongs in the Melee, not the Movement: all melee is resolved in the melee phase"));
    CHECK_THAT(t.refused(request("ghq-assault", {{"figures", "1"}}, 2, 16), {2}),
               Contains("Headquarters contact belongs in the Melee, not the Movement"));
    // Overruled on purpose: applied, and the working carries the rule overruled and the reason.
    auto ruled = t.act(overruled(request("rifle-fire", {{"short", "4"}}, 1, 11), "they fired as they went"),
                       {6, 6, 1, 1});  // short range, open order -1: 5-6 kill
    REQUIRE(ruled.overruled.size() == 1);
    CHECK(ruled.overrule == "they fired as they went");
    CHECK(ruled.overruled[0].citation == "Edwardian I Turn Sequence 3-4");
    CHECK(ruled.result("kills") == 2);
}

TEST_CASE("turn: three volleys in one turn are impossible: each figure fires once, in phase 3 or phase 4") {
    Turn t;
    t.to("movement");
    // The Guards move in their alternate move; their fire waits for the fire phases.
    t.act(request("move", {{"open", "3"}}, 1));
    CHECK_THAT(t.refused(volley(24), std::vector<int>(24, 1)), Contains("Rifle fire belongs in the Fire by"));
    t.to("fire-unmoving");
    // Moved: refused with the unmoving; 12 figures declared stationary fire with them (line 46).
    CHECK_THAT(t.refused(volley(24), std::vector<int>(24, 1)), Contains("Guards has moved this turn"));
    t.act(volley(12, 1, 11, {{"stationary", "yes"}}), std::vector<int>(12, 1));
    t.next();
    REQUIRE(t.phase() == "fire-moving");
    // The 12 that moved fire now; the 12 that fired do not fire again.
    CHECK_THAT(t.refused(volley(24), std::vector<int>(24, 1)),
               Contains("12 of Guards's 24 figures fired this turn; 24 more cannot: each figure fires once a turn: with "
                        "the unmoving figures in phase 3 or the moving figures in phase 4 (Edwardian I Turn Sequence "
                        "3-4, I Rifle Fire)"));
    t.act(volley(12), std::vector<int>(12, 1));
    CHECK_THAT(t.refused(volley(1), {1}), Contains("24 of Guards's 24 figures fired this turn; 1 more cannot"));
    t.next();
    REQUIRE(t.phase() == "melee");
    CHECK_THAT(t.refused(volley(24), std::vector<int>(24, 1)),
               Contains("Rifle fire belongs in the Fire by unmoving figures and Fire by moving figures, not the Melee"));
}

TEST_CASE("turn: machineguns and artillery fire with the unmoving figures or not at all") {
    Turn t;
    t.to("fire-moving");
    // The Maxim stood: it fired in phase 3 if at all (line 48).
    CHECK_THAT(t.refused(request("mg-fire", {{"short", "1"}}, 3, 11), {1, 4}),
               Contains("MG fire belongs in the Fire by unmoving figures, not the Fire by moving figures"));
    CHECK_THAT(t.refused(request("artillery-fire", {{"range", "50"}}, 4), {3, 3}),
               Contains("Artillery fire belongs in the Fire by unmoving figures, not the Fire by moving figures"));
    CHECK_THAT(t.refused(request("shell-hits", {{"figures", "2"}}, 4, 11), {6, 6}),
               Contains("Shell hits belongs in the Fire by unmoving figures"));
}

TEST_CASE("turn: apply move and turn moved follow whose alternate move it is, in the same words") {
    Turn t;
    t.to("movement");
    REQUIRE(turn::turn_status(t.battle, t.rules).active_side == 1);
    const std::string whose = "it is British's move, not Boers': players go through the move sequence, each moving a "
                              "single unit (Edwardian I Turn Sequence 2)";
    CHECK(t.refused(request("move", {{"open", "2"}}, 11)) == whose);
    // turn moved says the same rule (the turn's own citation, without the ruleset's name).
    CHECK_THROWS_WITH(turn::unit_moved(t.battle, t.rules, 11, false),
                      Contains("it is British's move, not Boers': players go through the move sequence, each moving a "
                               "single unit (I Turn Sequence 2)"));
    t.act(request("move", {{"open", "2"}}, 1));
    // Now the Boers': the British are refused, a Boer unit moves.
    CHECK_THAT(t.refused(request("move", {{"open", "2"}}, 2)), Contains("it is Boers' move, not British's"));
    CHECK(t.refused(request("move", {{"open", "2"}}, 11)) == "not refused");
    // Loading a muzzle-loader is its move: the British may not load in the Boers' move.
    t.battle.unit(6)->counters["loaded"] = -1;
    CHECK_THAT(t.refused(request("load-gun", {}, 6)),
               Contains("it is Boers' move, not British's: a muzzle-loader reloads in its move"));
    // What a move brings about is settled whoever moves next: the British draft into the Maxim.
    CHECK(t.refused(request("draft", {{"figures", "1"}}, 1, 3)) == "not refused");
    // Overruled, the move out of turn is applied and the sequence goes on from the record.
    auto ruled = t.act(overruled(request("move", {{"open", "2"}}, 2), "the Lancers were already galloping"));
    CHECK(ruled.overruled.size() == 1);
    CHECK(kit::did(t.battle, *t.battle.unit(2), kit::Deed::Moved));
}

TEST_CASE("turn owed: units suffering casualties must check morale before the phase ends (lines 47-49)") {
    Turn t;
    t.to("fire-unmoving");
    auto fire = t.act(request("rifle-fire", {{"short", "4"}}, 1, 11), {6, 6, 1, 1});  // open order -1: 5-6 kill
    REQUIRE(fire.result("kills") == 2);
    REQUIRE(find_follow_up(fire, "morale"));
    CHECK(find_follow_up(fire, "morale")->owed == "morale-check");
    auto owed = t.owed();
    REQUIRE(owed.size() == 1);
    CHECK(owed[0].unit == 11);
    CHECK(owed[0].due_now);
    CHECK(owed[0].text ==
          "Commando: units suffering casualties must check morale after the fire or melee phase that caused them");
    CHECK(t.next_refused() ==
          "phase: the Fire by unmoving figures is not finished: Commando: units suffering casualties must check "
          "morale after the fire or melee phase that caused them (I Turn Sequence 3-5)");
    // The check pays it: 2 of 20 lost, no full quarter; Veteran 11, rolled 6.
    auto check = t.act(request("morale", {}, 11), {3, 3});
    CHECK(check.result("failed") == 0);
    CHECK(t.owed().empty());
    CHECK(t.next_refused() == "not refused");
}

TEST_CASE("turn owed: a phase ended with a morale check owed says so, and the unit stays (the text says no more)") {
    Turn t;
    t.to("fire-unmoving");
    t.act(request("rifle-fire", {{"short", "4"}}, 1, 11), {6, 6, 1, 1});
    const turn::TurnStep forced = t.apply(turn::next_phase(t.battle, t.rules, {}, true));
    CHECK(has_step(forced.resolution, "Left undone: Commando: units suffering casualties must check morale"));
    CHECK(t.battle.unit(11)->on_table());
    CHECK(t.owed().empty());
    CHECK(t.phase() == "fire-moving");
}

TEST_CASE("turn owed: a gun crew failing morale from fire owes the spike roll as it flees (line 153)") {
    Turn t;
    t.to("fire-unmoving");
    // The Pom-pom (2 crew) loses one to the Guards' rifles at short range.
    t.act(request("rifle-fire", {{"short", "1"}}, 1, 13), {6});
    auto failed = t.act(request("morale", {}, 13), {6, 6});  // +2 +2 on 12 > 10
    REQUIRE(failed.result("failed") == 1);
    REQUIRE_FALSE(t.battle.unit(13)->on_table());
    // Removed from play, its crew still owes the roll: the phase does not end without it.
    auto owed = t.owed();
    REQUIRE(owed.size() == 1);
    CHECK(owed[0].unit == 13);
    CHECK(owed[0].action == "spike");
    CHECK(owed[0].due_now);
    CHECK_THAT(t.next_refused(), Contains("Pom-pom: an MG or artillery crew failing morale from fire rolls to destroy "
                                          "the gun before they flee (I Morale)"));
    // Nobody claims the gun before its crew has rolled.
    CHECK_THAT(t.refused(request("claim-gun", {{"crew", "2"}}, 1, 13)),
               Contains("Pom-pom's crew failed morale from fire and rolls to destroy the gun before they flee: roll the "
                        "spike first (Edwardian I Morale, I Transferring Figures Between Units)"));
    auto spike = t.act(request("spike", {}, 13), {3});  // Average: 3 is not 4+
    CHECK(spike.result("spiked") == 0);
    CHECK(t.owed().empty());
    // Left intact, now it is claimed; its old crew cannot come back to spike it.
    auto claim = t.act(request("claim-gun", {{"crew", "2"}}, 1, 13));
    CHECK_THROWS_WITH(t.act(overruled(request("spike", {}, 13)), {6}),
                      Contains("Pom-pom's gun has been claimed (now " + claim.outcome.substr(claim.outcome.find("now ") + 4) +
                               "): its crew destroys it before they flee, not after"));
}

TEST_CASE("turn owed: the spike roll is the fire's, not the melee's, and not owed by a crew that did not fail") {
    Turn t;
    t.to("melee");
    // The Pom-pom's crew breaks in melee: the gun is abandoned intact, no roll owed.
    t.battle.unit(13)->figures = 1;
    auto failed = t.act(request("morale", {{"cause", "melee"}, {"lost", "1"}, {"phase-lost", "1"}}, 13), {6, 6});
    REQUIRE(failed.result("failed") == 1);
    CHECK(t.owed().empty());
    CHECK_THAT(t.refused(request("spike", {}, 13), {6}),
               Contains("Spike the gun belongs in the Fire by unmoving figures and Fire by moving figures, not the Melee"));
    // In a fire phase, a crew that has not failed from fire does not roll either.
    Turn u;
    u.to("fire-unmoving");
    u.battle.unit(14)->set(model::Flag::Routed, true);
    CHECK_THAT(u.refused(request("spike", {}, 14), {6}),
               Contains("Long Tom has not failed morale as a result of fire: only then does its crew roll to destroy "
                        "the gun (not after a failure from melee) (Edwardian I Morale)"));
    CHECK(u.act(overruled(request("spike", {}, 14), "the crew fled under the shells"), {6}).result("spiked") == 1);
}

TEST_CASE("turn owed: a charge into contact owes the melee of both units in this turn's melee phase") {
    Turn t;
    t.to("movement");
    auto charge = t.act(request("move", {{"charge", "10"}}, 2, 11), {});  // the Lancers charge the Commando
    CHECK(has_step(charge, "Lancers charges into base-to-base contact with Commando: they fight in the melee phase"));
    auto owed = t.owed();
    REQUIRE(owed.size() == 2);
    CHECK_FALSE(owed[0].due_now);
    CHECK(owed[0].due == "by the end of the next Melee phase");
    t.to("fire-unmoving");
    // The Commando's defensive fire at its attackers is allowed, at the shortest range only.
    const auto defensive = request("rifle-fire", {{"short", "4"}}, 11, 2);
    CHECK(t.refused(defensive, {1, 1, 1, 1}) == "not refused");
    CHECK(has_step(t.act(defensive, {1, 1, 1, 1}),
               "Commando fires at Lancers, who charged it this turn: figures contacted frontally by a charge may fire at "
               "their attacker, at the shortest range"));
    CHECK_THAT(t.refused(request("rifle-fire", {{"medium", "2"}}, 11, 2), {1, 1}),
               Contains("figures contacted by a charge fire at their attacker at the shortest range: 2 figures beyond "
                        "short range (Edwardian I Charges)"));
    t.to("melee");
    CHECK_THAT(t.next_refused(), Contains("Lancers: figures in base-to-base contact fight: all melee is resolved in the "
                                          "melee phase (I Turn Sequence 5, I Melee)"));
    // One melee from the Commando's side pays both (equal rolls: no casualties, nothing more owed).
    t.act(request("melee", {{"pairs", "1"}, {"modifiers", ""}, {"enemy-modifiers", ""}}, 11, 2), {4, 4});
    CHECK(t.owed().empty());
    CHECK(t.next_refused() == "not refused");
}

TEST_CASE("turn owed: a charger removed by the fire leaves the unit it charged no melee to fight") {
    Turn t;
    t.to("movement");
    t.act(request("move", {{"charge", "10"}}, 2, 11));  // the Lancers charge the Commando
    t.to("fire-unmoving");
    // The Commando's defensive fire: cavalry +1, 3+ at short range; 4 of 12 fall.
    REQUIRE(t.act(request("rifle-fire", {{"short", "4"}}, 11, 2), {6, 6, 6, 6}).result("kills") == 4);
    auto broke = t.act(request("morale", {}, 2), {6, 6});  // +1 +1: 14 > 10
    REQUIRE(broke.result("failed") == 1);
    CHECK(has_step(broke, "Lancers is removed: Commando has no melee left to fight with it"));
    CHECK(t.owed().empty());
    t.to("melee");
    CHECK(t.next_refused() == "not refused");
}

TEST_CASE("turn owed: a charge into the enemy headquarters owes its contact roll in the melee phase (line 280)") {
    Turn t;
    t.to("movement");
    auto charge = t.act(request("move", {{"charge", "10"}}, 2, 16));
    CHECK(has_step(charge, "in the melee phase a die is rolled for each figure touching it"));
    t.to("melee");
    auto owed = t.owed();
    REQUIRE(owed.size() == 1);
    CHECK(owed[0].unit == 2);
    CHECK(owed[0].action == "ghq-assault");
    CHECK_THAT(t.next_refused(), Contains("Lancers: figures in contact with the enemy general headquarters roll for "
                                          "outcomes in the melee phase (II General Headquarters)"));
    auto roll = t.act(request("ghq-assault", {{"figures", "2"}}, 2, 16), {4, 5});  // both driven off
    CHECK(roll.result("moved_away") == 2);
    CHECK(t.owed().empty());
}

TEST_CASE("turn: figures in combat contact are not eligible targets of rifle or MG fire (lines 63, 83)") {
    Turn t;
    t.to("movement");
    t.act(request("move", {{"charge", "10"}}, 2, 11));  // the Lancers in contact with the Commando
    t.to("fire-unmoving");
    const auto ruleset = rulesets::make("edwardian");
    // The record says the Lancers are in contact: the form says so, and the fire is refused.
    CHECK(ruleset->defaults(*ruleset->action("rifle-fire"), t.battle, 13, 2).at("target-in-contact") == "yes");
    CHECK(ruleset->defaults(*ruleset->action("rifle-fire"), t.battle, 13, 1).at("target-in-contact") == "no");
    CHECK_THAT(t.refused(request("mg-fire", {{"short", "2"}}, 13, 2), {1, 6, 6}),
               Contains("Lancers' figures are in combat contact with friendly figures: enemy figures in combat contact "
                        "with friendly figures are not eligible targets (only the unit they charged may fire at them) "
                        "(Edwardian I Machinegun Fire)"));
    CHECK_THAT(t.refused(request("rifle-fire", {{"short", "2"}}, 12, 2), {6, 6}),
               Contains("(Edwardian I Rifle Fire)"));
    // The umpire says these figures are clear of the melee: they may be shot.
    CHECK(t.refused(request("rifle-fire", {{"short", "2"}, {"target-in-contact", "no"}}, 12, 2), {6, 6}) ==
          "not refused");
    // Overruled, it is applied and journaled.
    auto ruled = t.act(overruled(request("mg-fire", {{"short", "2"}}, 13, 2), "the Lancers' rear rank stands clear"),
                       {1, 6, 6});
    CHECK(ruled.result("kills") == 2);
    REQUIRE(ruled.overruled.size() == 1);
    CHECK(ruled.overruled[0].citation == "Edwardian I Machinegun Fire");
}

TEST_CASE("turn: an MG charged fires at its chargers, unless already in contact from a previous turn (line 133)") {
    Turn t;
    t.to("movement");
    t.act(request("move", {{"open", "1"}}, 1));                  // the British move
    t.act(request("move", {{"charge", "6"}}, 15, 3));            // the Dervishes charge the Maxim
    t.to("fire-unmoving");
    // Wherever they crossed its arc: no shortest range for the MG.
    auto fire = t.act(request("mg-fire", {{"medium", "2"}}, 3, 15), {1, 6, 6});
    CHECK(fire.overruled.empty());
    CHECK(has_step(fire, "Maxim fires at Dervishes, who charged it this turn"));
    t.act(request("morale", {}, 15), {1, 1});  // 2 of 30: the check they owe passes
    t.to("melee");
    t.act(request("melee", {{"pairs", "1"}, {"modifiers", ""}, {"enemy-modifiers", ""}}, 15, 3), {4, 4});
    // Turn 2: still in contact with the Dervishes, the Maxim is charged again, by the Mounted Commando.
    t.next();
    t.order({5, 2});
    t.to("movement");
    t.act(request("move", {{"open", "1"}}, 1));
    t.act(request("move", {{"charge", "6"}}, 12, 3));
    t.to("fire-unmoving");
    CHECK_THAT(t.refused(request("mg-fire", {{"short", "2"}}, 3, 12), {1, 6, 6}),
               Contains("Maxim was already in combat contact from a preceding turn: only figures not already in contact "
                        "which are contacted by charges may fire at their attacker (Edwardian I Charges)"));
}

TEST_CASE("turn owed: a gun's loyal crew must fight its swayed crewmen in each melee phase (line 442)") {
    Turn t;
    t.battle.unit(15)->traits["leader"] = "";
    t.to("movement");
    // The Dervishes' leader sways one of the Maxim's three crewmen as the British come near.
    auto sway = t.act(request("sway", {{"figures", "3"}}, 15, 3), {1, 6, 6});
    REQUIRE(sway.result("swayed") == 1);
    t.to("melee");
    auto owed = t.owed();
    REQUIRE(owed.size() == 1);
    CHECK(owed[0].unit == 3);
    CHECK(owed[0].text == "Maxim: the loyal crew must fight it out in melee with the swayed crewmen for control of the gun");
    CHECK_THAT(t.next_refused(), Contains("(III Bolshevik Revolutionaries and Bomb-Throwing Anarchists)"));
    t.act(request("melee", {{"pairs", "1"}, {"modifiers", ""}, {"enemy-modifiers", ""}}, 3, 15), {4, 4});
    CHECK(t.owed().empty());
}

TEST_CASE("turn: army morale at the end of the turn, questions and the campaign in any phase") {
    Turn t;
    t.to("movement");
    CHECK_THAT(t.refused(request("army-morale", {})),
               Contains("Army morale belongs in the Melee, not the Movement: a side with half or more of its units "
                        "removed at the end of the turn has lost (Edwardian II Optional Rule - Army Morale)"));
    for (const std::string phase : {"move-order", "movement", "fire-unmoving", "melee"}) {
        Turn u;
        u.to(phase);
        INFO(phase);
        CHECK(u.refused(request("average-quality", {{"fair", "2"}, {"elite", "1"}})) == "not refused");
        CHECK(u.refused(request("line-of-sight", {})) == "not refused");
        CHECK(u.refused(request("battle-result", {{"ending", "draw"}})) == "not refused");
    }
    t.to("melee");
    CHECK(t.act(request("army-morale", {})).outcome == "Army morale: both armies fight on");
}
