// The desk offers the targets the ruleset names (Ruleset::target_candidates), so an action with
// a friendly target, Edwardian's draft, can pick a unit of its own side and be applied.
#include "ui_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace umpire;

namespace {

desk::Desk modder_desk(const test::ScratchDir& dir) {
    std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/rosters/edwardian-modder-river.toml", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return desk::Desk::create_from_roster(dir.file("modder.umpire"), text.str(), "edwardian-modder-river.toml");
}

bool offered(const desk::Desk& desk, int id) {
    const auto units = desk.target_candidates();
    return std::any_of(units.begin(), units.end(), [id](const model::Unit* u) { return u->id == id; });
}

} // namespace

TEST_CASE("desk: a draft picks a gun of the unit's own side as its target") {
    test::ScratchDir dir;
    desk::Desk desk = modder_desk(dir);
    REQUIRE(desk.select_unit("1st Scots Guards"));
    const model::Unit* guards = desk.selected_unit();
    const model::Unit* battery = desk.battle().find_unit("18th Battery RFA");
    const model::Unit* krupp = desk.battle().find_unit("Staatsartillerie Krupp");
    REQUIRE(guards);
    REQUIRE(battery);
    REQUIRE(krupp);
    const int guards_id = guards->id, battery_id = battery->id, krupp_id = krupp->id;
    const int guards_before = guards->figures, battery_before = battery->figures;

    // Shooting offers the enemy; drafting offers the friendly gun and not the enemy's.
    REQUIRE(desk.choose_action("rifle-fire"));
    CHECK(offered(desk, krupp_id));
    CHECK_FALSE(offered(desk, battery_id));
    REQUIRE(desk.choose_action("draft"));
    CHECK(offered(desk, battery_id));
    CHECK_FALSE(offered(desk, krupp_id));
    CHECK_FALSE(offered(desk, guards_id));

    REQUIRE(desk.set_target(battery_id));
    desk.set_value("figures", "2");
    INFO("preview error: " << desk.preview_error());
    REQUIRE(desk.preview());
    REQUIRE(desk.roll_app_dice());
    REQUIRE(desk.apply());
    CHECK(desk.battle().unit(guards_id)->figures == guards_before - 2);
    CHECK(desk.battle().unit(battery_id)->figures == battery_before + 2);
}
