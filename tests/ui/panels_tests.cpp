// The real panels, drawn in an ImGui context with no window and no GPU (Dear ImGui 1.86 has no
// null backend: the test sets DisplaySize and DeltaTime, builds the font atlas, and feeds the
// mouse and keys through io frame by frame).
#include "headless.h"
#include "ui_support.h"

#include "panels/layout.h"
#include "panels/panels.h"
#include "panels/shell.h"
#include "panels/theme.h"

#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

using namespace umpire;

namespace {

using Harness = test::HeadlessUi;
using test::kKeyBackspace;
using test::kKeyDelete;
using test::kKeyDown;
using test::kKeyEnd;
using test::kKeyEnter;
using test::kKeyEscape;
using test::kKeyHome;
using test::kKeyKpEnter;
using test::kKeyLeft;
using test::kKeyRight;
using test::kKeyTab;
using test::kKeyUp;

ui::Shell demo_shell(const test::ScratchDir& dir, const std::function<void(model::Battle&)>& adjust = {}) {
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir, adjust));
    return shell;
}

ImRect window_rect(const char* name) {
    ImGuiWindow* w = ImGui::FindWindowByName(name);
    REQUIRE(w != nullptr);
    return w->Rect();
}

// Shoot with every die a 6 through the desk, so there is something to undo.
int applied_shot(desk::Desk& desk) {
    REQUIRE(desk.select_unit("Gordon Highlanders"));
    REQUIRE(desk.choose_action("shoot"));
    const model::Unit* found = desk.battle().find_unit("Orakzai Riflemen");
    REQUIRE(found);
    const int target = found->id;  // the pointer does not outlive the next change to the battle
    REQUIRE(desk.set_target(target));
    for (const auto& in : desk.action()->inputs)
        if (in.kind == rules::InputKind::Distance && desk.value(in.id).empty()) desk.set_value(in.id, "10");
    const std::size_t n = test::dice_needed(desk, 6);
    REQUIRE(n > 0);
    REQUIRE(desk.roll_typed(test::repeat_face(6, n)));
    REQUIRE(desk.apply());
    return target;
}

} // namespace

TEST_CASE("layout: the panels fill the viewport without overlapping") {
    for (auto [w, h] : {std::pair{1280.0f, 800.0f}, std::pair{1920.0f, 1080.0f}, std::pair{1024.0f, 640.0f}}) {
        const ui::Layout l = ui::compute_layout(w, h, 40.0f);
        const ui::Rect all[] = {l.status, l.roster, l.unit_card, l.resolve, l.result, l.pending, l.journal};
        float area = 0;
        for (std::size_t i = 0; i < std::size(all); ++i) {
            const ui::Rect& a = all[i];
            CHECK(a.w > 0);
            CHECK(a.h > 0);
            CHECK(a.x >= 0);
            CHECK(a.y >= 0);
            CHECK(a.x + a.w <= w + 0.5f);
            CHECK(a.y + a.h <= h + 0.5f);
            area += a.w * a.h;
            for (std::size_t j = i + 1; j < std::size(all); ++j) {
                const ui::Rect& b = all[j];
                const bool apart = a.x + a.w <= b.x + 0.5f || b.x + b.w <= a.x + 0.5f ||
                                   a.y + a.h <= b.y + 0.5f || b.y + b.h <= a.y + 0.5f;
                CHECK(apart);
            }
        }
        CHECK(area == Approx(w * h).epsilon(0.001));
    }
}

TEST_CASE("panels: every panel is drawn where the layout puts it at 1280x800 and 1920x1080") {
    for (auto [w, h] : {std::pair{1280.0f, 800.0f}, std::pair{1920.0f, 1080.0f}}) {
        test::ScratchDir dir;
        ui::Shell shell = demo_shell(dir);
        Harness imgui(w, h);
        imgui.frames(shell, 3);
        const char* names[] = {"Roster", "Unit card", "Resolve", "Result", "Journal"};
        std::vector<ImRect> rects;
        for (const char* name : names) {
            const ImRect r = window_rect(name);
            CHECK(r.Min.x >= 0);
            CHECK(r.Min.y > 0);  // below the status bar
            CHECK(r.Max.x <= w + 0.5f);
            CHECK(r.Max.y <= h + 0.5f);
            for (const ImRect& other : rects) {
                ImRect overlap = r;
                overlap.ClipWithFull(other);
                CHECK((overlap.GetWidth() <= 0.5f || overlap.GetHeight() <= 0.5f));
            }
            rects.push_back(r);
        }
        // Text is at least 18 px high.
        CHECK(ImGui::GetFontSize() >= 18.0f);
    }
}

