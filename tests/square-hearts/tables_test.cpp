// The reference tables hold the text's numbers; house rules change them by key; the declared
// actions, the roster's values and the sample roster; the sheet's sections find their data.
#include "fixture.h"

#include "print/sheet_layout.h"
#include "roster/roster.h"
#include "rulesets/square-hearts/mechanics.h"
#include "rulesets/square-hearts/square_hearts.h"

#include <catch2/catch.hpp>

#include <set>
#include <tuple>

using namespace umpire;
using namespace umpire::test;
using namespace umpire::square_hearts;

TEST_CASE("The tables hold the text's numbers", "[square-hearts][tables]") {
    const Tables t = read_tables(load_reference({}));
    CHECK(t.name == "Square Hearts");
    CHECK(t.grid("squares")->diagonal == 1.5);  // line 19
    CHECK(t.grid("squares")->arc == 45);        // line 30
    CHECK(t.grid("hexes")->arc == 60);
    CHECK(t.grid("hexes")->diagonal == 0);
    // Movement (lines 20-24).
    for (auto [type, move, and_shoot] : std::vector<std::tuple<std::string, int, int>>{
             {"infantry", 2, 1}, {"tank", 2, 1}, {"cavalry", 3, 1}, {"horse-artillery", 3, 1}, {"armoured-car", 3, 1},
             {"artillery", 2, 0}, {"mg", 2, 0}, {"wagon", 2, 0}, {"train", 4, 0}, {"armoured-train", 4, 1}}) {
        INFO(type);
        REQUIRE(t.troop_type(type));
        CHECK(t.troop_type(type)->move == move);
        CHECK(t.troop_type(type)->move_and_shoot == and_shoot);
    }
    CHECK(t.troop_type("artillery")->difficult == Difficult::Road);
    CHECK(t.troop_type("pack-artillery")->difficult == Difficult::Enters);
    CHECK(t.troop_type("mg")->difficult == Difficult::Enters);
    CHECK(t.troop_type("armoured-car")->difficult == Difficult::Road);
    CHECK(t.troop_type("wagon")->difficult == Difficult::Road);
    for (const char* approach : {"infantry", "cavalry", "armoured-car", "tank"}) CHECK(t.troop_type(approach)->approach);
    for (const char* not_near : {"artillery", "mg", "wagon", "horse-artillery"}) CHECK_FALSE(t.troop_type(not_near)->approach);
    CHECK(t.movement.road_bonus == 1);
    CHECK(t.movement.train_change == 2);
    CHECK(t.movement.retreat_moves == 2);
    // Ranges (lines 34-39) and dice (line 32).
    for (auto [weapon, dice, range] : std::vector<std::tuple<std::string, int, int>>{
             {"rifle", 1, 3}, {"superior-rifle", 1, 4}, {"mg", 2, 4}, {"smoothbore-artillery", 2, 6},
             {"pack-horse-artillery", 2, 12}, {"artillery", 2, 18}}) {
        INFO(weapon);
        CHECK(t.weapon(weapon)->dice == dice);
        CHECK(t.weapon(weapon)->range == range);
    }
    CHECK(t.weapon("artillery")->indirect);
    CHECK_FALSE(t.weapon("smoothbore-artillery")->indirect);
    // Classes (line 60).
    CHECK(t.quality("regular")->capacity == 3);
    CHECK(t.quality("militia")->capacity == 2);
    CHECK(t.quality("elite")->capacity == 4);
    // Commanders (lines 15, 17), shooting (41-53), melee (55-58), rally (60).
    CHECK(t.commanders.order_dice == 1);
    CHECK(t.commanders.deferred_dice == 2);
    CHECK(t.commanders.order_range == 6);
    CHECK(t.commanders.move == 3);
    CHECK(t.shooting.hit_on == 4);
    CHECK(t.shooting.observed_min_range == 6);
    CHECK(t.shooting.radio_on == 2);
    CHECK(t.melee.dice == 2);
    CHECK(t.melee.column_dice == 1);
    CHECK(t.melee.support_hits_on == 6);
    CHECK(t.rally.rally_on == 4);
    CHECK(t.phase_ids.size() == 7);
}

