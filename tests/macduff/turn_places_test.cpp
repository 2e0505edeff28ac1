// Where each MacDuff action belongs in the turn ([[turn.places]] of tables.toml, rulings.md R63),
// played through the turn engine on the frontier battle: refused out of its phase or by the side
// that is not acting, naming the place's rule, and applied when the umpire overrules, journaled with
// the entry. Lines are the seed text's.
#include "turn_table.h"

#include "turn/places.h"

using namespace umpire;
using namespace umpire::test;

namespace {

// The General orders a unit within 12" and in sight: no roll (3.1).
rules::ActionRequest order(int unit, int general) {
    return request("activate", {{"distance", "4"}, {"commander", std::to_string(general)}}, unit);
}
// A rifle or jezzail volley at 10": 12 figures, 6 dice, a 5 or 6 hits (7.5, 7.7).
rules::ActionRequest volley(int unit, int target, bool reaction = false) {
    return request("shoot", {{"range", "10"}, {"reaction", reaction ? "yes" : "no"}}, unit, target);
}
const std::vector<int> two_hits{5, 6, 1, 1, 1, 1};

} // namespace

TEST_CASE("4.1: in the activation phase the side activating orders, shoots and moves, the other only reacts") {
    TurnTable t;
    t.start_initiative();  // the Field Force activates first
    CHECK(t.apply(order(1, 1)).result("ordered") == 1);
    CHECK(t.apply(order(2, 1)).result("ordered") == 1);
    CHECK(t.apply(volley(1, 4), two_hits).result("hits") == 2);
    // Line 41, 45: the Lashkar's General may not order the Afridis while the Field Force activates.
    auto ruled = refused_then_overruled(t.with({}), order(4, 2),
                                        "it is Field Force's activation, not Lashkar's: when a card is drawn its player "
                                        "may activate a commander",
                                        "MacDuff 4.1 Card Activation, 3.2 Moving");
    CHECK(ruled.result("ordered") == 1);
    // Line 135: the Afridis, fired at, return fire at the 2nd Sikhs; at anyone else they may not.
    // Down to 10 figures: 5 dice.
    const std::vector<int> five{5, 6, 1, 1, 1};
    CHECK(t.resolve(volley(4, 1, true), five).result("hits") == 2);
    refused_then_overruled(t.with(five), volley(4, 2, true),
                           "Afridis answers the shoot of 2nd Sikhs, not of Gordons: a unit which is fired at may react by "
                           "returning fire",
                           "MacDuff 7.4 Return fire, 5.7 Charge Reactions");
    // The Pathan Horse were neither fired at nor charged: nothing to react to (8 carbines at 10",
    // long range: 2 dice).
    refused_then_overruled(t.with({1, 1}), volley(6, 1, true),
                           "Pathan Horse has met no shoot or move this phase to react to",
                           "MacDuff 7.4 Return fire, 5.7 Charge Reactions");
    // The Lashkar's turn: now the Afridis are ordered, and the Gordons, ordered in their own, may
    // not shoot.
    t.step(turn::side_done(t.battle, t.rules));
    CHECK(t.apply(order(4, 2)).result("ordered") == 1);
    refused_then_overruled(t.with(two_hits), volley(2, 4),
                           "it is Lashkar's activation, not Field Force's: when ordered a unit may shoot and move",
                           "MacDuff 4.1 Card Activation");
}

TEST_CASE("5.7: only the unit charged reacts, to the unit that charged it, evading, it is not pinned") {
    TurnTable t;
    t.start_initiative();
    t.apply(order(2, 1));
    // The Gordons charge the Pathan Horse 6" away: 2d6 + 1d6 charging, 9" (5.6): home, pinned.
    const auto charge = request("move", {{"order", "charge"}, {"distance", "6"}}, 2, 6);
    CHECK(t.apply(charge, {3, 3, 3}).result("reaches") == 1);
    CHECK(t.battle.unit(6)->has(model::Flag::Pinned));
    const auto fall_back = [](int unit, int charger) {
        return request("charge-reaction", {{"reaction", "fall-back"}}, unit, charger);
    };
    refused_then_overruled(t.with({2, 3}), fall_back(5, 2),  // 2d6 as formed infantry, overruled
                           "Ghazis has met no move this phase to react to: the enemy may react in one of these ways if "
                           "it is charged",
                           "MacDuff 5.7 Charge Reactions");
    // Line 116: the horse evade a full move, 3d6 as formed cavalry: 9"; not contacted, not pinned.
    const auto evaded = t.apply(fall_back(6, 2), {2, 3, 4});
    CHECK(evaded.result("allowance_tenths") == 90);
    CHECK_FALSE(t.battle.unit(6)->has(model::Flag::Pinned));
    CHECK(unit_counter(t.battle, 6, "charged-by") == 0);
}

