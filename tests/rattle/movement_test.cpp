// Movement (lines 35-50): the maxima by type, the road, backwards, terrain, formation changes,
// guns limbering, boats, trains, the detached roll and Urging On.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::Resolution move(model::Battle b, int unit, std::map<std::string, std::string> in, std::vector<int> dice = {}) {
    return resolve(b, request("move", std::move(in), unit), std::move(dice));
}
bool refused(const model::Battle& b, int unit, std::map<std::string, std::string> in) {
    try {
        preview(b, request("move", std::move(in), unit));
    } catch (const rules::Refusal&) {
        return true;
    }
    return false;
}
} // namespace

TEST_CASE("movement: the maximum by type") {
    const auto b = fair_oaks();
    CHECK_FALSE(refused(b, 1, {{"distance", "12"}}));   // infantry 12"
    CHECK(refused(b, 1, {{"distance", "12.5"}}));
    CHECK_FALSE(refused(b, 4, {{"distance", "18"}}));   // cavalry 18"
    CHECK(refused(b, 4, {{"distance", "19"}}));
    CHECK(refused(b, 17, {{"distance", "7"}}));         // wagons 6"
    CHECK_FALSE(refused(b, 17, {{"distance", "6"}}));
    auto r = move(b, 1, {{"distance", "10"}});
    CHECK(r.outcome == "104th Pennsylvania moves 10\"");
    CHECK(did(b, r, 1, kit::Deed::Moved));
    CHECK_THROWS_WITH(preview(b, request("move", {{"distance", "13"}}, 1)), Catch::Contains("may move 12\" this move, not 13\""));
    // The umpire may overrule: the move goes ahead and says so.
    CHECK_FALSE(preview(b, overruled(request("move", {{"distance", "13"}}, 1))).overruled.empty());
}

TEST_CASE("movement: road x2 in column, half backwards, terrain at half except skirmishers and Irregulars") {
    auto b = fair_oaks();
    CHECK(refused(b, 1, {{"distance", "20"}, {"road", "yes"}}));  // in line: no road bonus
    set_unit_counter(b, 1, "formation", 2);                          // column
    CHECK_FALSE(refused(b, 1, {{"distance", "24"}, {"road", "yes"}}));
    CHECK(refused(b, 1, {{"distance", "25"}, {"road", "yes"}}));
    CHECK_FALSE(refused(b, 2, {{"distance", "6"}, {"backwards", "yes"}}));
    CHECK(refused(b, 2, {{"distance", "7"}, {"backwards", "yes"}}));
    // 8" with 4" of it through woods costs 12"; with 5" it costs 13".
    CHECK_FALSE(refused(b, 2, {{"distance", "8"}, {"rough", "4"}}));
    CHECK(refused(b, 2, {{"distance", "8"}, {"rough", "5"}}));
    CHECK_FALSE(refused(b, 3, {{"distance", "12"}, {"rough", "12"}}));   // skirmishers pay nothing
    CHECK_FALSE(refused(b, 12, {{"distance", "12"}, {"rough", "12"}}));  // nor do Irregulars
    CHECK_THROWS_AS(preview(b, request("move", {{"distance", "4"}, {"rough", "5"}}, 2)), rules::InputError);
}

TEST_CASE("movement: a unit in a melee that goes on may retreat during movement, ending it") {
    auto b = fair_oaks();
    set_unit_counter(b, 1, "melee-with", 11);
    set_unit_counter(b, 11, "melee-with", 1);
    auto r = move(b, 1, {{"distance", "6"}, {"backwards", "yes"}});
    CHECK(find_effect(r, 1, "counter:melee-with")->after == 0);
    CHECK(find_effect(r, 11, "counter:melee-with")->after == 0);
    CHECK(has_step(r, "the melee does not go on"));
}

TEST_CASE("movement: a change of formation takes half a turn, cavalry and artillery keep out of woods and towns") {
    const auto b = fair_oaks();
    auto r = move(b, 2, {{"distance", "6"}, {"new-formation", "column"}});
    CHECK(find_effect(r, 2, "counter:formation")->after == 2);
    CHECK(refused(b, 2, {{"distance", "7"}, {"new-formation", "column"}}));
    auto dis = move(b, 4, {{"distance", "0"}, {"new-formation", "dismount"}});
    CHECK(find_effect(dis, 4, "counter:dismounted")->after == 1);
    CHECK(refused(b, 4, {{"distance", "2"}, {"woods-or-town", "yes"}}));
    CHECK_FALSE(refused(b, 2, {{"distance", "2"}, {"woods-or-town", "yes"}}));
}

