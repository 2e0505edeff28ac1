// Movement (I Movement, I Effects of Terrain on Play, I Charges) and line of sight.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
// Tenths of an inch left, or -1 when barred.
int left(std::map<std::string, std::string> in) {
    auto r = resolve(request("move", std::move(in)), {});
    return r.result("allowed") ? r.result("left_tenths") : -1;
}
} // namespace

TEST_CASE("movement: foot and MGs 6\", cavalry 12\", artillery 4\", horse artillery 12\"") {
    CHECK(left({{"type", "infantry"}, {"open", "6"}}) == 0);
    CHECK(left({{"type", "infantry"}, {"open", "6.5"}}) == -1);
    CHECK(left({{"type", "mg"}, {"open", "4"}, {"crew", "2"}}) == 20);
    CHECK(left({{"type", "cavalry"}, {"open", "12"}}) == 0);
    CHECK(left({{"type", "artillery"}, {"open", "4"}, {"crew", "3"}}) == 0);
    CHECK(left({{"type", "horse-artillery"}, {"open", "10"}, {"crew", "3"}}) == 20);
    CHECK(left({{"type", "spotter"}, {"open", "5"}}) == 10);
    CHECK(left({{"type", "headquarters"}, {"open", "1"}}) == -1);
}

TEST_CASE("movement: rough costs 2\" an inch for foot and MGs, 4\" for cavalry and artillery") {
    CHECK(left({{"type", "infantry"}, {"rough", "2"}}) == 20);
    CHECK(left({{"type", "infantry"}, {"rough", "3"}}) == 0);
    CHECK(left({{"type", "mg"}, {"rough", "3.5"}, {"crew", "2"}}) == -1);
    CHECK(left({{"type", "cavalry"}, {"rough", "2"}}) == 40);
    CHECK(left({{"type", "artillery"}, {"rough", "1"}, {"crew", "3"}}) == 0);
    CHECK(left({{"type", "horse-artillery"}, {"rough", "3"}, {"crew", "3"}}) == 0);
    // Fordable rivers as rough; non-fordable barred.
    CHECK(left({{"type", "infantry"}, {"river", "2"}}) == 20);
    CHECK(left({{"type", "infantry"}, {"open", "1"}, {"unfordable", "yes"}}) == -1);
}

TEST_CASE("movement: roads half an inch an inch, obstacles as 1\" of rough, wire a full move") {
    CHECK(left({{"type", "infantry"}, {"road", "12"}}) == 0);
    CHECK(left({{"type", "artillery"}, {"road", "6"}, {"crew", "3"}}) == 10);
    CHECK(left({{"type", "infantry"}, {"open", "3"}, {"obstacles", "1"}}) == 10);
    CHECK(left({{"type", "cavalry"}, {"open", "3"}, {"obstacles", "1"}}) == 50);
    CHECK(left({{"type", "infantry"}, {"wire", "1"}}) == 0);
    CHECK(left({{"type", "infantry"}, {"wire", "1"}, {"open", "1"}}) == -1);
    CHECK(left({{"type", "cavalry"}, {"wire", "2"}}) == -1);
}

TEST_CASE("movement: cavalry add 6\" to the charge portion, guns move only with crew, never charge") {
    CHECK(left({{"type", "cavalry"}, {"open", "10"}, {"charge", "6"}}) == 20);
    CHECK(left({{"type", "cavalry"}, {"open", "10"}, {"charge", "8"}}) == 0);
    CHECK(left({{"type", "cavalry"}, {"open", "12"}, {"charge", "7"}}) == -1);
    CHECK(left({{"type", "infantry"}, {"open", "2"}, {"charge", "4"}}) == 0);
    CHECK(left({{"type", "infantry"}, {"open", "2"}, {"charge", "5"}}) == -1);
    CHECK(left({{"type", "artillery"}, {"open", "1"}, {"crew", "0"}}) == -1);
    CHECK(left({{"type", "mg"}, {"charge", "1"}, {"crew", "2"}}) == -1);
    // Zulus: 8" and a 4" charge bonus.
    CHECK(left({{"type", "infantry"}, {"fast-foot", "yes"}, {"open", "8"}, {"charge", "4"}}) == 0);
}

