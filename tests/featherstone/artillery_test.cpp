// Artillery shooting (lines 94-126), counter-battery (lines 110-122), artillery on skirmishers
// (lines 271-272).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::ActionRequest fire(std::map<std::string, std::string> values, std::optional<int> unit = std::nullopt,
                          std::optional<int> target = std::nullopt) {
    return request("artillery", std::move(values), unit, target);
}
} // namespace

TEST_CASE("artillery: one die per battery against the band's number, by battery") {
    // A field battery: canister to 8", short 16" (2+), medium 24" (3+), long 32" (4+), extreme 40" (5+).
    auto medium = resolve(fire({{"range", "20"}}), {3, /*damage*/ 4, /*saves*/ 1, 1, 5, 6});
    CHECK(has_step(medium, "Horse or field battery at 20\": Medium (up to 24\"): one die, a hit on 3+"));
    CHECK(medium.result("hit") == 1);
    CHECK(medium.result("hits") == 4);
    CHECK(medium.result("casualties") == 2);
    auto miss = resolve(fire({{"range", "20"}}), {2});
    CHECK(miss.result("hit") == 0);
    CHECK(near(chance(miss, "hit"), 4.0 / 6));
    // A heavy battery reaches further: 50" is its extreme range, 5+.
    CHECK(has_step(resolve(fire({{"range", "50"}, {"battery", "heavy"}}), {4}), "Extreme (up to 50\"): one die, a hit on 5+"));
    CHECK_THROWS_AS(resolve(fire({{"range", "41"}}), {6}), rules::Refusal);
}

