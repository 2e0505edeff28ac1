// Sappers (line 81): parties of 4 pioneers, 1d6 of work each; 6 points a task; charges blown at
// 1d6 each, 6 to breach a village and 18 to blow a bridge.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("sappers: 8 pioneers are 2 parties, 6 points lay a demolition charge") {
    auto b = fair_oaks();
    auto r = resolve(b, request("work", {{"task", "demolition-charge"}}, 6), {4, 3});
    CHECK(r.result("work") == 7);
    CHECK(r.result("completed") == 1);
    CHECK(find_effect(r, 6, "counter:charges")->after == 1);
    CHECK(find_effect(r, 6, "counter:work:demolition-charge")->after == 1);
    CHECK(did(b, r, 6, kit::Deed::Worked));
    apply(b, r);
    b.turn += 1;
    auto more = resolve(b, request("work", {{"task", "demolition-charge"}}, 6), {2, 3});
    CHECK(more.result("completed") == 1);  // 1 carried over and 5
    CHECK(near(chance(preview(fair_oaks(), request("work", {{"task", "fortify"}}, 6)), "a fortify completed this turn"),
               26.0 / 36));
    CHECK_THROWS_WITH(preview(fair_oaks(), request("work", {{"task", "special"}}, 6)), Catch::Contains("the GM sets"));
    CHECK_NOTHROW(preview(fair_oaks(), request("work", {{"task", "special"}, {"points", "9"}}, 6)));
    CHECK_THROWS_WITH(preview(fair_oaks(), request("work", {{"task", "pontoon"}, {"figures", "3"}}, 6)),
                      Catch::Contains("4 pioneers"));
    CHECK_THROWS_WITH(preview(fair_oaks(), request("work", {{"task", "pontoon"}}, 1)), Catch::Contains("only pioneers"));
    auto melee = fair_oaks();
    melee.unit(6)->counters["melee-with"] = 11;
    CHECK_THROWS_WITH(preview(melee, request("work", {{"task", "pontoon"}}, 6)), Catch::Contains("not in melee"));
}

TEST_CASE("sappers: a demolition blown rolls 1d6 per charge, 6 breach a village, 18 blow a bridge") {
    auto bridge = resolve(request("blow-charges", {{"demolition", "bridge"}, {"charges", "3"}}), {6, 6, 6});
    CHECK(bridge.result("done") == 1);
    CHECK(resolve(request("blow-charges", {{"demolition", "bridge"}, {"charges", "3"}}), {5, 6, 6}).result("done") == 0);
    CHECK(resolve(request("blow-charges", {{"demolition", "village"}, {"charges", "1"}}), {6}).result("done") == 1);
    auto p = preview(request("blow-charges", {{"demolition", "bridge"}, {"charges", "3"}}));
    CHECK(near(chance(p, "bridge done"), 1.0 / 216));
    auto b = fair_oaks();
    b.unit(6)->counters["charges"] = 2;
    auto blown = resolve(b, request("blow-charges", {{"demolition", "village"}}, 6), {3, 4});
    CHECK(find_effect(blown, 6, "counter:charges")->after == 0);
    CHECK_THROWS_AS(preview(b, request("blow-charges", {{"demolition", "village"}, {"charges", "3"}}, 6)), rules::Refusal);
}
