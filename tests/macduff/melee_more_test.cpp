// MacDuff melee beyond the first slice (section 8): ranks, pursuit, the broken square,
// continuing melee, and what a rout costs.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using model::Entity;
using model::Flag;

TEST_CASE("melee ranks: 2 if formed, 1 if unformed or attacked in flank or rear") {
    // 16 figures 6 wide: 2 ranks fight 12 (6 dice); 1 rank 6 (3 dice). The enemy: 4 figures, 2 dice.
    auto two = resolve(request("melee", {{"figures", "16"}, {"frontage", "6"}, {"ranks", "2"}, {"enemy-figures", "4"}}),
                       std::vector<int>(8, 1));
    CHECK(two.dice[0].values.size() == 6);
    auto flank = resolve(request("melee", {{"figures", "16"}, {"frontage", "6"}, {"ranks", "2"}, {"flank", "yes"},
                                           {"enemy-figures", "4"}}),
                         std::vector<int>(5, 1));
    CHECK(flank.dice[0].values.size() == 3);
    CHECK(has_step(flank, "flank or rear"));
    auto enemy = resolve(request("melee", {{"figures", "4"}, {"enemy-figures", "16"}, {"enemy-frontage", "4"},
                                           {"enemy-ranks", "1"}}),
                         std::vector<int>(4, 1));
    CHECK(enemy.dice[1].values.size() == 2);
    // Ranks default from the unit: formed 2, unformed 1.
    auto b = frontier_battle();
    b.unit(5)->formed = false;
    auto m = rulesets::make("macduff");
    auto d = m->defaults(*m->action("melee"), b, 1, 5);
    CHECK(d.at("ranks") == "2");
    CHECK(d.at("enemy-ranks") == "1");
}

