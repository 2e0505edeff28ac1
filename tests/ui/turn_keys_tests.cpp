// Every step of every ruleset's turn by keyboard: what the turn offers (turn/turn_commands.h,
// read from each ruleset's [turn] table) is each in Ctrl+K and taken there by typing and Enter,
// and each is a form `umpire turn BATTLE ...` (the real program) takes. Then Pending by keyboard,
// the double click that must not end both sides' moves, the turn bar at 1280, and follow-ups.
#include "desk_shell.h"
#include "headless.h"
#include "ui_support.h"

#include "cli/run_umpire.h"
#include "kit/owed.h"
#include "panels/commands.h"
#include "panels/overlays.h"
#include "rules/command_line.h"
#include "roster/edit.h"
#include "turn/step_names.h"
#include "turn/turn_commands.h"

#include <catch2/catch.hpp>
#include <algorithm>

#include <filesystem>
#include <memory>
#include <set>

using namespace umpire;
namespace fs = std::filesystem;

namespace {

std::vector<ui::PaletteMatch> palette_for(ui::Shell& shell, const std::string& text) {
    shell.palette_text = text;
    return ui::palette_matches(shell);
}

// Ctrl+K, the label typed key by key, Enter: the palette's first match is taken.
void take_by_palette(test::HeadlessUi& ui, ui::Shell& shell, const std::string& label) {
    ui.press(shell, 'K', true);
    REQUIRE(shell.show_palette);
    ui.type(shell, label);
    const auto found = ui::palette_matches(shell);
    REQUIRE(!found.empty());
    INFO("typed " << label << ", first match " << found.front().label);
    REQUIRE(found.front().label == label);
    ui.press(shell, test::kKeyEnter);
    CHECK(!shell.show_palette);
}

// The words of an offer as the shell would split them for `umpire turn BATTLE ...`.
std::vector<std::string> cli_args(const std::string& battle, const std::string& words) {
    std::vector<std::string> args{"turn", battle};
    for (const std::string& w : rules::command_words(words)) args.push_back(w);
    return args;
}

std::string kind_key(const turn::TurnCommand& c) {
    return std::to_string(static_cast<int>(c.kind)) + (c.second ? "s" : "") + (c.stationary ? "t" : "") + (c.force ? "f" : "");
}

} // namespace

