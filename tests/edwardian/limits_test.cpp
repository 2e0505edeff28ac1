// What a unit may do in a turn and a phase (reference/edwardian/tables.toml [[limits]] and the
// rules' refusals): each is refused with the rule and its citation, and goes ahead when the umpire
// overrules. Fixed dice; the turn engine's phase is the battle counter "phase" (3: fire by
// unmoving figures, 4: fire by moving figures, 5: melee).
#include "fixture.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;
using namespace umpire::test;
using Catch::Contains;

namespace {

model::Battle in_phase(int phase, int turn = 3) {
    auto b = veldt_battle();
    b.turn = turn;
    b.counters["phase"] = phase;
    return b;
}

rules::ActionRequest volley(int figures, int unit = 1, int target = 11) {
    return request("rifle-fire", {{"figures", std::to_string(figures)}, {"range", "20"}}, unit, target);
}

} // namespace

TEST_CASE("lines 47, 63-65: each figure fires once a turn") {
    auto b = in_phase(3);
    apply(b, resolve(b, volley(12), std::vector<int>(12, 1)));
    apply(b, resolve(b, volley(12, 1, 12), std::vector<int>(12, 1)));  // a second target: the other 12
    // Three volleys of 12 from 24 figures: the third is refused.
    CHECK_THAT(refusal_of(b, volley(12), std::vector<int>(12, 1)),
               Contains("24 of Guards's 24 figures fired this turn; 12 more cannot: each figure fires once a turn: with "
                        "the unmoving figures in phase 3 or the moving figures in phase 4 (Edwardian I Turn Sequence "
                        "3-4, I Rifle Fire)"));
    const auto third = request("rifle-fire", {{"short", "12"}}, 1, 11);
    auto ruled = resolve(b, overruled(third, "a second volley at the gallop"), std::vector<int>(12, 6));
    CHECK(ruled.result("kills") == 12);
    REQUIRE(ruled.overruled.size() == 1);
    CHECK_THAT(ruled.overruled[0].text, Contains("each figure fires once a turn"));
}

TEST_CASE("lines 47, 63-65: figures by band count alone, the form's figures at a range need the range") {
    auto b = in_phase(3);
    apply(b, resolve(b, volley(20), std::vector<int>(20, 1)));
    // As the form and the command line send it: the unit's 24 figures at a range by default, and
    // 4 typed at short range with no range. The 4 fire: the last 4 of the 24.
    const auto ruleset = rulesets::make("edwardian");
    auto by_band = request("rifle-fire", {{"short", "4"}}, 1, 11);
    for (const auto& [id, value] : ruleset->defaults(*ruleset->action("rifle-fire"), b, 1, 11))
        by_band.values.emplace(id, value);
    REQUIRE(by_band.values["figures"] == "24");
    CHECK(refusal_of(b, by_band, {6, 6, 6, 6}) == "not refused");
    apply(b, resolve(b, by_band, {6, 6, 6, 6}));
    CHECK_THAT(refusal_of(b, by_band, {6}), Contains("24 of Guards's 24 figures fired this turn; 4 more cannot"));
}

TEST_CASE("lines 47, 63-65: figures killed this phase still fire once, not in a later phase") {
    auto b = in_phase(3);
    // The Guards lost 4 to fire in this phase: 24 may still fire, as two volleys of 12.
    auto hit = resolve(b, request("rifle-fire", {{"short", "4"}}, 11, 1), {6, 6, 6, 6});
    apply(b, hit);
    CHECK(b.unit(1)->figures == 20);
    apply(b, resolve(b, volley(12), std::vector<int>(12, 1)));
    CHECK(refusal_of(b, volley(12, 1, 12), std::vector<int>(12, 1)) == "not refused");
    apply(b, resolve(b, volley(12, 1, 12), std::vector<int>(12, 1)));
    CHECK_THAT(refusal_of(b, volley(1), {1}), Contains("24 of Guards's 24 figures fired this turn; 1 more cannot"));
    // Next turn the fallen are gone: 20 figures fire, not 24.
    b.turn = 4;
    CHECK_THROWS_WITH(resolve(b, volley(24), std::vector<int>(24, 1)),
                      Contains("Guards has 20 on the table"));
}

