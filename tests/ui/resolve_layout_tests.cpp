// Nothing the umpire needs goes off-screen: at 1280x800 the Dice field and Roll / Apply / Cancel
// stay inside the window for a melee and for artillery at 40", the odds scroll in their own band,
// the inputs stay where they were when the odds appear, a new result starts at its headline and
// the card just drawn is in view in the Turn panel. Keys and clicks in, positions and state out.
#include "desk_shell.h"

#include "panels/commands.h"

#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <map>
#include <string>

using namespace umpire;

namespace {

const ui::ScreenRect& hit(const ui::Shell& shell, const std::string& name) {
    INFO("looking for " << name);
    const auto it = shell.form_hits.find(name);
    REQUIRE(it != shell.form_hits.end());
    return it->second;
}

// The pinned controls are drawn inside the display and inside the Resolve window.
void check_controls_in_view(const ui::Shell& shell, float height) {
    const ImGuiWindow* resolve = ImGui::FindWindowByName("Resolve");
    REQUIRE(resolve);
    const float bottom = std::min(height, resolve->Pos.y + resolve->Size.y);
    for (const char* name : {"dice", "roll", "apply", "cancel"}) {
        INFO(name);
        CHECK(hit(shell, name).y1 <= bottom);
        CHECK(hit(shell, name).y0 >= hit(shell, "odds").y1);  // below the odds, never under them
    }
}

// The Afridi Swordsmen against the 1st Gurkha Rifles in the form.
void melee_form(desk::Desk& desk) {
    REQUIRE(desk.select_unit("Afridi Swordsmen"));
    REQUIRE(desk.choose_action("melee"));
    REQUIRE(desk.set_target(desk.battle().find_unit("1st Gurkha Rifles")->id));
}

std::map<std::string, ui::ScreenRect> input_positions(const ui::Shell& shell) {
    std::map<std::string, ui::ScreenRect> out;
    for (const std::string& id : shell.form_inputs) out[id] = hit(shell, id);
    return out;
}

} // namespace

TEST_CASE("resolve layout: a melee's odds appear without moving the inputs, and Dice, Roll and Apply stay in view") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("Afridi Swordsmen"));
    REQUIRE(desk.choose_action("melee"));
    ui.frames(shell, 3);
    REQUIRE_FALSE(desk.preview());  // no enemy chosen yet: no odds
    const auto before = input_positions(shell);
    REQUIRE_FALSE(before.empty());

    REQUIRE(desk.set_target(desk.battle().find_unit("1st Gurkha Rifles")->id));
    ui.frames(shell, 3);
    REQUIRE(desk.preview());
    REQUIRE_FALSE(desk.preview()->odds.empty());
    CHECK(input_positions(shell).size() == before.size());
    for (const auto& [id, at] : before) {
        INFO(id);
        CHECK(hit(shell, id).x0 == at.x0);
        CHECK(hit(shell, id).y0 == at.y0);
    }
    check_controls_in_view(shell, 800);

    // A click on the first modifier's box lands on the box, not on the odds that appeared.
    const rules::ActionSpec* spec = desk.action();
    const rules::InputSpec* mods = nullptr;
    for (const auto& in : spec->inputs)
        if (in.kind == rules::InputKind::Modifiers && !in.choices.empty()) mods = &in;
    REQUIRE(mods);
    // The form scrolls to it (it is below the form's fold at 1280x800), the odds stay put.
    ImGuiWindow* form = nullptr;
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
        if (std::string(w->Name).rfind("Resolve/form", 0) == 0) form = w;  // a child: not "WasActive" by name
    REQUIRE(form);
    const float odds_top = hit(shell, "odds").y0;
    if (hit(shell, mods->id).y1 > form->Pos.y + form->Size.y) {
        form->Scroll.y = std::min(form->ScrollMax.y, hit(shell, mods->id).y1 - (form->Pos.y + form->Size.y) + 40.0f);
        ui.frames(shell, 2);
    }
    CHECK(hit(shell, "odds").y0 == odds_top);
    const ui::ScreenRect box = hit(shell, mods->id);
    REQUIRE(box.y1 < odds_top);
    REQUIRE(box.y0 >= form->Pos.y);
    const bool was_on = desk.modifier_on(mods->id, mods->choices.front().id);
    ui.click(shell, box.cx(), box.cy());
    CHECK(desk.modifier_on(mods->id, mods->choices.front().id) != was_on);

    // Roll by clicking Roll: the result is there, and Apply (now enabled) is clicked too.
    desk.set_dice_text("");
    const ui::ScreenRect roll = hit(shell, "roll");
    ui.click(shell, roll.cx(), roll.cy());
    REQUIRE(desk.rolled());
    const ui::ScreenRect apply = hit(shell, "apply");
    ui.click(shell, apply.cx(), apply.cy());
    INFO(desk.error());
    CHECK(desk.rolled()->applied());
}

TEST_CASE("resolve layout: artillery at 40 inches keeps Roll and Apply on screen at 1280x800") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.select_unit("No. 8 Mountain Battery"));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Ghazis")->id));
    desk.set_value("range", "40");
    ui.frames(shell, 3);
    REQUIRE(desk.preview());
    check_controls_in_view(shell, 800);
}

TEST_CASE("result panel: a new result starts at its headline, not at the last one's scroll") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    melee_form(desk);
    REQUIRE(desk.roll());
    ui.frames(shell, 3);
    ImGuiWindow* result = ImGui::FindWindowByName("Result");
    REQUIRE(result);
    REQUIRE(result->ScrollMax.y > 0.0f);  // the working is longer than the panel
    result->Scroll.y = result->ScrollMax.y;
    ui.frames(shell, 2);
    REQUIRE(result->Scroll.y > 0.0f);
    desk.cancel();
    desk.set_dice_text("1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1");
    REQUIRE(desk.roll_app_dice());  // the app's dice: another result
    ui.frames(shell, 2);
    CHECK(result->Scroll.y == 0.0f);
}

TEST_CASE("turn panel: the card just drawn is in view however far down the panel was scrolled") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    test::turn_until(desk, turn::PhaseKind::Activation, true, true);
    shell.show_turn = true;
    ui.frames(shell, 3);
    ImGuiWindow* panel = test::window_starting("Turn (");
    REQUIRE(panel);
    for (int i = 0; i < 3; ++i) {
        panel->Scroll.y = panel->ScrollMax.y;
        ui.frames(shell, 2);
        ui.press(shell, ui::key::F5);  // draw
        ui.frames(shell, 2);
        const auto card = shell.turn_hits.find("card");
        REQUIRE(card != shell.turn_hits.end());
        CHECK(card->second.y0 >= panel->InnerRect.Min.y - 1.0f);
        CHECK(card->second.y0 < panel->InnerRect.Max.y);
    }
}