TEST_CASE("4.1, 3.1: after the activation phase a unit never ordered neither shoots nor moves (lines 31, 42)") {
    TurnTable t;
    t.start_initiative();
    t.to_melee();
    // The Gordons were never ordered. A shot in the melee phase is out of its place and without an
    // order: both refused, both overruled and journaled.
    try {
        t.resolve(volley(2, 4), two_hits);
        FAIL("not refused");
    } catch (const rules::Refusal& e) {
        CHECK(e.rule() == "Shooting belongs in the Initiative activation, not the Melee phase: when ordered a unit may "
                          "shoot and move");
        CHECK(e.citation() == "MacDuff 4.1 Card Activation");
    }
    const auto shot = t.resolve(overruled(volley(2, 4), "a late volley, by agreement"), two_hits);
    CHECK(shot.result("hits") == 2);
    REQUIRE(shot.overruled.size() == 2);
    CHECK(shot.overruled[0].citation == "MacDuff 4.1 Card Activation");
    CHECK(shot.overruled[1].citation == "MacDuff 3.1 Activation");
    CHECK(shot.overrule == "a late volley, by agreement");
    // A move too; a move the rules force is made in any phase, without an order (line 197).
    CHECK_THROWS_WITH(t.resolve(request("move", {}, 2), {3, 3}),
                      Catch::Contains("Movement belongs in the Initiative activation, not the Melee phase"));
    CHECK(t.resolve(request("move", {{"forced", "yes"}}, 2), {3, 3}).result("allowance_tenths") == 60);
}

