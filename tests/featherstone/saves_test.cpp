// Saving rolls (lines 164-170; summary lines 448-459) and the save number's reading (R4).
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
int casualties(std::map<std::string, std::string> values, std::vector<int> dice, std::string house = {}) {
    return resolve(request("save", std::move(values)), std::move(dice), std::move(house)).result("casualties");
}
} // namespace

TEST_CASE("saves: formed troops save on 5+, one die per hit") {
    CHECK(casualties({{"hits", "6"}}, {1, 2, 3, 4, 5, 6}) == 4);
    auto r = preview(request("save", {{"hits", "3"}}));
    CHECK(near(chance(r, "every hit saved"), 1.0 / 27));
    CHECK_THROWS_AS(resolve(request("save", {{"hits", "0"}}), {}), rules::InputError);
}

TEST_CASE("saves: equal to the save number reads as that number or more, a house rule reads it literally") {
    CHECK(casualties({{"hits", "3"}}, {5, 6, 6}) == 0);
    CHECK(casualties({{"hits", "3"}}, {5, 6, 6}, "[options]\nsave_exactly = true\n") == 2);
}

TEST_CASE("saves: skirmishers and artillerymen 4+ against shooting only, melee 5+") {
    CHECK(casualties({{"hits", "2"}, {"type", "skirmishers"}}, {4, 3}) == 1);
    CHECK(casualties({{"hits", "2"}, {"type", "field-artillery"}}, {4, 3}) == 1);
    CHECK(casualties({{"hits", "2"}, {"type", "skirmishers"}, {"against", "melee"}}, {4, 5}) == 1);
    CHECK(casualties({{"hits", "2"}, {"type", "heavy-cavalry"}, {"armoured", "yes"}, {"against", "melee"}}, {4, 3}) == 1);
}

TEST_CASE("saves: buildings 4+, fortified 3+, woods +1 to the die for infantry") {
    CHECK(casualties({{"hits", "3"}, {"cover", "buildings"}}, {4, 3, 2}) == 2);
    CHECK(casualties({{"hits", "3"}, {"cover", "fortified"}}, {4, 3, 2}) == 1);
    CHECK(casualties({{"hits", "3"}, {"cover", "woods"}}, {4, 3, 2}) == 2);
    // Cavalry in woods get no +1 unless the house rule follows the summary.
    CHECK(casualties({{"hits", "3"}, {"cover", "woods"}, {"type", "light-cavalry"}}, {4, 3, 2}) == 3);
    CHECK(casualties({{"hits", "3"}, {"cover", "woods"}, {"type", "light-cavalry"}}, {4, 3, 2},
                     "[options]\nwoods_for_all = true\n") == 2);
    // Cover holds in melee unless the house rule says not.
    CHECK(casualties({{"hits", "2"}, {"cover", "fortified"}, {"against", "melee"}}, {3, 4}) == 0);
    CHECK(casualties({{"hits", "2"}, {"cover", "fortified"}, {"against", "melee"}}, {3, 4},
                     "[options]\ncover_in_melee = false\n") == 2);
}

TEST_CASE("saves: on a unit, the casualties are removed and the unit disordered") {
    auto b = napoleonic_battle();
    auto r = resolve(b, request("save", {{"hits", "4"}}, 1), {1, 2, 5, 6});
    CHECK(r.result("casualties") == 2);
    auto a = after(b, r);
    CHECK(a.unit(1)->figures == 22);
    CHECK(a.unit(1)->has(model::Flag::Disordered));
    CHECK(a.unit(1)->has(model::Flag::NeedsRally));
}
