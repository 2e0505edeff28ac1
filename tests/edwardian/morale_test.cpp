// Morale (I Morale), the spike roll, officers and standards (II Optional Morale Rules).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
// The text's worked example: a fresh 12-figure Average unit in the open, machine-gunned at close
// range, has lost 8 figures in this fire phase.
model::Battle example_battle() {
    auto b = veldt_battle();
    auto u = unit(20, "Line Battalion", 1, "infantry", "average", "rifle", 12);
    u.figures = 4;
    u.counters["phase-losses"] = 8;
    u.counters["loss-cause"] = 1;
    b.units.push_back(u);
    return b;
}
} // namespace

TEST_CASE("morale: the text's example, 8 of 12 lost gives +2 and +2: pass on 6 or less") {
    auto b = example_battle();
    auto pass = resolve(b, request("morale", {}, 20), {3, 3});
    CHECK(has_step(pass, "8/12 (66%): 2 full steps of 25%, +2"));
    CHECK(has_step(pass, "Modifier +4: passes on a roll of 6 or less"));
    CHECK(pass.result("failed") == 0);
    CHECK(pass.result("score") == 10);
    auto fail = resolve(b, request("morale", {}, 20), {4, 3});
    CHECK(fail.result("failed") == 1);
    REQUIRE(find_effect(fail, 20, "flag:routed"));
    CHECK(near(chance(pass, "fails"), 21.0 / 36));
    // The check uses up the phase's losses.
    CHECK(find_effect(pass, 20, "counter:phase-losses")->after == 0);
    CHECK(cites(pass, "Edwardian I Morale"));
}

TEST_CASE("morale: +1 per full 25%, so 3 of 12 is +1 and 2 of 12 is nothing") {
    auto mod = [](const char* lost, const char* phase) {
        auto r = resolve(request("morale", {{"full-size", "12"}, {"lost", lost}, {"phase-lost", phase}}), {1, 1});
        return r.result("score") - 2;
    };
    CHECK(mod("2", "2") == 0);
    CHECK(mod("3", "0") == 1);
    CHECK(mod("3", "3") == 2);
    CHECK(mod("5", "2") == 1);
    CHECK(mod("6", "6") == 4);
    CHECK(mod("12", "12") == 8);
    CHECK_THROWS_AS(mod("2", "3"), rules::InputError);   // more in the phase than in total
    CHECK_THROWS_AS(mod("13", "0"), rules::InputError);  // more than the unit
}

TEST_CASE("morale: quality numbers, a greater score fails, hard cover -1") {
    auto fails = [](const char* quality, int a, int b, const char* cover = "no") {
        return resolve(request("morale", {{"quality", quality}, {"full-size", "12"}, {"hard-cover", cover}}), {a, b})
            .result("failed");
    };
    CHECK(fails("elite", 6, 6) == 0);
    CHECK(fails("veteran", 6, 6) == 1);
    CHECK(fails("veteran", 6, 5) == 0);
    CHECK(fails("average", 6, 4) == 0);
    CHECK(fails("average", 6, 5) == 1);
    CHECK(fails("fair", 5, 4) == 0);
    CHECK(fails("fair", 5, 5) == 1);
    CHECK(fails("poor", 4, 4) == 0);
    CHECK(fails("poor", 5, 4) == 1);
    CHECK(fails("poor", 5, 4, "yes") == 0);
}