TEST_CASE("4.2, 11, 7.11: melee, engineering and fire-fighting belong in the melee phase (lines 48, 186, 209)") {
    TurnTable t;
    t.battle.unit(1)->traits["pioneers"] = "";
    t.battle.unit(3)->counters["town-fire"] = 1;  // the battery holds a burning town
    t.start_initiative();
    // The Gordons (elite, 12: 6 dice at +1) and the Ghazis (12: 6 dice): three natural 6s are 3 hits.
    const auto melee = request("melee", {}, 2, 5);
    const std::vector<int> melee_dice{6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    auto early = refused_then_overruled(t.with(melee_dice), melee,
                                        "Melee belongs in the Melee phase, not the Initiative activation: resolve melee "
                                        "for all units in contact, then conduct any pursuits",
                                        "MacDuff 4.2 Melee Phase");
    CHECK(early.result("hits") == 3);
    // 12 pioneers: 3 dice of work.
    const auto dig = request("engineer", {{"task", "earthworks"}}, 1);
    refused_then_overruled(t.with({1, 2, 3}), dig,
                           "Engineering work belongs in the Melee phase, not the Initiative activation: pioneers work "
                           "during the melee phase",
                           "MacDuff 11 Engineering, 7.11 Fires");
    const auto fight = request("fight-fire", {}, 3);
    refused_then_overruled(t.with({4}), fight, "Fight a fire belongs in the Melee phase",
                           "MacDuff 11 Engineering, 7.11 Fires");
    // In the melee phase each is taken, by either side.
    t.to_melee();
    CHECK(t.resolve(melee, melee_dice).result("hits") == 3);
    CHECK(t.resolve(request("melee", {}, 5, 2), {1, 1, 1, 1, 1, 1, 6, 6, 6, 1, 1, 1}).result("hits_taken") == 3);
    CHECK(t.resolve(dig, {1, 2, 3}).result("points") == 6);
    CHECK(t.resolve(fight, {4}).result("put_out") == 1);  // 4 gunners: 1 die, a 4 puts it out
}

TEST_CASE("Seizing the Moment: a unit of the side not active is activated out of turn, as the card says") {
    TurnTable t;
    t.start_initiative();
    // The Field Force draws the card and names the Afridis (lines 292, 333).
    const auto card = request("nominate", {{"card", "seizing-the-moment"}, {"side", "1"}}, std::nullopt, 4);
    CHECK(has_follow_up(t.resolve(card), "activate", 4));
    // Without it the Lashkar may not activate them now.
    CHECK_THROWS_WITH(t.resolve(order(4, 2)), Catch::Contains("it is Field Force's activation, not Lashkar's"));
    t.apply(card);
    CHECK(t.resolve(order(4, 2)).result("ordered") == 1);
    // The Ghazis were not named.
    CHECK_THROWS_WITH(t.resolve(order(5, 2)), Catch::Contains("it is Field Force's activation, not Lashkar's"));
}

TEST_CASE("Chance cards are played in the activation phase, where they are drawn (line 238)") {
    TurnTable t;
    t.start_initiative();
    const auto huzzah = request("huzzah", {{"side", "2"}, {"use", "melee"}}, 6);
    CHECK_NOTHROW(t.resolve(huzzah));  // either side's card, as it comes
    t.to_melee();
    CHECK_THROWS_WITH(t.resolve(huzzah), Catch::Contains("belongs in the Initiative activation, not the Melee phase") &&
                                             Catch::Contains("MacDuff Optional 1 Chance Cards"));
}

TEST_CASE("R63: demolition charges are blown when the player says, a house rule keeps them to the melee phase") {
    const auto blow = request("blow-charges", {{"target", "house"}}, 4);
    const auto laid = [] {
        auto b = with_ames();
        b.unit(4)->traits["pioneers"] = "";
        b.unit(4)->counters["done:demolition-charge"] = 1;
        return b;
    };
    // Line 212: 1d6 per charge: a 6 breaches a fortified house (6 points). The Lashkar blow theirs
    // while the Field Force activates.
    TurnTable t(laid());
    t.start_initiative();
    CHECK(t.resolve(blow, {6}).result("success") == 1);
    TurnTable house(laid(), "[[turn.places]]\nid = \"blow-charges\"\nphases = [\"melee\"]\n");
    house.start_initiative();
    CHECK_THROWS_WITH(house.resolve(blow, {6}),
                      Catch::Contains("Blow the charges belongs in the Melee phase, not the Initiative activation"));
    house.to_melee();
    CHECK(house.resolve(blow, {6}).result("success") == 1);
}

TEST_CASE("What follows from what happens is taken in any phase, by either side") {
    TurnTable t;
    t.start_initiative();
    // Hits the app did not roll (a rogue rocket) on a Lashkar unit while the Field Force activates,
    // and again in the melee phase: 1 figure each (9.1).
    const auto hit = request("casualties", {{"hits", "1"}}, 5);
    CHECK(find_effect(t.apply(hit), 5, "figures")->after == 11);
    t.to_melee();
    CHECK(find_effect(t.apply(hit), 5, "figures")->after == 10);
    const turn::TurnRules& rules = t.rules;
    for (const char* action : {"rally", "steady-men", "casualties", "off-table", "army-morale", "commander-lost",
                               "capture", "capture-unit", "hospital", "detach", "rejoin", "blow-charges"}) {
        INFO(action);
        const auto places = turn::places_of(rules, action);
        REQUIRE(places.size() == 1);
        CHECK(places[0]->phases.empty());
        CHECK(places[0]->by == turn::PlaceBy::Either);
    }
}

TEST_CASE("4.1: the activation phase cites the initiative method when it is played by it") {
    TurnTable t;
    t.start_initiative();
    CHECK(t.status().phase_name == "Initiative activation");
    CHECK(t.status().citation == "4.1 Initiative Method");
    TurnTable cards;
    turn::TurnOptions o;
    o.seed = 7;
    cards.step(turn::configure(cards.battle, cards.rules, o));
    const auto begun = turn::next_phase(cards.battle, cards.rules);
    cards.step(begun);
    CHECK(cards.status().citation == "4.1 Card Activation");
    // The step that begins it says so, with the method's own rule.
    bool initiative_cited = false;
    TurnTable again;
    o.activation = "initiative";
    again.step(turn::configure(again.battle, again.rules, o));
    for (const auto& s : turn::next_phase(again.battle, again.rules).resolution.steps)
        initiative_cited = initiative_cited || (s.text.rfind("Initiative activation:", 0) == 0 &&
                                                s.citation == "4.1 Initiative Method");
    CHECK(initiative_cited);
}

TEST_CASE("7.10: breaching fire's working speaks of one battery") {
    const auto r = resolve(request("breach", {{"range", "4"}, {"gun", "light"}, {"line-of-sight", "yes"}}), {6});
    CHECK(r.outcome == "The battery breaches the wall");
    CHECK(resolve(request("breach", {{"range", "4"}, {"gun", "light"}, {"line-of-sight", "yes"}}), {5}).outcome ==
          "The battery fails to breach");
}

TEST_CASE("3.2, 7.9, 7.10: commanders join and leave units when activated, breaching is a shot, overhead fire asks") {
    TurnTable t;
    t.start_initiative();
    // Line 32: Colonel Ames joins the 2nd Sikhs as the Field Force activates; the Malik may not join
    // the Afridis now, in the Field Force's activation.
    const auto join = [](int unit, int commander) {
        return request("join", {{"distance", "3"}, {"commander", std::to_string(commander)}}, unit);
    };
    CHECK(t.apply(join(1, 3)).result("joined") == 1);
    refused_then_overruled(t.with({}), join(4, 2), "it is Field Force's activation, not Lashkar's",
                           "MacDuff 4.1 Card Activation, 3.2 Moving");
    // Line 185: the Mountain Battery's breaching dice are its shot, taken when ordered: not in the
    // melee phase. Line 184: overhead fire is asked of a shot, by either side, in the activation phase.
    const auto breach = request("breach", {{"range", "4"}, {"line-of-sight", "yes"}}, 3);
    const auto overhead = request("overhead-fire", {{"weapon", "foot-artillery"}, {"range", "30"}, {"on-hill", "yes"},
                                                    {"friends-lower", "yes"}, {"gun-to-friends", "4"},
                                                    {"friends-to-enemy", "20"}},
                                  4);
    CHECK(t.resolve(overhead).outcome == "Overhead fire allowed");
    t.to_melee();
    refused_then_overruled(t.with({6}), breach, "Breaching fire belongs in the Initiative activation, not the Melee phase",
                           "MacDuff 4.1 Card Activation");
    refused_then_overruled(t.with({}), overhead, "Overhead fire belongs in the Initiative activation, not the Melee phase",
                           "MacDuff 7.9 Overhead Fire, 4.1 Card Activation");
    // Leaving the unit he joined is a commander's move, made when activated (R63): in turn 2's
    // melee phase Ames may not go.
    t.next();
    dice::TypedDice order_dice({6, 2});
    t.step(turn::roll_order(t.battle, t.rules, order_dice, {}, true));
    t.to_melee();
    refused_then_overruled(t.with({}), request("leave-unit", {{"commander", "3"}}, 1),
                           "Commander leaves a unit belongs in the Initiative activation, not the Melee phase",
                           "MacDuff 4.1 Card Activation, 3.2 Moving");
}

TEST_CASE("Seizing the Moment: the unit ordered out of turn shoots, the unit it fires at returns fire") {
    TurnTable t;
    t.start_initiative();  // the Field Force activates
    // 3.1, 7.4: the Gordons have no order and nothing was done to them: no reaction to claim.
    refused_then_overruled(t.with({5, 6, 1, 1, 1, 1}), volley(2, 4, true),
                           "Gordons has no order and was neither fired at nor charged this phase",
                           "MacDuff 3.1 Activation, 7.4 Return fire");
    // The card names the Afridis; the Malik orders them now, and they fire at the Gordons in the
    // Field Force's activation (lines 292, 42).
    t.apply(request("nominate", {{"card", "seizing-the-moment"}, {"side", "1"}}, std::nullopt, 4));
    CHECK(t.apply(order(4, 2)).result("ordered") == 1);
    CHECK(unit_counter(t.battle, 4, "out-of-turn") == 1);
    CHECK(t.apply(volley(4, 2), two_hits).result("hits") == 2);
    // The Gordons, fired at, return fire though they have no order (7.4): 14 figures, 7 dice.
    CHECK(t.resolve(volley(2, 4, true), {5, 6, 1, 1, 1, 1, 1}).result("hits") == 2);
    // The Ghazis were not named: they still wait for their own activation.
    CHECK_THROWS_WITH(t.resolve(request("move", {}, 5), {3, 3}), Catch::Contains("it is Field Force's activation"));
}
