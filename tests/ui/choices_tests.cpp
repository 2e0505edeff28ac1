// What the rules leave to the player and the umpire, asked at the desk rather than decided: the
// Rattle's observation ticks (the table's observers by default, unticked to rule one out, taken
// by the roll and cleared, never a trap for Next phase), the Featherstone Charged 7's "Counter
// charge, stand ground or form square" as buttons and keys 1 to 3 with the same die kept, the
// chance to form square in one line, and an initiative tie asking for its re-roll.
#include "desk_shell.h"
#include "headless.h"
#include "ui_support.h"

#include "desk/command_line.h"
#include "panels/commands.h"
#include "panels/widgets.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

void click_turn(test::HeadlessUi& ui, ui::Shell& shell, const std::string& label) {
    ui.frames(shell, 20);  // a turn button takes no click within a double click's time of appearing
    const auto it = shell.turn_hits.find(label);
    INFO(label);
    REQUIRE(it != shell.turn_hits.end());
    ui.click(shell, it->second.cx(), it->second.cy());
}

// Seven Pines at the desk, on turn 1's initiative roll, the Turn panel open.
ui::Shell pines_at_initiative(const test::ScratchDir& dir, test::HeadlessUi& ui) {
    ui::Shell shell = test::sample_shell(dir, "rattle-seven-pines");
    desk::Desk& desk = *shell.desk;
    turn::TurnOptions o = desk.turn_options();
    o.seed = 7;
    REQUIRE(desk.configure_turn(o));
    shell.show_turn = true;
    ui.frames(shell, 2);
    ui.press(shell, ui::key::F6);
    REQUIRE(desk.turn_status().phase_kind == turn::PhaseKind::MoveOrder);
    return shell;
}

// Whether a step of the working says `part` (the ruleset fixtures' helper needs a ruleset of its own).
bool has_step(const rules::Resolution& r, const std::string& part) {
    for (const auto& s : r.steps)
        if (s.text.find(part) != std::string::npos) return true;
    return false;
}

} // namespace

TEST_CASE("Rattle at the desk: an observer unticked counts no more, the roll takes the ticks, and F6 goes on") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 1000);
    ui::Shell shell = pines_at_initiative(dir, ui);
    desk::Desk& desk = *shell.desk;
    const int union_side = desk.battle().sides[0].id;
    const int rebels = desk.battle().sides[1].id;
    CHECK(desk.observation().empty());  // the boxes start from the observers on the table
    // The signal station has no signals team by the General: its box, ticked from the table, is unticked.
    click_turn(ui, shell, "observe:Confederates");
    REQUIRE(desk.observation().count(rebels));
    CHECK_FALSE(desk.observation().at(rebels));
    // 4 against 4: the Union's balloon makes it 5 against 4.
    desk.set_dice_text("4 4");
    ui.press(shell, ui::key::F7);
    INFO(desk.error());
    REQUIRE(desk.turn_status().first_side == union_side);
    const rules::Resolution& roll = desk.rolled()->resolution;
    CHECK(has_step(roll, "Union has an observer on the table (Balloon Intrepid and signal party): +1"));
    CHECK(has_step(roll, "Confederates's observer on the table (Signal station on the Williamsburg road) does not "
                         "count, the umpire rules: no +1"));
    CHECK(desk.observation().empty());  // taken by the roll: next turn's is the table's again
    ui.press(shell, ui::key::F6);
    CHECK(desk.error().empty());
    CHECK(desk.turn_status().phase_kind == turn::PhaseKind::Side);
}

TEST_CASE("Rattle at the desk: observation ticked at the wrong moment is refused with its rule and can be cleared") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 1000);
    ui::Shell shell = pines_at_initiative(dir, ui);
    desk::Desk& desk = *shell.desk;
    desk.set_dice_text("6 1");
    ui.press(shell, ui::key::F7);
    REQUIRE(desk.turn_status().first_side != 0);
    desk.set_observation(desk.battle().sides[0].id, true);
    ui.press(shell, ui::key::F6);
    CHECK_THAT(desk.error(), Catch::Contains("observation adds 1 to the side's roll for the order (Turn sequence "
                                             "(line 27))"));
    CHECK(desk.turn_status().phase_kind == turn::PhaseKind::MoveOrder);
    // The ticks show in the Turn panel though the roll is made, with a button to clear them.
    click_turn(ui, shell, "Clear the observation ticks");
    CHECK(desk.observation().empty());
    desk.clear_error();
    ui.press(shell, ui::key::F6);
    CHECK(desk.error().empty());
    CHECK(desk.turn_status().phase_kind == turn::PhaseKind::Side);
}

TEST_CASE("Rattle at the desk: an initiative tie asks for the re-roll, citing the rule, and nothing is rolled") {
    test::ScratchDir dir;
    test::HeadlessUi ui(1280, 1000);
    ui::Shell shell = pines_at_initiative(dir, ui);
    desk::Desk& desk = *shell.desk;
    desk.set_dice_text("4 4");  // 4+1 against 4+1 on turn 1: rolled again
    ui.press(shell, ui::key::F7);
    CHECK_THAT(desk.error(), Catch::Contains("A tie at 5 (Union and Confederates), on the first turn") &&
                                 Catch::Contains("roll again (Turn sequence (line 27)). Give the re-roll's 2 dice"));
    CHECK(desk.turn_status().first_side == 0);
    CHECK(desk.dice_text() == "4 4");  // kept, to type the re-roll after
    desk.set_dice_text("4 4 6 1");
    desk.clear_error();
    ui.press(shell, ui::key::F7);
    CHECK(desk.turn_status().first_side == desk.battle().sides[0].id);
}