TEST_CASE("turn keys: every step each ruleset's turn offers is in Ctrl+K, taken there, and a form `umpire turn` takes") {
    for (const char* roster : {"macduff-kotal-pass", "edwardian-modder-river", "rattle-seven-pines",
                               "square-hearts-abu-klea", "featherstone-quatre-bras"}) {
        INFO("roster " << roster);
        test::ScratchDir dir;
        test::Scratch cli;
        ui::Shell shell = test::sample_shell(dir, roster);
        test::HeadlessUi ui(1280, 800);
        desk::Desk& desk = *shell.desk;
        // The app's dice from a fixed seed, so the walk is the same every run.
        auto seed = std::make_shared<std::uint64_t>(1815);
        desk.set_dice_factory([seed] { return std::make_unique<dice::RandomDice>((*seed)++); });
        ui.frames(shell, 2);
        std::set<turn::StepKind> kinds_offered;
        std::set<std::string> taken_in_phase;
        std::string phase;
        int steps = 0;
        for (; steps < 150 && desk.battle().turn < 2; ++steps) {
            const turn::TurnStatus st = desk.turn_status();
            if (st.phase_id != phase) {
                phase = st.phase_id;
                taken_in_phase.clear();
            }
            const std::vector<turn::TurnOffer> offers = desk.turn_offers();
            INFO("phase " << st.phase_id << ", step " << steps);
            REQUIRE(!offers.empty());
            // Each offer is in Ctrl+K with its command line's words beside it.
            for (const turn::TurnOffer& offer : offers) {
                kinds_offered.insert(offer.command.kind);
                const auto found = palette_for(shell, offer.label);
                const bool listed = std::any_of(found.begin(), found.end(), [&](const ui::PaletteMatch& m) {
                    return m.kind == "turn" && m.label == offer.label && m.detail == "turn " + offer.words;
                });
                INFO("offer " << offer.label);
                CHECK(listed);
            }
            // Each is a form the real program takes, on a copy of the battle as it stands (of the
            // units' moves, the first unit's two: they differ only in the name).
            bool moved_checked = false;
            for (const turn::TurnOffer& offer : offers) {
                if (offer.command.kind == turn::StepKind::Moved && offer.command.id != offers.front().command.id &&
                    moved_checked)
                    continue;
                if (offer.command.kind == turn::StepKind::Moved) moved_checked = offer.command.stationary;
                const fs::path copy = cli.path("copy.umpire");
                fs::remove(copy);
                fs::copy_file(desk.path(), copy);
                const test::Run r = cli.umpire(cli_args(copy.string(), offer.words));
                INFO("umpire turn copy " << offer.words << "\n" << r.out << r.err);
                CHECK(r.code == 0);
            }
            // One is taken by keys: a step not yet taken in this phase first, else the next phase.
            const turn::TurnOffer* pick = nullptr;
            for (const turn::TurnOffer& offer : offers)
                if (!pick && offer.command.kind != turn::StepKind::Next && !taken_in_phase.count(kind_key(offer.command)))
                    pick = &offer;
            for (const turn::TurnOffer& offer : offers)
                if (!pick && offer.command.kind == turn::StepKind::Next) pick = &offer;
            REQUIRE(pick);
            taken_in_phase.insert(kind_key(pick->command));
            const std::string label = pick->label;
            const auto before = desk.journal().empty() ? 0 : desk.journal().back().id;
            take_by_palette(ui, shell, label);
            INFO("took " << label << ": " << desk.error());
            REQUIRE(desk.error().empty());
            REQUIRE((desk.journal().empty() ? 0 : desk.journal().back().id) > before);
            // The journal names the step in words, not by its id.
            INFO("journaled as " << desk.journal().back().action);
            CHECK(turn::step_name(desk.journal().back().action));
        }
        CHECK(desk.battle().turn == 2);  // a whole turn played by keys
        CHECK(steps < 150);
        // The steps a ruleset's turn is made of were each offered at least once.
        CHECK(kinds_offered.count(turn::StepKind::Next));
        const std::string id = desk.battle().ruleset;
        if (id == "featherstone") {
            CHECK(kinds_offered.count(turn::StepKind::Order));
            CHECK(kinds_offered.count(turn::StepKind::First));
            CHECK(kinds_offered.count(turn::StepKind::Done));
            CHECK(kinds_offered.count(turn::StepKind::Moved));
        }
        if (id == "macduff") {
            CHECK(kinds_offered.count(turn::StepKind::Draw));
        }
        if (id == "edwardian") {
            CHECK(kinds_offered.count(turn::StepKind::Order));
            CHECK(kinds_offered.count(turn::StepKind::Moved));
        }
        if (id == "square-hearts") CHECK(kinds_offered.count(turn::StepKind::NameFirst));
        if (id == "rattle") CHECK(kinds_offered.count(turn::StepKind::Order));
    }
}

namespace {

// Featherstone at its move-generals step, the Allies high and going second: the French act.
ui::Shell featherstone_at_moves(const test::ScratchDir& dir) {
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.next_phase());  // options (defaults) and initiative
    desk.set_dice_text("5 2");   // the Allies roll high
    REQUIRE(desk.roll_order(true));
    REQUIRE(desk.next_phase(true));  // rally
    REQUIRE(desk.next_phase(true));  // move generals
    REQUIRE(desk.turn_status().phase_kind == turn::PhaseKind::SideMoves);
    REQUIRE(desk.choose_first(false));
    REQUIRE(desk.turn_status().active_side == desk.battle().sides[1].id);
    return shell;
}