TEST_CASE("lines 47-48: phase 3 is fire by unmoving figures, phase 4 by moving figures") {
    auto moved = in_phase(3);
    mark(moved, 1, kit::Deed::Moved);
    CHECK_THAT(refusal_of(moved, volley(4), {1, 1, 1, 1}),
               Contains("Guards has moved this turn: phase 3 is fire by unmoving figures; moved figures fire in phase 4 "
                        "(Edwardian I Turn Sequence 3)"));
    CHECK_FALSE(resolve(moved, overruled(volley(4)), {1, 1, 1, 1}).overruled.empty());
    // Figures of a moving unit declared stationary fire with the unmoving (line 46).
    auto stationary = volley(4);
    stationary.values["stationary"] = "yes";
    CHECK(refusal_of(moved, stationary, {1, 1, 1, 1}) == "not refused");

    auto stood = in_phase(4);
    mark(stood, 1, kit::Deed::Moved, kit::How::Stood);
    CHECK_THAT(refusal_of(stood, volley(4), {1, 1, 1, 1}),
               Contains("phase 4 is fire by moving figures; unmoving figures fired in phase 3 (Edwardian I Turn "
                        "Sequence 4)"));
    // An MG that did not move fired in phase 3; in phase 4 its place refuses it (turn_test.cpp, "machineguns
    // and artillery fire with the unmoving figures or not at all", plays it through the turn engine).
    auto moving = in_phase(4);
    mark(moving, 1, kit::Deed::Moved);
    CHECK(resolve(moving, request("rifle-fire", {{"short", "4"}}, 1, 11), {6, 5, 4, 1}).result("kills") == 2);
}

TEST_CASE("lines 49, 81, 101: MGs and guns that moved this turn do not fire") {
    auto b = in_phase(3);
    mark(b, 4, kit::Deed::Moved);
    const auto fire = request("artillery-fire", {{"range", "50"}}, 4);
    CHECK_THAT(refusal_of(b, fire, {3, 3}),
               Contains("Field Battery has moved this turn: machineguns and artillery may not fire in a turn in which "
                        "they move"));
    auto ruled = resolve(b, overruled(fire, "it only turned in place"), {3, 3});
    CHECK(ruled.outcome == "Field Battery: shell lands on the target point");
    // Without a battle the form's "Moved this turn" says it.
    CHECK_THAT(refusal_of(empty_battle(), request("mg-fire", {{"short", "2"}, {"moved", "yes"}}), {1, 4, 4}),
               Contains("The MG moved this turn: machineguns and artillery may not fire in a turn in which they move "
                        "(Edwardian I Machinegun Fire)"));
    CHECK(resolve(overruled(request("mg-fire", {{"short", "2"}, {"moved", "yes"}})), {1, 4, 4}).result("kills") == 2);
    CHECK_THAT(refusal_of(empty_battle(), request("solid-shot", {{"moved", "yes"}}), {3, 2}),
               Contains("(Edwardian I Artillery Fire)"));
}

