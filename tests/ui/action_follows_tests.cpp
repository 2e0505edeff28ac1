// Picking a unit offers what it can do now: the action it took last this turn, else the current
// phase's action, never the follow-up roll another unit just resolved. Clicks in, the form out.
#include "desk_shell.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace umpire;

namespace {

void click_unit(test::HeadlessUi& ui, ui::Shell& shell, const char* name) {
    ui.frames(shell, 2);
    const model::Unit* u = shell.desk->battle().find_unit(name);
    REQUIRE(u);
    const auto row = shell.unit_rows.find(u->id);
    INFO(name);
    REQUIRE(row != shell.unit_rows.end());
    ui.click(shell, row->second.x0 + 10.0f, row->second.cy());
    REQUIRE(shell.desk->selected_unit() == u);
}

} // namespace

TEST_CASE("action follows the unit: after a rally follow-up, a battery clicked in the activation phase is offered Activation") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 1600);
    desk::Desk& desk = *shell.desk;
    test::turn_until(desk, turn::PhaseKind::Activation, false, false);
    REQUIRE(desk.turn_status().phase_id == "activation");

    // The Gordons shoot the Orakzai (unordered, so overruled): a rally test follows, taken and
    // applied.
    click_unit(ui, shell, "Gordon Highlanders");
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Orakzai Riflemen")->id));
    desk.set_value("range", "10");
    if (desk.refusal()) desk.set_overrule("ordered by the brigadier in person");
    desk.set_dice_text(test::repeat_face(6, test::dice_needed(desk, 6)));
    INFO(desk.preview_error());
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    REQUIRE_FALSE(desk.pending().empty());
    REQUIRE(desk.take_pending(0));
    const std::string follow_up = desk.action()->id;
    if (desk.refusal()) desk.set_overrule("the rally is taken at once");
    desk.set_dice_text("6");
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());

    // A battery clicked now: the phase's action, not the other unit's follow-up.
    click_unit(ui, shell, "No. 8 Mountain Battery");
    CHECK(desk.action()->id != follow_up);
    CHECK(desk.action()->id == "activate");

    // The Gordons clicked again: what they did last this turn.
    click_unit(ui, shell, "Gordon Highlanders");
    CHECK(desk.action()->id == "shoot");
}

TEST_CASE("action follows the unit: without a turn under way the umpire's chosen action stays") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 1600);
    click_unit(ui, shell, "2nd Sikhs");
    REQUIRE(shell.desk->choose_action("melee"));
    click_unit(ui, shell, "Gordon Highlanders");
    CHECK(shell.desk->action()->id == "melee");
}

namespace {

// A battle from one of the sample rosters, its turn options set (seed 7).
ui::Shell roster_shell(const test::ScratchDir& dir, const std::string& roster) {
    ui::Shell shell = test::sample_shell(dir, roster);
    turn::TurnOptions o = shell.desk->turn_options();
    o.seed = 7;
    REQUIRE(shell.desk->configure_turn(o));
    return shell;
}

// Through the first turn's phases: in each phase named in `expected`, each unit named there,
// clicked in the roster, is offered that action.
void offered_by_phase(const std::string& roster,
                      const std::map<std::string, std::vector<std::pair<std::string, std::string>>>& expected) {
    test::ScratchDir dir;
    ui::Shell shell = roster_shell(dir, roster);
    test::HeadlessUi ui(1280, 2400);  // every roster row on screen, to be clicked
    desk::Desk& desk = *shell.desk;
    std::set<std::string> seen;
    for (int guard = 0; guard < 12 && seen.size() < expected.size(); ++guard) {
        REQUIRE(desk.next_phase(true));
        const std::string phase = desk.turn_status().phase_id;
        const auto it = expected.find(phase);
        if (it == expected.end()) continue;
        seen.insert(phase);
        for (const auto& [unit, action] : it->second) {
            click_unit(ui, shell, unit.c_str());
            INFO(roster << ", phase " << phase << ", " << unit);
            REQUIRE(desk.action());
            CHECK(desk.action()->id == action);
        }
    }
    CHECK(seen.size() == expected.size());
}

} // namespace

TEST_CASE("action follows the phase: The Rattle of Dice offers moving in a player's phase, melee in the melee phase") {
    offered_by_phase("rattle-seven-pines", {{"first-player", {{"104th Pennsylvania", "move"}}},
                                            {"first-melee", {{"56th New York", "melee"}}},
                                            {"second-player", {{"11th Maine", "move"}}},
                                            {"second-melee", {{"104th Pennsylvania", "melee"}}}});
}

TEST_CASE("action follows the phase: Square Hearts offers moving in the actions phase, melee in the melee phase") {
    offered_by_phase("square-hearts-abu-klea", {{"first-actions", {{"Guards Camel Regiment", "move"}}},
                                                {"first-melee", {{"19th Hussars", "melee"}}},
                                                {"second-actions", {{"Royal Sussex", "move"}}},
                                                {"second-melee", {{"Guards Camel Regiment", "melee"}}}});
}

TEST_CASE("action follows the phase: Featherstone offers the rally check, charges, moves, and shooting in combat") {
    offered_by_phase("featherstone-quatre-bras",
                     {{"rally", {{"1/28th Foot", "morale"}}},
                      {"move-chargers", {{"Brunswick Hussars", "charge"}}},
                      {"move-others", {{"1/42nd Highlanders", "move"}}},
                      // A battery is offered its own shooting before anything is typed.
                      {"combat-stationary", {{"1/92nd Highlanders", "shoot"}, {"Rogers's Battery", "artillery"}}},
                      {"combat-moving", {{"1/95th Rifles", "shoot"}, {"Bijleveld's Horse Battery", "artillery"}}}});
}
