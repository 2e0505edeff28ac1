// MacDuff commanders (section 3 of the text) with fixed dice: activation (3.1, 4.1), joining
// (3.2), Steady Men! (3.4), capture (3.5), and a commander lost with his unit (3.2) or otherwise.
#include "fixture.h"
#include "turn/turn_state.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::CommanderStatus;
using model::Entity;

namespace {

rules::ActionRequest activate(int unit, std::string distance, std::map<std::string, std::string> more = {}) {
    more["distance"] = std::move(distance);
    return request("activate", more, unit);
}

} // namespace

TEST_CASE("activation: within 12\" and in sight a unit is ordered without a roll, exactly 12\" is within") {
    auto b = with_ames();
    auto r = resolve(b, activate(1, "12"), {});
    CHECK(dice_rolled(r) == 0);
    CHECK(r.result("ordered") == 1);
    CHECK(did(b, r, 1, kit::Deed::Ordered));
    CHECK(has_step(r, "ordered without a roll"));
    CHECK(r.steps.front().citation == "MacDuff 3.1 Activation");
    CHECK(chance(preview(b, activate(1, "12")), "ordered") == Approx(1.0));
}

TEST_CASE("activation: beyond 12\" or out of sight it must roll 4, 5 or 6") {
    auto b = with_ames();
    CHECK(chance(preview(b, activate(1, "12.5")), "ordered") == Approx(0.5));
    auto four = resolve(b, activate(1, "12.5"), {4});
    CHECK(four.result("ordered") == 1);
    CHECK(did(b, four, 1, kit::Deed::Ordered));
    auto three = resolve(b, activate(1, "12.5"), {3});
    CHECK(three.result("ordered") == 0);
    CHECK_FALSE(did(b, three, 1, kit::Deed::Ordered));
    CHECK(did(b, three, 1, kit::Deed::Activated));
    CHECK(find_effect(three, 1, "counter:order-failed-turn")->after == b.turn);
    CHECK(three.outcome.find("may only react") != std::string::npos);
    auto unseen = resolve(b, activate(1, "3", {{"in-sight", "no"}}), {3});
    CHECK(unseen.result("ordered") == 0);
    CHECK(has_step(unseen, "not in sight"));
    // Without a battle: the rule alone.
    CHECK(resolve(request("activate", {{"distance", "13"}}), {6}).result("ordered") == 1);
}

TEST_CASE("activation: a lost commander's units must dice even within 12\", ordered by the General") {
    auto b = with_ames();
    b.commander(3)->status = CommanderStatus::Wounded;
    // Defaults to the General, since Ames is lost.
    auto r = resolve(b, activate(1, "2"), {3});
    CHECK(dice_rolled(r) == 1);
    CHECK(r.result("ordered") == 0);
    CHECK(has_step(r, "own commander is lost"));
    CHECK(r.steps[0].citation.find("4.1") != std::string::npos);
    // Ames himself cannot give orders any more.
    CHECK_THROWS_AS(resolve(b, activate(1, "2", {{"commander", "3"}}), {}), rules::InputError);
}

TEST_CASE("activation: only the General commands every unit") {
    auto b = with_ames();
    CHECK_THROWS_AS(resolve(b, activate(3, "2", {{"commander", "3"}}), {}), rules::InputError);  // not Ames's
    CHECK(resolve(b, activate(3, "2", {{"commander", "1"}}), {}).result("ordered") == 1);       // the General
    CHECK_THROWS_AS(resolve(b, activate(1, "2", {{"commander", "2"}}), {}), rules::InputError);  // the enemy's
    CHECK_THROWS_AS(resolve(b, activate(1, "2", {{"commander", "9"}}), {}), rules::InputError);  // nobody
}