// A shaken unit shot at, one hit: its rally test waits in Pending. Returns the unit's id.
int rally_test_pending(desk::Desk& desk, const std::string& shooter = "Gordon Highlanders",
                       const std::string& shot = "Orakzai Riflemen") {
    const model::Unit* target = desk.battle().find_unit(shot);
    REQUIRE(target);
    const int id = target->id;
    const std::size_t before = desk.pending().size();
    REQUIRE(desk.select_unit(shooter));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(id));
    desk.set_value("range", "10");
    const std::size_t n = test::dice_needed(desk, 6);
    desk.set_dice_text("6 " + test::repeat_face(1, n > 0 ? n - 1 : 0));  // one hit: the unit stays
    const bool rolled = desk.roll();
    INFO(desk.error());
    REQUIRE(rolled);
    REQUIRE(desk.apply());
    REQUIRE(desk.pending().size() == before + 1);
    return id;
}

// Four shooters and four shaken targets: four rally tests.
void four_rally_tests(desk::Desk& desk) {
    rally_test_pending(desk, "Gordon Highlanders", "Orakzai Riflemen");
    rally_test_pending(desk, "1st Gurkha Rifles", "Afridi Marksmen");
    rally_test_pending(desk, "2nd Sikhs", "Mohmand Tribesmen");
    rally_test_pending(desk, "Khyber Rifles", "Afridi Swordsmen");
}

ui::Shell shaken_demo(const test::ScratchDir& dir) {
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir, [](model::Battle& b) {
        for (auto& u : b.units)
            if (u.side == b.sides[1].id) u.set(model::Flag::Shaken, true);
    }));
    return shell;
}

} // namespace

TEST_CASE("turn keys: `turn done` on the desk's command line takes the step, a bad step says why") {
    test::ScratchDir dir;
    ui::Shell shell = featherstone_at_moves(dir);
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    ui.press(shell, 'L', true);
    REQUIRE(shell.show_command_line);
    ui.type(shell, "turn dance");
    CHECK_THAT(shell.command_message, Catch::Contains("no step of the turn"));
    ui.press(shell, 'L', true);  // closed and opened again: an empty line
    ui.press(shell, 'L', true);
    REQUIRE(shell.show_command_line);
    ui.type(shell, "turn done");
    ui.frame(shell);
    CHECK(shell.command_message.empty());
    const int french = desk.battle().sides[1].id;
    REQUIRE(desk.turn_status().active_side == french);
    ui.press(shell, test::kKeyEnter);
    INFO(shell.command_message);
    CHECK(desk.turn_status().active_side == desk.battle().sides[0].id);
    CHECK(shell.command_text.empty());
    // Undo is Ctrl+Z as for any step.
    REQUIRE(desk.undo());
    CHECK(desk.turn_status().active_side == french);
}

TEST_CASE("turn keys: a double click on one side's has-finished ends that side's moves only") {
    test::ScratchDir dir;
    ui::Shell shell = featherstone_at_moves(dir);
    desk::Desk& desk = *shell.desk;
    shell.show_turn = true;
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 30);
    const std::string french = desk.battle().sides[1].name + " has finished";
    const std::string allies = desk.battle().sides[0].name + " has finished";
    REQUIRE(shell.turn_hits.count(french));
    REQUIRE(shell.turn_hits.count(allies));
    const ui::ScreenRect at = shell.turn_hits[french];
    // Both buttons are there from the start, each in its own place.
    CHECK(std::abs(shell.turn_hits[allies].cy() - at.cy()) > 10.0f);
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(at.cx(), at.cy());
    ui.frame(shell);
    for (int click = 0; click < 2; ++click) {  // two clicks 50 ms apart: a double click
        io.MouseDown[0] = true;
        ui.frames(shell, 1);
        io.MouseDown[0] = false;
        ui.frames(shell, 2);
    }
    ui.frames(shell, 2);
    const turn::TurnStatus st = desk.turn_status();
    CHECK(st.active_side == desk.battle().sides[0].id);  // the Allies still to act
    CHECK(!st.can_advance);
    // The button under the pointer now is the French one, greyed; the Allies' is where it was.
    CHECK(std::abs(shell.turn_hits[french].cy() - at.cy()) < 1.0f);
    // A deliberate click on the Allies' button, once it has been there a moment, ends theirs.
    ui.frames(shell, 20);
    const ui::ScreenRect a = shell.turn_hits[allies];
    ui.click(shell, a.cx(), a.cy());
    CHECK(desk.turn_status().can_advance);
}

