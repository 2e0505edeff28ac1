// What the MacDuff text makes a unit do ([[owed]] of tables.toml, rulings.md R64), played through
// the turn engine on the frontier battle: raised by the rule that causes it, listed in the turn's
// status, `turn next` refused while one is due (naming it and its rule), paid by the action it asks
// for, and ended anyway by force with what was left said and nothing done to the unit (the text
// gives no consequence). Lines are the seed text's.
#include "turn_table.h"

using namespace umpire;
using namespace umpire::test;
using model::Flag;

namespace {

rules::ActionRequest order(int unit, int general) {
    return request("activate", {{"distance", "4"}, {"commander", std::to_string(general)}}, unit);
}
rules::ActionRequest volley(int unit, int target, bool reaction = false) {
    return request("shoot", {{"range", "10"}, {"reaction", reaction ? "yes" : "no"}}, unit, target);
}
rules::ActionRequest forced_move(int unit) { return request("move", {{"forced", "yes"}}, unit); }

// The one item owed by `unit`, or null.
const turn::OwedItem* owed_by(const turn::TurnStatus& st, int unit, const std::string& id) {
    for (const auto& item : st.owed)
        if (item.unit == unit && item.obligation->id == id) return &item;
    return nullptr;
}

bool said(const turn::TurnStep& step, const std::string& text) {
    for (const auto& s : step.resolution.steps)
        if (s.text == text) return true;
    return false;
}

// The Field Force activates first; the 2nd Sikhs, ordered, fire at the Afridis (no hit: a die per
// 2 figures, `volley` of them), who return fire with 12 jezzails at 10": 6 dice, each 5 or 6 a hit
// (7.5, 7.7, 7.4).
void exchange(TurnTable& t, int volley_dice, std::vector<int> return_fire) {
    t.start_initiative();
    t.apply(order(1, 1));
    t.apply(volley(1, 4), std::vector<int>(static_cast<std::size_t>(volley_dice), 1));
    t.apply(volley(4, 1, true), std::move(return_fire));
}

} // namespace

TEST_CASE("3.4: Steady Men! must be rolled before the phase ends (line 34)") {
    TurnTable t;
    t.battle.commander(3)->attached_unit = 1;  // Colonel Ames has joined the 2nd Sikhs
    exchange(t, 6, {6, 6, 5, 1, 1, 1});        // 3 hits: 12 -> 9
    t.end_activation();
    const auto st = t.status();
    const turn::OwedItem* item = owed_by(st, 1, "steady-men");
    REQUIRE(item);
    CHECK(item->due_now);
    CHECK(item->action == "steady-men");
    CHECK_FALSE(st.can_advance);
    CHECK_THAT(t.next_refused(), Catch::Contains("2nd Sikhs: a commander who has joined a unit that takes hits must "
                                                 "roll Steady Men! (3.4 Steady Men!)"));
    SECTION("rolled: a 4-6 cancels one hit, and the phase ends") {
        t.apply(request("steady-men", {}, 1), {4});
        CHECK(t.battle.unit(1)->figures == 10);
        CHECK(t.status().owed.empty());
        CHECK(t.next_refused().empty());
    }
    SECTION("ended anyway: the working says what was left; the hits stand") {
        const auto forced = t.next(true);
        CHECK(said(forced, "Left undone: 2nd Sikhs: a commander who has joined a unit that takes hits must roll "
                           "Steady Men!"));
        CHECK(t.battle.unit(1)->figures == 9);
        CHECK_FALSE(t.battle.unit(1)->has(Flag::Routed));
        CHECK(t.status().phase_id == "melee");
        CHECK(t.status().owed.empty());
    }
}