TEST_CASE("join: a commander joins a unit within 12\", exactly 12\" included") {
    auto b = with_ames();
    auto r = resolve(b, request("join", {{"distance", "12"}}, 1), {});
    const auto* e = find_effect(r, Entity::Commander, 3, "attached-unit");
    REQUIRE(e);
    CHECK(e->before == -1);
    CHECK(e->after == 1);
    auto far = resolve(b, request("join", {{"distance", "12.5"}}, 1), {});
    CHECK(far.result("joined") == 0);
    CHECK(far.effects.empty());
    // Joined, he adds 1 to the rally test and Follow Me! defaults on.
    auto joined = after(b, r);
    auto rally = resolve(joined, request("rally", {}, 1), {4});
    CHECK(rally.outcome.find("Rally") != std::string::npos);
    // And he can leave it again, from the next turn on (3.2).
    joined.turn += 1;
    auto leave = resolve(joined, request("leave-unit", {}, 1), {});
    CHECK(find_effect(leave, Entity::Commander, 3, "attached-unit")->after == -1);
}

TEST_CASE("3.2: a commander who joined a unit stays with it until the next turn") {
    auto b = with_ames();
    auto joined = after(b, resolve(b, request("join", {{"distance", "6"}}, 1), {}));
    CHECK(joined.unit(1)->counters.at("commander-joined-turn") == joined.turn);
    const std::string words = "Colonel Ames joined 2nd Sikhs this turn: once he has joined a unit he must stay with it "
                              "until the next turn (MacDuff 3.2 Moving)";
    // Leaving it, or joining another unit, the same turn is refused; the umpire may overrule.
    const auto leave = request("leave-unit", {}, 1);
    CHECK_THROWS_WITH(resolve(joined, leave, {}), Catch::Contains(words));
    const auto other = request("join", {{"distance", "6"}, {"commander", "3"}}, 2);
    CHECK_THROWS_WITH(resolve(joined, other, {}), Catch::Contains(words));
    auto ruled = resolve(joined, overruled(other, "the umpire allows it"), {});
    REQUIRE(find_effect(ruled, Entity::Commander, 3, "attached-unit"));
    CHECK(find_effect(ruled, Entity::Commander, 3, "attached-unit")->after == 2);
    // The next turn he may go.
    joined.turn += 1;
    const auto left = resolve(joined, leave, {});
    REQUIRE(find_effect(left, Entity::Commander, 3, "attached-unit"));
    CHECK(find_effect(left, Entity::Commander, 3, "attached-unit")->after == -1);
    const auto moved_on = resolve(joined, other, {});
    REQUIRE(find_effect(moved_on, Entity::Commander, 3, "attached-unit"));
    CHECK(find_effect(moved_on, Entity::Commander, 3, "attached-unit")->after == 2);
}

TEST_CASE("Steady Men!: rolled the first time each turn the joined unit takes hits from shooting") {
    auto b = with_ames();
    b.commander(3)->attached_unit = 1;
    // The Afridis (12 jezzails, 6 dice) shoot the Sikhs, whom Ames has joined.
    auto shot = resolve(b, request("shoot", {{"range", "10"}}, 4, 1), {6, 6, 5, 1, 1, 1});
    CHECK(shot.result("hits") == 3);
    REQUIRE(has_follow_up(shot, "steady-men", 1));
    CHECK(find_effect(shot, 1, "counter:steady-men-hits")->after == 3);
    auto b2 = after(b, shot);
    // A second volley the same turn: no second roll.
    // The Pathan Horse: 8 carbines at 5", 4 dice, mounted (-1).
    auto again = resolve(b2, request("shoot", {{"range", "5"}}, 6, 1), {6, 1, 1, 1});
    CHECK_FALSE(has_follow_up(again, "steady-men", 1));
    CHECK(has_step(again, "already rolled Steady Men!"));
    // Ames rolls for the first volley (a 3: no effect); next turn it is rolled again.
    b2 = after(b2, resolve(b2, request("steady-men", {}, 1), {3}));
    b2.turn = 2;
    auto next = resolve(b2, request("shoot", {{"range", "5"}}, 6, 1), {6, 1, 1, 1});
    CHECK(has_follow_up(next, "steady-men", 1));
    // No commander, no roll.
    auto alone = resolve(with_ames(), request("shoot", {{"range", "10"}}, 4, 1), {6, 6, 5, 1, 1, 1});
    CHECK_FALSE(has_follow_up(alone, "steady-men", 1));
}

