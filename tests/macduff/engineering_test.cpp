// MacDuff engineering (section 11) with fixed dice: work dice, tasks and their points and
// conditions, accumulation, losing work, demolitions against the breach table, repairs.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Entity;

namespace {

// The frontier battle with 8 pioneers (unit 7) on the Field Force side.
model::Battle with_pioneers() {
    auto b = frontier_battle();
    auto p = make_unit(7, "Bengal Sappers", 1, "infantry", "average", "rifle", 8);
    p.traits = {{"pioneers", ""}};
    b.units.push_back(p);
    return b;
}

rules::ActionRequest work(std::string task, std::map<std::string, std::string> more = {}, std::optional<int> unit = 7) {
    more["task"] = std::move(task);
    return request("engineer", more, unit);
}

} // namespace

TEST_CASE("engineering: 1d6 of work per 4 figures") {
    CHECK(dice_rolled(resolve(work("gap", {{"figures", "8"}}, std::nullopt), {1, 1})) == 2);
    CHECK(dice_rolled(resolve(work("gap", {{"figures", "6"}}, std::nullopt), {1, 1})) == 2);  // 1 1/2
    CHECK(dice_rolled(resolve(work("gap", {{"figures", "5"}}, std::nullopt), {1})) == 1);
    CHECK(dice_rolled(resolve(work("gap", {{"figures", "1"}}, std::nullopt), {})) == 0);
    CHECK(dice_rolled(resolve(work("gap", {{"figures", "6"}}, std::nullopt), {1},
                              "[engineering]\ncount_half_remainders = false\n")) == 1);
}

TEST_CASE("engineering: points accumulate until the task is done, the rest are lost") {
    auto b = with_pioneers();
    // Fortify a town: 12 points. 2 dice: 5 + 6 = 11, not yet.
    auto first = resolve(b, work("fortify-town"), {5, 6});
    CHECK(first.result("done") == 0);
    CHECK(find_effect(first, 7, "counter:work:fortify-town")->after == 11);
    b = after(b, first);
    b.turn = 2;
    // 1 + 1 more: 13 of 12, done, the point over lost.
    auto second = resolve(b, work("fortify-town"), {1, 1});
    CHECK(second.result("done") == 1);
    CHECK(second.result("total") == 13);
    CHECK(find_effect(second, 7, "counter:work:fortify-town")->after == 0);
    CHECK(find_effect(second, 7, "counter:done:fortify-town")->after == 1);
    CHECK(has_step(second, "points over are lost"));
    // Exactly 12 is done.
    CHECK(resolve(with_pioneers(), work("earthworks"), {6, 6}).result("done") == 1);
    CHECK(resolve(with_pioneers(), work("earthworks"), {6, 5}).result("done") == 0);
    // The chance of finishing this turn, exactly: 2d6 >= 12.
    CHECK(chance(preview(with_pioneers(), work("earthworks")), "done") == Approx(1.0 / 36));
}

TEST_CASE("engineering: moving away loses the work, in melee nothing is done, one task a turn") {
    auto b = with_pioneers();
    b = after(b, resolve(b, work("fortify-town"), {5, 6}));
    // The next turn: the points are still on the task, and the pioneers may work again.
    model::Battle next_turn = b;
    next_turn.turn += 1;
    auto moved = resolve(next_turn, work("gap", {{"moved", "yes"}}), {});
    CHECK(dice_rolled(moved) == 0);
    CHECK(find_effect(moved, 7, "counter:work:fortify-town")->after == 0);
    auto melee = resolve(next_turn, work("gap", {{"in-melee", "yes"}}), {});
    CHECK(dice_rolled(melee) == 0);
    CHECK(melee.effects.empty());
    // One task a turn: a second is refused with the rule, unless the umpire overrules it; the
    // first task's points stay on it either way.
    CHECK_THROWS_WITH(resolve(b, work("gap"), {1, 1}),
                      Catch::Contains("only 1 task can be done in a turn") && Catch::Contains("MacDuff 11 Engineering"));
    auto twice = resolve(b, overruled(work("gap"), "a second working party"), {1, 1});
    CHECK(twice.overruled.size() == 1);
    CHECK(find_effect(twice, 7, "counter:work:fortify-town") == nullptr);
    // Only pioneers work.
    CHECK_THROWS_AS(resolve(b, work("gap", {}, 1), {1, 1}), rules::InputError);
}