TEST_CASE("9.2: a shaken unit that takes casualties owes its rally test, after the Steady Men! roll (line 202)") {
    TurnTable t;
    t.battle.commander(3)->attached_unit = 1;
    t.battle.unit(1)->figures = 7;  // 5 of 12 lost: not more than 1/2
    exchange(t, 4, {6, 5, 1, 1, 1, 1});  // 7 figures: 4 dice; 2 hits: 7 of 12 lost, shaken
    CHECK(t.battle.unit(1)->has(Flag::Shaken));
    REQUIRE(owed_by(t.status(), 1, "shaken-rally"));
    REQUIRE(owed_by(t.status(), 1, "steady-men"));
    t.end_activation();
    CHECK_THAT(t.next_refused(), Catch::Contains("2nd Sikhs: a shaken unit which takes any casualties must take a rally "
                                                 "test (9.2 Shaken)"));
    // R20: the roll comes first, since it may cancel the hit that obliged the test.
    refused_then_overruled(t.with({5}), request("rally", {}, 1),
                           "2nd Sikhs takes its rally test after the Steady Men! roll its hits oblige",
                           "MacDuff 3.4 Steady Men!");
    SECTION("the roll cancels the hit that shook it: no test is owed") {
        t.apply(request("steady-men", {}, 1), {6});  // 6 of 12 lost: not more than 1/2
        CHECK_FALSE(t.battle.unit(1)->has(Flag::Shaken));
        CHECK(t.status().owed.empty());
        CHECK(t.next_refused().empty());
    }
    SECTION("no effect: the test is taken, and pays") {
        t.apply(request("steady-men", {}, 1), {2});
        CHECK(t.apply(request("rally", {}, 1), {4}).outcome == "2nd Sikhs: Rally");  // 4 +1 joined: 5, rally
        CHECK(t.status().owed.empty());
        CHECK(t.next_refused().empty());
    }
    SECTION("ended anyway: the unit keeps its marker") {
        const auto forced = t.next(true);
        CHECK(said(forced, "Left undone: 2nd Sikhs: a shaken unit which takes any casualties must take a rally test"));
        CHECK(t.battle.unit(1)->has(Flag::NeedsRally));
        CHECK_FALSE(t.battle.unit(1)->has(Flag::Routed));
    }
}

TEST_CASE("9.3: a retreat owes the move at once and the rally test next turn, not again this turn (line 205)") {
    TurnTable t;
    t.battle.unit(1)->set(Flag::Shaken, true);
    t.battle.unit(1)->set(Flag::NeedsRally, true);
    t.start_initiative();
    // 3: "2,3,4 = Retreat a full move ... Take a rally test next turn."
    t.apply(request("rally", {}, 1), {3});
    auto st = t.status();
    REQUIRE(owed_by(st, 1, "rally-retreat"));
    CHECK(owed_by(st, 1, "rally-retreat")->due_now);
    REQUIRE(owed_by(st, 1, "rally-next-turn"));
    CHECK_FALSE(owed_by(st, 1, "rally-next-turn")->due_now);
    CHECK(owed_by(st, 1, "rally-next-turn")->due == "by the end of the next Card activation phase");
    // A second test at once, to better the retreat, is refused (R64); the umpire may overrule.
    refused_then_overruled(t.with({6}), request("rally", {}, 1),
                           "2nd Sikhs has taken its rally test this turn: a unit that retreats takes a rally test next "
                           "turn",
                           "MacDuff 9.3 Rally Test");
    t.end_activation();
    CHECK_THAT(t.next_refused(), Catch::Contains("2nd Sikhs: a unit that scores 2, 3 or 4 on its rally test retreats a "
                                                 "full move (9.3 Rally Test)"));
    // The retreat, a move without an order: 2d6 as formed infantry.
    CHECK(t.apply(forced_move(1), {3, 4}).result("allowance_tenths") == 70);
    CHECK(t.next_refused().empty());
    t.next();  // the melee phase: the test is not due this turn
    CHECK(t.next_refused().empty());
    t.next();  // turn 2's activation
    CHECK(t.battle.turn == 2);
    dice::TypedDice order_dice({6, 2});
    t.step(turn::roll_order(t.battle, t.rules, order_dice, {}, true));
    t.end_activation();
    CHECK_THAT(t.next_refused(), Catch::Contains("2nd Sikhs: a unit that retreated on its rally test takes a rally test "
                                                 "next turn (9.3 Rally Test)"));
    SECTION("taken: 5 rallies") {
        CHECK(t.apply(request("rally", {}, 1), {5}).outcome == "2nd Sikhs: Rally");
        CHECK(t.next_refused().empty());
    }
    SECTION("ended anyway: nothing befalls it but the marker stays") {
        const auto forced = t.next(true);
        CHECK(said(forced, "Left undone: 2nd Sikhs: a unit that retreated on its rally test takes a rally test next turn"));
        CHECK(t.battle.unit(1)->has(Flag::NeedsRally));
        CHECK_FALSE(t.battle.unit(1)->has(Flag::Routed));
    }
}

