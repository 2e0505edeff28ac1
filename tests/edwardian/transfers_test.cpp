// Transferring figures (I Transferring Figures Between Units) and the optional rules of Section II
// that change the battle: general headquarters and army morale.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
int grade(std::map<std::string, std::string> counts) {
    return resolve(request("average-quality", std::move(counts)), {}).result("grade");
}
} // namespace

TEST_CASE("averaged quality: the text's example, 13 points over 4 soldiers is Average") {
    auto r = resolve(request("average-quality", {{"fair", "2"}, {"veteran", "1"}, {"elite", "1"}}), {});
    CHECK(r.result("points") == 13);
    CHECK(r.result("grade") == 3);
    CHECK(r.outcome == "Averaged quality: Average");
    CHECK(has_step(r, "13 / 4 = 3.25"));
}

TEST_CASE("averaged quality: round off, with 2.49 Fair and 2.5 Average") {
    CHECK(grade({{"average", "1"}, {"fair", "1"}}) == 3);                  // 2.5
    CHECK(grade({{"average", "49"}, {"fair", "51"}}) == 2);                // 2.49
    CHECK(grade({{"veteran", "1"}, {"average", "1"}}) == 4);               // 3.5
    CHECK(grade({{"elite", "1"}, {"veteran", "1"}}) == 5);                 // 4.5
    CHECK(grade({{"fair", "1"}, {"poor", "1"}}) == 2);                     // 1.5
    CHECK(grade({{"fair", "1"}, {"poor", "3"}}) == 1);                     // 1.25
    CHECK(grade({{"average", "1"}, {"fair", "1"}}) == 3);
    // The house rule rounds a half down instead.
    CHECK(resolve(request("average-quality", {{"average", "1"}, {"fair", "1"}}), {},
                  "[quality_average]\nround_half_up = false\n")
              .result("grade") == 2);
    CHECK_THROWS_AS(grade({}), rules::InputError);
}

TEST_CASE("drafting: the text's 4-figure battery, 2 lost and 6 drafted, is 8 at full size") {
    auto b = veldt_battle();
    b.units[3].figures = 2;  // Field Battery has lost 2 of 4
    auto r = resolve(b, request("draft", {{"figures", "6"}}, 1, 4), {});
    CHECK(find_effect(r, 4, "figures")->after == 8);
    REQUIRE(find_effect(r, 4, "counter:full-size"));
    CHECK(find_effect(r, 4, "counter:full-size")->after == 8);
    CHECK(has_step(r, "2 replace losses, 4 add to its size: full size 4 -> 8"));
    // Drafted figures are casualties of the unit they leave.
    CHECK(find_effect(r, 1, "figures")->after == 18);
    apply(b, r);
    auto ruleset = rulesets::make("edwardian");
    auto battery = ruleset->defaults(*ruleset->action("morale"), b, 4, {});
    CHECK(battery["full-size"] == "8");
    CHECK(battery["lost"] == "0");
    auto guards = ruleset->defaults(*ruleset->action("morale"), b, 1, {});
    CHECK(guards["lost"] == "6");
    // Two Average crew and six Veteran Guards: 30 / 8 = 3.75, Veteran.
    CHECK(b.unit(4)->counters.at("quality-grade") == 4);
    CHECK(battery["quality"] == "veteran");
}

TEST_CASE("drafting: only into or out of gun crews, on one side, by regular troops") {
    auto b = veldt_battle();
    CHECK_THROWS_AS(resolve(b, request("draft", {{"figures", "2"}}, 1, 2), {}), rules::InputError);   // not a gun
    CHECK_THROWS_AS(resolve(b, request("draft", {{"figures", "2"}}, 1, 14), {}), rules::InputError);  // enemy gun
    CHECK_THROWS_AS(resolve(b, request("draft", {{"figures", "25"}}, 1, 4), {}), rules::InputError);
    b.unit(15)->traits["undisciplined"] = "";
    CHECK_THROWS_AS(resolve(b, request("draft", {{"figures", "2"}}, 15, 14), {}), rules::InputError);
    // Crew may rejoin: leaving the gun for the infantry.
    auto back = resolve(b, request("draft", {{"figures", "1"}}, 4, 1), {});
    CHECK(find_effect(back, 1, "figures")->after == 25);  // Guards at full strength: the figure adds to its size
    CHECK(find_effect(back, 1, "counter:full-size")->after == 25);
    CHECK(find_effect(back, 4, "figures")->after == 3);
}