TEST_CASE("Steady Men!: 4-6 cancels a hit, 2-3 nothing, 1 wounds the commander") {
    auto b = with_ames();
    b.commander(3)->attached_unit = 1;
    auto shot = resolve(b, request("shoot", {{"range", "10"}}, 4, 1), {6, 6, 5, 1, 1, 1});
    auto hit = after(b, shot);  // Sikhs 12 -> 9, Steady Men! due for 3 hits
    REQUIRE(hit.unit(1)->figures == 9);
    auto steady = request("steady-men", {}, 1);

    SECTION("4 cancels one hit") {
        auto r = resolve(hit, steady, {4});
        CHECK(find_effect(r, 1, "figures")->after == 10);
        auto done = after(hit, r);
        CHECK(unit_counter(done, 1, "steady-men-hits") == 0);
        CHECK(done.commander(3)->status == CommanderStatus::Active);
    }
    SECTION("3 has no effect") {
        auto r = resolve(hit, steady, {3});
        CHECK_FALSE(find_effect(r, 1, "figures"));
        CHECK(find_effect(r, 1, "counter:steady-men-hits")->after == 0);
    }
    SECTION("2 has no effect either") {
        CHECK_FALSE(find_effect(resolve(hit, steady, {2}), 1, "figures"));
    }
    SECTION("1: the commander is wounded and removed, and army morale falls") {
        auto r = resolve(hit, steady, {1});
        CHECK_FALSE(find_effect(r, 1, "figures"));
        CHECK(find_effect(r, Entity::Commander, 3, "status")->after == static_cast<int>(CommanderStatus::Wounded));
        CHECK(find_effect(r, Entity::Commander, 3, "attached-unit")->after == -1);
        // The Field Force has 3 units: morale 2 (1 1/2, the half counting); a commander lost: 1.
        CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 1);
    }
    SECTION("the defaults come from the unit: its commander and the hits awaiting the roll") {
        auto d = rulesets::make("macduff")->defaults(*rulesets::make("macduff")->action("steady-men"), hit, 1, std::nullopt);
        CHECK(d.at("commander") == "3");
        CHECK(d.at("hits") == "3");
    }
    SECTION("no commander joined: refused") {
        hit.commander(3)->attached_unit.reset();
        CHECK_THROWS_AS(resolve(hit, steady, {4}), rules::InputError);
    }
}

TEST_CASE("Steady Men!: a cancelled hit that had made the unit shaken un-shakes it, and the rally goes") {
    auto b = with_ames();
    b.commander(3)->attached_unit = 1;
    b.unit(1)->figures = 8;  // 4 of 12 lost
    // 2 hits: 6 of 12 lost would be exactly half; 3 hits make 7: shaken, rally due.
    auto shot = resolve(b, request("shoot", {{"range", "10"}}, 4, 1), {6, 6, 6, 1, 1, 1});
    REQUIRE(find_effect(shot, 1, "flag:shaken"));
    REQUIRE(find_effect(shot, 1, "flag:needs-rally"));
    // Steady Men! comes before the rally test it may make unnecessary.
    REQUIRE(shot.follow_ups.size() == 2);
    CHECK(shot.follow_ups[0].action == "steady-men");
    CHECK(shot.follow_ups[1].action == "rally");
    auto r = resolve(after(b, shot), request("steady-men", {}, 1), {5});
    CHECK(find_effect(r, 1, "figures")->after == 6);           // exactly half lost
    CHECK(find_effect(r, 1, "flag:shaken")->after == 0);
    CHECK(find_effect(r, 1, "flag:needs-rally")->after == 0);
}