TEST_CASE("lines 121, 131: charging figures do not fire and get no cover") {
    auto b = in_phase(3);
    mark(b, 12, kit::Deed::Moved, kit::How::Charge);
    mark(b, 12, kit::Deed::Charged);
    auto b4 = b;
    b4.counters["phase"] = 4;
    CHECK_THAT(refusal_of(b4, request("rifle-fire", {{"short", "2"}}, 12, 1), {6, 6}),
               Contains("Mounted Commando has charged this turn: charging figures do not fire in the turn in which "
                        "they charge (Edwardian I Charges)"));
    // The Guards' defensive fire at the chargers, who charged them (as a move charging them records
    // it): no cover for them.
    b.unit(1)->counters["charged-by"] = 12;
    b.unit(1)->counters["charged-at"] = b.turn;
    const auto at_chargers = request("rifle-fire", {{"short", "2"}, {"modifiers", "soft-cover,target-cavalry"}}, 1, 12);
    CHECK_THAT(refusal_of(b, at_chargers, {4, 4}),
               Contains("Mounted Commando charged this turn: charging figures do not get the benefit of terrain or "
                        "cover of any sort (Target in soft cover) (Edwardian I Charges)"));
    // Overruled, the cover counts: soft cover -1, cavalry +1, kills on 4.
    CHECK(resolve(b, overruled(at_chargers), {4, 3}).result("kills") == 1);
    // Without it: cavalry +1, open order -1 (the defaults).
    CHECK(resolve(b, request("rifle-fire", {{"short", "2"}}, 1, 12), {4, 3}).result("kills") == 1);
    // The MG (at figures of theirs the umpire says are clear of the contact), the guns' hits, and
    // terrain advantage in melee alike.
    CHECK_THAT(refusal_of(b, request("mg-fire", {{"short", "1"}, {"modifiers", "hard-cover"}, {"target-in-contact", "no"}}, 3, 12),
                          {1, 6}),
               Contains("do not get the benefit of terrain or cover"));
    CHECK_THAT(refusal_of(b, request("shell-hits", {{"figures", "1"}, {"modifiers", "soft-cover"}}, 4, 12), {6}),
               Contains("(Soft cover)"));
    auto melee = in_phase(5);
    mark(melee, 11, kit::Deed::Charged);
    CHECK_THAT(refusal_of(melee, request("melee", {{"pairs", "1"}, {"modifiers", "terrain-advantage"}}, 11, 1), {4, 4}),
               Contains("Commando charged this turn"));
    // The defenders keep theirs.
    CHECK(refusal_of(melee, request("melee", {{"pairs", "1"}, {"enemy-modifiers", "terrain-advantage"}}, 11, 1),
                     {4, 4}) == "not refused");
}

TEST_CASE("lines 39, 63, 280: the headquarters is a marker: not shot, shelled or meleed, only contacted") {
    auto b = in_phase(3);
    const std::string words = "Boer Headquarters: the general headquarters is a marker: it is not shot at, shelled or "
                              "meleed; figures that touch it roll on its table (Headquarters contact) (Edwardian I "
                              "Troops, II General Headquarters)";
    CHECK(refusal_of(b, request("rifle-fire", {{"short", "2"}}, 1, 16), {6, 6}) == words);
    CHECK(refusal_of(b, request("mg-fire", {{"short", "3"}}, 3, 16), {1, 6, 6, 6}) == words);
    CHECK(refusal_of(b, request("shell-hits", {{"figures", "3"}}, 4, 16), {6, 6, 6}) == words);
    CHECK(refusal_of(in_phase(5), request("melee", {{"pairs", "1"}}, 1, 16), {6, 1}) == words);
    CHECK(resolve(b, overruled(request("rifle-fire", {{"short", "2"}}, 1, 16)), {6, 6}).result("kills") == 2);
    // Contact is its own table.
    CHECK(refusal_of(in_phase(5), request("ghq-assault", {{"figures", "2"}}, 1, 16), {2, 4}) == "not refused");
    // And it neither moves nor attacks.
    CHECK_THAT(refusal_of(b, request("move", {{"open", "2"}}, 8), {}),
               Contains("Headquarters: the general headquarters marks where the headquarters is: it neither moves nor "
                        "attacks (Edwardian I Troops)"));
    CHECK_THAT(refusal_of(in_phase(5), request("melee", {{"pairs", "1"}}, 16, 1), {6, 1}),
               Contains("neither moves nor attacks"));
}