TEST_CASE("claiming an abandoned gun: first side in contact, a new unit that cannot move or fire") {
    auto b = veldt_battle();
    // Long Tom's crew fails morale in melee: the gun is abandoned intact.
    b.unit(14)->counters["phase-losses"] = 1;
    b.unit(14)->counters["loss-cause"] = 2;
    auto fled = resolve(b, request("morale", {{"cause", "melee"}, {"lost", "3"}, {"phase-lost", "3"}}, 14), {6, 6});
    apply(b, fled);
    REQUIRE_FALSE(b.unit(14)->on_table());
    const model::Battle before = b;
    auto claim = resolve(b, request("claim-gun", {{"crew", "3"}}, 2, 14), {});
    CHECK(find_effect(claim, 2, "figures")->after == 9);
    CHECK(claim.result("unit") == 19);  // a new unit id, after the highest
    const model::Effect* created = find_effect(claim, 19, "roster-place");
    REQUIRE(created);
    REQUIRE(created->unit);
    CHECK(created->before == 0);
    apply(b, claim);
    // The gun now stands on the British side as a new unit of its new crew.
    const auto* gun = b.unit(19);
    REQUIRE(gun);
    CHECK(gun->name == "Long Tom (captured)");
    CHECK(gun->side == 1);
    CHECK(gun->troop_type == "artillery");
    CHECK(gun->weapon == "field-gun");
    CHECK(gun->figures == 3);
    CHECK(gun->start_figures == 3);      // its new crew is its full size
    CHECK(gun->quality == "average");    // the Average lancers, not the Fair gunners who fled
    CHECK_FALSE(gun->commander);
    CHECK(gun->on_table());
    // The old unit stays on the Boer side, removed from play, and cannot be claimed again.
    CHECK(b.unit(14)->side == 2);
    CHECK_FALSE(b.unit(14)->on_table());
    CHECK(b.unit(14)->counters.at("claimed-as") == 19);
    CHECK_THROWS_AS(resolve(b, request("claim-gun", {{"crew", "1"}}, 11, 14), {}), rules::InputError);
    // Not this turn: neither move nor fire.
    CHECK_THROWS_AS(resolve(b, request("artillery-fire", {{"range", "30"}}, 19), {3, 3}), rules::InputError);
    CHECK(resolve(b, request("move", {{"open", "1"}}, 19), {}).result("allowed") == 0);
    // It fights for the British: it may fire next turn; British rifles may not fire at it, Boers may.
    b.turn += 1;
    CHECK_NOTHROW(resolve(b, request("artillery-fire", {{"range", "30"}}, 19), {3, 3}));
    CHECK_THROWS_AS(resolve(b, request("rifle-fire", {{"figures", "1"}, {"range", "5"}}, 1, 19), {6}), rules::InputError);
    CHECK_NOTHROW(resolve(b, request("rifle-fire", {{"figures", "1"}, {"range", "5"}}, 11, 19), {6}));
    // Undo is exact: the new unit goes, the old one is as it was.
    b.turn -= 1;
    b.revert(claim.effects);
    CHECK(b.units.size() == before.units.size());
    for (const auto& u : before.units) CHECK(model::same_unit(u, *b.unit(u.id)));
    // Recaptured: once the British crew is lost the Boers may claim it back, as another new unit.
    b.apply(claim.effects);
    b.unit(19)->set(model::Flag::Routed, true);
    b.unit(19)->counters["abandoned"] = 1;
    auto back = resolve(b, request("claim-gun", {{"crew", "2"}}, 11, 19), {});
    apply(b, back);
    CHECK(b.unit(20)->side == 2);
    CHECK(b.unit(20)->name == "Long Tom (captured) (captured)");
    CHECK(b.unit(20)->quality == "veteran");
}