TEST_CASE("Featherstone at the desk: a Charged 7 asks counter charge, stand ground or form square, and 3 forms square "
          "with the same die") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    REQUIRE(desk.select_unit("1/28th Foot"));
    REQUIRE(desk.choose_action("morale"));
    desk.set_value("check", "charged");
    desk.set_value("quality", "regular");  // +1: a 6 reads 7
    desk.set_dice_text("6");
    ui.frames(shell, 2);
    ui.press(shell, ui::key::Enter);
    REQUIRE(desk.rolled());
    const rules::Question* q = desk.question();
    REQUIRE(q);
    CHECK(q->text == "Counter charge, stand ground or form square");
    REQUIRE(q->options.size() == 3);
    CHECK_FALSE(desk.can_apply());
    ui.press(shell, ui::key::Enter, true);  // Ctrl+Enter: refused, the choice is the player's
    CHECK_FALSE(desk.rolled()->applied());
    CHECK_THAT(desk.error(), Catch::Contains("Choose first: Counter charge, stand ground or form square (1 Counter "
                                             "charge, 2 Stand ground, 3 Form square)"));
    desk.clear_error();
    ui.frames(shell, 2);
    ui.press(shell, '3');
    REQUIRE(desk.rolled());
    CHECK_FALSE(desk.question());
    CHECK(desk.rolled()->resolution.all_dice() == std::vector<int>{6});
    CHECK(desk.rolled()->resolution.result("response") == 2);
    ui.press(shell, ui::key::Enter, true);
    REQUIRE(desk.rolled()->applied());
    const model::Unit* foot = desk.battle().find_unit("1/28th Foot");
    REQUIRE(foot);
    CHECK(foot->counters.at("formation") == 4);  // square (the tables' formation code)
}

TEST_CASE("Featherstone at the desk: the app's own die is kept when the player chooses") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    desk::Desk& desk = *shell.desk;
    // The app's dice: a 6, then a 1 the answer must not use.
    desk.set_dice_factory([] { return std::make_unique<dice::TypedDice>(std::vector<int>{6}); });
    REQUIRE(desk.select_unit("1/28th Foot"));
    REQUIRE(desk.choose_action("morale"));
    desk.set_value("check", "charged");
    desk.set_value("quality", "regular");
    REQUIRE(desk.roll());
    REQUIRE(desk.question());
    desk.set_dice_factory([] { return std::make_unique<dice::TypedDice>(std::vector<int>{1}); });
    REQUIRE(desk.answer(1));  // Stand ground
    CHECK(desk.rolled()->resolution.all_dice() == std::vector<int>{6});
    CHECK(desk.rolled()->resolution.outcome.find("Counter charge, stand ground or form square") != std::string::npos);
    CHECK(desk.can_apply());
}

TEST_CASE("Featherstone at the desk: the morale odds keep their percentages first, with one line for forming square") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("1/28th Foot"));
    REQUIRE(desk.choose_action("morale"));
    desk.set_value("check", "charged");
    desk.set_value("charged-by-cavalry", "yes");
    desk.set_value("quality", "regular");
    REQUIRE(desk.preview());
    int square_lines = 0;
    for (const rules::Chance& c : desk.preview()->chances) {
        const std::string line = ui::chance_line(c);
        CHECK(line.find('%') < line.find(':'));  // the percentage ahead of the words, never cut off
        if (c.label.rfind("forming square", 0) == 0) {
            ++square_lines;
            // Regulars +1: 5 and 6 read 6 and 7... a 4 or a 5 on the die reads 5 or 6 (it MUST), a 6 reads 7.
            CHECK(c.label == "forming square (it MUST on 5, 6; on 7 only if the player chooses it, not counted here)");
            CHECK(line == "33.3%  " + c.label);
        }
    }
    CHECK(square_lines == 1);
}

TEST_CASE("Featherstone at the desk: the command line's Charged 7 waits for the player's choice, then takes it typed") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    desk::Desk& desk = *shell.desk;
    std::string message;
    CHECK_FALSE(desk::run_command_line(desk, "morale 1/28 check=charged quality=regular dice=6", message));
    CHECK(message == "The player chooses: Counter charge, stand ground or form square. Esc, then 1 Counter charge, "
                     "2 Stand ground, 3 Form square (the same dice are kept); or add response=counter-charge (or "
                     "another option) to the line");
    REQUIRE(desk.question());  // the roll waits in the Result panel
    CHECK_FALSE(desk.rolled()->applied());
    CHECK(desk::run_command_line(desk, "morale 1/28 check=charged quality=regular response=stand dice=6", message));
    CHECK(desk.rolled()->applied());
    CHECK(desk.rolled()->resolution.result("response") == 3);
}