TEST_CASE("artillery: canister always hits, 2 damage dice at 2\" or less") {
    auto canister = resolve(fire({{"range", "6"}}), {5, /*saves*/ 1, 1, 1, 1, 1});
    CHECK(has_step(canister, "hits automatically"));
    CHECK(canister.result("hits") == 5);
    CHECK(near(chance(canister, "hit"), 1.0));
    auto close = resolve(fire({{"range", "2"}}), {5, 6, /*saves*/ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(has_step(close, "close canister"));
    CHECK(close.result("hits") == 11);
}

TEST_CASE("artillery: +1 on an assault column, +2 on a square, flank or march column, at short range or longer") {
    CHECK(resolve(fire({{"range", "12"}, {"aim", "assault-column"}}), {2, 3, 1, 1, 1, 1}).result("hits") == 4);
    CHECK(resolve(fire({{"range", "12"}, {"aim", "square"}}), {2, 3, 1, 1, 1, 1, 1}).result("hits") == 5);
    CHECK(resolve(fire({{"range", "12"}, {"aim", "march-column"}}), {2, 3, 1, 1, 1, 1, 1}).result("hits") == 5);
    // Not with canister.
    CHECK(resolve(fire({{"range", "6"}, {"aim", "square"}}), {3, 1, 1, 1}).result("hits") == 3);
    // The defaults read the target's formation.
    auto b = napoleonic_battle();
    set_formation(b, 11, kSquare);
    auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("artillery"), b, 7, 11);
    CHECK(d["aim"] == "square");
    CHECK(d["battery"] == "field");
    CHECK(d["crew"] == "4");
    // Each arm its own shooting: the battery does not fire muskets, nor foot a battery.
    CHECK_THROWS_AS(resolve(b, request("shoot", {{"range", "10"}}, 7, 11), {1}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, fire({{"range", "10"}}, 11, 7), {1}), rules::InputError);
}

TEST_CASE("artillery: fire on skirmishers is halved beyond canister range") {
    auto far = resolve(fire({{"range", "12"}, {"target-type", "skirmishers"}}), {2, 5, 1, 1, 1});
    CHECK(has_step(far, "halved beyond Canister range"));
    CHECK(far.result("hits") == 3);
    CHECK(resolve(fire({{"range", "6"}, {"target-type", "skirmishers"}}), {5, 1, 1, 1, 1, 1}).result("hits") == 5);
}

TEST_CASE("artillery: what the crew left allows after moving") {
    auto move = [](const char* crew, const char* moved) {
        return fire({{"range", "12"}, {"crew", crew}, {"moved", moved}});
    };
    CHECK_NOTHROW(resolve(move("4", "half"), {1}));
    CHECK_NOTHROW(resolve(move("3", "turned"), {1}));
    CHECK_THROWS_AS(resolve(move("4", "more"), {1}), rules::Refusal);
    CHECK_THROWS_AS(resolve(move("2", "turned"), {1}), rules::Refusal);
    CHECK_NOTHROW(resolve(move("2", "no"), {1}));
    CHECK_THROWS_AS(resolve(move("1", "half"), {1}), rules::Refusal);
    CHECK_THROWS_AS(resolve(move("0", "no"), {1}), rules::InputError);
    // With one crew the gun fires every other turn.
    auto b = napoleonic_battle();
    b.unit(7)->figures = 1;
    apply(b, resolve(b, fire({{"range", "12"}}, 7, 11), {1}));
    b.turn = 3;
    CHECK_THROWS_AS(resolve(b, fire({{"range", "12"}}, 7, 11), {1}), rules::Refusal);
    b.turn = 4;
    CHECK_NOTHROW(resolve(b, fire({{"range", "12"}}, 7, 11), {1}));
}

TEST_CASE("artillery: ten shots a game, counted, once a turn") {
    auto b = napoleonic_battle();
    auto r = resolve(b, fire({{"range", "20"}}, 7, 11), {1});
    CHECK(has_step(r, "has fired 1 of its 10 shots"));
    apply(b, r);
    CHECK(unit_counter(b, 7, "shots") == 1);
    CHECK_THROWS_AS(resolve(b, fire({{"range", "20"}}, 7, 11), {1}), rules::Refusal);
    b.turn = 3;
    b.unit(7)->counters["shots"] = 10;
    CHECK_THROWS_AS(resolve(b, fire({{"range", "20"}}, 7, 11), {1}), rules::Refusal);
}

TEST_CASE("artillery: counter-battery on 2d6 when a hit lands on artillery") {
    auto at = [](std::vector<int> dice, const char* cover = "open") {
        return resolve(fire({{"range", "20"}, {"target-type", "heavy-artillery"}, {"cover", cover}}), std::move(dice));
    };
    CHECK(has_step(at({3, 3, 4}), "Counter-battery 7: No effect"));
    CHECK(at({3, 4, 4, 1}).result("casualties") == 1);          // 8: 1 man hit in open, save 4+ failed
    CHECK(at({3, 4, 4}, "buildings").result("casualties") == 0);  // 8 not in the open: no effect
    CHECK(at({3, 4, 5, 1}).result("casualties") == 1);          // 9: 1 man
    CHECK(at({3, 5, 5, 1, 6}).result("casualties") == 1);       // 10: 2 men, one saved
    CHECK(at({3, 5, 6}).result("gun-destroyed") == 1);          // 11 in the open
    CHECK(at({3, 5, 6, 1, 1, 1}, "buildings").result("casualties") == 3);  // 11 elsewhere: 3 men
    CHECK(at({3, 6, 6}, "buildings").result("gun-destroyed") == 1);        // 12
    // Without saves (a house rule) the men are lost outright.
    CHECK(resolve(fire({{"range", "20"}, {"target-type", "heavy-artillery"}}), {3, 4, 5},
                  "[options]\ncounter_battery_saves = false\n")
              .result("casualties") == 1);
    // A destroyed gun leaves the battle.
    auto b = napoleonic_battle();
    auto r = resolve(b, fire({{"range", "20"}}, 7, 16), {3, 6, 6});
    CHECK(after(b, r).unit(16)->has(model::Flag::Routed));
    // The chance of destroying it: hit on 3+ (4/6) times 11 or 12 on 2d6 in the open (3/36).
    CHECK(near(chance(r, "gun destroyed"), 4.0 / 6 * 3.0 / 36));
}
