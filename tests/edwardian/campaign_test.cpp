// The Campaign Game (III Campaign Game, lines 456-517) inside one battle file: reinforcements,
// transfers, the battle's result and the standing of the two countries, quality after a battle.
#include "fixture.h"
#include "roster/checks.h"
#include "roster/roster.h"

#include <catch2/catch.hpp>

#include <map>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("campaign reinforcements: the table's six faces for each column (lines 472-478)") {
    // 1: 1 infantry, no cavalry or artillery; 2: 2 / 1 / 0; 3: 3 / 1 / 0; 4: 4 / 2 / 1;
    // 5: 5 / 2 / 1; 6: 6 / 3 / 2.
    const int infantry[] = {1, 2, 3, 4, 5, 6}, cavalry[] = {0, 1, 1, 2, 2, 3}, artillery[] = {0, 0, 0, 1, 1, 2};
    auto b = veldt_battle();
    b.unit(1)->figures = 4;   // Guards, 24: room for all
    b.unit(2)->figures = 4;   // Lancers, 12
    b.unit(4)->figures = 1;   // Field Battery, 4
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const auto f = static_cast<std::size_t>(face - 1);
        CHECK(resolve(b, request("reinforce", {}, 1), {face}).result("gained") == infantry[f]);
        CHECK(resolve(b, request("reinforce", {}, 2), {face}).result("gained") == cavalry[f]);
        CHECK(resolve(b, request("reinforce", {}, 4), {face}).result("gained") == artillery[f]);
        CHECK_THROWS_AS(resolve(b, request("reinforce", {}, 3), {face}), rules::InputError);  // the Maxim is full
    }
    // Exact odds of the artillery column: 0 on 1-3, 1 on 4-5, 2 on 6.
    auto odds_r = preview(b, request("reinforce", {}, 4));
    CHECK(near(odds(odds_r, "figures gained")->p_exactly(0), 3.0 / 6));
    CHECK(near(odds(odds_r, "figures gained")->p_exactly(1), 2.0 / 6));
    CHECK(near(odds(odds_r, "figures gained")->p_exactly(2), 1.0 / 6));
}

TEST_CASE("campaign reinforcements: a unit that broke in the battle is still in the army") {
    auto b = veldt_battle();
    b.unit(2)->figures = 6;
    b.unit(2)->set(model::Flag::Routed, true);
    CHECK(resolve(b, request("reinforce", {}, 2), {6}).result("gained") == 3);
}

TEST_CASE("campaign: more than half newcomers of a lower grade drops the unit a grade (line 480)") {
    auto b = veldt_battle();
    // Veteran Guards down to 5 of 24: 5 Average reinforcements make 5 of 10, not more than half.
    b.unit(1)->figures = 5;
    auto half = resolve(b, request("reinforce", {}, 1), {5});
    CHECK(half.result("gained") == 5);
    CHECK_FALSE(find_effect(half, 1, "counter:quality-grade"));
    CHECK(has_step(half, "5 of 10 figures are newcomers"));
    apply(b, half);
    // Then 1 Average figure transferred from a friendly Average unit of the same type: 6 of 11
    // newcomers, more than half: Veteran -> Average.
    b.units.push_back(unit(9, "Militia", 1, "infantry", "average", "rifle", 12));
    b.unit(9)->figures = 8;
    auto more = resolve(b, request("campaign-transfer", {{"figures", "1"}}, 9, 1), {});
    CHECK(find_effect(more, 1, "counter:quality-grade")->after == 3);
    CHECK(find_effect(more, 1, "figures")->after == 11);
    CHECK(find_effect(more, 9, "figures")->after == 7);
    apply(b, more);
    // It drops once, not again for each newcomer after.
    auto again = resolve(b, request("campaign-transfer", {{"figures", "1"}}, 9, 1), {});
    CHECK_FALSE(find_effect(again, 1, "counter:quality-grade"));
    // R40, as the text says: more than half reinforcements drops even an Average unit (they are
    // Average too); the other reading counts them only against a better unit.
    auto c = veldt_battle();
    c.unit(2)->figures = 1;
    CHECK(find_effect(resolve(c, request("reinforce", {}, 2), {6}), 2, "counter:quality-grade")->after == 2);
    const std::string better_only = "[campaign]\nreinforcements_always_dilute = false\n";
    CHECK_FALSE(find_effect(resolve(c, request("reinforce", {}, 2), {6}, better_only), 2, "counter:quality-grade"));
}