TEST_CASE("Steady Men!: a unit already shaken still tests while any casualty is left") {
    auto b = with_ames();
    b.commander(3)->attached_unit = 1;
    b.unit(1)->figures = 5;
    b.unit(1)->set(model::Flag::Shaken, true);
    // The Afridis (6 dice) hit twice, then once.
    auto two = resolve(b, request("shoot", {{"range", "10"}}, 4, 1), {6, 6, 1, 1, 1, 1});
    auto r2 = resolve(after(b, two), request("steady-men", {}, 1), {6});
    CHECK(find_effect(r2, 1, "figures")->after == 4);
    CHECK_FALSE(find_effect(r2, 1, "flag:needs-rally"));  // one casualty left: it still tests
    auto one = resolve(b, request("shoot", {{"range", "10"}}, 4, 1), {6, 1, 1, 1, 1, 1});
    auto r1 = resolve(after(b, one), request("steady-men", {}, 1), {6});
    CHECK(find_effect(r1, 1, "flag:needs-rally")->after == 0);  // no casualty left: no test
}

TEST_CASE("Steady Men!: rolled again after melee if the unit takes hits") {
    auto b = with_ames();
    b.commander(3)->attached_unit = 1;
    b.unit(1)->counters["steady-men-shooting-turn"] = 1;  // already rolled for shooting this turn
    auto r = resolve(b, request("melee", {}, 1, 5), {6, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1});
    CHECK(r.result("hits_taken") == 1);
    CHECK(has_follow_up(r, "steady-men", 1));
}

TEST_CASE("capture: both roll, equal or higher escapes, else captured") {
    auto b = frontier_battle();
    add_commander(b, 3, "Sher Ali Khan", 2);
    auto cap = [&](std::string distance) { return request("capture", {{"commander", "3"}, {"distance", distance}}); };
    CHECK(chance(preview(b, cap("1")), "escapes") == Approx(21.0 / 36));
    auto tie = resolve(b, cap("1"), {3, 3});
    CHECK(tie.result("captured") == 0);
    CHECK(tie.effects.empty());
    auto lower = resolve(b, cap("0.5"), {2, 3});
    CHECK(lower.result("captured") == 1);
    CHECK(find_effect(lower, Entity::Commander, 3, "status")->after == static_cast<int>(CommanderStatus::Captured));
    CHECK(find_effect(lower, Entity::Side, 2, "counter:army-morale"));
    auto safe = resolve(b, cap("1.5"), {});  // more than 1": no risk, no dice
    CHECK(dice_rolled(safe) == 0);
    CHECK(safe.outcome.find("not at risk") != std::string::npos);
    b.commander(3)->attached_unit = 4;
    CHECK_THROWS_AS(resolve(b, cap("1"), {3, 3}), rules::InputError);  // with a unit: no capture roll
    // A house rule where ties are captured.
    b.commander(3)->attached_unit.reset();
    auto strict = resolve(b, cap("1"), {3, 3}, "[commanders]\ncapture_tie_escapes = false\n");
    CHECK(strict.result("captured") == 1);
}

TEST_CASE("a commander is removed with the unit he joined, and not replaced") {
    auto b = with_ames();
    b.commander(3)->attached_unit = 1;
    b.unit(1)->set(model::Flag::Shaken, true);
    b.unit(1)->set(model::Flag::NeedsRally, true);
    // Joined: +1, so a 1 is 2: retreat. Make it rout with a Poor unit: 1 - 1 + 1 = 1.
    b.unit(1)->quality = "poor";
    auto r = resolve(b, request("rally", {}, 1), {1});
    CHECK(find_effect(r, 1, "flag:routed")->after == 1);
    CHECK(find_effect(r, Entity::Commander, 3, "status")->after == static_cast<int>(CommanderStatus::Killed));
    // Army morale: 2 at the start; the unit and the commander: 0, and the General must concede.
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 0);
    CHECK(has_step(r, "must concede"));
    auto lost = after(b, r);
    CHECK(lost.joined_commander(1) == nullptr);
    // The Gordons were his too: they must dice now, even within 12".
    CHECK(dice_rolled(resolve(lost, activate(2, "1"), {6})) == 1);
}

TEST_CASE("commander-lost: a sniper or a chance card") {
    auto b = with_ames();
    auto r = resolve(b, request("commander-lost", {{"commander", "3"}, {"status", "killed"}}), {});
    CHECK(find_effect(r, Entity::Commander, 3, "status")->after == static_cast<int>(CommanderStatus::Killed));
    CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale")->after == 1);
    auto gone = after(b, r);
    CHECK_THROWS_AS(resolve(gone, request("commander-lost", {{"commander", "3"}, {"status", "killed"}}), {}),
                    rules::InputError);
}