TEST_CASE("panels: clicking a unit in the roster selects it and right-click makes it the target") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    Harness imgui;
    imgui.frames(shell, 2);
    desk::Desk& desk = *shell.desk;
    CHECK_FALSE(desk.unit());

    const model::Unit* gordons = desk.battle().find_unit("Gordon Highlanders");
    REQUIRE(gordons);
    REQUIRE(shell.unit_rows.count(gordons->id) == 1);
    const ui::ScreenRect row = shell.unit_rows.at(gordons->id);
    imgui.click(shell, row.cx(), row.cy());
    REQUIRE(desk.unit());
    CHECK(*desk.unit() == gordons->id);
    CHECK(desk.action());  // an action is chosen with the first selection

    // Clicking another row moves the selection.
    const model::Unit* sikhs = desk.battle().find_unit("2nd Sikhs");
    REQUIRE(sikhs);
    REQUIRE(shell.unit_rows.count(sikhs->id) == 1);
    const ui::ScreenRect row2 = shell.unit_rows.at(sikhs->id);
    imgui.click(shell, row2.cx(), row2.cy());
    CHECK(desk.unit() == sikhs->id);

    // Right-click on an enemy: the target. The enemy side is below the fold at 1280x800, so
    // find it with the roster filter first.
    shell.roster_filter = "ghaz";
    imgui.frames(shell, 2);
    CHECK(shell.unit_rows.size() >= 1);
    const model::Unit* enemy = desk.battle().find_unit("Ghazis");
    REQUIRE(enemy);
    REQUIRE(shell.unit_rows.count(enemy->id) == 1);
    const ui::ScreenRect row3 = shell.unit_rows.at(enemy->id);
    const ImRect roster = window_rect("Roster");
    REQUIRE(roster.Contains(ImVec2(row3.cx(), row3.cy())));
    imgui.click(shell, row3.cx(), row3.cy(), 1);
    CHECK(desk.target() == enemy->id);
    CHECK(desk.unit() == sikhs->id);
}

TEST_CASE("panels: Ctrl+Z undoes and Ctrl+Shift+Z redoes") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    const int before = desk.battle().unit(desk.battle().find_unit("Orakzai Riflemen")->id)->figures;
    const int target = applied_shot(desk);
    const int after = desk.battle().unit(target)->figures;
    REQUIRE(after < before);

    Harness imgui;
    imgui.frames(shell, 2);
    imgui.press(shell, 'Z', true);
    INFO("error: " << desk.error() << "; status: " << desk.status());
    CHECK(desk.battle().unit(target)->figures == before);
    REQUIRE_FALSE(desk.journal().empty());
    CHECK(desk.journal().back().kind == store::EntryKind::Undo);

    imgui.press(shell, 'Z', true, true);
    CHECK(desk.battle().unit(target)->figures == after);
    CHECK(desk.journal().back().kind == store::EntryKind::Redo);

    // Z without Ctrl is only a letter.
    imgui.press(shell, 'Z');
    CHECK(desk.battle().unit(target)->figures == after);
}

