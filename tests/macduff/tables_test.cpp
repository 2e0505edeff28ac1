// The reference tables drive the engine; house rules change them for one battle.
#include "fixture.h"
#include "rulesets/macduff/tables.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

TEST_CASE("tables: the weapons table as printed in the text") {
    auto t = macduff::load_tables();
    struct Row { const char* id; int close, long_range; };
    for (auto row : {Row{"musket", 6, 12}, Row{"carbine", 6, 12}, Row{"rifle", 12, 24},
                     Row{"jezzail", 12, 24}, Row{"light-gun", 12, 36}, Row{"foot-artillery", 12, 48},
                     Row{"rifled-artillery", 12, 72}, Row{"mortar", 24, 0}, Row{"rocket", 24, 48}}) {
        INFO(row.id);
        REQUIRE(t.weapon(row.id));
        CHECK(t.weapon(row.id)->close == row.close);
        CHECK(t.weapon(row.id)->long_range == row.long_range);
    }
    CHECK(t.shooting.hit_on == 5);
    CHECK(t.melee.hit_on == 4);
}

TEST_CASE("house rules: a changed range changes the ruling") {
    auto req = request("shoot", {{"figures", "2"}, {"weapon", "rifle"}, {"range", "14"}});
    CHECK(has_step(resolve(req, {1}), "long range"));
    const char* longer_rifles = "[[shooting.weapons]]\nid = \"rifle\"\nclose = 15\n";
    auto r = resolve(req, {1}, longer_rifles);
    CHECK(has_step(r, "close range"));
    CHECK(has_step(r, "close to 15\""));
    // The other weapons keep their rows.
    CHECK(macduff::load_tables(longer_rifles).weapon("musket")->close == 6);
}

TEST_CASE("house rules: bad values are refused with the field named") {
    CHECK_THROWS_WITH(macduff::load_tables("[shooting]\nhit_on = \"five\"\n"),
                      Catch::Contains("shooting.hit_on"));
    CHECK_THROWS_WITH(macduff::load_tables("[[shooting.weapons]]\nid = \"rifle\"\nclose = 30\n"),
                      Catch::Contains("long at least close"));
    CHECK_THROWS_AS(macduff::load_tables("this is not toml"), rules::InputError);
}

TEST_CASE("actions are declared with their inputs") {
    auto ruleset = rulesets::make("macduff");
    const auto* shoot = ruleset->action("shoot");
    REQUIRE(shoot);
    REQUIRE(shoot->input("weapon"));
    CHECK(shoot->input("weapon")->choice("rifle"));
    REQUIRE(shoot->input("modifiers"));
    CHECK(shoot->input("modifiers")->choice("difficult-target")->value == -1);
    CHECK(ruleset->action("melee"));
    CHECK(ruleset->action("rally"));
    CHECK(ruleset->check_unit_value("type", "cavalry") == std::nullopt);
    CHECK(ruleset->check_unit_value("type", "cavalary").has_value());
}

TEST_CASE("roster traits are checked against the ruleset") {
    auto ruleset = rulesets::make("macduff");
    CHECK(ruleset->check_unit_value("trait", "skirmishers") == std::nullopt);
    auto typo = ruleset->check_unit_value("trait", "skirmisher");
    REQUIRE(typo.has_value());
    CHECK(typo->find("skirmishers") != std::string::npos);
}

TEST_CASE("tables: the numbers of the rest of the text") {
    auto t = macduff::load_tables();
    // 3 Commanders.
    CHECK(t.commanders.command_range == 12);
    CHECK(t.commanders.order_on == 4);
    CHECK(t.commanders.join_range == 12);
    CHECK(t.commanders.follow_me_dice == 1);
    CHECK(t.commanders.capture_range == 1);
    CHECK(t.steady_men_result(6).id == "cancel");
    CHECK(t.steady_men_result(4).id == "cancel");
    CHECK(t.steady_men_result(3).id == "no-effect");
    CHECK(t.steady_men_result(2).id == "no-effect");
    CHECK(t.steady_men_result(1).id == "wounded");
    // 5 Movement: the table's specials.
    CHECK(t.move_row("artillery")->fast_dice == 1);
    CHECK(t.move_row("artillery")->horse_dice == 2);
    CHECK(t.move_row("boat")->with_current_dice == 1);
    CHECK(t.move_row("boat")->against_current_dice == 1);
    CHECK(t.move_row("steam-engine")->accident_all == 6);
    CHECK(t.move_row("steam-engine")->repair_dice == 2);
    CHECK(t.move_row("train")->derail_on == 6);
    CHECK(t.move_row("airship")->downwind_dice == 2);
    CHECK(t.move_row("formed-infantry")->charge_dice == 1);
    CHECK(t.move_row("formed-cavalry")->charge_dice == 2);
    CHECK(t.movement.march_dice == 1);
    CHECK(t.movement.road_column_dice == 2);
    CHECK(t.movement.average_die == std::vector<int>{2, 3, 3, 4, 4, 5});
    CHECK(t.movement.band_range == 6);
    // 7 Shooting and 8 Melee beyond the slice.
    CHECK(t.shooting.formed_infantry_ranks == 2);
    CHECK(t.shooting.other_ranks == 1);
    CHECK(t.shooting.dense_behind_range == 6);
    CHECK(t.melee.formed_ranks == 2);
    CHECK(t.melee.unformed_ranks == 1);
    CHECK(t.breach_gun("light")->dice == 1);
    CHECK(t.breach_gun("field")->dice == 2);
    CHECK(t.breach_gun("siege")->dice == 3);
    CHECK(t.breaching.max_range == 6);
    CHECK(t.fires.dice.figures_per_die == 4);
    CHECK(t.fires.out_on == 4);
    // 10 Army morale, 11 Engineering, 12 Hospitals.
    CHECK(t.army_morale.divisor == 2);
    CHECK(t.engineering.dice.figures_per_die == 4);
    CHECK(t.task("fortify-town")->points == 12);
    CHECK(t.task("earthworks")->points == 12);
    CHECK(t.task("obstacle")->points == 12);
    CHECK(t.task("pontoon-section")->points == 6);
    CHECK(t.task("demolition-charge")->points == 6);
    CHECK(t.task("gap")->points == 6);
    CHECK(t.task("road")->points_per_inch == 2);
    CHECK(t.task("hospital-setup")->points == 24);
    CHECK(t.demolition_target("house")->points == 6);
    CHECK(t.demolition_target("wooden-bridge")->points == 12);
    CHECK(t.demolition_target("stone-bridge")->points == 18);
    CHECK(t.demolition_target("fort")->points == 24);
    CHECK(t.hospital.return_on == 4);
    CHECK(t.detachments.range == 12);
}