TEST_CASE("campaign: Average re-enforcements of an Average unit are newcomers, not of a lower grade (line 480)") {
    auto b = veldt_battle();
    b.unit(2)->figures = 1;  // the Average Lancers, 1 of 12: a 6 brings 3 Average re-enforcements
    auto r = resolve(b, request("reinforce", {}, 2), {6});
    CHECK(has_step(r, "Lancers: 3 of 4 figures are newcomers (re-enforcements, or transfers from a unit of lower "
                      "quality), more than half: it drops from Average to Fair"));
    for (const auto& step : r.steps) CHECK(step.text.find("lower grade") == std::string::npos);
}

TEST_CASE("campaign transfers: the same type, or infantry and cavalry to the guns, never above the start") {
    auto b = veldt_battle();
    b.unit(4)->figures = 2;  // Field Battery lost 2 of 4
    auto crew = resolve(b, request("campaign-transfer", {{"figures", "2"}}, 1, 4), {});
    CHECK(find_effect(crew, 4, "figures")->after == 4);
    CHECK(has_step(crew, "as crewmen"));
    CHECK_THROWS_AS(resolve(b, request("campaign-transfer", {{"figures", "3"}}, 1, 4), {}), rules::InputError);
    CHECK_NOTHROW(resolve(b, request("campaign-transfer", {{"figures", "3"}}, 1, 4), {},
                          "[campaign]\ntransfers_capped = false\n"));
    // Infantry to cavalry: not the same type. Guns' crews do not become infantry this way.
    b.unit(2)->figures = 10;
    CHECK_THROWS_AS(resolve(b, request("campaign-transfer", {{"figures", "1"}}, 1, 2), {}), rules::InputError);
    b.unit(1)->figures = 20;
    CHECK_THROWS_AS(resolve(b, request("campaign-transfer", {{"figures", "1"}}, 4, 1), {}), rules::InputError);
    // Another side's unit is never a transfer's target.
    CHECK_THROWS_AS(resolve(b, request("campaign-transfer", {{"figures", "1"}}, 11, 1), {}), rules::InputError);
}