TEST_CASE("claiming: only an abandoned, intact gun, by regular troops with figures to spare") {
    auto b = veldt_battle();
    // A gun whose crew still serve it is not abandoned.
    CHECK_THROWS_AS(resolve(b, request("claim-gun", {{"crew", "1"}}, 11, 4), {}), rules::InputError);
    b.unit(14)->set(model::Flag::Routed, true);
    b.unit(14)->counters["abandoned"] = 1;
    CHECK_THROWS_AS(resolve(b, request("claim-gun", {{"crew", "13"}}, 2, 14), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("claim-gun", {{"crew", "1"}}, 15, 14), {}), rules::InputError);  // undisciplined
    // Not a gun.
    b.unit(12)->set(model::Flag::Routed, true);
    b.unit(12)->counters["abandoned"] = 1;
    CHECK_THROWS_AS(resolve(b, request("claim-gun", {{"crew", "1"}}, 1, 12), {}), rules::InputError);
    // Spiked: cannot be captured or re-used.
    b.unit(14)->counters["spiked"] = 1;
    CHECK_THROWS_AS(resolve(b, request("claim-gun", {{"crew", "1"}}, 2, 14), {}), rules::InputError);
    // Its own side may re-crew it too ("either friendly or enemy").
    b.unit(14)->counters.erase("spiked");
    CHECK_NOTHROW(resolve(b, request("claim-gun", {{"crew", "1"}}, 11, 14), {}));
}

TEST_CASE("general headquarters: 1-3 destroyed, 4-5 driven off, 6 overruns and ends the game") {
    auto b = veldt_battle();
    auto r = resolve(b, request("ghq-assault", {{"figures", "3"}}, 12, 8), {2, 4, 6});
    CHECK(r.result("destroyed") == 1);
    CHECK(r.result("moved_away") == 1);
    CHECK(r.result("overrun") == 1);
    apply(b, r);
    CHECK(b.counters.at("game-over") == 1);
    CHECK(b.counters.at("winner") == 2);
    CHECK(b.unit(12)->figures == 11);
    auto odds_r = preview(veldt_battle(), request("ghq-assault", {{"figures", "2"}}, 12, 8));
    CHECK(near(chance(odds_r, "headquarters overrun"), 1 - 25.0 / 36));
    CHECK_THROWS_AS(resolve(veldt_battle(), request("ghq-assault", {{"figures", "1"}}, 12, 1), {6}), rules::InputError);
    CHECK(rulesets::make("edwardian", "[options]\ngeneral_headquarters = false\n")->action("ghq-assault") == nullptr);
}

TEST_CASE("army morale: half or more of the units removed loses, both the same turn is a draw") {
    auto b = veldt_battle();
    // 7 units a side (headquarters do not count).
    auto none = resolve(b, request("army-morale", {}), {});
    CHECK(none.results.at("total_1") == 7);
    CHECK(none.effects.empty());
    for (int id : {11, 12, 13}) b.unit(id)->set(model::Flag::Routed, true);
    CHECK(resolve(b, request("army-morale", {}), {}).effects.empty());  // 3 of 7
    b.unit(15)->set(model::Flag::Routed, true);
    auto lost = resolve(b, request("army-morale", {}), {});
    CHECK(lost.outcome.find("Boers has lost") != std::string::npos);
    apply(b, lost);
    CHECK(b.counters.at("winner") == 1);
    auto both = veldt_battle();
    for (int id : {1, 2, 3, 4, 11, 12, 13, 14}) both.unit(id)->set(model::Flag::Routed, true);
    auto draw = resolve(both, request("army-morale", {}), {});
    CHECK(draw.outcome.find("draw") != std::string::npos);
}

TEST_CASE("army morale: a unit held in reserve is in neither count until it arrives, it cannot act before") {
    auto b = veldt_battle();
    b.unit(11)->set(model::Flag::Reserve, true);
    auto held = resolve(b, request("army-morale", {}), {});
    CHECK(held.results.at("total_2") == 6);
    CHECK(held.results.at("removed_2") == 0);
    // 3 of the 6 in the battle removed: beaten, where 3 of 7 would not be.
    for (int id : {12, 13, 15}) b.unit(id)->set(model::Flag::Routed, true);
    CHECK(resolve(b, request("army-morale", {}), {}).outcome.find("Boers has lost") != std::string::npos);
    CHECK_THROWS_WITH(resolve(b, request("move", {}, 11), {}), Catch::Contains("held in reserve"));
}

TEST_CASE("army morale: guns crewed anew add to the total of the side that crews them") {
    auto b = veldt_battle();
    b.unit(14)->set(model::Flag::Routed, true);
    b.unit(14)->counters["abandoned"] = 1;
    apply(b, resolve(b, request("claim-gun", {{"crew", "2"}}, 2, 14), {}));
    auto r = resolve(b, request("army-morale", {}), {});
    CHECK(r.results.at("total_1") == 8);
    CHECK(r.results.at("removed_2") == 1);  // the Boers' Long Tom stays lost to them
    CHECK(r.results.at("removed_1") == 0);
}