TEST_CASE("House rules change one value and keep the rest, bad ones name the field", "[square-hearts][tables]") {
    const Tables t = read_tables(load_reference("[[weapons]]\nid = \"rifle\"\nrange = 4\n"));
    CHECK(t.weapon("rifle")->range == 4);
    CHECK(t.weapon("mg")->range == 4);
    CHECK_THROWS_WITH(read_tables(load_reference("[options]\nbroken_reading = \"sometimes\"\n")),
                      Catch::Contains("options.broken_reading") && Catch::Contains("one-left"));
    CHECK_THROWS_WITH(read_tables(load_reference("[[troop_types]]\nid = \"infantry\"\nmove_and_shoot = 5\n")),
                      Catch::Contains("troop_types[infantry].move_and_shoot"));
}

TEST_CASE("The actions are declared with their inputs and citations", "[square-hearts][tables]") {
    auto ruleset = rulesets::make("square-hearts");
    std::vector<std::string> ids;
    for (const auto& a : ruleset->actions()) {
        ids.push_back(a.id);
        CHECK_THAT(a.citation, Catch::StartsWith("Square Hearts "));
    }
    CHECK(ids == std::vector<std::string>{"orders", "move", "shoot", "melee", "rally", "off-board", "commander", "capture", "replacement"});
    CHECK(ruleset->action("move")->input("areas")->kind == rules::InputKind::Areas);
    CHECK(ruleset->action("shoot")->input("range")->kind == rules::InputKind::Areas);
    CHECK_THAT(ruleset->action("shoot")->input("range")->help, Catch::Contains("2d+1"));
    // Rules' own modifiers are not ticked on the form.
    const auto* mods = ruleset->action("shoot")->input("modifiers");
    CHECK(mods->choice("cover"));
    CHECK_FALSE(mods->choice("long"));
    CHECK(ruleset->distance_units() == std::vector<std::string>{"squares", "hexes"});
}

TEST_CASE("The sample roster: Abu Klea on squares, 9 and 10 units, every arm and commanders", "[square-hearts][tables]") {
    auto ruleset = rulesets::make("square-hearts");
    auto battle = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/square-hearts-abu-klea.toml",
                                           [&](std::string_view f, std::string_view v) { return ruleset->check_unit_value(f, v); });
    rules::prepare_battle(*rulesets::make(battle.ruleset, battle.house_rules), battle);
    const Tables t = read_tables(load_reference({}));
    CHECK(battle.distance_unit == "squares");
    for (const auto& side : battle.sides) {
        INFO(side.name);
        int units = 0, generals = 0, subordinates = 0;
        std::set<std::string> types;
        for (const auto& u : battle.units)
            if (u.side == side.id) {
                ++units;
                types.insert(u.troop_type);
                CHECK(u.hit_capacity == class_capacity(t, u.quality));
            }
        for (const auto& c : battle.commanders)
            if (c.side == side.id) (c.is_general ? generals : subordinates)++;
        CHECK(units >= 8);
        CHECK(generals == 1);
        CHECK(subordinates >= 2);
        CHECK(types.count("cavalry"));
        CHECK(types.count("pack-artillery"));
        CHECK(types.count("mg"));
        CHECK_FALSE(side.colour.empty());
    }
}

TEST_CASE("The quick-reference sheet finds every value in the tables", "[square-hearts][tables]") {
    auto ruleset = rulesets::make("square-hearts");
    auto sheet = print::build_sheet(*print::sheet_layout_text("square-hearts"), "sheet.toml", ruleset->reference_toml(), {});
    bool grid = false, capacity = false;
    for (const auto& s : sheet.sections) {
        if (s.heading == "The grid")
            grid = s.rows.size() == 2 && s.rows[0][1] == "1.5 areas" && s.rows[1][2] == "60 degrees either side";
        if (s.heading == "Hits")
            for (const auto& row : s.rows) capacity = capacity || (row[0] == "Elite" && row[1] == "4 hits");
    }
    CHECK(grid);
    CHECK(capacity);
}