TEST_CASE("battle result: a side with every figure killed or in broken units has lost (line 495)") {
    auto b = veldt_battle();
    auto going = resolve(b, request("battle-result", {}), {});
    CHECK(going.result("decided") == 0);
    CHECK(going.effects.empty());
    for (auto& u : b.units)
        if (u.side == 2 && u.troop_type != "headquarters") u.set(model::Flag::Routed, true);
    auto won = resolve(b, request("battle-result", {}), {});
    CHECK(won.result("winner") == 1);
    CHECK(won.result("standing") == 1);
    CHECK(won.result("conquered") == 0);
    apply(b, won);
    CHECK(b.counters.at("winner") == 1);
    CHECK(b.counters.at("game-over") == 1);
    // Three more wins than losses conquers (line 501): +2 before, a win makes +3.
    auto conquest = resolve(veldt_battle(), request("battle-result", {{"ending", "conceded"}, {"standing", "2"}}, 11), {});
    CHECK(conquest.result("winner") == 1);
    CHECK(conquest.result("conquered") == 2);
    CHECK(conquest.outcome.find("Boers is conquered") != std::string::npos);
    // The other way: -2 and a Boer win.
    auto lost = resolve(veldt_battle(), request("battle-result", {{"ending", "conceded"}, {"standing", "-2"}}, 1), {});
    CHECK(lost.result("conquered") == 1);
    // A draw leaves the standing; at +-3 a country is already conquered: refused.
    CHECK(resolve(veldt_battle(), request("battle-result", {{"ending", "draw"}, {"standing", "2"}}), {})
              .result("standing") == 2);
    CHECK_THROWS_AS(resolve(veldt_battle(), request("battle-result", {{"standing", "3"}}), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(veldt_battle(), request("battle-result", {{"ending", "conceded"}}), {}), rules::InputError);
}

TEST_CASE("battle result: army morale or a headquarters overrun already decided it") {
    auto b = veldt_battle();
    b.counters["game-over"] = 1;
    b.counters["winner"] = 2;
    auto r = resolve(b, request("battle-result", {}), {});
    CHECK(r.result("winner") == 2);
    CHECK(r.result("standing") == -1);
}

TEST_CASE("quality after the battle: down for failing morale, up after a run or a conquest (lines 505-517)") {
    auto b = veldt_battle();
    auto q = [&](std::map<std::string, std::string> in, int unit_id = 2) {
        return resolve(b, request("campaign-quality", std::move(in), unit_id), {});
    };
    // Failed morale: Average -> Fair; never below Poor.
    auto fell = q({{"failed", "yes"}});
    CHECK(fell.result("grade") == 2);
    CHECK(find_effect(fell, 2, "counter:quality-grade")->after == 2);
    CHECK(fell.result("streak") == 0);
    CHECK(q({{"failed", "yes"}}, 18).result("grade") == 1);  // Old Smoothbore is Poor already
    CHECK(q({{"failed", "yes"}}, 18).effects.empty());
    // Three in a row without failing morale: up. Two in a row with a victory: up.
    CHECK(q({{"streak", "1"}}).result("grade") == 3);
    CHECK(q({{"streak", "1"}}).result("streak") == 2);
    CHECK(q({{"streak", "2"}}).result("grade") == 4);
    CHECK(q({{"streak", "2"}}).result("streak") == 0);  // a promotion starts the count again
    CHECK(q({{"streak", "1"}, {"result", "victory"}}).result("grade") == 4);
    CHECK(q({{"streak", "1"}, {"earlier-victory", "yes"}}).result("grade") == 4);
    CHECK(q({{"streak", "0"}, {"result", "victory"}}).result("grade") == 3);  // one battle is not two
    CHECK(q({{"capitulation", "yes"}}).result("grade") == 4);
    CHECK(q({{"streak", "5"}}, 1).result("grade") == 5);  // Veteran Guards -> Elite
    b.unit(1)->quality = "elite";
    CHECK(q({{"streak", "5"}}, 1).result("grade") == 5);  // no higher than Elite
    CHECK(q({{"streak", "5"}}, 1).effects.empty());
}

TEST_CASE("quality after the battle: defaults from the battle, and no battle for quality without a fight") {
    auto b = veldt_battle();
    // The Lancers fail morale in this battle.
    b.unit(2)->figures = 4;
    b.unit(2)->counters["phase-losses"] = 8;
    apply(b, resolve(b, request("morale", {}, 2), {6, 6}));
    CHECK(b.unit(2)->counters.at("failed-morale") == 3);
    apply(b, resolve(b, request("battle-result", {{"ending", "conceded"}}, 11), {}));
    auto defaults = rulesets::make("edwardian", "")->defaults(
        *rulesets::make("edwardian", "")->action("campaign-quality"), b, 2, std::nullopt);
    CHECK(defaults.at("failed") == "yes");
    CHECK(defaults.at("result") == "victory");
    CHECK(resolve(b, request("campaign-quality", {}, 2), {}).result("grade") == 2);
    // Conceded without a fight: not counted for troop quality.
    auto c = veldt_battle();
    apply(c, resolve(c, request("battle-result", {{"ending", "no-fight"}}, 11), {}));
    auto none = resolve(c, request("campaign-quality", {{"streak", "2"}}, 2), {});
    CHECK(none.effects.empty());
    CHECK(none.result("streak") == 2);
}

TEST_CASE("the campaign roster: each country's army as the text allots it (lines 460-466)") {
    auto ruleset = rulesets::make("edwardian");
    auto battle = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/edwardian-campaign.toml",
                                           roster::checks_for(*ruleset).value, roster::checks_for(*ruleset).unit);
    REQUIRE(battle.sides.size() == 2);
    for (const auto& side : battle.sides) {
        INFO(side.name);
        std::map<std::string, std::vector<const model::Unit*>> by_type;
        for (const auto& u : battle.units)
            if (u.side == side.id) by_type[u.troop_type].push_back(&u);
        REQUIRE(by_type["infantry"].size() == 6);
        int veterans = 0;
        for (const auto* u : by_type["infantry"]) {
            CHECK(u->figures == 24);
            veterans += u->quality == "veteran" ? 1 : 0;
            CHECK((u->quality == "veteran" || u->quality == "average"));
        }
        CHECK(veterans == 1);  // the Guard
        REQUIRE(by_type["cavalry"].size() == 2);
        for (const auto* u : by_type["cavalry"]) CHECK((u->figures == 12 && u->quality == "average"));
        REQUIRE(by_type["artillery"].size() == 2);
        for (const auto* u : by_type["artillery"]) CHECK((u->figures == 4 && u->quality == "average"));
        REQUIRE(by_type["mg"].size() == 1);
        CHECK(by_type["mg"].front()->figures == 3);
        REQUIRE(by_type["spotter"].size() == 2);
        for (const auto* u : by_type["spotter"]) {
            REQUIRE(u->traits.count("spotter-for"));
            const model::Unit* gun = battle.find_unit(u->traits.at("spotter-for"));
            REQUIRE(gun);
            CHECK(gun->troop_type == "artillery");
        }
        CHECK(by_type.size() == 5);
    }
}