TEST_CASE("movement in a battle: defaults from the unit, the scale, a gun that moved") {
    auto b = veldt_battle();
    b.distance_scale = 1.5;
    auto r = resolve(b, request("move", {{"open", "9"}}, 1), {});  // 9" on the table is 6"
    CHECK(r.result("left_tenths") == 0);
    CHECK(did(b, r, 1, kit::Deed::Moved));
    auto gun = resolve(b, request("move", {{"open", "3"}}, 4), {});
    CHECK(did(b, gun, 4, kit::Deed::Moved));
    // No crew in contact with the MG at the start of the move: it stays.
    CHECK(resolve(b, request("move", {{"open", "1"}, {"crew", "0"}}, 3), {}).result("allowed") == 0);
}

namespace {
rules::Resolution sight(std::map<std::string, std::string> in) {
    return resolve(request("line-of-sight", std::move(in)), {});
}
int visible(std::map<std::string, std::string> in) { return sight(std::move(in)).result("visible"); }
} // namespace

TEST_CASE("line of sight: same level, obstructions block, woods can be seen into") {
    CHECK(visible({}) == 1);
    CHECK(visible({{"obstruction", "woods"}, {"length", "20"}, {"from", "8"}, {"to", "12"}}) == 0);
    CHECK(visible({{"obstruction", "building"}, {"length", "20"}, {"from", "8"}, {"to", "12"}}) == 0);
    // The observed stands in the woods: the line may enter it.
    CHECK(visible({{"obstruction", "woods"}, {"length", "20"}, {"from", "17"}, {"to", "20"}, {"inside", "yes"}}) == 1);
    CHECK_THROWS_AS(visible({{"obstruction", "woods"}, {"length", "20"}, {"from", "8"}, {"to", "12"}, {"inside", "yes"}}),
                    rules::InputError);
    // Woods in a hollow below both units do not block.
    CHECK(visible({{"observer-level", "1"}, {"observed-level", "1"}, {"obstruction", "woods"}, {"length", "20"},
                   {"from", "8"}, {"to", "12"}}) == 1);
}

TEST_CASE("line of sight: the text's figure, the shadow halves with each level") {
    // X on level 0, 20" away. Woods on level 0 from 6" to 8" from X (12"-14" from the observer).
    auto from_level = [](const char* level) {
        return visible({{"observer-level", level}, {"observed-level", "0"}, {"obstruction", "woods"},
                        {"length", "20"}, {"from", "12"}, {"to", "14"}});
    };
    CHECK(from_level("1") == 0);  // D: the woods are in the half nearest X
    CHECK(from_level("2") == 1);  // C: not within the quarter nearest X (5")
    CHECK(visible({{"observer-level", "2"}, {"observed-level", "0"}, {"obstruction", "woods"}, {"length", "20"},
                   {"from", "12"}, {"to", "16"}}) == 0);  // ...but woods 4" from X are in it
    CHECK(from_level("3") == 1);  // B and A see more easily
    auto r = sight({{"observer-level", "2"}, {"observed-level", "0"}, {"obstruction", "woods"}, {"length", "20"},
                    {"from", "12"}, {"to", "16"}});
    CHECK(has_step(r, "quarter"));
    // At three levels the shadow is an eighth: woods ending 2" from X block, 3" do not.
    auto near_x = [](const char* to) {
        return visible({{"observer-level", "3"}, {"observed-level", "0"}, {"obstruction", "woods"}, {"length", "20"},
                        {"from", "10"}, {"to", to}});
    };
    CHECK(near_x("18") == 0);
    CHECK(near_x("17") == 1);
    // Seen from below, the shadow is at the observer's end.
    CHECK(visible({{"observer-level", "0"}, {"observed-level", "1"}, {"obstruction", "woods"}, {"length", "20"},
                   {"from", "4"}, {"to", "8"}}) == 0);
    CHECK(visible({{"observer-level", "0"}, {"observed-level", "1"}, {"obstruction", "woods"}, {"length", "20"},
                   {"from", "12"}, {"to", "16"}}) == 1);
}

TEST_CASE("line of sight: obstructions as high as the higher unit block, the reverse slope") {
    CHECK(visible({{"observer-level", "2"}, {"obstruction", "hill"}, {"obstruction-level", "2"}, {"length", "30"},
                   {"from", "5"}, {"to", "8"}}) == 0);
    // Woods on level 1 reach 1.5, below an observer on level 2.
    CHECK(visible({{"observer-level", "2"}, {"obstruction", "woods"}, {"obstruction-level", "1"}, {"length", "30"},
                   {"from", "5"}, {"to", "8"}}) == 1);
    CHECK(visible({{"observer-level", "2"}, {"observed-level", "2"}, {"reverse-slope", "yes"}}) == 0);
    CHECK(cites(sight({}), "Edwardian I Effects of Terrain on Play"));
}
