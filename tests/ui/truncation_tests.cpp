// Nothing cut off at 1280x800: the roster column widens when its edge is dragged, the turn bar
// keeps "Next:" and a chance card due in view ahead of the details, and the turn options' labels
// wrap instead of being cut. Mouse and keys in, positions out.
#include "desk_shell.h"

#include "panels/commands.h"
#include "panels/widgets.h"

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
    CHECK(next->second.x1 <= 1280.0f);           // and not cut at the window's edge
}

TEST_CASE("turn bar: what comes next, too long for the bar, is cut after a whole word, never mid-word") {
    test::HeadlessUi ui(1280, 800);
    ImGui::NewFrame();
    const std::string line = "Next: Draw an activation card (F5), or roll the wind first";
    const float full = ImGui::CalcTextSize(line.c_str()).x;
    CHECK(ui::fit_words(line, full + 1.0f) == line);
    const std::string cut = ui::fit_words(line, full * 0.6f);
    CHECK(ImGui::CalcTextSize(cut.c_str()).x <= full * 0.6f);
    CHECK_THAT(cut, Catch::EndsWith("..."));
    const std::string kept = cut.substr(0, cut.size() - 3);
    CHECK(line.rfind(kept, 0) == 0);
    CHECK((line[kept.size()] == ' ' || line[kept.size()] == ','));  // cut where a word ends
    ImGui::EndFrame();
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

TEST_CASE("roster column: at 1280x800 the demo's names fit their rows whole, and a longer name wraps after a word") {
    for (const char* roster : {"macduff-kotal-pass", "macduff-kandahar-1880", "edwardian-modder-river",
                               "edwardian-campaign", "rattle-seven-pines", "square-hearts-abu-klea",
                               "featherstone-quatre-bras"}) {
        test::ScratchDir dir;
        ui::Shell shell = test::sample_shell(dir, roster);
        test::HeadlessUi ui(1280, 2400);  // as wide as 1280x800, tall enough to draw every row
        ui.frames(shell, 2);
        REQUIRE(shell.roster_name_w > 0.0f);
        ImGui::NewFrame();
        for (const model::Unit& u : shell.desk->battle().units) {
            const auto row = shell.unit_rows.find(u.id);
            if (row == shell.unit_rows.end()) continue;
            const float one_line = ImGui::CalcTextSize(u.name.c_str()).x;
            const float wrapped = ImGui::CalcTextSize(u.name.c_str(), nullptr, false, shell.roster_name_w).y;
            INFO(roster << ": " << u.name << " needs " << one_line << "px, the row gives " << shell.roster_name_w);
            if (std::string(roster) == "macduff-kotal-pass") CHECK(one_line <= shell.roster_name_w);  // the demo
            CHECK(row->second.y1 - row->second.y0 >= wrapped - 0.5f);  // the row holds every line of it
        }
        ImGui::EndFrame();
    }
}

TEST_CASE("quick reference: at 1280x800 every sample battle's tables fit the column, headers and all, no word cut") {
    for (const char* roster : {"macduff-kotal-pass", "edwardian-modder-river", "rattle-seven-pines",
                               "square-hearts-abu-klea", "featherstone-quatre-bras"}) {
        test::ScratchDir dir;
        ui::Shell shell = test::sample_shell(dir, roster);
        test::HeadlessUi ui(1280, 800);
        ui.frames(shell, 2);
        ui.press(shell, ui::key::F2);
        ui.frames(shell, 2);
        REQUIRE_FALSE(shell.reference_squeeze.empty());
        for (const auto& [table, room] : shell.reference_squeeze) {
            INFO(roster << ": " << table);
            CHECK(room >= 0.0f);                                 // no word cut
            CHECK(shell.reference_spill.at(table) <= 1.0f);  // no column off the panel's edge
        }
        // Zoomed in two steps: still no word cut (the table scrolls sideways sooner than that).
        ui.press(shell, ui::key::Equal, true);
        ui.press(shell, ui::key::Equal, true);
        ui::sync_view(shell.view);
        ui.frames(shell, 2);
        for (const auto& [table, room] : shell.reference_squeeze) {
            INFO(roster << " zoomed: " << table);
            CHECK(room >= 0.0f);
        }
    }
}

TEST_CASE("unit card: two pairs a row at 100%, one pair a row when zoomed, so no value is broken mid-word") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    REQUIRE(shell.desk->select_unit("Gordon Highlanders"));
    test::HeadlessUi ui(1280, 800);
    auto card_columns = [] {
        ImGuiWindow* w = ImGui::FindWindowByName("Unit card");
        REQUIRE(w);
        ImGuiTable* t = ImGui::TableFindByID(ImHashStr("card", 0, w->ID));
        REQUIRE(t);
        return t->ColumnsCount;
    };
    ui.frames(shell, 2);
    CHECK(card_columns() == 4);
    shell.view.zoom = 1.5f;
    ui::sync_view(shell.view);
    ui.frames(shell, 2);
    CHECK(card_columns() == 2);
    ui::sync_view(desk::ViewSettings{});
}