TEST_CASE("movement: woods and towns are barred to cavalry and artillery only (line 48)") {
    auto b = fair_oaks();
    b.unit(14)->counters["limbered"] = 1;  // a gun limbered to move
    auto woods = [&](int unit) {
        return refusal_of(b, request("move", {{"distance", "2"}, {"woods-or-town", "yes"}}, unit), {});
    };
    CHECK(woods(4) == "Cavalry may not enter woods or a town (Rattle Movement: woods and towns (line 48))");
    CHECK(woods(14) == "Horse artillery may not enter woods or a town (Rattle Movement: woods and towns (line 48))");
    // The machine gun is under the artillery's bullet (line 49): barred with it.
    CHECK(woods(9) == "Machine gun may not enter woods or a town (Rattle Movement: woods and towns (line 48))");
    // The text bars no one else: wagons, the observer, the band, infantry.
    for (int unit : {17, 7, 8, 1}) {
        INFO(unit);
        CHECK(woods(unit) == "not refused");
    }
}

TEST_CASE("movement: a change of direction takes half a turn, as a change of formation does (line 47)") {
    const auto b = fair_oaks();
    // Infantry 12": facing a new way leaves 6".
    auto r = move(b, 1, {{"distance", "6"}, {"change-direction", "yes"}});
    CHECK(has_step(r, "104th Pennsylvania changes direction: it takes 1/2 of the turn, 6\" left to move"));
    CHECK(refused(b, 1, {{"distance", "7"}, {"change-direction", "yes"}}));
    CHECK_FALSE(refused(b, 1, {{"distance", "7"}}));
    // Cavalry, which has no formation to change, turns too: 18" to 9".
    CHECK(refused(b, 4, {{"distance", "10"}, {"change-direction", "yes"}}));
    CHECK_FALSE(refused(b, 4, {{"distance", "9"}, {"change-direction", "yes"}}));
    // A change of formation and of direction together take the one half turn (R25).
    auto both = move(b, 2, {{"distance", "6"}, {"new-formation", "column"}, {"change-direction", "yes"}});
    CHECK(has_step(both, "56th New York changes formation (column) and direction: it takes 1/2 of the turn, 6\" left"));
}

TEST_CASE("movement: guns limber to move and deploy to shoot, not both in a turn, machine guns move 6\" unlimbered") {
    auto b = fair_oaks();
    CHECK(refused(b, 5, {{"distance", "4"}}));  // deployed artillery does not move
    auto limber = move(b, 5, {{"distance", "12"}, {"limber", "limber"}});
    CHECK(find_effect(limber, 5, "counter:limbered")->after == 1);
    apply(b, limber);
    b.turn += 1;  // one action a turn: the next move is next turn's
    CHECK_THROWS_AS(preview(b, request("move", {{"distance", "4"}, {"limber", "limber"}}, 5)), rules::InputError);
    auto deploy = move(b, 5, {{"distance", "6"}, {"limber", "deploy"}});
    CHECK(find_effect(deploy, 5, "counter:limbered")->after == 0);
    CHECK_FALSE(refused(b, 9, {{"distance", "6"}}));  // the Gatling, unlimbered
    CHECK(refused(b, 9, {{"distance", "7"}}));
    CHECK_FALSE(refused(b, 9, {{"distance", "12"}, {"limber", "limber"}}));
}

TEST_CASE("movement: boats with the current, embarking, trains by rail and their crash") {
    auto b = fair_oaks();
    CHECK_FALSE(refused(b, 16, {{"distance", "21"}, {"current", "with"}}));
    CHECK(refused(b, 16, {{"distance", "16"}, {"current", "against"}}));
    CHECK_FALSE(refused(b, 16, {{"distance", "9"}, {"embark", "yes"}}));
    CHECK(refused(b, 16, {{"distance", "10"}, {"embark", "yes"}}));
    CHECK_THROWS_AS(preview(b, request("move", {{"distance", "4"}, {"current", "with"}}, 1)), rules::InputError);
    // From a standstill the train may reach 9" in a turn, then 18".
    CHECK(refused(b, 15, {{"distance", "10"}}));
    auto first = move(b, 15, {{"distance", "9"}});
    CHECK(find_effect(first, 15, "counter:train-speed")->after == 9);
    apply(b, first);
    b.turn += 1;
    CHECK_FALSE(refused(b, 15, {{"distance", "18"}}));
    // Cross country it rolls as if detached: 3+ (regular).
    auto stuck = move(b, 15, {{"distance", "4"}, {"rail", "cross-country"}}, {2});
    CHECK(stuck.result("moved") == 0);
    auto crash = resolve(b, request("crash", {}, 15), {5, 6, 2});  // 12 figures: 3 dice
    CHECK(crash.result("casualties") == 2);
    CHECK(find_effect(crash, 15, "figures")->after == 10);
}

