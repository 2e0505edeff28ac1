// Nothing cut off at 1280x800: the roster column widens when its edge is dragged, the turn bar
// keeps "Next:" and a chance card due in view ahead of the details, and the turn options' labels
// wrap instead of being cut. Mouse and keys in, positions out.
#include "desk_shell.h"

#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>

using namespace umpire;

namespace {

} // namespace

TEST_CASE("roster column: dragging its edge widens it, and the resolve form moves over") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    const ImGuiWindow* roster = test::window_starting("Roster");
    REQUIRE(roster);
    const float before = roster->Size.x;
    const ui::ScreenRect edge = shell.roster_splitter;
    REQUIRE(edge.x1 > edge.x0);
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(edge.cx(), edge.cy());
    ui.frame(shell);
    io.MouseDown[0] = true;
    ui.frame(shell);
    for (int i = 1; i <= 10; ++i) {
        io.MousePos = ImVec2(edge.cx() + 20.0f * static_cast<float>(i), edge.cy());
        ui.frame(shell);
    }
    io.MouseDown[0] = false;
    ui.frames(shell, 2);
    CHECK(roster->Size.x > before + 150.0f);
    const ImGuiWindow* resolve = test::window_starting("Resolve");
    REQUIRE(resolve);
    CHECK(resolve->Pos.x >= roster->Pos.x + roster->Size.x - 1.0f);
    // Never wider than half the window, however far it is dragged.
    io.MousePos = ImVec2(edge.cx() + 30.0f, edge.cy());
    ui.frame(shell);
    shell.roster_share = 0.9f;
    ui.frames(shell, 2);
    CHECK(roster->Size.x <= 1280.0f * ui::kMaxRosterShare + 1.0f);
}

TEST_CASE("turn bar: Next and a chance card due stay on screen at 1280x800 with every detail shown") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    test::turn_until(desk, turn::PhaseKind::Activation, true, true);
    for (int guard = 0; guard < 30 && desk.turn_status().can_draw && !desk.turn_status().chance_due_side; ++guard)
        desk.draw_card();
    ui.frames(shell, 2);
    const auto next = shell.turn_hits.find("Next:");
    REQUIRE(next != shell.turn_hits.end());
    CHECK(next->second.x0 < 1280.0f * 0.75f);  // well inside, whatever the card and wind say after it
}

TEST_CASE("turn options: the labels wrap in a narrow panel, Chance cards and blanks are all in view") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    shell.show_turn = true;
    ui.frames(shell, 2);
    const auto header = shell.turn_hits.find("Turn options");
    REQUIRE(header != shell.turn_hits.end());
    ui.click(shell, header->second.cx(), header->second.cy());
    ui.frames(shell, 2);
    const ImGuiWindow* panel = test::window_starting("Turn (");
    REQUIRE(panel);
    const auto chance = shell.turn_hits.find("Chance cards");
    REQUIRE(chance != shell.turn_hits.end());
    CHECK(chance->second.x1 <= panel->Pos.x + panel->Size.x);
}
