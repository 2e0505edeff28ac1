// MacDuff detachments (section 2) with fixed numbers: within 12" one unit, beyond it a unit of its
// own until it rejoins; created and removed in the roster exactly.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Flag;

namespace {
rules::ActionRequest detach(int unit, std::string figures, std::string gap) {
    return request("detach", {{"figures", std::move(figures)}, {"gap", std::move(gap)}}, unit);
}
} // namespace

TEST_CASE("detachments: within 12\" the parts are one unit, exactly 12\" is within") {
    auto b = frontier_battle();
    auto r = resolve(b, detach(2, "4", "12"), {});
    CHECK(r.result("separate") == 0);
    CHECK(r.effects.empty());
    CHECK(has_step(r, "casualties may be drawn from either part"));
}

TEST_CASE("detachments: beyond 12\" the detachment becomes a unit of its own") {
    auto b = frontier_battle();
    b.unit(2)->figures = 10;  // 2 lost
    mark(b, 2, kit::Deed::Fired);
    auto r = resolve(b, detach(2, "4", "12.5"), {});
    CHECK(r.result("separate") == 1);
    auto split = after(b, r);
    REQUIRE(split.units.size() == 7);
    const model::Unit& d = split.units[2];  // right after its unit
    CHECK(d.name == "Gordons detachment");
    CHECK(d.id == 7);
    CHECK(d.figures == 4);
    CHECK(d.start_figures == 4);
    CHECK(d.quality == "elite");
    CHECK(kit::did(split, d, kit::Deed::Fired));
    CHECK(unit_counter(split, 7, "detachment-of") == 2);
    // Split strength: the unit keeps its losses, its original strength drops by the 4.
    CHECK(split.unit(2)->figures == 6);
    CHECK(split.unit(2)->start_figures == 8);
    // Undo is exact.
    model::Battle undone = split;
    undone.revert(r.effects);
    CHECK(undone.units.size() == 6);
    CHECK(undone.unit(2)->figures == 10);
    CHECK(undone.unit(2)->start_figures == 12);
    // A second detachment gets its own name.
    auto again = resolve(split, detach(2, "2", "20"), {});
    CHECK(after(split, again).unit(8)->name == "Gordons detachment 2");
    // Too many figures, or none.
    CHECK_THROWS_AS(resolve(b, detach(2, "10", "20"), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, detach(2, "0", "20"), {}), rules::InputError);
}

TEST_CASE("detachments: a separate unit for all purposes, its shaken threshold its own") {
    auto b = after(frontier_battle(), resolve(frontier_battle(), detach(1, "4", "15"), {}));
    // 4 figures (average): losing 2 is exactly half, not shaken; 3 is.
    b.unit(7)->figures = 2;
    auto r = resolve(b, request("shoot", {{"range", "10"}}, 4, 7), {6, 1, 1, 1, 1, 1});
    CHECK(find_effect(r, 7, "flag:shaken"));
    // Routed, it is a unit lost for army morale, though not counted in the total.
    b.unit(7)->figures = 1;
    auto gone = resolve(b, request("shoot", {{"range", "10"}}, 4, 7), {6, 1, 1, 1, 1, 1});
    CHECK(find_effect(gone, model::Entity::Side, 1, "counter:army-morale-start")->after == 2);
    CHECK(find_effect(gone, model::Entity::Side, 1, "counter:army-morale")->after == 1);
    // The house rule keeping the unit's own original strength.
    auto keep = after(frontier_battle(), resolve(frontier_battle(), detach(1, "4", "15"), {},
                                                 "[detachments]\nstrength = \"keep\"\n"));
    CHECK(keep.unit(1)->start_figures == 12);
    CHECK(keep.unit(1)->figures == 8);
}

TEST_CASE("detachments rejoin within 12\": figures and strength back, the detachment removed") {
    auto b = frontier_battle();
    auto split = after(b, resolve(b, detach(1, "4", "15")
                                         , {}));
    split.unit(7)->figures = 3;  // lost one while away
    split.commanders[0].attached_unit = 7;
    auto far = resolve(split, request("rejoin", {{"gap", "12.5"}}, 7), {});
    CHECK(far.result("rejoined") == 0);
    CHECK(far.effects.empty());
    auto r = resolve(split, request("rejoin", {{"gap", "12"}}, 7), {});
    CHECK(r.result("rejoined") == 1);
    auto joined = after(split, r);
    CHECK(joined.units.size() == 6);
    CHECK(joined.unit(7) == nullptr);
    CHECK(joined.unit(1)->figures == 11);
    CHECK(joined.unit(1)->start_figures == 12);
    CHECK(joined.commanders[0].attached_unit == 1);  // he comes back with it
    // Undo puts the detachment back exactly as it was.
    model::Battle undone = joined;
    undone.revert(r.effects);
    CHECK(model::same_unit(*undone.unit(7), *split.unit(7)));
    CHECK(undone.units[1].id == 7);
    // A shaken detachment makes the whole shaken; so do losses together past the threshold.
    split.unit(7)->set(Flag::Shaken, true);
    CHECK(find_effect(resolve(split, request("rejoin", {{"gap", "3"}}, 7), {}), 1, "flag:shaken"));
    // Not a detachment, or its unit gone: refused.
    CHECK_THROWS_AS(resolve(split, request("rejoin", {{"gap", "3"}}, 2), {}), rules::InputError);
    split.unit(1)->set(Flag::Routed, true);
    CHECK_THROWS_AS(resolve(split, request("rejoin", {{"gap", "3"}}, 7), {}), rules::InputError);
}