TEST_CASE("4.2, 5.7, 8.5: a unit charged home fights in the melee phase, and the defeated retreats (lines 48, 112, 197)") {
    TurnTable t;
    t.start_initiative();
    t.apply(order(2, 1));
    // The Gordons charge the Ghazis 6" away: 2d6 + 1d6 charging, 9": home, pinned (5.6, 5.7).
    CHECK(t.apply(request("move", {{"order", "charge"}, {"distance", "6"}}, 2, 5), {3, 3, 3}).result("reaches") == 1);
    CHECK(t.battle.unit(5)->has(Flag::Pinned));
    t.to_melee();
    const turn::OwedItem* item = owed_by(t.status(), 5, "charged-home");
    REQUIRE(item);
    CHECK(item->action == "melee");
    CHECK_THAT(t.next_refused(), Catch::Contains("Ghazis: a unit contacted by a charge fights its round of melee in the "
                                                 "melee phase (4.2 Melee Phase, 5.7 Charge Reactions)"));
    // The Gordons (6 dice at +2: elite, charging) roll no 2; the Ghazis (6 dice) two 6s: defeated.
    const auto melee = t.apply(request("melee", {}, 2, 5), {1, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1, 1});
    CHECK(melee.outcome == "Gordons defeated by Ghazis (0-2)");
    CHECK_FALSE(t.battle.unit(5)->has(Flag::Pinned));
    CHECK_FALSE(owed_by(t.status(), 5, "charged-home"));
    REQUIRE(owed_by(t.status(), 2, "melee-retreat"));
    CHECK_THAT(t.next_refused(), Catch::Contains("Gordons: a unit defeated in melee turns and immediately retreats a "
                                                 "full move, unformed (8.5 Result)"));
    SECTION("the retreat: a move without an order, 3d6 now unformed") {
        CHECK(t.apply(forced_move(2), {1, 2, 3}).result("allowance_tenths") == 60);
        CHECK(t.next_refused().empty());
    }
    SECTION("ended anyway") {
        const auto forced = t.next(true);
        CHECK(said(forced, "Left undone: Gordons: a unit defeated in melee turns and immediately retreats a full move, "
                           "unformed"));
        CHECK_FALSE(t.battle.unit(2)->has(Flag::Routed));
    }
}

TEST_CASE("8.5: units left in contact fight again next melee phase unless one falls back (line 197)") {
    TurnTable t;
    t.start_initiative();
    t.to_melee();
    // The Gordons (+1 elite: a 3 hits) and the Ghazis (a 4 hits) each score 1 hit: a draw.
    CHECK(t.apply(request("melee", {}, 2, 5), {6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1}).outcome.find("Drawn") == 0);
    CHECK(unit_counter(t.battle, 2, "melee-with") == 5);
    CHECK(t.next_refused().empty());  // fought in this melee phase
    t.next();
    dice::TypedDice order_dice({6, 2});
    t.step(turn::roll_order(t.battle, t.rules, order_dice, {}, true));
    SECTION("still in contact: both owe the melee") {
        t.to_melee();
        const auto st = t.status();
        REQUIRE(owed_by(st, 2, "continuing-melee"));
        CHECK(owed_by(st, 2, "continuing-melee")->obligation->due_text == "in each Melee phase");
        REQUIRE(owed_by(st, 5, "continuing-melee"));
        CHECK_THAT(t.next_refused(), Catch::Contains("Gordons: units that remain in contact fight again in the melee "
                                                     "phase (4.2 Melee Phase, 8.5 Result)"));
        const auto forced = t.next(true);
        CHECK(said(forced, "Left undone: Ghazis: units that remain in contact fight again in the melee phase"));
    }
    SECTION("the Gordons fall back: neither owes it") {
        t.apply(order(2, 1));
        const auto back = t.apply(request("move", {{"order", "maneuver"}}, 2), {3, 3});
        CHECK(has_step(back, "Gordons falls back out of contact with Ghazis"));
        CHECK(unit_counter(t.battle, 2, "melee-with") == 0);
        CHECK(unit_counter(t.battle, 5, "melee-with") == 0);
        t.to_melee();
        CHECK(t.status().owed.empty());
    }
    SECTION("the Ghazis are destroyed: the Gordons are free") {
        const auto gone = t.apply(request("casualties", {{"hits", "12"}}, 5));
        CHECK(has_step(gone, "Gordons is no longer in contact with Ghazis"));
        t.to_melee();
        CHECK(t.status().owed.empty());
    }
}

TEST_CASE("5.7, R65: a unit charged home by a unit since lost is no longer pinned") {
    TurnTable t;
    t.start_initiative();
    t.apply(order(2, 1));
    t.apply(request("move", {{"order", "charge"}, {"distance", "6"}}, 2, 5), {3, 3, 3});
    // A rogue rocket and worse: the Gordons are destroyed before the melee phase.
    const auto gone = t.apply(request("casualties", {{"hits", "12"}}, 2));
    CHECK(has_step(gone, "Ghazis is no longer pinned"));
    CHECK_FALSE(t.battle.unit(5)->has(Flag::Pinned));
    t.to_melee();
    CHECK(t.status().owed.empty());
}

