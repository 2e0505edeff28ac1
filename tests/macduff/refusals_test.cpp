// What the MacDuff text forbids a unit this turn is refused, citing the rule and its section, and
// goes ahead when the umpire overrules: an order to act (3.1), activated once (4.1), pinned by a
// charge (5.7), the chance cards that bar activating or moving, shooting once (7.1), return fire
// (7.4), moving after shooting (7.3), one reaction (5.7), one engineering task (11), the hospital's
// one die (12.1), the card in play (4.1).
#include "fixture.h"
#include "turn_table.h"

#include "turn/turn_state.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Flag;

namespace {

// Refused citing `citation` and saying `words`; the same request overruled goes ahead, the
// working naming the overrule.
rules::Resolution refused_then_overruled(const model::Battle& b, const rules::ActionRequest& req, std::vector<int> dice,
                                         const std::string& words, const std::string& citation) {
    return test::refused_then_overruled([&](const rules::ActionRequest& r) { return resolve(b, r, dice); }, req, words,
                                        citation);
}

const rules::ActionRequest shoot = request("shoot", {{"range", "10"}}, 1, 4);
const std::vector<int> six_dice{5, 5, 1, 1, 1, 1};

// The battle in its turn's activation phase (the [turn] table's second phase).
model::Battle in_activation() {
    auto b = frontier_battle();
    b.counters[kit::kPhaseCounter] = 2;
    return b;
}

} // namespace

TEST_CASE("3.1: while the turn runs a unit without an order may only react, in every phase") {
    auto b = in_activation();
    const auto move = request("move", {}, 1);
    refused_then_overruled(b, move, {3, 3}, "2nd Sikhs has not been ordered this turn: a unit without an order may "
                                            "only react that turn", "MacDuff 3.1 Activation");
    refused_then_overruled(b, shoot, six_dice, "a unit without an order may only react", "MacDuff 3.1 Activation");
    // A reaction shot, and a move it must make without an order, need none.
    CHECK(resolve(b, request("shoot", {{"range", "10"}, {"reaction", "yes"}}, 1, 4), six_dice).result("hits") == 2);
    CHECK(resolve(b, request("move", {{"forced", "yes"}}, 1), {3, 3}).result("allowance_tenths") == 60);
    // Ordered by the General (within 12" and in sight): it moves and shoots.
    auto ordered = after(b, resolve(b, request("activate", {{"distance", "4"}}, 1), {}));
    CHECK(resolve(ordered, move, {3, 3}).result("allowance_tenths") == 60);
    CHECK(resolve(ordered, shoot, six_dice).result("hits") == 2);
    // After the activation phase a unit never ordered has still no order (line 42): the melee phase
    // (the [turn] table's third) asks it too. Without the turn engine no order is kept or asked.
    auto melee_phase = frontier_battle();
    melee_phase.counters[kit::kPhaseCounter] = 3;
    refused_then_overruled(melee_phase, move, {3, 3}, "a unit without an order may only react that turn",
                           "MacDuff 3.1 Activation");
    refused_then_overruled(melee_phase, shoot, six_dice, "a unit without an order may only react",
                           "MacDuff 3.1 Activation");
    CHECK(resolve(melee_phase, request("move", {{"forced", "yes"}}, 1), {3, 3}).result("allowance_tenths") == 60);
    CHECK(resolve(frontier_battle(), move, {3, 3}).result("allowance_tenths") == 60);
}

TEST_CASE("3.1, 4.1: a unit that failed its order may only react, until the General orders it") {
    auto b = with_ames();
    // Ames (3) orders the Sikhs from 14": the roll of 3 fails (4-6 needed).
    auto failed = resolve(b, request("activate", {{"distance", "14"}, {"commander", "3"}}, 1), {3});
    CHECK(failed.result("ordered") == 0);
    auto f = after(b, failed);
    refused_then_overruled(f, request("move", {}, 1), {3, 3},
                           "a unit that failed to receive an order may only react that turn", "MacDuff 3.1 Activation");
    refused_then_overruled(f, shoot, six_dice, "failed to receive an order", "MacDuff 3.1 Activation");
    CHECK(resolve(f, request("shoot", {{"range", "10"}, {"reaction", "yes"}}, 1, 4), six_dice).result("hits") == 2);
    // Ames may not try again: only the General may order a unit that failed (4.1).
    refused_then_overruled(f, request("activate", {{"distance", "4"}, {"commander", "3"}}, 1), {},
                           "only the General may order a unit that failed", "MacDuff 4.1 Card Activation");
    // The General does, within 12": the failure is cleared and the unit acts.
    auto general = resolve(f, request("activate", {{"distance", "4"}, {"commander", "1"}}, 1), {});
    CHECK(general.result("ordered") == 1);
    CHECK(find_effect(general, 1, "counter:order-failed-turn")->after == 0);
    CHECK(resolve(after(f, general), request("move", {}, 1), {3, 3}).result("allowance_tenths") == 60);
}