TEST_CASE("turn keys: a turn button just enabled takes no click within a double click's time, then does") {
    test::ScratchDir dir;
    ui::Shell shell = featherstone_at_moves(dir);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.undo());  // back to the high roller's choice: the Allies to act
    REQUIRE(desk.turn_status().can_choose_first);
    shell.show_turn = true;
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 30);
    const std::string second = desk.battle().sides[0].name + " goes second";
    const std::string french = desk.battle().sides[1].name + " has finished";
    const ui::ScreenRect at = shell.turn_hits[second];
    ui.click(shell, at.cx(), at.cy());
    REQUIRE(desk.turn_status().active_side == desk.battle().sides[1].id);
    // The French button, enabled by that click, is clicked 50 ms later: not taken.
    const ui::ScreenRect f = shell.turn_hits[french];
    const auto before = desk.journal().back().id;
    ui.click(shell, f.cx(), f.cy());
    CHECK(desk.journal().back().id == before);
    CHECK(desk.turn_status().active_side == desk.battle().sides[1].id);
    // A moment later the same click is the umpire's.
    ui.frames(shell, 20);
    ui.click(shell, f.cx(), f.cy());
    CHECK(desk.turn_status().active_side == desk.battle().sides[0].id);
}

TEST_CASE("pending by keyboard: F4, Down, Enter opens the second item, and each item is in Ctrl+K") {
    test::ScratchDir dir;
    ui::Shell shell = shaken_demo(dir);
    desk::Desk& desk = *shell.desk;
    rally_test_pending(desk);
    rally_test_pending(desk, "1st Gurkha Rifles", "Afridi Marksmen");
    test::HeadlessUi ui(1280, 800);
    desk.clear_unit();
    ui.frames(shell, 2);
    const auto entries = desk.journal().back().id;
    ui.press(shell, ui::key::F4);
    ui.press(shell, test::kKeyDown);
    CHECK(shell.pending_index == 1);
    ui.press(shell, test::kKeyEnter);
    REQUIRE(desk.active_pending());
    CHECK(*desk.active_pending() == 1);
    // Enter opened the item; it did not also roll (a fresh roll would be there, not applied).
    CHECK((!desk.rolled() || desk.rolled()->applied()));
    CHECK(desk.journal().back().id == entries);
    // Ctrl+K: "Pending: Rally test: Orakzai Riflemen" opens the first.
    const std::string line = "Pending: " + ui::pending_line(desk, desk.pending()[0]);
    const auto found = palette_for(shell, line);
    REQUIRE(!found.empty());
    CHECK(found.front().kind == "pending");
    shell.palette_text.clear();
    take_by_palette(ui, shell, line);
    REQUIRE(desk.active_pending());
    CHECK(*desk.active_pending() == 0);
}

TEST_CASE("pending: shown under the Turn panel, and at 1280x800 it has room for four items whole") {
    test::ScratchDir dir;
    ui::Shell shell = shaken_demo(dir);
    desk::Desk& desk = *shell.desk;
    four_rally_tests(desk);
    test::HeadlessUi ui(1280, 800);
    for (bool turn_open : {false, true}) {
        shell.show_turn = turn_open;
        ui.frames(shell, 3);
        INFO("Turn panel open: " << turn_open);
        const ImGuiWindow* pending = test::window_starting("Pending (");
        REQUIRE(pending);
        CHECK(pending->Active);
        const float rows = (pending->Size.y - pending->TitleBarHeight() - ImGui::GetStyle().WindowPadding.y * 2.0f) /
                           ImGui::GetFrameHeightWithSpacing();
        CHECK(rows >= 4.0f);
        CHECK(pending->Pos.y + pending->Size.y <= 800.0f + 0.5f);
        if (turn_open) {
            const ImGuiWindow* turn = test::window_starting("Turn (");
            REQUIRE(turn);
            CHECK(turn->Pos.y + turn->Size.y <= pending->Pos.y + 0.5f);  // not under it
        }
    }
}