TEST_CASE("activation in the card phase: the commander whose card is in play is the default, another is refused") {
    auto b = with_ames();
    const auto in_play = [&b](int commander) {
        turn::TurnState s;
        s.started = true;
        s.phase = 1;  // the card activation phase (the wind, phase 0, is off)
        s.active_commander = commander;
        b.texts[turn::kTurnText] = turn::to_text(s);
    };
    const auto ruleset = rulesets::make("macduff");
    const auto default_commander = [&](int unit) {
        return ruleset->defaults(*ruleset->action("activate"), b, unit, std::nullopt).at("commander");
    };
    // No turn under way: the unit's own commander.
    CHECK(default_commander(1) == "3");
    // The General's card orders any unit of his side (4.1).
    in_play(1);
    CHECK(default_commander(1) == "1");
    CHECK(default_commander(3) == "1");
    // Ames's card: his own units; the General's unit keeps the General.
    in_play(3);
    CHECK(default_commander(1) == "3");
    CHECK(default_commander(3) == "1");
    // The enemy's card is no default for this side.
    in_play(2);
    CHECK(default_commander(1) == "3");

    // Ordering with a commander whose card is not in play is refused (4.1); the umpire may overrule.
    in_play(1);
    CHECK_THROWS_AS(resolve(b, activate(1, "2", {{"commander", "3"}}), {}), rules::Refusal);
    auto ruled = resolve(b, overruled(activate(1, "2", {{"commander", "3"}}), "a slip of the cards"), {});
    CHECK(ruled.result("ordered") == 1);
    CHECK(has_step(ruled, "the card in play is"));
    auto by_card = resolve(b, activate(1, "2", {{"commander", "1"}}), {});
    CHECK_FALSE(has_step(by_card, "the card in play is"));
}

namespace {

// The Afridis down to 2 figures of 2, joined by their General (Malik, 2); the 2nd Sikhs' rifles
// (6 dice at 10") put 2 hits on them: as many as they have.
struct LastFigures {
    model::Battle b = frontier_battle();
    LastFigures() {
        b.unit(4)->start_figures = 2;
        b.unit(4)->figures = 2;
        b.commander(2)->attached_unit = 4;
    }
    rules::Resolution volley(std::vector<int> dice) const {
        return resolve(b, request("shoot", {{"range", "10"}}, 1, 4), std::move(dice));
    }
};

} // namespace

TEST_CASE("Steady Men! is rolled before shooting hits take the last figures (lines 32-37)") {
    LastFigures t;
    auto shot = t.volley({5, 5, 1, 1, 1, 1});
    CHECK(shot.result("hits") == 2);
    // The last figure stands until the General rolls: not destroyed, the General not lost.
    CHECK(find_effect(shot, 4, "figures")->after == 1);
    CHECK_FALSE(find_effect(shot, 4, "flag:routed"));
    CHECK_FALSE(find_effect(shot, Entity::Commander, 2, "status"));
    CHECK(find_effect(shot, 4, "counter:steady-men-last")->after == 1);
    CHECK(find_effect(shot, 4, "counter:steady-men-hits")->after == 2);
    REQUIRE(has_follow_up(shot, "steady-men", 4));
    CHECK(has_step(shot, "last figure stands until Malik rolls Steady Men!"));
    auto hit = after(t.b, shot);
    const auto steady = request("steady-men", {}, 4);

    SECTION("4-6: the hit is cancelled, the figure stays") {
        auto r = resolve(hit, steady, {5});
        CHECK_FALSE(find_effect(r, 4, "figures"));
        CHECK_FALSE(find_effect(r, 4, "flag:routed"));
        auto done = after(hit, r);
        CHECK(done.unit(4)->figures == 1);
        CHECK(unit_counter(done, 4, "steady-men-last") == 0);
        CHECK(done.commander(2)->status == CommanderStatus::Active);
    }
    SECTION("2-3: no effect, the last figure falls and the General goes with the unit") {
        auto r = resolve(hit, steady, {3});
        CHECK(find_effect(r, 4, "figures")->after == 0);
        CHECK(find_effect(r, 4, "flag:routed")->after == 1);
        CHECK(find_effect(r, Entity::Commander, 2, "status")->after == static_cast<int>(CommanderStatus::Killed));
        CHECK(unit_counter(after(hit, r), 4, "steady-men-last") == 0);
    }
    SECTION("1: the General is wounded, and the unit destroyed") {
        auto r = resolve(hit, steady, {1});
        CHECK(find_effect(r, Entity::Commander, 2, "status")->after == static_cast<int>(CommanderStatus::Wounded));
        CHECK(find_effect(r, 4, "flag:routed")->after == 1);
    }
}

