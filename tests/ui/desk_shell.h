#pragma once
// Shared by the desk's headless tests: the demo battle (or a sample roster) in a shell, a turn brought to a phase,
// and a window found by the start of its name.
#include "headless.h"
#include "ui_support.h"

#include <catch2/catch.hpp>
#include <imgui.h>
#include <imgui_internal.h>

#include <fstream>
#include <sstream>
#include <string>

namespace umpire::test {

inline ui::Shell demo_shell(const ScratchDir& dir) {
    ui::Shell shell;
    shell.desk.emplace(demo_desk(dir));
    return shell;
}

// Actions in effect in the journal (not undone; no undo or redo entries).
inline std::size_t actions_in_journal(const desk::Desk& desk) {
    std::size_t n = 0;
    for (const auto& e : desk.journal())
        if (e.kind == store::EntryKind::Action && !e.undone) ++n;
    return n;
}

// The demo's common shot in the form: 2nd Sikhs shoot the Ghazis at 10".
inline void aim_sikhs_at_ghazis(desk::Desk& desk) {
    REQUIRE(desk.select_unit("2nd Sikhs"));
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.set_target(desk.battle().find_unit("Ghazis")->id));
    desk.set_value("range", "10");
}

// A battle from one of the sample rosters (rosters/NAME.toml), at the desk.
inline ui::Shell sample_shell(const ScratchDir& dir, const std::string& roster) {
    std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/rosters/" + roster + ".toml");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    ui::Shell shell;
    shell.desk.emplace(desk::Desk::create_from_roster(dir.file(roster + ".umpire"), text.str(), roster));
    return shell;
}

// Turn options (seed 7, chance cards and wind as asked, the wind set to a moderate north-west),
// then the phases on until one of `kind` comes (at most eight).
inline void turn_until(desk::Desk& desk, turn::PhaseKind kind, bool chance_cards, bool wind) {
    turn::TurnOptions o = desk.turn_options();
    o.chance_cards = chance_cards;
    o.wind = wind;
    o.seed = 7;
    REQUIRE(desk.configure_turn(o));
    if (wind) REQUIRE(desk.set_wind(8, 1));
    for (int guard = 0; guard < 8 && desk.turn_status().phase_kind != kind; ++guard) REQUIRE(desk.next_phase(true));
    REQUIRE(desk.turn_status().phase_kind == kind);
}

// The window drawn last frame whose name starts with `prefix` ("Turn (" for "Turn (F3 to close)").
inline ImGuiWindow* window_starting(const char* prefix) {
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
        if (std::string(w->Name).rfind(prefix, 0) == 0 && w->WasActive) return w;
    return nullptr;
}

} // namespace umpire::test
