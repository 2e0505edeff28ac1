// MacDuff rally test (9.3): 1 die, 5-6 rally, 2-4 retreat, 1 rout; +1 elite, +1 joined, -1 poor.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
std::string rally_result(const std::string& quality, bool joined, int die) {
    auto r = resolve(request("rally", {{"quality", quality}, {"joined", joined ? "yes" : "no"}}), {die});
    return r.outcome;
}
} // namespace

TEST_CASE("rally: the results by score") {
    CHECK(rally_result("average", false, 6).find("Rally") != std::string::npos);
    CHECK(rally_result("average", false, 5).find("Rally") != std::string::npos);
    CHECK(rally_result("average", false, 4).find("Retreat") != std::string::npos);
    CHECK(rally_result("average", false, 2).find("Retreat") != std::string::npos);
    CHECK(rally_result("average", false, 1).find("Rout") != std::string::npos);
}

TEST_CASE("rally: modifiers") {
    CHECK(rally_result("elite", false, 4).find("Rally") != std::string::npos);    // 4+1
    CHECK(rally_result("average", true, 4).find("Rally") != std::string::npos);   // 4+1 joined
    CHECK(rally_result("average", true, 1).find("Retreat") != std::string::npos); // 1+1
    CHECK(rally_result("poor", false, 2).find("Rout") != std::string::npos);      // 2-1
    CHECK(rally_result("poor", false, 5).find("Retreat") != std::string::npos);   // 5-1
    CHECK(rally_result("elite", true, 1).find("Retreat") != std::string::npos);   // 1+2 = 3
}

TEST_CASE("rally: exact chances") {
    auto ruleset = rulesets::make("macduff");
    model::Battle empty;
    auto r = ruleset->preview(request("rally", {{"quality", "average"}}), empty);
    REQUIRE(r.chances.size() == 3);
    CHECK(r.chances[0].probability == Approx(2.0 / 6));  // rally on 5, 6
    CHECK(r.chances[1].probability == Approx(3.0 / 6));  // retreat on 2, 3, 4
    CHECK(r.chances[2].probability == Approx(1.0 / 6));  // rout on 1
    auto poor = ruleset->preview(request("rally", {{"quality", "poor"}}), empty);
    CHECK(poor.chances[0].probability == Approx(1.0 / 6));
    CHECK(poor.chances[2].probability == Approx(2.0 / 6));
}

TEST_CASE("rally in a battle: effects on the unit") {
    auto battle = frontier_battle();
    auto& sikhs = *battle.unit(1);
    sikhs.set(model::Flag::Shaken, true);
    sikhs.set(model::Flag::NeedsRally, true);
    sikhs.set(model::Flag::Disordered, true);

    SECTION("rally clears the rally marker and reforms") {
        auto r = resolve(battle, request("rally", {}, 1), {5});
        CHECK(find_effect(r, 1, "flag:needs-rally")->after == 0);
        CHECK(find_effect(r, 1, "flag:disordered")->after == 0);
        CHECK_FALSE(find_effect(r, 1, "flag:shaken"));  // losses keep it shaken
    }
    SECTION("retreat keeps the marker for next turn, owes the retreat now and the test next turn") {
        auto r = resolve(battle, request("rally", {}, 1), {3});
        CHECK_FALSE(find_effect(r, 1, "flag:needs-rally"));  // kept
        CHECK_FALSE(find_effect(r, 1, "flag:disordered"));
        CHECK(has_step(r, "next turn"));
        // 9.3: "Retreat a full move ... Take a rally test next turn" (line 205), both owed.
        const rules::FollowUp* retreat = find_follow_up(r, "move");
        REQUIRE(retreat);
        CHECK(retreat->owed == "rally-retreat");
        CHECK(retreat->values.at("forced") == "yes");
        CHECK(retreat->due == "before this phase ends");
        const rules::FollowUp* again = find_follow_up(r, "rally");
        REQUIRE(again);
        CHECK(again->owed == "rally-next-turn");
        CHECK(again->due == "by the end of the next Card activation phase");
    }
    SECTION("rout removes the unit") {
        auto r = resolve(battle, request("rally", {}, 1), {1});
        CHECK(find_effect(r, 1, "flag:routed")->after == 1);
    }
    SECTION("a commander who joined the unit adds 1 by default") {
        battle.commanders[0].attached_unit = 1;
        auto r = resolve(battle, request("rally", {}, 1), {4});
        CHECK(r.outcome.find("Rally") != std::string::npos);
    }
    SECTION("quality defaults from the unit") {
        battle.unit(1)->quality = "poor";
        auto r = resolve(battle, request("rally", {}, 1), {5});
        CHECK(r.outcome.find("Retreat") != std::string::npos);
    }
}