TEST_CASE("8.6: impetuous units must pursue (line 198)") {
    TurnTable t;
    t.battle.unit(5)->traits["impetuous"] = "";
    t.start_initiative();
    t.to_melee();
    // The Ghazis charged the Sikhs and win 3-0.
    t.apply(request("melee", {{"charged", "yes"}}, 5, 1), {6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    REQUIRE(owed_by(t.status(), 5, "impetuous-pursuit"));
    CHECK_THAT(t.next_refused(), Catch::Contains("Ghazis: impetuous units must pursue (8.6 Pursuit)"));
    t.apply(forced_move(1), {1, 1, 1});  // the Sikhs' retreat, 3d6 now unformed
    // A melee that is not a pursuit does not pay it; the pursuit charge into the Gordons does.
    t.apply(request("melee", {}, 5, 2), {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(owed_by(t.status(), 5, "impetuous-pursuit"));
    t.apply(request("melee", {{"pursuit", "yes"}}, 5, 2), {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK_FALSE(owed_by(t.status(), 5, "impetuous-pursuit"));
}

TEST_CASE("8.6: cavalry that defeat a square fight the pursuit melee against it (line 198)") {
    TurnTable t;
    t.battle.unit(1)->counters["square"] = 1;
    t.start_initiative();
    t.to_melee();
    // The Pathan Horse (8: 4 dice at -2) defeat the square 4-0: it stands, broken.
    t.apply(request("melee", {{"modifiers", "cavalry-vs-square"}}, 6, 1), {6, 6, 6, 6, 1, 1, 1, 1, 1, 1});
    REQUIRE(owed_by(t.status(), 6, "square-pursuit"));
    CHECK_THAT(t.next_refused(), Catch::Contains("Pathan Horse: cavalry that defeated a square fights a pursuit melee "
                                                 "against the broken square (8.6 Pursuit)"));
    // The pursuit melee with no square modifier: the horse (4 dice) roll 4, 4, 1, 1 against the
    // square's 8 figures' 4 dice of 1s: 2-0, the infantry routs and is destroyed.
    const auto pursuit = t.apply(request("melee", {{"broken-square", "yes"}}, 6, 1), {4, 4, 1, 1, 1, 1, 1, 1});
    CHECK(find_effect(pursuit, 1, "flag:routed"));
    CHECK(t.status().owed.empty());
}

TEST_CASE("7.11: the garrison of a town destroyed by fire must retreat (line 186)") {
    TurnTable t;
    t.battle.unit(1)->counters["town-fire"] = 1;
    t.start_initiative();
    t.to_melee();
    // 12 figures: 3 dice, no 4; 1d6 damage, 6, reaches the 5 that destroys the town.
    t.apply(request("fight-fire", {{"town-strength", "5"}}, 1), {1, 2, 3, 6});
    REQUIRE(owed_by(t.status(), 1, "town-retreat"));
    CHECK_THAT(t.next_refused(), Catch::Contains("2nd Sikhs: if a town is destroyed by fire any garrison must retreat "
                                                 "(7.11 Fires)"));
    t.apply(forced_move(1), {2, 2});
    CHECK(t.next_refused().empty());
}

TEST_CASE("Someone Has Blundered and Ammo Shortage: the named unit moves at once (lines 263, 267)") {
    TurnTable t;
    t.start_initiative();
    const auto card = [](const char* id) {
        return request("nominate", {{"card", id}, {"side", "1"}}, std::nullopt, 4);
    };
    SECTION("Someone Has Blundered: must advance a full move") {
        const auto r = t.apply(card("someone-has-blundered"));
        REQUIRE(find_follow_up(r, "move"));
        CHECK(find_follow_up(r, "move")->owed == "blundered-advance");
        t.end_activation();
        CHECK_THAT(t.next_refused(), Catch::Contains("Afridis: Someone Has Blundered: the unit must immediately advance "
                                                     "a full move (and may charge) (Optional 2 Sample Cards)"));
        t.apply(forced_move(4), {6, 6});
        CHECK(t.next_refused().empty());
    }
    SECTION("Ammo Shortage: falls back a full move, a maneuver") {
        const auto r = t.apply(card("ammo-shortage"));
        const rules::FollowUp* back = find_follow_up(r, "move");
        REQUIRE(back);
        CHECK(back->owed == "ammo-fall-back");
        CHECK(back->values.at("order") == "maneuver");
        t.end_activation();
        CHECK_THAT(t.next_refused(), Catch::Contains("Afridis: Ammo Shortage: the unit immediately falls back a full move "
                                                     "facing the enemy (Optional 2 Sample Cards)"));
        t.apply(request("move", back->values, 4), {1, 6});
        CHECK(t.next_refused().empty());
    }
}