TEST_CASE("resolve form: a unit name cut in its list box shows whole on hover, a name that fits shows no tooltip") {
    test::ScratchDir dir;
    ui::Shell shell = test::sample_shell(dir, "square-hearts-abu-klea");
    test::HeadlessUi ui(1280, 800);
    desk::Desk& desk = *shell.desk;
    REQUIRE(desk.choose_action("shoot"));
    REQUIRE(desk.select_unit("Royal Artillery screw guns"));
    ui.frames(shell, 2);
    REQUIRE(shell.form_hits.count("unit"));
    const ui::ScreenRect box = shell.form_hits.at("unit");
    REQUIRE(ImGui::CalcTextSize("Royal Artillery screw guns").x > box.x1 - box.x0 - ImGui::GetFrameHeight());
    ImGui::GetIO().MousePos = ImVec2((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2);
    ui.frames(shell, 2);
    CHECK(test::HeadlessUi::shown("##Tooltip_00"));

    REQUIRE(desk.select_unit("Royal Sussex"));
    ui.frames(shell, 3);
    CHECK_FALSE(test::HeadlessUi::shown("##Tooltip_00"));
}

TEST_CASE("form hints: a hint beside a box is drawn whole where it fits, else the shorter one, else none") {
    test::ScratchDir dir;
    ui::Shell shell = test::demo_shell(dir);
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 1);
    // Where the last item ends after a box 100 px wide and the hints, in a window `width` wide.
    auto hint_drawn = [](float width, const std::vector<std::string>& hints) {
        ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(width, 200));
        ImGui::Begin("hint test", nullptr, ImGuiWindowFlags_NoDecoration);
        ImGui::Button("box", ImVec2(100, 0));
        const float box_end = ImGui::GetItemRectMax().x;
        ui::trailing_hint(hints, "how it counts");
        const bool drawn = ImGui::GetItemRectMin().x > box_end;
        const float end = ImGui::GetItemRectMax().x;
        const float edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        ImGui::End();
        ImGui::Render();
        return std::pair<bool, bool>{drawn, end <= edge + 0.5f};
    };
    const float long_w = ImGui::CalcTextSize("squares (d: diagonal)").x;
    const float short_w = ImGui::CalcTextSize("squares").x;
    auto [wide_drawn, wide_inside] = hint_drawn(140 + long_w + 20, {"squares (d: diagonal)", "squares"});
    CHECK(wide_drawn);
    CHECK(wide_inside);
    auto [narrow_drawn, narrow_inside] = hint_drawn(140 + short_w + 10, {"squares (d: diagonal)", "squares"});
    CHECK(narrow_drawn);  // the shorter hint
    CHECK(narrow_inside);
    auto [none_drawn, none_inside] = hint_drawn(130, {"squares (d: diagonal)", "squares"});
    CHECK_FALSE(none_drawn);
    CHECK(none_inside);
}