TEST_CASE("panels: keyboard flow - Ctrl+D then type the dice then Enter rolls and Ctrl+Enter applies") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("Gordon Highlanders"));
    REQUIRE(desk.choose_action("shoot"));
    // Pointers into the battle do not survive a change to it: keep the id.
    const int target = desk.battle().find_unit("Orakzai Riflemen")->id;
    REQUIRE(desk.set_target(target));
    for (const auto& in : desk.action()->inputs)
        if (in.kind == rules::InputKind::Distance && desk.value(in.id).empty()) desk.set_value(in.id, "10");
    const std::size_t n = test::dice_needed(desk, 6);
    REQUIRE(n > 0);
    const std::string typed = test::repeat_face(6, n);
    const int before = desk.battle().unit(target)->figures;
    const std::size_t journal_before = desk.journal().size();

    Harness imgui;
    imgui.frames(shell, 2);
    imgui.press(shell, 'D', true);
    imgui.frames(shell, 1);
    CHECK(ImGui::GetIO().WantTextInput);
    imgui.type(shell, typed);
    CHECK(desk.dice_text() == typed);

    imgui.press(shell, kKeyEnter);
    INFO(desk.error());
    REQUIRE(desk.rolled());
    CHECK_FALSE(desk.rolled()->applied());
    CHECK(desk.rolled()->resolution.all_dice() == dice::TypedDice::parse(typed));

    imgui.press(shell, kKeyEnter, true);
    CHECK(desk.rolled()->applied());
    CHECK(desk.journal().size() == journal_before + 1);
    CHECK(desk.battle().unit(target)->figures < before);

    // Esc after a fresh roll drops it (a second volley this turn: the umpire overrules 7.1).
    desk.set_dice_factory([] { return std::make_unique<test::ConstantDice>(3); });
    for (const auto& in : desk.action()->inputs)
        if (in.kind == rules::InputKind::Distance && desk.value(in.id).empty()) desk.set_value(in.id, "10");
    desk.set_overrule("a second volley, for the test");
    imgui.press(shell, kKeyEnter);
    REQUIRE(desk.can_apply());
    imgui.press(shell, kKeyEscape);
    CHECK_FALSE(desk.rolled());
}

TEST_CASE("panels: Ctrl+F then a few letters and Enter selects a unit by name") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    Harness imgui;
    imgui.frames(shell, 2);
    imgui.press(shell, 'F', true);
    imgui.frames(shell, 1);
    CHECK(shell.roster_filter_active);
    imgui.type(shell, "gurk");
    CHECK(shell.roster_filter == "gurk");
    CHECK(shell.unit_rows.size() == 1);  // the roster shows only what matches
    imgui.press(shell, kKeyEnter);
    REQUIRE(desk.selected_unit());
    CHECK(desk.selected_unit()->name == "1st Gurkha Rifles");
    CHECK(shell.roster_filter.empty());
    CHECK_FALSE(desk.rolled());  // Enter in the filter picks a unit; it does not roll
}

TEST_CASE("panels: the form has a widget for every declared input of every action") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    Harness imgui;
    REQUIRE(desk.select_unit("Gordon Highlanders"));
    for (const rules::ActionSpec& spec : desk.ruleset().actions()) {
        INFO("action " << spec.id);
        REQUIRE(desk.choose_action(spec.id));
        if (spec.needs_target && !desk.target_candidates().empty())
            desk.set_target(desk.target_candidates().front()->id);
        imgui.frames(shell, 2);
        std::vector<std::string> declared;
        for (const auto& in : spec.inputs) declared.push_back(in.id);
        CHECK(shell.form_inputs == declared);
    }
}

TEST_CASE("panels: the start screen without a battle and pending items in the panel") {
    {
        ui::Shell shell;
        Harness imgui;
        imgui.frames(shell, 3);
        CHECK(ImGui::FindWindowByName("Start") != nullptr);
        CHECK(ImGui::FindWindowByName("Roster") == nullptr);
    }
    {
        test::ScratchDir dir;
        ui::Shell shell;
        Harness imgui;
        imgui.frames(shell, 1);
        REQUIRE(shell.create_battle(dir.file("made.umpire"), ""));
        imgui.frames(shell, 2);
        CHECK(ImGui::FindWindowByName("Roster") != nullptr);
        ui::Shell again;
        CHECK_FALSE(again.open_battle(dir.file("nope.umpire")));
        CHECK_FALSE(again.start_error.empty());
    }
    {
        test::ScratchDir dir;
        ui::Shell shell = demo_shell(dir, [](model::Battle& b) {
            for (auto& u : b.units)
                if (u.name == "Orakzai Riflemen") u.set(model::Flag::Shaken, true);
        });
        applied_shot(*shell.desk);
        Harness imgui;
        imgui.frames(shell, 3);
        CHECK_FALSE(shell.desk->pending().empty());
    }
}

