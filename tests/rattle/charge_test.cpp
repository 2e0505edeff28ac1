// Charges (lines 28, 52, 68-69 and the author's answers): no movement bonus, facing and seeing
// the target; counter-charge up to half way; evade a charge from the front.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("charge: facing and seeing the target, with no bonus to the move") {
    const auto b = fair_oaks();
    CHECK_THROWS_WITH(preview(b, request("charge", {{"distance", "6"}, {"facing", "no"}}, 1, 11)),
                      Catch::Contains("must be facing the target"));
    CHECK_THROWS_WITH(preview(b, request("charge", {{"distance", "6"}, {"sees", "no"}}, 1, 11)),
                      Catch::Contains("must see its target"));
    CHECK_THROWS_WITH(preview(b, request("charge", {{"distance", "13"}}, 1, 11)), Catch::Contains("may move 12\""));
    auto r = resolve(b, request("charge", {{"distance", "8"}}, 1, 11), {});
    CHECK(has_step(r, "no movement bonus"));
    CHECK(did(b, r, 1, kit::Deed::Charged));
    CHECK(find_effect(r, 1, "counter:melee-with")->after == 11);
    CHECK(find_effect(r, 11, "counter:melee-with")->after == 1);
    CHECK(has_follow_up(r, "melee", 1));
    CHECK(has_step(r, "may roll its melee dice first as defensive fire"));
}

TEST_CASE("charge: mounted cavalry charged may counter-charge up to half way, skirmishers and cavalry may evade") {
    auto b = fair_oaks();
    auto r = resolve(b, request("charge", {{"distance", "10"}}, 1, 13), {});
    CHECK(has_follow_up(r, "counter-charge", 13));
    CHECK(has_follow_up(r, "evade", 13));
    apply(b, r);
    CHECK_NOTHROW(preview(b, request("counter-charge", {{"gap", "10"}, {"distance", "5"}}, 13, 1)));
    CHECK_THROWS_WITH(preview(b, request("counter-charge", {{"gap", "10"}, {"distance", "6"}}, 13, 1)),
                      Catch::Contains("may counter-charge 5\""));
    auto cc = resolve(b, request("counter-charge", {{"gap", "10"}, {"distance", "5"}}, 13, 1), {});
    CHECK(did(b, cc, 13, kit::Deed::Charged));
    // Infantry may not counter-charge.
    auto c2 = fair_oaks();
    apply(c2, resolve(c2, request("charge", {{"distance", "6"}}, 13, 2), {}));
    CHECK_THROWS_WITH(preview(c2, request("counter-charge", {{"gap", "6"}, {"distance", "3"}}, 2, 13)),
                      Catch::Contains("only mounted cavalry"));
    // Light infantry in skirmish order charged from the front may evade; line infantry may not.
    auto e = fair_oaks();
    apply(e, resolve(e, request("charge", {{"distance", "8"}}, 13, 3), {}));
    auto evade = resolve(e, request("evade", {}, 3, 13), {});
    CHECK(find_effect(evade, 3, "flag:needs-rally")->after == 1);
    CHECK(find_effect(evade, 3, "counter:melee-with")->after == 0);
    CHECK(has_follow_up(evade, "rally", 3));
    CHECK_THROWS_WITH(preview(c2, request("evade", {}, 2, 13)), Catch::Contains("only cavalry and light infantry"));
    // Into its flank: the charge says so, and the skirmishers may not evade it (line 69).
    auto flank = fair_oaks();
    apply(flank, resolve(flank, request("charge", {{"distance", "8"}, {"from-front", "no"}}, 13, 3), {}));
    CHECK_THROWS_WITH(preview(flank, request("evade", {}, 3, 13)), Catch::Contains("evades only a charge from the front"));
}

TEST_CASE("charge: an evading unit may still rally on its next move (the retreat is not its action)") {
    auto e = fair_oaks();
    apply(e, resolve(e, request("charge", {{"distance", "8"}}, 13, 3), {}));
    apply(e, resolve(e, request("evade", {}, 3, 13), {}));
    CHECK_NOTHROW(preview(e, request("rally", {}, 3)));
    CHECK_THROWS_WITH(preview(e, request("move", {{"distance", "3"}}, 3)), Catch::Contains("must try to rally"));
}