TEST_CASE("house rules: the new tables are checked when loaded") {
    CHECK_THROWS_WITH(macduff::load_tables("[movement]\naverage_die = [2, 3, 4]\n"), Catch::Contains("six faces"));
    CHECK_THROWS_WITH(macduff::load_tables("[commanders]\norder_on = 7\n"), Catch::Contains("commanders.order_on"));
    CHECK_THROWS_WITH(macduff::load_tables("[[movement.rows]]\nid = \"boat\"\nterrain_class = \"river\"\n"),
                      Catch::Contains("terrain_class"));
    CHECK_THROWS_WITH(macduff::load_tables("[detachments]\nstrength = \"half\"\n"), Catch::Contains("detachments.strength"));
    CHECK_THROWS_WITH(macduff::load_tables("[[terrain.ground]]\nid = \"broken\"\nmodes = { wagons = \"full\" }\n"),
                      Catch::Contains("terrain.classes"));
    // A house rule changes one number and the ruling follows it.
    auto t = macduff::load_tables("[commanders]\ncommand_range = 18\n");
    CHECK(t.commanders.command_range == 18);
    auto r = resolve(request("activate", {{"distance", "15"}}), {}, "[commanders]\ncommand_range = 18\n");
    CHECK(r.result("ordered") == 1);
}

TEST_CASE("every action is declared, resolves without a battle, and cites MacDuff") {
    auto ruleset = rulesets::make("macduff");
    std::vector<std::string> ids;
    for (const auto& a : ruleset->actions()) ids.push_back(a.id);
    // The slice's actions keep their ids and come first.
    REQUIRE(ids.size() >= 3);
    CHECK(std::vector<std::string>(ids.begin(), ids.begin() + 3) == std::vector<std::string>{"shoot", "melee", "rally"});
    for (const char* id : {"casualties", "off-table", "activate", "join", "leave-unit", "steady-men", "capture",
                           "commander-lost", "move", "charge-reaction", "overhead-fire", "breach", "fight-fire",
                           "army-morale", "engineer", "blow-charges", "hospital", "capture-unit", "detach", "rejoin"}) {
        INFO(id);
        const auto* spec = ruleset->action(id);
        REQUIRE(spec);
        CHECK(spec->citation.rfind("MacDuff ", 0) == 0);
        for (const auto& in : spec->inputs) CHECK_FALSE(in.label.empty());
    }
    // No "charge" action: a charge is a move with the charge order.
    CHECK(ruleset->action("charge") == nullptr);
    for (const char* type : {"wagon", "boat", "steam-engine", "train", "airship", "balloon", "band", "hospital", "messenger"})
        CHECK(ruleset->check_unit_value("type", type) == std::nullopt);
    for (const char* trait : {"pioneers", "engineer", "pontoon-wagon", "pack-animals", "fast", "horse-artillery",
                              "siege-gun", "first-fire"})
        CHECK(ruleset->check_unit_value("trait", trait) == std::nullopt);
}

TEST_CASE("every citation names a section of the text") {
    // Resolve each action's preview with minimal inputs and check every step's citation.
    auto ruleset = rulesets::make("macduff");
    auto b = frontier_battle();
    b.unit(1)->counters["town-fire"] = 1;
    std::map<std::string, rules::ActionRequest> requests{
        {"move", request("move", {{"distance", "6"}}, 1)},
        {"activate", request("activate", {{"distance", "14"}}, 1)},
        {"overhead-fire", request("overhead-fire", {{"weapon", "foot-artillery"}, {"range", "30"},
                                                    {"gun-to-friends", "4"}, {"friends-to-enemy", "9"}})},
        {"fight-fire", request("fight-fire", {}, 1)},
        {"engineer", request("engineer", {{"task", "gap"}, {"figures", "8"}})},
    };
    for (const auto& [id, req] : requests) {
        INFO(id);
        auto r = ruleset->preview(req, b);
        REQUIRE_FALSE(r.steps.empty());
        for (const auto& s : r.steps) CHECK(s.citation.rfind("MacDuff ", 0) == 0);
    }
}