TEST_CASE("pursuit: a charger whose enemy is defeated may charge again at once, impetuous units must") {
    auto b = frontier_battle();
    // The Ghazis (5) charged the Sikhs (1) and win.
    auto r = resolve(b, request("melee", {{"charged", "yes"}}, 5, 1), {6, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1});
    REQUIRE(has_follow_up(r, "melee", 5));
    CHECK(has_step(r, "may pursue"));
    // A choice: offered with the pursuit box ticked, not owed.
    CHECK(find_follow_up(r, "melee")->owed.empty());
    CHECK(find_follow_up(r, "melee")->values.at("pursuit") == "yes");
    b.unit(5)->traits["impetuous"] = "";
    auto must = resolve(b, request("melee", {{"charged", "yes"}}, 5, 1), {6, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1});
    CHECK(has_step(must, "must pursue"));
    // "Impetuous units must pursue" (line 198): owed before the phase ends.
    REQUIRE(find_follow_up(must, "melee"));
    CHECK(find_follow_up(must, "melee")->owed == "impetuous-pursuit");
    CHECK(find_follow_up(must, "melee")->values.at("pursuit") == "yes");
    // Not a charger: no pursuit.
    auto held = resolve(b, request("melee", {}, 5, 1), {6, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1});
    CHECK_FALSE(has_follow_up(held, "melee", 5));
    // The pursuit charge itself: +1 as pursuing, no reaction.
    auto pursuit = resolve(b, request("melee", {{"pursuit", "yes"}}, 5, 2), {3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(pursuit.result("hits") == 1);
    CHECK(has_step(pursuit, "no reaction"));
}

TEST_CASE("pursuit: a unit under For Want of a Nail may not pursue, impetuous or not") {
    auto b = frontier_battle();
    b.unit(5)->traits["impetuous"] = "";
    b.unit(5)->counters["no-move-turn"] = b.turn;  // the card named the Ghazis this turn
    auto r = resolve(b, request("melee", {{"charged", "yes"}}, 5, 1), {6, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1});
    CHECK_FALSE(has_follow_up(r, "melee", 5));
    CHECK(has_step(r, "may not pursue"));
    CHECK_THROWS_WITH(resolve(b, request("melee", {{"pursuit", "yes"}}, 5, 2), {3}),
                      Catch::Contains("For Want of a Nail"));
    b.turn += 1;  // next turn it pursues again
    CHECK(has_follow_up(resolve(b, request("melee", {{"charged", "yes"}}, 5, 1), {6, 6, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1}),
                        "melee", 5));
}

TEST_CASE("the broken square: the cavalry's pursuit melee with no square modifier") {
    auto b = frontier_battle();
    b.unit(1)->counters["square"] = 1;
    // The Pathan Horse (8: 4 dice, -2) defeat the square: it stands, broken.
    auto first = resolve(b, request("melee", {{"modifiers", "cavalry-vs-square"}}, 6, 1),
                         {6, 6, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(first.result("hits") == 2);
    CHECK(find_effect(first, 1, "counter:square-broken")->after == 1);
    CHECK(find_effect(first, 1, "counter:melee-with")->after == 6);
    auto broken = after(b, first);
    auto m = rulesets::make("macduff");
    auto d = m->defaults(*m->action("melee"), broken, 6, 1);
    CHECK(d.at("broken-square") == "yes");
    CHECK(d.at("modifiers").find("cavalry-vs-square") == std::string::npos);

    // Now 4 dice against the 10 Sikhs' 5.
    SECTION("the cavalry wins: the infantry routs and is destroyed") {
        auto r = resolve(broken, request("melee", {}, 6, 1), {4, 4, 1, 1, 1, 1, 1, 1, 1});
        CHECK(find_effect(r, 1, "flag:routed")->after == 1);
        CHECK(find_effect(r, Entity::Side, 1, "counter:army-morale"));
    }
    SECTION("the cavalry does not win: the square reforms at once") {
        auto r = resolve(broken, request("melee", {}, 6, 1), {1, 1, 1, 1, 4, 1, 1, 1, 1});
        CHECK_FALSE(find_effect(r, 1, "flag:routed"));
        CHECK(find_effect(r, 1, "counter:square-broken")->after == 0);
        CHECK(find_effect(r, 6, "flag:disordered"));
    }
    SECTION("a draw: the square reforms too") {
        auto r = resolve(broken, request("melee", {}, 6, 1), {1, 1, 1, 1, 1, 1, 1, 1, 1});
        CHECK(find_effect(r, 1, "counter:square-broken")->after == 0);
    }
    SECTION("an explicit square modifier is dropped") {
        auto r = resolve(broken, request("melee", {{"modifiers", "cavalry-vs-square"}}, 6, 1),
                         {4, 4, 1, 1, 1, 1, 1, 1, 1});
        CHECK(r.result("hits") == 2);
    }
}

TEST_CASE("continuing melee: units still in contact fight again, a defeat parts them") {
    auto b = frontier_battle();
    auto draw = resolve(b, request("melee", {}, 1, 5), {6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1});
    CHECK(find_effect(draw, 1, "counter:melee-with")->after == 5);
    CHECK(find_effect(draw, 5, "counter:melee-with")->after == 1);
    auto locked = after(b, draw);
    auto won = resolve(locked, request("melee", {}, 1, 5), {6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(find_effect(won, 1, "counter:melee-with")->after == 0);
    CHECK(find_effect(won, 5, "counter:melee-with")->after == 0);
}

TEST_CASE("a shaken unit defeated in melee routs, and its army's morale falls") {
    auto b = frontier_battle();
    b.unit(5)->set(Flag::Shaken, true);
    b.unit(5)->figures = 5;
    auto r = resolve(b, request("melee", {}, 1, 5), {6, 1, 1, 1, 1, 1, 1, 1});
    CHECK(find_effect(r, 5, "flag:routed")->after == 1);
    // The Lashkar: 3 units, morale 2; one routed: 1.
    CHECK(find_effect(r, Entity::Side, 2, "counter:army-morale-start")->after == 2);
    CHECK(find_effect(r, Entity::Side, 2, "counter:army-morale")->after == 1);
}

TEST_CASE("melee working: at -2 a die hits on a 6, said so") {
    // Cavalry against a square: -2, so only a natural 6 makes the modified 4.
    auto r = preview(request("melee", {{"figures", "8"}, {"modifiers", "cavalry-vs-square"}, {"enemy-figures", "12"}}));
    CHECK(has_step(r, "modifier -2, hits on a 6"));
    CHECK_FALSE(has_step(r, "6-6"));
    CHECK(has_step(r, "modifier +0, hits on 4-6"));
}
