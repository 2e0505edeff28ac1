// The reference tables: every number of the text read from reference/rattle/tables.toml, house
// rules laid over them, the declared actions, the limits and the turn.
#include "fixture.h"

#include "rulesets/rattle/tables.h"
#include "turn/turn_rules.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

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
                      Catch::Contains("'player' = \"first\""));
}

TEST_CASE("rattle rulings: each cites the line of the text, every house-rule switch is named there and read") {
    std::ifstream file(std::string(UMPIRE_SOURCE_DIR) + "/reference/rattle/rulings.md");
    std::stringstream text;
    text << file.rdbuf();
    const std::string rulings = text.str();
    // A ruling is a bullet "- **R12 ..." with its indented lines; each cites a line, or says the
    // text has no such rule.
    const std::regex bullet(R"(- \*\*([RE]\d+)[^\n]*(\n  [^\n]*)*)");
    int count = 0;
    for (auto it = std::sregex_iterator(rulings.begin(), rulings.end(), bullet); it != std::sregex_iterator(); ++it) {
        ++count;
        const std::string r = it->str();
        INFO(r);
        CHECK((std::regex_search(r, std::regex(R"(lines? \d+)")) || r.find("not in the text") != std::string::npos));
    }
    CHECK(count >= 30);
    // The switches the rulings name are the [options] of the tables, every one of them, and each
    // is read: flipping it in a battle's house rules changes the tables.
    std::set<std::string> named;
    const std::regex option(R"(options\.([a-z_]+))");
    for (auto it = std::sregex_iterator(rulings.begin(), rulings.end(), option); it != std::sregex_iterator(); ++it)
        named.insert((*it)[1]);
    const auto defaults = rattle::load_tables();
    const std::set<std::string> expected{"count_half_remainders", "half_rank_rounding", "failed_detached_roll_uses_action",
                                         "bearer_lost_when_flag_captured", "defensive_fire_first_counts",
                                         "rally_general_and_band_add_up"};
    CHECK(named == expected);
    const std::string toml(rattle::reference_text());
    for (const auto& key : expected) CHECK(toml.find("\n" + key + " = ") != std::string::npos);
    CHECK(rattle::load_tables("[options]\ncount_half_remainders = false\n").options.count_half_remainders !=
          defaults.options.count_half_remainders);
    CHECK(rattle::load_tables("[options]\nhalf_rank_rounding = \"up\"\n").options.half_rank_rounding == "up");
    CHECK(rattle::load_tables("[options]\nfailed_detached_roll_uses_action = true\n").options.failed_detached_roll_uses_action !=
          defaults.options.failed_detached_roll_uses_action);
    CHECK(rattle::load_tables("[options]\nbearer_lost_when_flag_captured = false\n").options.bearer_lost_when_flag_captured !=
          defaults.options.bearer_lost_when_flag_captured);
    CHECK(rattle::load_tables("[options]\ndefensive_fire_first_counts = false\n").options.defensive_fire_first_counts !=
          defaults.options.defensive_fire_first_counts);
    CHECK(rattle::load_tables("[options]\nrally_general_and_band_add_up = true\n").options.rally_general_and_band_add_up !=
          defaults.options.rally_general_and_band_add_up);
    // The Shaken rule the note of 29 Apr 2014 speaks of is ruled on, and off unless a battle turns it on.
    CHECK(rulings.find("R21 Shaken") != std::string::npos);
    CHECK_FALSE(defaults.shaken.enabled);
}
