// The turn keeps order (I Turn Sequence, lines 45-49): where each action belongs ([turn] places in
// reference/edwardian/tables.toml), refused elsewhere with the place's rule and applied when the
// umpire overrules, journaled in the working. The battle is played through the turn engine, in
// order, with fixed dice.
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