TEST_CASE("Steady Men! on the last figure: the rally test the hits oblige is owed only if the figure stands (9.2, 3.4)") {
    LastFigures t;
    t.b.unit(4)->start_figures = 8;  // 2 left of 8: the 2 hits leave it shaken, having lost 7 of 8
    auto shot = t.volley({5, 5, 1, 1, 1, 1});
    REQUIRE(find_effect(shot, 4, "figures")->after == 1);
    REQUIRE(has_follow_up(shot, "steady-men", 4));
    CHECK(find_effect(shot, 4, "flag:shaken")->after == 1);
    // The shot may yet destroy it: no rally test is raised for it now.
    CHECK_FALSE(has_follow_up(shot, "rally", 4));
    CHECK_FALSE(find_effect(shot, 4, "flag:needs-rally"));
    CHECK(has_step(shot, "if its last figure stands after Steady Men!"));
    auto hit = after(t.b, shot);
    const auto steady = request("steady-men", {}, 4);

    SECTION("4-6: the figure stands, shaken and having taken casualties: now it must test") {
        auto r = resolve(hit, steady, {5});
        CHECK(has_follow_up(r, "rally", 4));
        CHECK(find_effect(r, 4, "flag:needs-rally")->after == 1);
        CHECK(unit_counter(after(hit, r), 4, "steady-men-rally-after") == 0);
    }
    SECTION("2-3: the last figure falls: destroyed, no rally test") {
        auto r = resolve(hit, steady, {3});
        CHECK(find_effect(r, 4, "flag:routed")->after == 1);
        CHECK_FALSE(has_follow_up(r, "rally", 4));
    }
}

TEST_CASE("Steady Men! cannot save a unit from more hits than it has figures, nor a second time a turn") {
    LastFigures t;
    // 3 hits on 2 figures: one cancelled still leaves 2. Destroyed at once, the General with it.
    auto overkill = t.volley({5, 5, 5, 1, 1, 1});
    CHECK(find_effect(overkill, 4, "figures")->after == 0);
    CHECK(find_effect(overkill, 4, "flag:routed")->after == 1);
    CHECK_FALSE(has_follow_up(overkill, "steady-men", 4));
    CHECK(find_effect(overkill, Entity::Commander, 2, "status")->after == static_cast<int>(CommanderStatus::Killed));
    // Already rolled for shooting this turn: no roll is due, the hits take the last figures.
    t.b.unit(4)->counters["steady-men-shooting-turn"] = t.b.turn;
    auto second = t.volley({5, 5, 1, 1, 1, 1});
    CHECK(find_effect(second, 4, "flag:routed")->after == 1);
    CHECK_FALSE(has_follow_up(second, "steady-men", 4));
}

TEST_CASE("Steady Men! after melee: the last figure stands for the roll, and the melee's result stands") {
    LastFigures t;
    // The Gordons (12 elite, 6 dice at +1) against the Afridis (2 figures, 1 die): 2 hits to 1.
    auto melee = resolve(t.b, request("melee", {}, 2, 4), {3, 3, 1, 1, 1, 1, 4});
    CHECK(melee.result("hits") == 2);
    CHECK(melee.result("hits_taken") == 1);
    CHECK(find_effect(melee, 4, "figures")->after == 1);
    CHECK(has_follow_up(melee, "steady-men", 4));
    CHECK(has_step(melee, "Afridis is defeated"));
}
