// The reference tables: every number of the text read from reference/rattle/tables.toml, house
// rules laid over them, the declared actions, the limits and the turn.
#include "fixture.h"

#include "rulesets/rattle/tables.h"
#include "turn/turn_rules.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("rattle tables: the text's numbers") {
    const auto t = rattle::load_tables();
    CHECK(t.name == "The Rattle of Dice");
    CHECK(t.troop_type("infantry")->move == 12);        // Infantry/Foot Artillery maximum 12"
    CHECK(t.troop_type("foot-artillery")->move == 12);
    CHECK(t.troop_type("cavalry")->move == 18);         // Cavalry/Horse Artillery maximum 18"
    CHECK(t.troop_type("horse-artillery")->move == 18);
    CHECK(t.generals.move == 24);                        // General 24"
    CHECK(t.troop_type("wagon")->move == 6);             // Wagons 6"
    CHECK(t.troop_type("boat")->move == 18);             // Boats 18" +/- 3"
    CHECK(t.boat_current == 3);
    CHECK(t.trains.rail == 18);                          // Steam engines 18" by rail, 6" cross country
    CHECK(t.trains.cross_country == 6);
    CHECK(t.trains.speed_change == 9);
    CHECK(t.trains.crash_figures_per_die == 4);
    CHECK(t.trains.crash_casualty_on == 5);
    CHECK(t.troop_type("machine-gun")->unlimbered_move == 6);
    CHECK(t.generals.urging_reach == 12);
    CHECK(t.detached_reach == 12);
    CHECK(t.detached_roll_on == 3);
    CHECK(t.weapon("musket")->range == 6);               // Muskets 6", Rifles 12", MG 24", Artillery 36"
    CHECK(t.weapon("rifle")->range == 12);
    CHECK(t.weapon("mg")->range == 24);
    CHECK(t.weapon("artillery")->range == 36);
    CHECK(t.weapon("artillery")->canister == 12);
    CHECK(t.weapon("spear")->melee_only);
    CHECK(t.figures_per_die == 4);
    CHECK(t.gunners_per_die == 2);
    CHECK(t.hit_on == 5);
    CHECK(t.overhead_gap == 6);
    CHECK(t.troop_type("infantry")->melee_per == 4);
    CHECK(t.troop_type("cavalry")->melee_per == 2);
    CHECK(t.troop_type("foot-artillery")->defensive_per == 2);
    CHECK(t.melee_half_ranks == std::vector<int>{3, 4});  // errata: the 3rd and 4th rank
    CHECK(t.out_of_turn_reach == 6);
    CHECK(t.rally_on == 4);
    CHECK(t.steady_cancel_on == 4);
    CHECK(t.steady_general_hit_on == 1);
    CHECK(t.flag_cancel_on == 4);
    CHECK(t.party == 4);
    CHECK(t.tasks.front().points == 6);
    CHECK(kit::by_id(t.demolitions, "village")->points == 6);
    CHECK(kit::by_id(t.demolitions, "bridge")->points == 18);
    CHECK(t.quality("elite")->melee == 1);
    CHECK(t.quality("militia")->rally == -1);
    CHECK(t.quality("irregular")->rally == 0);  // the rally names only Militia
    CHECK(t.options.count_half_remainders);      // errata: remainders of 1/2 or more
    CHECK_FALSE(t.shaken.enabled);               // the Shaken rule is not in the text
}

TEST_CASE("rattle tables: a house rule changes one value and a bad one names its field") {
    const auto t = rattle::load_tables("[[weapons]]\nid = \"rifle\"\nrange = 15\n");
    CHECK(t.weapon("rifle")->range == 15);
    CHECK(t.weapon("musket")->range == 6);
    CHECK_THROWS_WITH(rattle::load_tables("[[troop_types]]\nid = \"infantry\"\nmelee_per = 0\n"),
                      Catch::Contains("troop_types[infantry].melee_per"));
    CHECK_THROWS_WITH(rattle::load_tables("[options]\nhalf_rank_rounding = \"sideways\"\n"),
                      Catch::Contains("half_rank_rounding"));
}

TEST_CASE("rattle: the declared actions and the roster values") {
    auto r = rulesets::make("rattle");
    CHECK(r->name() == "The Rattle of Dice");
    for (const char* id : {"move", "general-move", "crash", "charge", "counter-charge", "evade", "shoot", "melee", "rally",
                           "steady-men", "flag", "work", "blow-charges"})
        CHECK(r->action(id));
    CHECK_FALSE(r->check_unit_value("type", "pioneers"));
    CHECK_FALSE(r->check_unit_value("quality", "militia"));
    CHECK_FALSE(r->check_unit_value("trait", "colour-bearer"));
    CHECK(r->check_unit_value("quality", "average")->find("elite") != std::string::npos);
}

TEST_CASE("rattle: the turn as data, side phases for the first and second player") {
    auto r = rulesets::make("rattle");
    const auto rules = turn::turn_rules(*r);
    REQUIRE(rules.phases.size() == 5);
    CHECK(rules.phases[0].kind == turn::PhaseKind::MoveOrder);
    CHECK(rules.phases[1].kind == turn::PhaseKind::Side);
    CHECK(rules.phases[1].player == 1);
    CHECK(rules.phases[2].kind == turn::PhaseKind::Resolve);
    CHECK(rules.phases[3].player == 2);
    REQUIRE(rules.move_order);
    CHECK(rules.move_order->tie_repeats_previous);
    CHECK(rules.move_order->observation_bonus == 1);
    CHECK(rules.move_order->observer_types == std::vector<std::string>{"observer"});
    CHECK(rules.chance_after_order);
    CHECK_THROWS_WITH(turn::parse_turn_rules("[turn]\n[[turn.phases]]\nid = \"a\"\nname = \"A\"\nkind = \"side\"\n"
                                             "[turn.move_order]\n",
                                             "test"),
                      Catch::Contains("'player' = 1"));
}
