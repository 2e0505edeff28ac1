// Movement (lines 26-69), charges (lines 130-134, 266-269), pursuit (lines 224-226) and the
// recall (lines 279-283).
#include "fixture.h"
#include "turn/turn_state.h"
#include "kit/deeds.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
// The allowance in tenths of an inch, as the move action reports it.
int allowance(std::map<std::string, std::string> values) {
    return preview(request("move", std::move(values))).result("allowance-tenths");
}
} // namespace

TEST_CASE("movement: the rates by type and formation") {
    CHECK(allowance({{"type", "infantry"}, {"formation", "line"}}) == 60);
    CHECK(allowance({{"type", "infantry"}, {"formation", "assault-column"}}) == 90);
    CHECK(allowance({{"type", "skirmishers"}, {"formation", "extended"}}) == 90);
    CHECK(allowance({{"type", "infantry"}, {"formation", "march-column"}}) == 120);
    CHECK(allowance({{"type", "heavy-cavalry"}, {"formation", "line"}}) == 120);
    CHECK(allowance({{"type", "light-cavalry"}, {"formation", "line"}}) == 150);
    CHECK(allowance({{"type", "heavy-artillery"}, {"formation", "limbered"}}) == 60);
    CHECK(allowance({{"type", "field-artillery"}, {"formation", "limbered"}}) == 90);
    CHECK(allowance({{"type", "horse-artillery"}, {"formation", "limbered"}}) == 120);
    CHECK_THROWS_AS(allowance({{"type", "heavy-cavalry"}, {"formation", "square"}}), rules::InputError);
}

TEST_CASE("movement: terrain, roads, obstacles, formation changes and the half move in any direction") {
    CHECK(allowance({{"type", "infantry"}, {"formation", "line"}, {"terrain", "yes"}}) == 30);
    CHECK(allowance({{"type", "infantry"}, {"formation", "line"}, {"terrain", "yes"}, {"road", "yes"}}) == 60);
    CHECK(allowance({{"type", "infantry"}, {"formation", "march-column"}, {"road", "yes"}}) == 150);
    // Cavalry in march column gain +3" (line 67, R43), and by road the road's +3" as well (line 60).
    CHECK(allowance({{"type", "light-cavalry"}, {"formation", "march-column"}}) == 180);
    CHECK(allowance({{"type", "light-cavalry"}, {"formation", "march-column"}, {"road", "yes"}}) == 210);
    CHECK(allowance({{"type", "heavy-cavalry"}, {"formation", "march-column"}}) == 150);
    CHECK(allowance({{"type", "heavy-cavalry"}, {"formation", "line"}}) == 120);
    CHECK(allowance({{"type", "field-artillery"}, {"formation", "limbered"}, {"road", "yes"}}) == 180);
    CHECK(allowance({{"type", "infantry"}, {"formation", "line"}, {"obstacles", "1"}}) == 30);
    CHECK(allowance({{"type", "infantry"}, {"formation", "line"}, {"obstacles", "3"}}) == 0);
    CHECK(allowance({{"type", "infantry"}, {"formation", "line"}, {"to-formation", "square"}}) == 30);
    CHECK(allowance({{"type", "infantry"}, {"formation", "assault-column"}, {"any-direction", "yes"}}) == 45);
    CHECK(allowance({{"type", "field-artillery"}, {"formation", "limbered"}, {"any-direction", "yes"}}) == 90);
    CHECK_THROWS_AS(allowance({{"type", "light-cavalry"}, {"formation", "line"}, {"to-formation", "square"}}),
                    rules::InputError);
    // The house rule reads cavalry's +3" as the road's: nothing off the road, +3" on it.
    const std::string road_only = "[movement]\ncavalry_march_bonus_off_road = false\n";
    CHECK(preview(request("move", {{"type", "light-cavalry"}, {"formation", "march-column"}}), road_only)
              .result("allowance-tenths") == 150);
    CHECK(preview(request("move", {{"type", "light-cavalry"}, {"formation", "march-column"}, {"road", "yes"}}), road_only)
              .result("allowance-tenths") == 180);
}

TEST_CASE("movement: a move is recorded, changes formation, and is refused when too long or repeated") {
    auto b = napoleonic_battle();
    auto r = resolve(b, request("move", {{"to-formation", "square"}, {"distance", "2"}}, 1), {});
    auto a = after(b, r);
    CHECK(unit_counter(a, 1, "formation") == kSquare);
    CHECK(did(b, r, 1, kit::Deed::Moved));
    CHECK_THROWS_AS(resolve(a, request("move", {}, 1), {}), rules::Refusal);
    CHECK_THROWS_AS(resolve(b, request("move", {{"distance", "7"}}, 1), {}), rules::Refusal);
    CHECK_NOTHROW(resolve(b, overruled(request("move", {{"distance", "7"}}, 1)), {}));
}

TEST_CASE("movement: a rally result of no move or half move") {
    auto b = napoleonic_battle();
    b.unit(1)->counters["no-move-turn"] = 2;
    CHECK_THROWS_AS(resolve(b, request("move", {}, 1), {}), rules::Refusal);
    CHECK_THROWS_AS(resolve(b, request("charge", {}, 1, 11), {}), rules::Refusal);
    b.unit(1)->counters["no-move-turn"] = 1;  // last turn's result no longer holds
    CHECK_NOTHROW(resolve(b, request("move", {}, 1), {}));
    b.unit(1)->counters["half-move-turn"] = 2;
    CHECK(preview(b, request("move", {}, 1)).result("allowance-tenths") == 30);
}

