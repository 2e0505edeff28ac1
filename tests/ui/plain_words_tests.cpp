// No internal words at the desk: effects as sentences (no "text:turn", no "target-range 0 -> 267"),
// the report's action column in words ("Next phase", not "turn-next"), too few dice answered
// with how many the roll takes, and a Casualties form that shows no "Hits 0" it would not use.
#include "desk_shell.h"

#include "desk/journal_heading.h"
#include "desk/report_export.h"
#include "rules/action_names.h"
#include "panels/widgets.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace umpire;

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("plain words: a turn step's effects and the report's action column read as sentences") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.next_phase());
    bool any = false;
    for (const auto& entry : desk.whole_journal())
        for (const model::Effect& e : entry.effects) {
            const std::string line = ui::describe_effect(desk.battle(), e);
            INFO(line);
            CHECK(line.find("text:") == std::string::npos);
            CHECK(line.find("counter:") == std::string::npos);
            CHECK(line.rfind("battle:", 0) == std::string::npos);
            any = true;
        }
    REQUIRE(any);
    const std::string path = desk::export_report(desk, report::Format::Markdown, dir.file("report.md"));
    const std::string md = read(path);
    CHECK(md.find("turn-next") == std::string::npos);
    CHECK(md.find("turn-options") == std::string::npos);
    CHECK(md.find("| Next phase |") != std::string::npos);
}

TEST_CASE("plain words: a ruleset's counter shows the sentence the rules wrote, not its raw number") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    const model::Battle& b = shell.desk->battle();
    model::Effect e;
    e.entity = model::Entity::Unit;
    e.id = b.units.front().id;
    e.field = "counter:target-range";
    e.after = 267;
    e.reason = "the target point is 26.7\" away";
    CHECK(ui::describe_effect(b, e) == b.units.front().name + ": the target point is 26.7\" away");
    e.reason.clear();
    CHECK(ui::describe_effect(b, e).find("counter:") == std::string::npos);
    CHECK(ui::describe_effect(b, e).find("target range") != std::string::npos);
}

TEST_CASE("plain words: too few dice typed says how many the roll takes in all") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    test::aim_sikhs_at_ghazis(desk);
    const std::size_t needed = test::dice_needed(desk, 6);
    REQUIRE(needed == 8);  // twelve rifles in two ranks at 10"
    desk.set_dice_text("6 5 4 3 2 1");
    CHECK_FALSE(desk.roll());
    CHECK_THAT(desk.error(), Catch::Contains("6 given"));
    CHECK_THAT(desk.error(), Catch::EndsWith(": 8 in all"));
}

TEST_CASE("plain words: the Casualties form leaves Hits blank until typed, and typing fills it") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("Ghazis"));
    REQUIRE(desk.choose_action("casualties"));
    ui.frames(shell, 2);
    CHECK(desk.value("hits").empty());
    CHECK_THAT(desk.preview_error(), Catch::Contains("a value is needed"));
    const ui::ScreenRect hits = shell.form_hits.at("hits");
    ui.click(shell, hits.x0 + 10.0f, hits.cy());
    ui.type(shell, "3");
    CHECK(desk.value("hits") == "3");
    CHECK(desk.preview());
}

TEST_CASE("plain words: the journal panel names turn steps and actions as the report does, not by id") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    test::aim_sikhs_at_ghazis(desk);
    desk.set_dice_text(test::repeat_face(6, test::dice_needed(desk, 6)));
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    REQUIRE(desk.next_phase());
    REQUIRE(desk.undo());
    const auto names = rules::action_names(desk.ruleset());
    std::vector<std::string> heads;
    for (const store::JournalLine& e : desk.journal()) heads.push_back(desk::journal_heading(e, names, desk.battle()));
    REQUIRE(heads.size() >= 3);
    for (const std::string& h : heads) {
        INFO(h);
        CHECK(h.find("turn-") == std::string::npos);
    }
    const std::string shot = desk.ruleset().action("shoot")->name;
    CHECK(std::any_of(heads.begin(), heads.end(), [](const std::string& h) { return h.find("Next phase") != std::string::npos; }));
    CHECK(std::any_of(heads.begin(), heads.end(), [&](const std::string& h) { return h.find(": " + shot) != std::string::npos; }));
    CHECK_THAT(heads.back(), Catch::StartsWith("#") && Catch::Contains(", turn 1: Undo of #"));
}

TEST_CASE("plain words: a choice's modifier is shown once, not again when its label says it") {
    CHECK(ui::choice_label({"superior", "Superior firepower", 1, {}}) == "Superior firepower (+1)");
    CHECK(ui::choice_label({"regular", "Regulars (+1)", 1, {}}) == "Regulars (+1)");
    CHECK(ui::choice_label({"plus-1", "+1", 1, {}}) == "+1");
    CHECK(ui::choice_label({"cover", "", -1, {}}) == "cover (-1)");
    CHECK(ui::choice_label({"none", "None", 0, {}}) == "None");
}

TEST_CASE("plain words: a journal line names the unit that acted when its summary does not") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "square-hearts-abu-klea");
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("Ansar riflemen"));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Heavy Camel Regiment")->id));
    desk.set_value("range", "2d");
    desk.set_overrule("no turn sequence in this test");
    REQUIRE(desk.roll_typed("6"));
    INFO(desk.error());
    REQUIRE(desk.apply());
    const auto names = rules::action_names(desk.ruleset());
    const store::JournalLine& shot = desk.journal().back();
    REQUIRE(shot.summary.find("Ansar riflemen") == std::string::npos);  // "1 hit on Heavy Camel Regiment"
    CHECK_THAT(desk::journal_heading(shot, names, desk.battle()),
               Catch::EndsWith(": " + desk.ruleset().action("shoot")->name + " by Ansar riflemen"));

    // A summary that says who acted is not told twice.
    REQUIRE(desk.select_unit("Hamran spearmen"));
    REQUIRE(desk.choose_action("move"));
    desk.set_value("areas", "1");
    desk.set_overrule("no turn sequence in this test");
    REQUIRE(desk.roll_app_dice());
    REQUIRE(desk.apply());
    const store::JournalLine& move = desk.journal().back();
    REQUIRE(move.summary.rfind("Hamran spearmen", 0) == 0);
    CHECK_THAT(desk::journal_heading(move, names, desk.battle()), Catch::EndsWith(": " + desk.ruleset().action("move")->name));
}
