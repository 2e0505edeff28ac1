// The action form's warnings wait for the umpire: right after an apply the form is back to its
// defaults with a value still to type, and says so as a dim hint; only once the field is touched,
// or a roll or an apply is asked for, is a missing value a warning. Keys in, colours out.
#include "desk_shell.h"

#include "panels/theme.h"

#include <catch2/catch.hpp>

using namespace umpire;
using test::kKeyEnter;

namespace {

// Whether any window of the Resolve panel drew something in the warning colour last frame.
bool resolve_draws_warning() {
    const ImU32 warning = ImGui::ColorConvertFloat4ToU32(ui::colour::warning);
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
        if (!w->WasActive || std::string(w->Name).rfind("Resolve", 0) != 0) continue;
        for (const ImDrawVert& v : w->DrawList->VtxBuffer)
            if (v.col == warning) return true;
    }
    return false;
}

} // namespace

TEST_CASE("form: no warning for a value not typed yet after an apply, until the field is touched or a roll tried",
          "[ui][desk]") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    desk::Desk& desk = *shell.desk;
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 2);
    test::aim_sikhs_at_ghazis(desk);
    desk.set_dice_text("6 6 6 6 6 6 6 6");
    ui.frames(shell, 1);
    ui.press(shell, kKeyEnter);        // roll
    ui.press(shell, kKeyEnter, true);  // apply
    INFO(desk.error());
    REQUIRE(desk.journal().back().action == "shoot");
    // Right after the apply: the form is back to its defaults, nothing typed yet, no warning.
    ui.frames(shell, 2);
    CHECK_FALSE(resolve_draws_warning());

    // Another unit's shot: the range is not typed yet.
    REQUIRE(desk.select_unit("Khyber Rifles"));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Orakzai Riflemen")->id));
    ui.frames(shell, 2);
    REQUIRE_FALSE(desk.preview());
    CHECK(desk.preview_waiting());
    CHECK(desk.waiting_for() == "Range");
    CHECK_FALSE(resolve_draws_warning());

    // Enter asks for a roll: now the missing range is a warning.
    ui.press(shell, kKeyEnter);
    ui.frames(shell, 1);
    CHECK_FALSE(desk.preview_waiting());
    CHECK(resolve_draws_warning());

    // A fresh form: a hint again; the field touched and emptied: a warning at once, without a roll.
    desk.reset_form();
    ui.frames(shell, 1);
    CHECK(desk.preview_waiting());
    desk.set_value("range", "1");
    desk.set_value("range", "");
    ui.frames(shell, 1);
    CHECK_FALSE(desk.preview_waiting());
    CHECK(resolve_draws_warning());
}