TEST_CASE("4.1: a unit may only be activated once per turn") {
    auto b = frontier_battle();
    const auto order = request("activate", {{"distance", "4"}}, 1);
    auto once = after(b, resolve(b, order, {}));
    auto twice = refused_then_overruled(once, order, {}, "2nd Sikhs has been ordered this turn: a unit may only be "
                                                         "activated once per turn", "MacDuff 4.1 Card Activation");
    CHECK(twice.result("ordered") == 1);
    once.turn = 2;  // the next turn it is activated again
    CHECK(resolve(once, order, {}).result("ordered") == 1);
}

TEST_CASE("5.7: a pinned unit may not be activated, move or shoot, but may shoot as a reaction") {
    auto b = frontier_battle();
    b.unit(1)->set(Flag::Pinned, true);
    const std::string pinned = "2nd Sikhs: a unit contacted by a charge is pinned and may not be activated";
    refused_then_overruled(b, request("activate", {{"distance", "4"}}, 1), {}, pinned, "MacDuff 5.7 Charge Reactions");
    refused_then_overruled(b, request("move", {}, 1), {3, 3}, pinned, "MacDuff 5.7 Charge Reactions");
    auto shot = refused_then_overruled(b, shoot, six_dice, pinned, "MacDuff 5.7 Charge Reactions");
    CHECK(shot.result("hits") == 2);
    CHECK(resolve(b, request("shoot", {{"range", "10"}, {"reaction", "yes"}}, 1, 4), six_dice).result("hits") == 2);
}

TEST_CASE("Ammo Shortage: the unit may not be activated, move or shoot this turn, its fall back is made") {
    auto b = frontier_battle();
    auto card = resolve(b, request("nominate", {{"card", "ammo-shortage"}, {"side", "1"}}, std::nullopt, 4), {});
    auto short_of_ammo = after(b, card);
    const std::string words = "Afridis: Ammo Shortage: it may not be activated this turn";
    const std::string citation = "MacDuff Optional 2 Sample Cards";
    refused_then_overruled(short_of_ammo, request("activate", {{"distance", "2"}}, 4), {}, words, citation);
    refused_then_overruled(short_of_ammo, request("move", {}, 4), {3, 3}, words, citation);
    refused_then_overruled(short_of_ammo, request("shoot", {{"range", "10"}}, 4, 1), six_dice, words, citation);
    // The card's own fall back: the follow-up's values (a maneuver, without an order).
    const rules::FollowUp* fall_back = find_follow_up(card, "move");
    REQUIRE(fall_back);
    CHECK(fall_back->values.at("forced") == "yes");
    rules::ActionRequest back{"move", 4, std::nullopt, fall_back->values, {}};
    CHECK(resolve(short_of_ammo, back, {4, 2}).result("allowance_tenths") == 60);
}