TEST_CASE("engineering: tasks, their points and their conditions") {
    auto b = with_pioneers();
    // An obstacle needs supplies within 6".
    CHECK_THROWS_AS(resolve(b, work("obstacle"), {6, 6}), rules::InputError);
    CHECK(resolve(b, work("obstacle", {{"supplies", "yes"}}), {6, 6}).result("done") == 1);
    // A pontoon section: 6 points, an engineer and a pontoon wagon.
    CHECK_THROWS_AS(resolve(b, work("pontoon-section", {{"engineer", "yes"}}), {3, 3}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, work("pontoon-section", {{"pontoon-wagon", "yes"}}), {3, 3}), rules::InputError);
    auto bridge = resolve(b, work("pontoon-section", {{"engineer", "yes"}, {"pontoon-wagon", "yes"}}), {3, 3});
    CHECK(bridge.result("done") == 1);
    CHECK(find_effect(bridge, 7, "counter:done:pontoon-section")->after == 1);
    // A demolition charge: 6 points and an engineer; the roster's traits set the defaults.
    b.unit(7)->traits["engineer"] = "";
    auto charge = resolve(b, work("demolition-charge"), {2, 3});
    CHECK(charge.result("done") == 0);
    CHECK(resolve(b, work("demolition-charge"), {3, 3}).result("done") == 1);
    // A gap: 6 points. A road: 2 points an inch.
    CHECK(resolve(b, work("gap"), {1, 5}).result("done") == 1);
    auto road = resolve(b, work("road", {{"length", "5"}}), {4, 5});
    CHECK(road.result("done") == 0);
    CHECK(has_step(road, "10 points"));
    CHECK(has_step(road, "4\" of road cut so far"));
    CHECK(resolve(b, work("road", {{"length", "5"}}), {4, 6}).result("done") == 1);
}

TEST_CASE("demolitions: 1d6 per charge summed against 6, 12, 18 or 24") {
    auto b = with_pioneers();
    b.unit(7)->counters["done:demolition-charge"] = 3;
    auto blow = [&](std::string target, std::vector<int> dice) {
        return resolve(b, request("blow-charges", {{"demolition", target}}, 7), std::move(dice));
    };
    CHECK(blow("house", {1, 2, 3}).result("success") == 1);         // 6 of 6
    CHECK(blow("wooden-bridge", {4, 4, 3}).result("success") == 0);  // 11 of 12
    CHECK(blow("wooden-bridge", {4, 4, 4}).result("success") == 1);
    CHECK(blow("stone-bridge", {6, 6, 6}).result("success") == 1);   // 18: all sixes
    CHECK(blow("stone-bridge", {6, 6, 5}).result("success") == 0);
    b.unit(7)->counters["done:demolition-charge"] = 4;
    auto fort = blow("fort", {6, 6, 6, 6});
    CHECK(fort.result("success") == 1);
    CHECK(find_effect(fort, 7, "counter:done:demolition-charge")->after == 0);
    CHECK(find_effect(fort, Entity::Battle, 0, "counter:demolitions")->after == 1);
    CHECK(blow("fort", {6, 6, 6, 5}).result("success") == 0);
    CHECK(chance(preview(b, request("blow-charges", {{"demolition", "fort"}}, 7)), "success") == Approx(1.0 / 1296));
    CHECK_THROWS_AS(resolve(b, request("blow-charges", {{"demolition", "fort"}, {"charges", "5"}}, 7), {}),
                    rules::InputError);
}

TEST_CASE("repairs: an engine's crew works off the points its accident needs") {
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Traction engine", 1, "steam-engine", "average", "none", 4));
    b.unit(7)->counters["repairs-needed"] = 7;
    auto r = resolve(b, request("engineer", {}, 7), {3});  // the task defaults to the repair; 4 crew: 1 die
    CHECK(find_effect(r, 7, "counter:work:repair")->after == 3);
    b = after(b, r);
    b.turn = 2;
    auto done = resolve(b, request("engineer", {}, 7), {4});
    CHECK(find_effect(done, 7, "counter:repairs-needed")->after == 0);
    CHECK(resolve(after(b, done), request("move", {}, 7), {1, 1}).result("barred") == 0);
}