TEST_CASE("turn bar at 1280x800: Next and To act are whole on screen") {
    test::ScratchDir dir;
    ui::Shell shell = featherstone_at_moves(dir);
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 3);
    const turn::TurnStatus st = desk.turn_status();
    REQUIRE(shell.turn_hits.count("Next:"));
    REQUIRE(shell.turn_hits.count("To act:"));
    const ui::ScreenRect next = shell.turn_hits["Next:"];
    const ui::ScreenRect act = shell.turn_hits["To act:"];
    CHECK(next.x1 <= 1280.0f);
    CHECK(act.x1 <= 1280.0f);
    ImGui::NewFrame();
    const float whole = ImGui::CalcTextSize(("Next: " + st.next).c_str()).x;
    const float act_whole = ImGui::CalcTextSize(("To act: " + desk.battle().sides[1].name).c_str()).x;
    ImGui::EndFrame();
    CHECK(next.x1 - next.x0 >= whole - 0.5f);  // the whole sentence, not cut
    CHECK(act.x1 - act.x0 >= act_whole - 0.5f);
}

TEST_CASE("follow-ups: a rally for a unit that has since routed leaves Pending with the reason, and undo brings it back") {
    test::ScratchDir dir;
    ui::Shell shell = shaken_demo(dir);
    desk::Desk& desk = *shell.desk;
    const int unit = rally_test_pending(desk);
    const std::size_t before = desk.pending().size();
    REQUIRE(desk.edit_roster([unit](const model::Battle& b, const rules::Ruleset&) {
        rules::Resolution r;
        r.action = std::string(roster::kEditAction);
        r.unit = unit;
        r.rolled = true;
        r.effects.push_back({model::Entity::Unit, unit, "flag:routed", 0, 1, "routed"});
        r.outcome = b.unit(unit)->name + " routed";
        return r;
    }));
    CHECK(desk.pending().size() == before - 1);
    REQUIRE(desk.dropped_pending().size() == 1);
    CHECK_THAT(desk.dropped_pending()[0].reason, Catch::Contains("no longer on the table"));
    CHECK_THAT(desk.status(), Catch::Contains("dropped from Pending"));
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);  // shown in Pending as dropped (drawn without fault)
    REQUIRE(desk.undo());
    CHECK(desk.pending().size() == before);
    CHECK(desk.dropped_pending().empty());
}

TEST_CASE("follow-ups: a rally test owed again is one item, after every later change too") {
    test::ScratchDir dir;
    ui::Shell shell = shaken_demo(dir);
    desk::Desk& desk = *shell.desk;
    const int unit = rally_test_pending(desk);
    const auto for_unit = [&] {
        std::vector<std::int64_t> raised_by;
        for (const desk::PendingItem& p : desk.pending())
            if (p.follow_up.unit == unit) raised_by.push_back(p.follow_up.owed.empty() ? -1 : p.raised_by);
        return raised_by;
    };
    const std::vector<std::int64_t> first = for_unit();
    REQUIRE(first.size() == 1);
    REQUIRE(first[0] > 0);  // an obligation
    // The obligation cleared (as a phase ended with it unpaid does): the rally test leaves Pending...
    const std::string owed = kit::owed_key(desk.pending().back().follow_up.owed);
    const int stamp = desk.battle().unit(unit)->counters.at(owed);
    REQUIRE(desk.edit_roster([&](const model::Battle& b, const rules::Ruleset&) {
        rules::Resolution r;
        r.action = std::string(roster::kEditAction);
        r.unit = unit;
        r.rolled = true;
        r.effects.push_back({model::Entity::Unit, unit, "counter:" + owed, stamp, 0, "owed no longer"});
        r.outcome = b.unit(unit)->name + " owes no rally test";
        return r;
    }));
    CHECK(for_unit().empty());
    // ...and new casualties owe it anew: the older item is owed again too, and only the latest stays.
    REQUIRE(desk.select_unit("1st Gurkha Rifles"));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(unit));
    desk.set_value("range", "10");
    const std::size_t n = test::dice_needed(desk, 6);
    desk.set_dice_text("6 " + test::repeat_face(1, n > 0 ? n - 1 : 0));
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    const std::int64_t latest = desk.journal().back().id;
    CHECK(for_unit() == std::vector<std::int64_t>{latest});
    // Every later sorting of Pending (an apply elsewhere, an undo, a redo) keeps it one item.
    rally_test_pending(desk, "2nd Sikhs", "Mohmand Tribesmen");
    CHECK(for_unit() == std::vector<std::int64_t>{latest});
    REQUIRE(desk.undo());
    CHECK(for_unit() == std::vector<std::int64_t>{latest});
    REQUIRE(desk.redo());
    CHECK(for_unit() == std::vector<std::int64_t>{latest});
    // The status line names what a change drops, not every item dropped before it.
    CHECK_THAT(desk.status(), !Catch::Contains("dropped from Pending"));
}