TEST_CASE("line 115: zeroing in counts turns, a second firing in one turn is refused") {
    auto b = in_phase(3);
    const auto fire = request("artillery-fire", {{"range", "50"}}, 4);
    auto first = resolve(b, fire, {1, 1});
    CHECK(first.result("firing") == 1);
    CHECK(first.result("lateral_tenths") == -40);  // medium bracket: twice 2" left
    apply(b, first);
    CHECK_THAT(refusal_of(b, fire, {1, 1}),
               Contains("Field Battery has fired this turn: a gun fires once a turn, in the fire of the unmoving figures "
                        "(Edwardian I Turn Sequence, I Artillery Fire)"));
    // Overruled, it is still this turn's firing: no zeroing in.
    auto again = resolve(b, overruled(fire), {1, 1});
    CHECK(again.result("firing") == 1);
    CHECK(again.result("lateral_tenths") == -40);
    CHECK_THROWS_WITH(resolve(b, overruled(request("artillery-fire", {{"range", "50"}, {"firing", "2"}}, 4)), {1, 1}),
                      Contains("this is at most its firing 1 there"));
    // The next turn at the same point is the second firing: each die adjusted 1.
    b.turn = 4;
    auto second = resolve(b, request("artillery-fire", {}, 4), {1, 1});
    CHECK(second.result("firing") == 2);
    CHECK(second.result("lateral_tenths") == -20);
    // Without a battle the umpire says which firing it is; "same point" is no longer a silent yes.
    auto third = resolve(request("artillery-fire", {{"range", "50"}, {"firing", "3"}}), {1, 6});
    CHECK(third.result("lateral_tenths") == 0);
    CHECK(third.result("over_tenths") == 0);
    CHECK_THROWS_AS(resolve(request("artillery-fire", {{"range", "50"}, {"same-point", "yes"}}), {1, 1}),
                    rules::InputError);
}

TEST_CASE("line 298: muzzle-loaders fire every other turn, reloading takes the move") {
    auto b = in_phase(3);
    const auto fire = request("artillery-fire", {{"range", "20"}}, 6);
    apply(b, resolve(b, fire, {3, 3}));
    // Loading after firing this turn: the gun's move came before its fire.
    CHECK_THAT(refusal_of(b, request("load-gun", {}, 6), {}),
               Contains("Naval Brigade has fired this turn: loading takes the gun's entire move"));
    b.turn = 4;
    b.counters["phase"] = 3;
    CHECK_THAT(refusal_of(b, fire, {3, 3}),
               Contains("Naval Brigade is a muzzle-loader and is empty: it takes an entire move to reload (Load a "
                        "muzzle-loader) and fires the turn after (Edwardian II Obsolete Weaponry, Artillery Equipment "
                        "Types)"));
    b.counters["phase"] = 2;
    apply(b, resolve(b, request("load-gun", {{"round", "canister"}}, 6), {}));
    // Loading was its move: no move besides, and no fire this turn.
    CHECK_THAT(refusal_of(b, request("move", {{"open", "1"}}, 6), {}),
               Contains("Naval Brigade has moved (stood) this turn"));
    b.counters["phase"] = 3;
    const auto canister = request("canister", {{"figures", "2"}}, 6, 11);
    CHECK_THAT(refusal_of(b, canister, {6, 6}),
               Contains("a muzzle-loader takes an entire move to reload and fires the turn after: only every other "
                        "turn"));
    // Loaded with canister, it may not fire shell.
    b.turn = 5;
    CHECK_THAT(refusal_of(b, fire, {3, 3}), Contains("is loaded with Canister, not Shell: the type of fire is stated "
                                                     "when the gun is loaded"));
    CHECK(resolve(b, canister, {4, 4}).result("kills") == 2);
    // A gun that stood or moved this turn has spent its move.
    auto stood = in_phase(2, 4);
    stood.unit(6)->counters["loaded"] = -1;
    mark(stood, 6, kit::Deed::Moved, kit::How::Stood);
    CHECK_THAT(refusal_of(stood, request("load-gun", {}, 6), {}), Contains("Naval Brigade has moved (stood) this turn"));
    CHECK_FALSE(resolve(stood, overruled(request("load-gun", {}, 6)), {}).overruled.empty());
}

TEST_CASE("I Transferring Figures: a gun claimed this turn neither moves nor fires, a jammed MG does not fire") {
    auto b = in_phase(3);
    b.unit(13)->figures = 0;
    b.unit(13)->set(model::Flag::Routed, true);
    b.unit(13)->counters["abandoned"] = 1;
    auto claim = resolve(b, request("claim-gun", {{"crew", "2"}}, 1, 13), {});
    apply(b, claim);
    const int pom_pom = claim.result("unit");
    CHECK_THAT(refusal_of(b, request("mg-fire", {{"short", "1"}}, pom_pom, 11), {1, 6}),
               Contains("a unit formed by claiming an abandoned gun may neither move nor fire in the turn in which it "
                        "is formed (Edwardian I Transferring Figures Between Units)"));
    CHECK_THAT(refusal_of(b, request("move", {{"open", "1"}}, pom_pom), {}), Contains("may neither move nor fire"));
    b.turn = 4;
    CHECK(refusal_of(b, request("mg-fire", {{"short", "1"}}, pom_pom, 11), {1, 6}) == "not refused");

    auto jam = in_phase(3);
    apply(jam, resolve(jam, request("mg-fire", {{"short", "2"}}, 3, 11), {6}));
    CHECK_THAT(refusal_of(jam, request("mg-fire", {{"short", "2"}}, 3, 12), {1, 1, 1}),
               Contains("Maxim: a jammed machinegun may not fire this turn (Edwardian I Machinegun Fire)"));
}