TEST_CASE("morale: officers and standards, -1 while present, +1 when lost") {
    auto b = example_battle();
    b.units.back().traits["officer"] = "";
    b.units.back().traits["standard"] = "";
    auto both = resolve(b, request("morale", {}, 20), {4, 3});  // +4 -2
    CHECK(both.result("score") == 9);
    CHECK(has_step(both, "Officer with the unit -1"));
    apply(b, resolve(b, request("officer-killed", {}, 20), {}));
    apply(b, resolve(b, request("standard", {{"event", "captured"}}, 20, 11), {}));
    CHECK(b.unit(11)->counters.at("standards-held") == 1);
    auto lost = resolve(b, request("morale", {}, 20), {4, 3});  // +4 +2
    CHECK(lost.result("score") == 13);
    apply(b, resolve(b, request("standard", {{"event", "recaptured"}}, 20, 11), {}));
    CHECK(resolve(b, request("morale", {}, 20), {4, 3}).result("score") == 11);  // +4 +1 -1
    CHECK(b.unit(11)->counters.count("standards-held") == 0);
    // Switched off, the inputs and actions are gone.
    auto plain = rulesets::make("edwardian", "[options]\nofficers = false\nstandards = false\n");
    CHECK(plain->action("officer-killed") == nullptr);
    CHECK(plain->action("morale")->input("officer") == nullptr);
    CHECK(resolve(b, request("morale", {}, 20), {4, 3}, "[options]\nofficers = false\nstandards = false\n")
              .result("score") == 11);
    CHECK_THROWS_AS(resolve(b, request("officer-killed", {}, 1), {}), rules::InputError);  // no officer figure
}

TEST_CASE("morale: a gun crew failing from fire rolls to spike, from melee the gun is left") {
    auto b = veldt_battle();
    b.units[2].figures = 1;  // Maxim, 2 of 3 crew lost this phase to fire
    b.units[2].counters["phase-losses"] = 2;
    b.units[2].counters["loss-cause"] = 1;
    auto fire = resolve(b, request("morale", {}, 3), {6, 5});
    CHECK(fire.result("failed") == 1);
    REQUIRE(find_follow_up(fire, "spike"));
    CHECK(find_effect(fire, 3, "counter:abandoned")->after == 1);
    auto melee = resolve(b, request("morale", {{"cause", "melee"}}, 3), {6, 5});
    CHECK(find_follow_up(melee, "spike") == nullptr);
    CHECK(find_effect(melee, 3, "counter:abandoned"));
    apply(b, fire);
    // The spike roll: 4+ modified by quality; the crew has just fled, so the unit is off the table.
    auto spiked = resolve(b, request("spike", {}, 3), {4});
    CHECK(spiked.result("spiked") == 1);
    CHECK(find_effect(spiked, 3, "counter:spiked"));
    CHECK(resolve(b, request("spike", {}, 3), {3}).result("spiked") == 0);
    CHECK(resolve(b, request("spike", {{"quality", "elite"}}, 3), {2}).result("spiked") == 1);
    CHECK(resolve(b, request("spike", {{"quality", "veteran"}}, 3), {2}).result("spiked") == 0);
    CHECK(resolve(b, request("spike", {{"quality", "veteran"}}, 3), {3}).result("spiked") == 1);
    CHECK(resolve(b, request("spike", {{"quality", "fair"}}, 3), {4}).result("spiked") == 0);
    CHECK(resolve(b, request("spike", {{"quality", "poor"}}, 3), {6}).result("spiked") == 1);
    CHECK(resolve(b, request("spike", {{"quality", "poor"}}, 3), {5}).result("spiked") == 0);
    CHECK(near(chance(resolve(b, request("spike", {{"quality", "poor"}}, 3), {5}), "gun destroyed"), 1.0 / 6));
    CHECK_THROWS_AS(resolve(b, request("spike", {}, 1), {4}), rules::InputError);  // infantry has no gun
}

TEST_CASE("morale: casualties from fire queue the check, applied, the check reads them") {
    auto b = veldt_battle();
    auto fire = resolve(b, request("mg-fire", {{"short", "8"}}, 3, 12), {1, 4, 4, 4, 4, 4, 4, 1, 1});
    apply(b, fire);
    const auto* unit12 = b.unit(12);
    CHECK(unit12->figures == 6);
    auto defaults = rulesets::make("edwardian")->defaults(*rulesets::make("edwardian")->action("morale"), b, 12, {});
    CHECK(defaults["lost"] == "6");
    CHECK(defaults["phase-lost"] == "6");
    CHECK(defaults["full-size"] == "12");
    CHECK(defaults["cause"] == "fire");
}
