// Rising to the Occasion (Optional Rules 2, Sample cards) with fixed dice: "One fallen Commander
// may be replaced immediately or one unit's officer gains the ability to act like a commander who
// has joined the unit" (rulings.md R59).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::CommanderStatus;
using model::Entity;

namespace {

rules::ActionRequest rising(int side, std::string choice, std::map<std::string, std::string> more = {},
                            std::optional<int> unit = std::nullopt) {
    more["card"] = "rising-to-the-occasion";
    more["side"] = std::to_string(side);
    more["choice"] = std::move(choice);
    return request("rising", std::move(more), unit);
}

const auto kActive = static_cast<std::int64_t>(CommanderStatus::Active);

} // namespace

TEST_CASE("Rising to the Occasion: a fallen commander is replaced at once, his units under command again") {
    auto b = with_ames();
    b.commander(3)->status = CommanderStatus::Killed;
    // Before: the Sikhs' commander is lost, so they dice for activation even at 2".
    CHECK_THROWS_WITH(preview(b, request("activate", {{"distance", "2"}, {"commander", "3"}}, 1)),
                      Catch::Contains("is not replaced"));
    CHECK(has_step(preview(b, request("activate", {{"distance", "2"}}, 1)), "own commander is lost"));

    auto r = resolve(b, rising(1, "replace"), {});
    CHECK(find_effect(r, Entity::Commander, 3, "status")->after == kActive);
    const model::Effect* name = find_effect(r, Entity::Commander, 3, "name");
    REQUIRE(name);
    CHECK(name->text_before == "Colonel Ames");
    CHECK(name->text_after == "Colonel Ames's successor");
    CHECK(has_step(r, "Colonel Ames (killed) is replaced at once"));
    CHECK(has_step(r, "army morale stands"));
    CHECK_FALSE(find_effect(r, Entity::Side, 1, "counter:army-morale"));

    auto replaced = after(b, r);
    CHECK(replaced.commander(3)->status == CommanderStatus::Active);
    auto order = resolve(replaced, request("activate", {{"distance", "2"}, {"commander", "3"}}, 1), {});
    CHECK(order.result("ordered") == 1);
    CHECK(dice_rolled(order) == 0);
    // No one else has fallen: the card cannot replace anyone now.
    CHECK_THROWS_WITH(resolve(replaced, rising(1, "replace"), {}), Catch::Contains("no fallen commander"));
}

TEST_CASE("Rising to the Occasion: which commander may be replaced") {
    auto b = with_ames();
    CHECK_THROWS_WITH(resolve(b, rising(1, "replace", {{"commander", "3"}}), {}),
                      Catch::Contains("Colonel Ames has not fallen"));
    b.commander(3)->status = CommanderStatus::Captured;
    b.commander(2)->status = CommanderStatus::Wounded;
    // The Lashkar cannot replace the Field Force's commander, nor the other way round.
    CHECK_THROWS_WITH(resolve(b, rising(2, "replace", {{"commander", "3"}}), {}),
                      Catch::Contains("not one of Lashkar's commanders"));
    auto malik = resolve(b, rising(2, "replace"), {});  // the Lashkar's only fallen commander
    CHECK(find_effect(malik, Entity::Commander, 2, "status")->after == kActive);
    CHECK(has_step(malik, "as General"));
    // Two fallen on one side: the player says which.
    b.commander(1)->status = CommanderStatus::Killed;
    CHECK_THROWS_WITH(resolve(b, rising(1, "replace"), {}), Catch::Contains("which fallen commander"));
    CHECK(find_effect(resolve(b, rising(1, "replace", {{"commander", "1"}}), {}), Entity::Commander, 1, "status"));
    // The side must be known in a battle with sides.
    CHECK_THROWS_WITH(resolve(b, request("rising", {{"card", "rising-to-the-occasion"}}), {}),
                      Catch::Contains("which side drew the card"));
}

TEST_CASE("Rising to the Occasion: the officer acts as a joined commander for Follow Me!, rally and Steady Men!") {
    auto b = with_ames();
    auto ruleset = rulesets::make("macduff");
    CHECK(ruleset->defaults(*ruleset->action("move"), b, 1, std::nullopt).at("follow-me") == "no");
    CHECK_THROWS_WITH(resolve(b, request("move", {{"follow-me", "yes"}}, 1), {3, 3}), Catch::Contains("no commander"));

    auto r = resolve(b, rising(1, "officer", {}, 1), {});
    CHECK(find_effect(r, 1, "counter:officer-commands")->after == 1);
    CHECK(r.outcome == "Rising to the Occasion: 2nd Sikhs's officer acts as a joined commander");
    auto led = after(b, r);

    // Follow Me! and the rally's +1 default on, and the move takes the extra die.
    CHECK(ruleset->defaults(*ruleset->action("move"), led, 1, std::nullopt).at("follow-me") == "yes");
    CHECK(ruleset->defaults(*ruleset->action("rally"), led, 1, std::nullopt).at("joined") == "yes");
    auto move = resolve(led, request("move", {{"follow-me", "yes"}}, 1), {3, 3, 4});
    CHECK(has_step(move, "officer leads as a joined commander"));

    // Shooting hits oblige the officer's Steady Men! roll (the Afridis: 12 jezzails, 6 dice, 3 hits).
    auto shot = resolve(led, request("shoot", {{"range", "10"}}, 4, 1), {6, 6, 5, 1, 1, 1});
    REQUIRE(has_follow_up(shot, "steady-men", 1));
    CHECK(has_step(shot, "2nd Sikhs's officer acts as a joined commander and must roll Steady Men!"));
    auto hit = after(led, shot);
    auto steady = request("steady-men", {}, 1);
    auto cancel = resolve(hit, steady, {5});
    CHECK(find_effect(cancel, 1, "figures")->after == 10);
    auto wounded = resolve(hit, steady, {1});
    CHECK(find_effect(wounded, 1, "counter:officer-commands")->after == 0);
    CHECK(has_step(wounded, "officer is wounded"));
    CHECK_FALSE(find_effect(wounded, Entity::Commander, 3, "status"));  // Ames is not the one hit

    // Once is enough, and only for one's own units.
    CHECK_THROWS_WITH(resolve(led, rising(1, "officer", {}, 1), {}), Catch::Contains("already acts"));
    CHECK_THROWS_WITH(resolve(b, rising(1, "officer", {}, 4), {}), Catch::Contains("not one of Field Force's units"));
    CHECK_THROWS_WITH(resolve(b, rising(1, "officer"), {}), Catch::Contains("which unit's officer"));
}