TEST_CASE("panels: a blank input shows what the rules assume, clicking it changes that, not a hidden default") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("2nd Sikhs"));
    REQUIRE(desk.choose_action("activate"));
    Harness ui;
    ui.frames(shell, 2);

    // "In sight of the commander" is assumed yes (3.1) when left alone: the box is ticked, so a
    // click unticks it.
    REQUIRE(desk.value("in-sight").empty());
    REQUIRE(shell.form_hits.count("in-sight"));
    ui.click(shell, shell.form_hits.at("in-sight").cx(), shell.form_hits.at("in-sight").cy());
    CHECK(desk.value("in-sight") == "no");

    // A commander is picked by name; the form keeps his id.
    const model::Commander* ames = nullptr;
    for (const auto& c : desk.battle().commanders)
        if (c.name == "Colonel Ames") ames = &c;
    REQUIRE(ames);
    const std::string pick = "commander=" + std::to_string(ames->id);
    desk.set_value("commander", "");
    ui.frames(shell, 2);
    ui.click(shell, shell.form_hits.at("commander").cx() + 4, shell.form_hits.at("commander").cy());
    ui.frame(shell);
    REQUIRE(shell.form_hits.count(pick));
    ui.click(shell, shell.form_hits.at(pick).cx(), shell.form_hits.at(pick).cy());
    CHECK(desk.value("commander") == std::to_string(ames->id));

    // An optional number with nothing assumed is a blank box the umpire types into.
    REQUIRE(desk.select_unit("2nd Sikhs"));
    REQUIRE(desk.choose_action("never-say-die"));
    ui.frames(shell, 2);
    REQUIRE(desk.value("most-1").empty());
    REQUIRE(shell.form_hits.count("most-1"));
    ui.click(shell, shell.form_hits.at("most-1").cx() + 4, shell.form_hits.at("most-1").cy());
    ui.type(shell, "12");
    ui.frame(shell);
    CHECK(desk.value("most-1") == "12");
}

TEST_CASE("panels: a second volley is refused with its rule, the umpire types a reason and clicks Overrule") {
    test::ScratchDir dir;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    const int target = desk.battle().find_unit("Orakzai Riflemen")->id;
    auto aim = [&] {
        REQUIRE(desk.select_unit("Gordon Highlanders"));
        REQUIRE(desk.choose_action("shoot"));
        REQUIRE(desk.set_target(target));
        desk.set_value("range", "10");
    };
    aim();
    desk.set_dice_factory([] { return std::make_unique<test::ConstantDice>(1); });
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    aim();
    REQUIRE(desk.refusal());
    CHECK(desk.refusal()->citation == "MacDuff 7.1 Restrictions");
    CHECK(desk.refusal()->rule.find("a unit may only shoot once per turn") != std::string::npos);
    CHECK_FALSE(desk.roll());  // refused: nothing rolled, nothing changed
    const std::size_t entries = desk.journal().size();

    Harness imgui;
    imgui.frames(shell, 2);
    const auto field = shell.form_hits.find("overrule-reason");
    REQUIRE(field != shell.form_hits.end());
    imgui.click(shell, field->second.cx(), field->second.cy());
    imgui.type(shell, "volley fire by companies");
    const auto button = shell.form_hits.find("overrule");
    REQUIRE(button != shell.form_hits.end());
    imgui.click(shell, button->second.cx(), button->second.cy());
    CHECK(desk.overrule() == "volley fire by companies");
    REQUIRE(desk.preview());
    CHECK_FALSE(desk.refusal());
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    REQUIRE(desk.journal().size() == entries + 1);
    REQUIRE(desk.entry(desk.journal().back().id));
    const store::JournalEntry& stored = *desk.entry(desk.journal().back().id);
    CHECK(stored.request.value("overrule", std::string()) == "volley fire by companies");
    CHECK(stored.resolution["overrule"]["rules"][0]["citation"] == "MacDuff 7.1 Restrictions");
    // The form starts afresh: the next action is not overruled.
    CHECK(desk.overrule().empty());
}