TEST_CASE("R8, R10: an MG's and a Mad Minute's sweep is one action per unit in the arc, in one phase") {
    auto b = in_phase(3);
    apply(b, resolve(b, request("mg-fire", {{"short", "2"}}, 3, 11), {2, 6, 6}));
    // The next unit in the arc: no second jam roll, not refused.
    auto next = resolve(b, request("mg-fire", {{"short", "1"}}, 3, 12), {5});
    CHECK(next.overruled.empty());
    CHECK(dice_rolled(next) == 1);

    auto mad = in_phase(3);
    apply(mad, resolve(mad, request("mad-minute", {{"short", "2"}}, 1, 15), {4, 4, /*pause*/ 2}));
    auto more = resolve(mad, request("mad-minute", {{"short", "1"}}, 1, 11), {6});
    CHECK(dice_rolled(more) == 1);  // the sweep shares its pause die
    CHECK(has_step(more, "More of the Mad Minute's sweep this phase"));
    apply(mad, more);
    CHECK(kit::done(mad, *mad.unit(1), kit::Deed::Fired, kit::Within::Phase).count == 24);
    // A later phase of the turn is fire again: refused by the pause.
    mad.counters["phase"] = 4;
    mark(mad, 1, kit::Deed::Moved);
    CHECK_THAT(refusal_of(mad, request("mad-minute", {{"short", "1"}}, 1, 11), {6}),
               Contains("Guards fired the Mad Minute in turn 3: it may not fire again in any fashion until its "
                        "ammunition is brought up, in turn 6 (Edwardian II Optional Rule - The Mad Minute)"));
    // Figures that fired rifles this turn cannot join a Mad Minute.
    auto rifles = in_phase(3);
    apply(rifles, resolve(rifles, volley(4), {1, 1, 1, 1}));
    CHECK_THAT(refusal_of(rifles, request("mad-minute", {{"short", "1"}}, 1, 15), {6, 3}),
               Contains("4 figures of Guards fired this turn: each figure fires once a turn, and the Mad Minute is the "
                        "fire of the whole unit"));
}

TEST_CASE("line 312: canister reaches every figure in the arc within 8\", friends too, as one shot") {
    auto b = in_phase(3);
    b.unit(6)->counters["loaded"] = 2;  // canister
    const auto ruleset = rulesets::make("edwardian");
    const auto candidates = ruleset->target_candidates(*ruleset->action("canister"), b, 6);
    CHECK(std::find(candidates.begin(), candidates.end(), 1) != candidates.end());
    auto enemy = resolve(b, request("canister", {{"figures", "3"}}, 6, 11), {4, 4, 1});
    CHECK(enemy.result("kills") == 2);
    apply(b, enemy);
    // The same shot reaches the Guards in front of it: their figures roll too, nothing refused.
    auto friends = resolve(b, request("canister", {{"figures", "2"}}, 6, 1), {5, 1});
    CHECK(friends.overruled.empty());
    CHECK(friends.result("kills") == 1);
    CHECK(has_step(friends, "friend or foe"));
    CHECK(find_effect(friends, 1, "figures")->after == 23);
    // A second shot is another turn's (phase 4 is refused by the phase's own limit, so: melee).
    b.counters["phase"] = 5;
    CHECK_THAT(refusal_of(b, request("canister", {{"figures", "1"}}, 6, 11), {6}),
               Contains("Naval Brigade has fired this turn: a gun fires once a turn"));
}