TEST_CASE("follow-ups: Rattle's melee after a charge opens with the charged unit as its target") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "rattle-seven-pines");
    desk::Desk& desk = *shell.desk;
    const model::Unit* target = desk.battle().find_unit("6th Alabama");
    REQUIRE(target);
    const int target_id = target->id;
    REQUIRE(desk.select_unit("104th Pennsylvania"));
    REQUIRE(desk.choose_action("charge"));
    REQUIRE(desk.set_target(target_id));
    desk.set_value("distance", "4");
    desk.set_overrule("the charge set up for the test, out of its phase");
    desk.set_dice_text("");
    REQUIRE(desk.roll());
    INFO(desk.error());
    REQUIRE(desk.apply());
    std::optional<std::size_t> melee;
    for (std::size_t i = 0; i < desk.pending().size(); ++i)
        if (desk.pending()[i].follow_up.action == "melee") melee = i;
    REQUIRE(melee);
    CHECK(desk.pending()[*melee].follow_up.target == target_id);
    REQUIRE(desk.take_pending(*melee));
    CHECK(desk.target() == target_id);
    // Read back from the file too (a new session's Pending).
    desk::Desk again = desk::Desk::open(desk.path(), false);
    bool found = false;
    for (const auto& item : again.pending())
        if (item.follow_up.action == "melee") found = item.follow_up.target == target_id;
    CHECK(found);
}

TEST_CASE("turn keys: Featherstone's rally phase offers each marked unit's rally check in Ctrl+K") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "featherstone-quatre-bras");
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.next_phase());
    desk.set_dice_text("5 2");
    REQUIRE(desk.roll_order(true));
    // A loss carried over from the last turn's combat marks the 4e Ligne to rally.
    const int marked = desk.battle().find_unit("4e Ligne")->id;
    REQUIRE(desk.select_unit(marked));
    REQUIRE(desk.choose_action("save"));
    desk.set_value("hits", "1");
    desk.set_dice_text("1");
    desk.set_overrule("a casualty carried over from the last turn's combat");
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    REQUIRE(desk.next_phase());
    REQUIRE(desk.turn_status().units_to_check == std::vector<int>{marked});
    desk.clear_unit();
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    take_by_palette(ui, shell, "Rally check: 4e Ligne");
    CHECK(desk.unit() == marked);
    REQUIRE(desk.action());
    CHECK(desk.action()->id == "morale");
    CHECK(desk.value("check") == "rally");
    // Its command-line words, shown beside it, load the same form on the desk's command line.
    const auto found = palette_for(shell, "Rally check: 4e Ligne");
    REQUIRE(!found.empty());
    CHECK(found.front().detail == "morale \"4e Ligne\"");
}