TEST_CASE("charge: infantry may not charge cavalry, the charged unit checks on the Charged column") {
    auto b = napoleonic_battle();
    CHECK_THROWS_AS(resolve(b, request("charge", {}, 1, 14), {}), rules::Refusal);
    auto r = resolve(b, request("charge", {{"distance", "10"}}, 14, 1), {});
    REQUIRE(find_follow_up(r, "morale"));
    CHECK(find_follow_up(r, "morale")->values.at("check") == "charged");
    CHECK(find_follow_up(r, "morale")->values.at("charged-by-cavalry") == "yes");
    CHECK(has_step(r, "count 2 times in this turn's melee"));
    auto a = after(b, r);
    CHECK(kit::did(a, *a.unit(14), kit::Deed::Charged));
    CHECK(unit_counter(a, 1, "charged-turn") == 2);
    CHECK(unit_counter(a, 1, "charged-by") == 14);
    CHECK_THROWS_AS(resolve(b, request("charge", {{"distance", "13"}}, 14, 1), {}), rules::Refusal);
}

TEST_CASE("charge: skirmishers flee before it, disordered, and that is their move") {
    auto b = napoleonic_battle();
    auto r = resolve(b, request("charge", {}, 11, 2), {});
    CHECK(has_step(r, "they flee before the charge"));
    CHECK_FALSE(find_follow_up(r, "morale"));
    auto a = after(b, r);
    CHECK(a.unit(2)->has(model::Flag::Disordered));
    CHECK(kit::did(a, *a.unit(2), kit::Deed::Moved));
    // If they stand, they check morale like anyone charged.
    CHECK(find_follow_up(resolve(b, request("charge", {{"target-evades", "no"}}, 11, 2), {}), "morale"));
}

TEST_CASE("pursuit: infantry 1D6, cavalry 1D6 more, 2D6 if impetuous") {
    CHECK(resolve(request("pursue", {{"type", "infantry"}}), {4}).result("inches") == 4);
    CHECK(resolve(request("pursue", {{"type", "heavy-cavalry"}}), {4}).result("inches") == 4);
    CHECK(resolve(request("pursue", {{"type", "heavy-cavalry"}, {"impetuous", "yes"}}), {4, 5}).result("inches") == 9);
    auto b = napoleonic_battle();
    mark(b, 14, kit::Deed::Charged, kit::How::Charge);
    CHECK(dice_rolled(resolve(b, request("pursue", {}, 14), {1, 1})) == 2);
}

TEST_CASE("recall: cavalry with a no-move result near the enemy, not impetuous last turn") {
    auto b = napoleonic_battle();
    CHECK_THROWS_AS(resolve(b, request("recall", {{"enemy-near", "yes"}}, 5), {}), rules::Refusal);
    b.unit(5)->counters["no-move-turn"] = 2;
    CHECK_THROWS_AS(resolve(b, request("recall", {}, 5), {}), rules::Refusal);
    auto r = resolve(b, request("recall", {{"enemy-near", "yes"}}, 5), {});
    CHECK(after(b, r).unit(5)->has(model::Flag::Disordered));
    b.turn = 3;
    b.unit(5)->counters["no-move-turn"] = 3;
    b.unit(5)->counters["did:charged"] = 201;  // charged in turn 2
    CHECK_THROWS_AS(resolve(b, request("recall", {{"enemy-near", "yes"}}, 5), {}), rules::Refusal);
    CHECK_THROWS_AS(resolve(b, request("recall", {{"enemy-near", "yes"}}, 1), {}), rules::Refusal);
}

TEST_CASE("charge: in the charging step of the move phase only, by the side moving, while the turn engine runs (Sequence of play 2)") {
    auto b = napoleonic_battle();
    const auto charge = request("charge", {{"distance", "10"}}, 14, 1);
    // The turn at phase `index` (0 initiative ... 3 move charging units ... 5 combat), `moving` the
    // side doing the move sub-phase.
    const auto at = [&b](int index, int moving) {
        turn::TurnState s;
        s.started = true;
        s.phase = index;
        s.moving_side = moving;
        b.texts[turn::kTurnText] = turn::to_text(s);
        b.counters[kit::kPhaseCounter] = index + 1;
    };
    at(0, 0);  // the initiative roll
    const std::string why = refusal_of(b, charge, {});
    CHECK(why == "Charge belongs in the Move charging units, not the Initiative: move charging units: each sub-phase "
                 "is performed by the first player followed by the second player in turn (Featherstone Sequence of "
                 "play 2 (lines 15-17))");
    auto ruled = resolve(b, overruled(charge), {});  // the umpire may allow it
    CHECK_FALSE(ruled.overruled.empty());
    at(3, 2);  // move charging units, the French moving
    CHECK_NOTHROW(resolve(b, charge, {}));
    at(3, 1);  // ... the Allies moving: not the French's step
    CHECK(refusal_of(b, charge, {}).find("it is Allied's move, not French's") != std::string::npos);
    at(5, 0);  // combat: shooting yes, charging no
    CHECK(refusal_of(b, charge, {}).find("belongs in the Move charging units") != std::string::npos);
    b.texts.erase(turn::kTurnText);  // no turn engine: nothing to keep to
    b.counters[kit::kPhaseCounter] = 0;
    CHECK_NOTHROW(resolve(b, charge, {}));
}