TEST_CASE("For Want of a Nail: no move at all this turn, forced or not, a pursuit is refused") {
    auto b = frontier_battle();
    auto card = resolve(b, request("nominate", {{"card", "for-want-of-a-nail"}, {"side", "1"}}, std::nullopt, 5), {});
    auto nailed = after(b, card);
    const std::string words = "Ghazis: For Want of a Nail: a courier has been delayed and it may not move this turn";
    refused_then_overruled(nailed, request("move", {}, 5), {3, 3}, words, "MacDuff Optional 2 Sample Cards");
    refused_then_overruled(nailed, request("move", {{"forced", "yes"}}, 5), {3, 3}, words,
                           "MacDuff Optional 2 Sample Cards");
    refused_then_overruled(nailed, request("melee", {{"pursuit", "yes"}}, 5, 2), {3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
                           "may not move this turn (For Want of a Nail): no pursuit charge",
                           "MacDuff Optional 2 Sample Cards");
    nailed.turn += 1;  // the next turn it moves again
    CHECK(resolve(nailed, request("move", {}, 5), {3, 3}).result("allowance_tenths") == 60);
}

TEST_CASE("7.1: a unit may only shoot once per turn") {
    auto b = frontier_battle();
    auto once = after(b, resolve(b, shoot, six_dice));
    auto again = refused_then_overruled(once, shoot, six_dice, "2nd Sikhs has fired this turn: a unit may only shoot "
                                                               "once per turn", "MacDuff 7.1 Restrictions");
    CHECK(again.result("hits") == 2);
}

TEST_CASE("5.3: a unit that maneuvered may shoot later only as a reaction") {
    auto b = frontier_battle();
    const auto maneuver = request("move", {{"order", "maneuver"}}, 1);
    auto moved = after(b, resolve(b, maneuver, {3, 3}));
    auto ruled = refused_then_overruled(moved, shoot, six_dice,
                                        "2nd Sikhs has moved (maneuver) this turn: a unit ordered to maneuver may shoot later "
                                        "only as a reaction",
                                        "MacDuff 5.3 Maneuvering");
    CHECK(ruled.result("hits") == 2);
    // As a reaction it may; after a plain move it may shoot as ordered (7.3).
    CHECK(resolve(moved, request("shoot", {{"range", "10"}, {"reaction", "yes"}}, 1, 4), six_dice).result("hits") == 2);
    auto walked = after(b, resolve(b, request("move", {{"order", "move"}}, 1), {3, 3}));
    CHECK(resolve(walked, shoot, six_dice).result("hits") == 2);
}

TEST_CASE("7.4: a unit that used a charge bonus may not return fire") {
    auto b = frontier_battle();
    b.unit(4)->counters["charge-bonus-turn"] = b.turn;
    const auto return_fire = request("shoot", {{"range", "10"}, {"reaction", "yes"}}, 4, 1);
    auto ruled = refused_then_overruled(b, return_fire, six_dice,
                                        "Afridis: a unit that used a charge bonus may not return fire",
                                        "MacDuff 7.4 Return fire");
    CHECK(ruled.result("hits") == 2);
    b.unit(4)->counters["charge-bonus-turn"] = b.turn - 1;  // a charge bonus of another turn
    CHECK(resolve(b, return_fire, six_dice).result("hits") == 2);
}

TEST_CASE("7.3, 5.4: after shooting a unit may move a basic move, but not maneuver or march") {
    const auto move = [](std::string order, std::string fired) {
        return request("move", {{"troop", "formed-infantry"}, {"order", std::move(order)}, {"fired", std::move(fired)}});
    };
    // 2d6 for formed infantry, +1d6 marching.
    auto march = refused_then_overruled(empty_battle(), move("march", "yes"), {3, 3, 2},
                                        "shot this turn: a unit may shoot and then move a basic move but may not "
                                        "shoot then maneuver or march",
                                        "MacDuff 7.3 Fire and movement");
    CHECK(march.result("allowance_tenths") == 80);
    refused_then_overruled(empty_battle(), move("maneuver", "yes"), {3, 3}, "may not shoot then maneuver",
                           "MacDuff 7.3 Fire and movement");
    refused_then_overruled(empty_battle(), move("march", "reaction"), {3, 3, 2},
                           "fired this turn: a unit ordered to march may not shoot that turn", "MacDuff 5.4 Marching");
    // A basic move after shooting, and a maneuver after a reaction shot, are allowed.
    CHECK(resolve(move("move", "yes"), {3, 3}).result("allowance_tenths") == 60);
    CHECK(resolve(move("maneuver", "reaction"), {3, 3}).result("allowance_tenths") == 60);
}

TEST_CASE("5.3: mount or dismount, limber or unlimber, but not both in a turn") {
    auto b = frontier_battle();
    const auto limber = request("move", {{"order", "maneuver"}, {"change", "limber"}}, 3);
    auto limbered = after(b, resolve(b, limber, {3, 3}));
    const auto unlimber = request("move", {{"order", "maneuver"}, {"change", "unlimber"}}, 3);
    auto ruled = refused_then_overruled(limbered, unlimber, {3, 3}, "Mountain Battery has already limbered or "
                                                                    "unlimbered this turn: not both in a turn",
                                        "MacDuff 5.3 Maneuvering");
    CHECK(find_effect(ruled, 3, "counter:limbered")->after == 0);
}

TEST_CASE("5.7: a charged unit reacts in ONE way, each as the text allows it") {
    auto b = frontier_battle();
    const auto react = [](std::string reaction, int unit, int charger, std::map<std::string, std::string> more = {}) {
        more["reaction"] = std::move(reaction);
        return request("charge-reaction", more, unit, charger);
    };
    const std::string citation = "MacDuff 5.7 Charge Reactions";
    auto fired = after(b, resolve(b, react("fire", 1, 5), {}));
    refused_then_overruled(fired, react("fire", 1, 5), {}, "a charged unit reacts in ONE way", citation);
    // Each reaction's own conditions.
    refused_then_overruled(b, react("counter-charge", 5, 2), {4}, "Ghazis may not counter-charge: only cavalry "
                                                                  "counter-charges", citation);
    refused_then_overruled(b, react("counter-charge", 6, 2, {{"from-front", "no"}}), {4},
                           "it was not charged from its front", citation);
    refused_then_overruled(b, react("form-square", 2, 6), {}, "only regular infantry forms square", citation);
    auto regular = b;
    regular.unit(1)->traits["regular"] = "";
    refused_then_overruled(regular, react("form-square", 1, 4), {}, "only when charged by cavalry", citation);
    refused_then_overruled(b, react("fall-back", 5, 1), {2, 3}, "only skirmishers and cavalry evade", citation);
    auto fired_before = b;
    mark(fired_before, 1, kit::Deed::Fired);
    refused_then_overruled(fired_before, react("fire", 1, 5), {}, "it has already fired this turn", citation);
    auto marched = b;
    mark(marched, 1, kit::Deed::Moved, kit::How::March);
    refused_then_overruled(marched, react("fire", 1, 5), {}, "it marched this turn", citation);
    auto activated = b;
    activated.unit(1)->traits["regular"] = "";
    mark(activated, 1, kit::Deed::Activated);
    refused_then_overruled(activated, react("form-square", 1, 6), {}, "it has already been activated this turn",
                           citation);
    auto contact = b;
    contact.unit(6)->counters["melee-with"] = 1;
    refused_then_overruled(contact, react("fall-back", 6, 1), {2, 3, 4}, "it is already in melee contact", citation);
}

TEST_CASE("5.7 without a unit: the row it moves as says which reaction it may make") {
    const auto react = [](std::string reaction, std::string troop) {
        return request("charge-reaction", {{"reaction", std::move(reaction)}, {"troop", std::move(troop)}});
    };
    const std::string citation = "MacDuff 5.7 Charge Reactions";
    auto ruled = refused_then_overruled(empty_battle(), react("counter-charge", "formed-infantry"), {4},
                                        "only cavalry counter-charges, not Formed infantry", citation);
    CHECK(ruled.result("allowance_tenths") == 40);
    CHECK(resolve(react("counter-charge", "formed-cavalry"), {4}).result("allowance_tenths") == 40);
    refused_then_overruled(empty_battle(), react("form-square", "formed-cavalry"), {},
                           "only infantry forms square, not Formed cavalry", citation);
    CHECK_NOTHROW(resolve(request("charge-reaction", {{"reaction", "form-square"}, {"troop", "formed-infantry"},
                                                      {"by-cavalry", "yes"}}),
                          {}));
    refused_then_overruled(empty_battle(), react("fall-back", "formed-infantry"), {3, 3},
                           "only skirmishers and cavalry evade, not Formed infantry", citation);
    CHECK(resolve(react("fall-back", "unformed-cavalry"), {1, 2, 3, 4}).result("allowance_tenths") == 100);
}

TEST_CASE("11: only 1 engineering task can be done in a turn") {
    auto b = frontier_battle();
    b.unit(1)->traits["pioneers"] = "";
    const auto dig = request("engineer", {{"task", "earthworks"}}, 1);
    auto first = resolve(b, dig, {1, 1, 1});  // 12 figures: 3 dice of work
    CHECK(first.result("points") == 3);
    auto ruled = refused_then_overruled(after(b, first), request("engineer", {{"task", "gap"}}, 1), {2, 2, 2},
                                        "2nd Sikhs has worked this turn: only 1 task can be done in a turn",
                                        "MacDuff 11 Engineering");
    CHECK(ruled.result("points") == 6);
}

TEST_CASE("12.1: the field hospital rolls 1 die per turn") {
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Field Hospital", 1, "hospital", "average", "none", 4));
    b.unit(7)->counters["hospital-operating"] = 1;
    b.unit(1)->figures = 10;
    auto first = after(b, resolve(b, request("hospital", {}, 1), {4}));
    CHECK(first.unit(1)->figures == 11);
    auto second = refused_then_overruled(first, request("hospital", {}, 1), {5},
                                         "the field hospital has already rolled this turn: roll 1 die per turn",
                                         "MacDuff 12.1 Hospitals");
    CHECK(find_effect(second, 1, "figures")->after == 12);
}

TEST_CASE("4.1: a commander orders his units when his card is drawn") {
    auto b = with_ames();
    turn::TurnState s;
    s.started = true;
    s.phase = 1;  // the card activation phase (the wind, phase 0, is off)
    s.active_commander = 1;  // the General's card is in play
    b.texts[turn::kTurnText] = turn::to_text(s);
    auto ruled = refused_then_overruled(b, request("activate", {{"distance", "2"}, {"commander", "3"}}, 1), {},
                                        "the card in play is Brigadier's, not Colonel Ames's",
                                        "MacDuff 4.1 Card Activation");
    CHECK(ruled.result("ordered") == 1);
    CHECK(resolve(b, request("activate", {{"distance", "2"}, {"commander", "1"}}, 1), {}).result("ordered") == 1);
}
