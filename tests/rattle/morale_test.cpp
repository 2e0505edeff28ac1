// Rally, Steady Men! and Rally Round the Flag (lines 77-79).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
model::Battle defeated_battle() {
    auto b = fair_oaks();
    for (int id : {1, 2, 3, 11, 12}) b.unit(id)->flags[model::Flag::NeedsRally] = true;
    return b;
}
model::Battle after_hits(int unit, int hits) {
    auto b = fair_oaks();
    b.unit(unit)->figures -= hits;
    set_unit_counter(b, unit, "recent-hits", hits);
    set_unit_counter(b, unit, "recent-hits-turn", b.turn);
    return b;
}
} // namespace

TEST_CASE("rally: 4, 5 or 6 rallies, 1, 2 or 3 retreats a full move and must rally again") {
    const auto b = defeated_battle();
    auto ok = resolve(b, request("rally", {}, 1), {4});
    CHECK(ok.result("rallied") == 1);
    CHECK(find_effect(ok, 1, "flag:needs-rally")->after == 0);
    CHECK(did(b, ok, 1, kit::Deed::Rallied));
    auto fail = resolve(b, request("rally", {}, 1), {3});
    CHECK(fail.result("rallied") == 0);
    CHECK_FALSE(find_effect(fail, 1, "flag:needs-rally"));
    CHECK(has_follow_up(fail, "rally", 1));
    CHECK(has_step(fail, "retreats a full move (12\")"));
    auto gone = resolve(b, request("rally", {{"board-edge", "yes"}}, 1), {1});
    CHECK(find_effect(gone, 1, "flag:routed")->after == 1);
    CHECK_THROWS_WITH(preview(fair_oaks(), request("rally", {}, 1)), Catch::Contains("only a unit defeated in melee"));
}

TEST_CASE("rally: Elite +1, Militia -1, +1 joined by a General or a band (both: +1 once, R28)") {
    const auto b = defeated_battle();
    CHECK(resolve(b, request("rally", {}, 3), {3}).result("rallied") == 1);   // elite
    CHECK(resolve(b, request("rally", {}, 2), {4}).result("rallied") == 0);   // militia
    CHECK(resolve(b, request("rally", {}, 12), {3}).result("rallied") == 0);  // irregulars: no modifier
    CHECK(resolve(b, request("rally", {{"general", "yes"}}, 1), {3}).result("rallied") == 1);
    CHECK(resolve(b, request("rally", {{"band", "yes"}}, 2), {4}).result("rallied") == 1);  // militia -1, band +1
    // "+1 joined by general or a band" (line 77): both are still +1, so militia needs a 4 (R28) ...
    auto both = resolve(b, request("rally", {{"general", "yes"}, {"band", "yes"}}, 2), {3});
    CHECK(both.result("rallied") == 0);
    CHECK(has_step(both, "Joined by a General and a band: +1 once"));
    CHECK(resolve(b, request("rally", {{"general", "yes"}, {"band", "yes"}}, 2), {4}).result("rallied") == 1);
    // ... and with the house rule that adds them up, +2: a 3 rallies, a 2 does not.
    const char* add_up = "[options]\nrally_general_and_band_add_up = true\n";
    CHECK(resolve(b, request("rally", {{"general", "yes"}, {"band", "yes"}}, 2), {3}, add_up).result("rallied") == 1);
    CHECK(resolve(b, request("rally", {{"general", "yes"}, {"band", "yes"}}, 2), {2}, add_up).result("rallied") == 0);
    CHECK(has_step(preview(b, request("rally", {}, 1)), "Modifier +0: rallies on 4-6"));
    CHECK(near(chance(preview(b, request("rally", {}, 1)), "rally"), 0.5));
    // The form offers the General who has joined a unit he commands.
    auto j = defeated_battle();
    j.commander(2)->attached_unit = 1;
    auto r = rulesets::make("rattle");
    CHECK(r->defaults(*r->action("rally"), j, 1, std::nullopt).at("general") == "yes");
}

TEST_CASE("Steady Men!: 4-6 cancels a hit, 2-3 nothing, 1 the General is hit and removed") {
    const auto b = after_hits(1, 3);
    auto ok = resolve(b, request("steady-men", {{"commander", "2"}}, 1), {4});
    CHECK(find_effect(ok, 1, "figures")->after == 14);
    CHECK(find_effect(ok, model::Entity::Commander, 2, "attached-unit")->after == 1);
    auto none = resolve(b, request("steady-men", {{"commander", "2"}}, 1), {3});
    CHECK_FALSE(find_effect(none, 1, "figures"));
    auto hit = resolve(b, request("steady-men", {{"commander", "2"}}, 1), {1});
    CHECK(find_effect(hit, model::Entity::Commander, 2, "status")->after == static_cast<int>(model::CommanderStatus::Killed));
    CHECK(near(chance(preview(b, request("steady-men", {{"commander", "2"}}, 1)), "1 hit cancelled"), 0.5));
    // Once on a set of hits; only a General who commands the unit; only after hits.
    CHECK_THROWS_WITH(preview(after(b, none), request("steady-men", {{"commander", "2"}}, 1)), Catch::Contains("once"));
    CHECK_THROWS_WITH(preview(after_hits(3, 1), request("steady-men", {{"commander", "2"}}, 3)),
                      Catch::Contains("not assigned to his command"));
    CHECK_THROWS_WITH(preview(fair_oaks(), request("steady-men", {{"commander", "1"}}, 1)), Catch::Contains("no hits"));
}

TEST_CASE("Rally Round the Flag: infantry with colours, the bearer hit on a 1, defeated, the flag captured") {
    const auto b = after_hits(1, 2);
    auto ok = resolve(b, request("flag", {}, 1), {5});
    CHECK(find_effect(ok, 1, "figures")->after == 15);
    auto bearer = resolve(b, request("flag", {}, 1), {1});
    CHECK(find_effect(bearer, 1, "figures")->after == 13);
    CHECK(bearer.result("bearer_hit") == 1);
    auto lost = resolve(b, request("flag", {{"defeated", "yes"}}, 1), {1});
    CHECK(find_effect(lost, 1, "counter:flag-captured")->after == 1);
    CHECK(find_effect(lost, 1, "figures")->after == 13);
    auto keep = resolve(b, request("flag", {{"defeated", "yes"}}, 1), {1}, "[options]\nbearer_lost_when_flag_captured = false\n");
    CHECK_FALSE(find_effect(keep, 1, "figures"));
    CHECK_THROWS_WITH(preview(after(b, lost), request("flag", {}, 1)), Catch::Contains("captured"));
    CHECK_THROWS_WITH(preview(after_hits(2, 1), request("flag", {}, 2)), Catch::Contains("no colour bearer"));
    auto cav = after_hits(4, 1);
    cav.unit(4)->traits["colour-bearer"] = "";
    CHECK_THROWS_WITH(preview(cav, request("flag", {}, 4)), Catch::Contains("cavalry and light infantry may not"));
}