TEST_CASE("turn keys: `turn moved UNIT --stationary` on the desk's command line marks the unit, by the start of its name") {
    test::ScratchDir dir;
    ui::Shell shell = featherstone_at_moves(dir);
    desk::Desk& desk = *shell.desk;
    for (int i = 0; i < 2; ++i) REQUIRE(desk.side_done());
    REQUIRE(desk.next_phase());
    for (int guard = 0; guard < 4 && desk.turn_status().units_to_move.empty(); ++guard) {
        while (desk.turn_status().active_side) REQUIRE(desk.side_done());
        REQUIRE(desk.next_phase());
    }
    const turn::TurnStatus st = desk.turn_status();
    REQUIRE(!st.units_to_move.empty());
    const std::string name = desk.battle().unit(st.units_to_move.front())->name;
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    ui.press(shell, 'L', true);
    ui.type(shell, "turn moved \"" + name.substr(0, name.size() - 2) + "\" --stationary");
    ui.frame(shell);
    INFO(shell.command_message);
    CHECK(shell.command_message.empty());
    ui.press(shell, test::kKeyEnter);
    const turn::TurnStatus after = desk.turn_status();
    CHECK(std::find(after.units_to_move.begin(), after.units_to_move.end(), st.units_to_move.front()) ==
          after.units_to_move.end());
    CHECK_THAT(desk.journal().back().summary, Catch::Contains(name + " stands"));
}

TEST_CASE("turn keys: Rattle's initiative, F7 on the turn bar rolls it, and the high score chooses to go second") {
    test::ScratchDir dir;
    test::Scratch cli;
    ui::Shell shell = test::sample_shell(dir, "rattle-seven-pines");
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    ui.press(shell, ui::key::F6);  // the turn starts: initiative
    ui.frames(shell, 2);
    REQUIRE(desk.turn_status().phase_id == "initiative");
    // F7 is on the turn bar, saying what it rolls.
    CHECK(shell.turn_hits.count("Roll for initiative (F7)") == 1);
    desk.set_dice_text("6 2");
    ui.press(shell, ui::key::F7);
    ui.frames(shell, 2);
    const turn::TurnStatus rolled = desk.turn_status();
    INFO(desk.error());
    REQUIRE(rolled.high_roller == desk.battle().sides[0].id);
    CHECK(rolled.first_side == rolled.high_roller);  // as the Turn panel's box said, until he chooses
    CHECK(rolled.can_choose_first);
    CHECK_THAT(rolled.next, Catch::Contains("chooses to go first or second"));
    CHECK(shell.turn_hits.count("Roll for initiative (F7)") == 0);  // rolled: F7 has nothing to roll

    // The choice by keys: Ctrl+K, "... goes second", Enter; and the real program takes its words.
    const std::string second = desk.battle().sides[0].name + " goes second";
    const auto offers = desk.turn_offers();
    const auto offer = std::find_if(offers.begin(), offers.end(), [&](const turn::TurnOffer& o) { return o.label == second; });
    REQUIRE(offer != offers.end());
    CHECK(offer->words == "first --second");
    const fs::path copy = cli.path("copy.umpire");
    fs::copy_file(desk.path(), copy);
    take_by_palette(ui, shell, second);
    INFO(desk.error());
    CHECK(desk.turn_status().first_side == desk.battle().sides[1].id);
    CHECK(desk.journal().back().action == "turn-first");
    const test::Run r = cli.umpire(cli_args(copy.string(), offer->words));
    INFO(r.out << r.err);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains(desk.battle().sides[1].name + " goes first"));
    // Once the first player's phase begins the choice is made.
    REQUIRE(desk.next_phase());
    CHECK_FALSE(desk.turn_status().can_choose_first);
    CHECK(desk.turn_status().active_side == desk.battle().sides[1].id);
}

TEST_CASE("turn keys: typed `first` in Ctrl+K, Square Hearts' turn steps come before the roster's sorts") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "square-hearts-abu-klea");
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.next_phase());
    REQUIRE(desk.turn_status().phase_id == "who-first");
    const auto found = palette_for(shell, "first");
    REQUIRE(found.size() > 2);
    // Every turn step that matches comes before any roster sort that matches as well.
    std::size_t last_turn = 0, first_sort = found.size();
    for (std::size_t i = 0; i < found.size(); ++i) {
        if (found[i].kind == "turn") last_turn = i;
        if (found[i].label.rfind("Sort roster:", 0) == 0) first_sort = std::min(first_sort, i);
    }
    INFO("first match " << found.front().label);
    CHECK(found.front().kind == "turn");
    REQUIRE(first_sort < found.size());  // "Strength (weakest first)" matches too
    CHECK(last_turn < first_sort);
}