TEST_CASE("movement: a detached unit rolls 3+ to move, Elite +1, Militia and Irregular -1") {
    const auto b = fair_oaks();
    CHECK(near(chance(preview(b, request("move", {{"distance", "5"}, {"detached", "yes"}}, 1)), "moves"), 4.0 / 6));
    CHECK(near(chance(preview(b, request("move", {{"distance", "5"}, {"detached", "yes"}}, 3)), "moves"), 5.0 / 6));
    CHECK(near(chance(preview(b, request("move", {{"distance", "5"}, {"detached", "yes"}}, 2)), "moves"), 3.0 / 6));
    auto fails = move(b, 1, {{"distance", "5"}, {"detached", "yes"}}, {2});
    CHECK(fails.result("moved") == 0);
    // Free to shoot or rally instead (R6): the failed roll is no deed, only the turn's failure.
    CHECK_FALSE(did(b, fails, 1, kit::Deed::Moved));
    CHECK(find_effect(fails, 1, "counter:detached-failed-turn")->after == b.turn);
    CHECK(move(b, 1, {{"distance", "5"}, {"detached", "yes"}}, {3}).result("moved") == 1);
    CHECK(move(b, 2, {{"distance", "5"}, {"detached", "yes"}}, {3}).result("moved") == 0);  // militia needs 4
    // Failed, it does not roll again this turn: a move or a charge is refused, the umpire may overrule (line 35).
    const auto failed = after(b, fails);
    const std::string detached = "Rattle Detached units (line 35)";
    for (const auto& again : {request("move", {{"distance", "5"}, {"detached", "yes"}}, 1),
                              request("move", {{"distance", "5"}}, 1),
                              request("charge", {{"distance", "5"}, {"detached", "yes"}}, 1, 11)}) {
        INFO(again.action);
        CHECK(refusal_of(failed, again, {6}) ==
              "104th Pennsylvania failed its roll to move this turn: it does not move until the next turn (" + detached + ")");
    }
    const auto over = resolve(failed, overruled(request("move", {{"distance", "5"}, {"detached", "yes"}}, 1)), {6});
    CHECK(over.result("moved") == 1);
    CHECK(over.overruled.front().citation == detached);
    // It may still shoot (R6), and next turn it rolls again.
    CHECK_NOTHROW(preview(failed, request("shoot", {{"range", "10"}}, 1, 11)));
    auto later = failed;
    later.turn = 2;
    CHECK(move(later, 1, {{"distance", "5"}, {"detached", "yes"}}, {4}).result("moved") == 1);
    // The house rule that makes the failed roll its action.
    auto used = resolve(b, request("move", {{"distance", "5"}, {"detached", "yes"}}, 1), {2},
                        "[options]\nfailed_detached_roll_uses_action = true\n");
    CHECK(did(b, used, 1, kit::Deed::Moved));
}

TEST_CASE("movement: Urging On adds 1d6 inches, the General must command the unit and stays with it") {
    const auto b = fair_oaks();
    auto r = move(b, 1, {{"distance", "16"}, {"urged-by", "2"}, {"general-distance", "8"}}, {4});
    CHECK(r.outcome == "104th Pennsylvania moves 16\"");
    CHECK(find_effect(r, model::Entity::Commander, 2, "attached-unit")->after == 1);
    CHECK_THROWS_AS(resolve(b, request("move", {{"distance", "16"}, {"urged-by", "2"}}, 1), {3}), rules::Refusal);
    CHECK(near(chance(preview(b, request("move", {{"distance", "16"}, {"urged-by", "2"}}, 1)), "the move is within reach"),
               3.0 / 6));
    CHECK_THROWS_AS(preview(b, request("move", {{"distance", "5"}, {"urged-by", "2"}, {"general-distance", "13"}}, 1)),
                    rules::Refusal);
    // Brigadier Naglee commands units 1-2 only; General Keyes any Union unit.
    CHECK_THROWS_WITH(preview(b, request("move", {{"distance", "5"}, {"urged-by", "2"}}, 3)),
                      Catch::Contains("not assigned to his command"));
    CHECK_NOTHROW(preview(b, request("move", {{"distance", "5"}, {"urged-by", "1"}}, 3)));
    // He stays with the unit until the next move phase.
    auto after_urging = after(b, r);
    CHECK_THROWS_WITH(preview(after_urging, request("general-move", {{"commander", "2"}, {"distance", "6"}})),
                      Catch::Contains("must stay with it"));
    CHECK_NOTHROW(preview(b, request("general-move", {{"commander", "1"}, {"distance", "24"}})));
    CHECK_THROWS_AS(preview(b, request("general-move", {{"commander", "1"}, {"distance", "25"}})), rules::Refusal);
}
