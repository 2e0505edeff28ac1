// MacDuff charge reactions (5.7) with fixed dice: Fire!, Charge!, Form Square!, Fall Back!
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Flag;

namespace {
rules::ActionRequest react(std::string reaction, int unit, std::optional<int> charger,
                           std::map<std::string, std::string> more = {}) {
    more["reaction"] = std::move(reaction);
    return request("charge-reaction", more, unit, charger);
}
} // namespace

TEST_CASE("Fire!: a unit that has not fired or marched shoots at the charger at a range of its choice") {
    auto b = frontier_battle();
    auto r = resolve(b, react("fire", 1, 5), {});
    CHECK(has_follow_up(r, "shoot", 1));
    CHECK(did(b, r, 1, kit::Deed::Reacted));
    // A unit reacts in ONE way (5.7): a second reaction is refused.
    CHECK_THROWS_WITH(resolve(after(b, r), react("fire", 1, 5), {}), Catch::Contains("reacts in ONE way"));
    auto fired_before = b;
    mark(fired_before, 1, kit::Deed::Fired);
    CHECK_THROWS_AS(resolve(fired_before, react("fire", 1, 5), {}), rules::Refusal);
    auto marched = b;
    mark(marched, 1, kit::Deed::Moved, kit::How::March);
    CHECK_THROWS_AS(resolve(marched, react("fire", 1, 5), {}), rules::Refusal);
    // A reaction shot: the unit may still maneuver afterwards.
    auto shot = resolve(frontier_battle(), request("shoot", {{"range", "4"}, {"reaction", "yes"}}, 1, 5),
                        {1, 1, 1, 1, 1, 1});
    auto moved = resolve(after(frontier_battle(), shot), request("move", {{"order", "maneuver"}}, 1), {1, 1});
    CHECK(moved.result("barred") == 0);
}

TEST_CASE("Charge!: cavalry charged from its front counter-charges up to 1d6\"") {
    auto b = frontier_battle();
    auto r = resolve(b, react("counter-charge", 6, 2), {4});
    CHECK(r.result("allowance_tenths") == 40);
    CHECK(did(b, r, 6, kit::Deed::Charged));
    CHECK_THROWS_AS(resolve(b, react("counter-charge", 6, 2, {{"from-front", "no"}}), {}), rules::Refusal);
    CHECK_THROWS_AS(resolve(b, react("counter-charge", 5, 2), {}), rules::Refusal);  // infantry
}

TEST_CASE("Form Square!: regular infantry not yet activated, charged by cavalry") {
    auto b = frontier_battle();
    b.unit(1)->traits["regular"] = "";
    auto r = resolve(b, react("form-square", 1, 6), {});
    CHECK(find_effect(r, 1, "counter:square")->after == 1);
    // The cavalry then fights it at -2, by default.
    auto d = rulesets::make("macduff")->defaults(*rulesets::make("macduff")->action("melee"), after(b, r), 6, 1);
    CHECK(d.at("modifiers").find("cavalry-vs-square") != std::string::npos);
    CHECK_THROWS_AS(resolve(b, react("form-square", 2, 6), {}), rules::Refusal);  // not regular
    auto activated = b;
    mark(activated, 1, kit::Deed::Activated);
    CHECK_THROWS_AS(resolve(activated, react("form-square", 1, 6), {}), rules::Refusal);  // already activated
    CHECK_THROWS_AS(resolve(b, react("form-square", 1, 4), {}), rules::Refusal);  // charged by infantry
}

TEST_CASE("Fall Back!: skirmishers and cavalry evade a full move, returning fire first if the charger fired") {
    auto b = frontier_battle();
    b.unit(4)->traits["skirmishers"] = "";
    b.unit(4)->formed = false;
    auto r = resolve(b, react("fall-back", 4, 1), {2, 3, 4});  // unformed infantry: 3d6
    CHECK(r.result("allowance_tenths") == 90);
    CHECK(r.follow_ups.empty());
    mark(b, 1, kit::Deed::Fired);
    auto fired = resolve(b, react("fall-back", 4, 1), {2, 3, 4});
    REQUIRE_FALSE(fired.follow_ups.empty());
    CHECK(fired.follow_ups[0].action == "shoot");
    CHECK(fired.follow_ups[0].unit == 4);
    CHECK_THROWS_AS(resolve(b, react("fall-back", 5, 1), {}), rules::Refusal);  // formed infantry
    // Already in melee contact: no reaction at all.
    b.unit(4)->counters["melee-with"] = 1;
    CHECK_THROWS_AS(resolve(b, react("fall-back", 4, 1), {2, 3, 4}), rules::Refusal);
}

TEST_CASE("a unit contacted by a charge is pinned until a round of melee is fought") {
    auto b = frontier_battle();
    b.unit(5)->set(Flag::Pinned, true);
    CHECK_THROWS_WITH(resolve(b, request("activate", {{"distance", "2"}}, 5), {}),
                      Catch::Contains("Ghazis: a unit contacted by a charge is pinned") &&
                          Catch::Contains("MacDuff 5.7 Charge Reactions"));
    auto melee = resolve(b, request("melee", {}, 1, 5), {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(find_effect(melee, 5, "flag:pinned")->after == 0);
    CHECK(resolve(after(b, melee), request("activate", {{"distance", "2"}}, 5), {}).result("ordered") == 1);
}

TEST_CASE("skirmishers may not claim difficult target when charging") {
    auto b = frontier_battle();
    b.unit(4)->traits["skirmishers"] = "";
    auto m = rulesets::make("macduff");
    CHECK(m->defaults(*m->action("shoot"), b, 1, 4).at("modifiers") == "difficult-target");
    mark(b, 4, kit::Deed::Charged);
    CHECK(m->defaults(*m->action("shoot"), b, 1, 4).at("modifiers").empty());
}

TEST_CASE("5.7: the charged unit's reaction is its player's, asked in the text's words and never chosen") {
    auto b = frontier_battle();
    auto asked = resolve(b, request("charge-reaction", {}, 1, 5), {});
    REQUIRE(asked.question);
    CHECK(asked.question->input == "reaction");
    CHECK(asked.question->text == "The enemy may react in ONE of the following ways if it is charged and not already "
                                  "in melee contact");
    CHECK(asked.question->citation == "5.7 Charge Reactions (line 112)");
    REQUIRE(asked.question->options.size() == 4);
    CHECK(asked.question->options[0].label.rfind("Fire!", 0) == 0);
    CHECK(asked.question->options[3].label.rfind("Fall Back!", 0) == 0);
    CHECK(asked.effects.empty());  // nothing happens until the player has chosen
    CHECK(asked.follow_ups.empty());
    CHECK(did(b, resolve(b, react("fire", 1, 5), {}), 1, kit::Deed::Reacted));
}
