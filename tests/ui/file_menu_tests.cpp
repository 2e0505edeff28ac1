// The File menu and its dialogs (New battle, Open, Recent, Save a copy, Print) and the player
// view: desk-layer functions called directly, then the real frame driven headless through io.
#include "headless.h"
#include "ui_support.h"

#include "desk/new_battle.h"
#include "desk/player_view.h"
#include "desk/print_job.h"
#include "desk/recent.h"
#include "panels/player_view_panel.h"
#include "store/copy.h"

#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>

#include <filesystem>
#include <fstream>

using namespace umpire;
namespace fs = std::filesystem;

namespace {

const std::string kRosters = std::string(UMPIRE_SOURCE_DIR) + "/rosters";
const std::string kKotal = kRosters + "/macduff-kotal-pass.toml";
const std::string kModder = kRosters + "/edwardian-modder-river.toml";

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

// A second MacDuff roster that joins the Kotal Pass: one side shares its name, one is new.
std::string reinforcements() {
    return "format = \"umpire-roster\"\nversion = 1\nruleset = \"macduff\"\nname = \"Reinforcements\"\n"
           "[[side]]\nname = \"Frontier Field Force\"\n"
           "[[side.unit]]\nname = \"Bengal Lancers\"\ntype = \"cavalry\"\nquality = \"elite\"\nweapon = \"carbine\"\nfigures = 8\n"
           "[[side]]\nname = \"Waziri Tribesmen\"\n"
           "[[side.unit]]\nname = \"Waziri Jezzailchis\"\ntype = \"infantry\"\nquality = \"average\"\nweapon = \"jezzail\"\nfigures = 10\n";
}

bool starts_with_pdf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char head[5] = {};
    in.read(head, 5);
    return in && std::string(head, 5) == "%PDF-";
}

ui::Shell demo_shell(const test::ScratchDir& dir) {
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir));
    shell.files.recent_path = dir.file("recent-battles");
    shell.files.rosters_dir = kRosters;
    return shell;
}

void click(test::HeadlessUi& ui, ui::Shell& shell, const std::string& hit) {
    ui.frame(shell);  // the last click may have moved things (a message above a button): look again
    auto it = shell.files.hits.find(hit);
    INFO("clicking " << hit);
    REQUIRE(it != shell.files.hits.end());
    ui.click(shell, it->second.cx(), it->second.cy());
}

// File > item, by clicking, as the umpire would.
void choose_from_file_menu(test::HeadlessUi& ui, ui::Shell& shell, const std::string& item) {
    ui.frame(shell);
    click(ui, shell, "File");
    REQUIRE(shell.files.hits.count(item));
    click(ui, shell, item);
}

} // namespace

//-----------------------------------------------------------------------------
// Desk layer: no ImGui
//-----------------------------------------------------------------------------

TEST_CASE("new battle: two rosters merged, the options applied, house rules checked") {
    test::ScratchDir dir;
    write_file(dir.file("reinforcements.toml"), reinforcements());
    desk::NewBattleForm form;
    form.ruleset = "macduff";
    form.rosters = {kKotal, dir.file("reinforcements.toml")};
    form.name = "Kotal Pass, reinforced";
    form.distance_unit = "cm";
    form.scale = "x1.5";
    form.house_rules = "[[shooting.weapons]]\nid = \"rifle\"\nlong = 30\n";
    form.save_path = dir.file("reinforced.umpire");

    desk::Desk d = desk::create_new_battle(form);
    const model::Battle& b = d.battle();
    CHECK(b.name == "Kotal Pass, reinforced");
    CHECK(b.distance_unit == "cm");
    CHECK(b.distance_scale == 1.5);
    CHECK(b.sides.size() == 3);
    REQUIRE(b.find_unit("Bengal Lancers"));
    CHECK(b.find_unit("Bengal Lancers")->side == 1);
    CHECK(b.find_unit("Waziri Jezzailchis")->side == 3);
    // The house rule reached the ruleset's tables: what the engine and the sheet read.
    CHECK(d.ruleset().reference_toml().find("long = 30") != std::string::npos);
    // And it is in the file: reopened, the same.
    desk::Desk reopened = desk::Desk::open(form.save_path);
    CHECK(reopened.battle().house_rules == form.house_rules);
    CHECK(reopened.battle().units.size() == b.units.size());
}

TEST_CASE("new battle: bad values are refused with the reason and write nothing") {
    test::ScratchDir dir;
    desk::NewBattleForm form;
    form.ruleset = "macduff";
    form.rosters = {kKotal};
    form.save_path = dir.file("bad.umpire");

    SECTION("house rules that do not parse") {
        form.house_rules = "[[shooting.weapons]\nid = \"rifle\"";
        CHECK_THROWS_WITH(desk::create_new_battle(form), Catch::Contains("house rules"));
        desk::HouseRulesCheck check;
        CHECK_FALSE(check.error("macduff", form.house_rules).empty());
        CHECK(check.error("macduff", "").empty());
    }
    SECTION("a scale that is not a number") {
        form.scale = "big";
        CHECK_THROWS_WITH(desk::create_new_battle(form), Catch::Contains("scale"));
    }
    SECTION("a roster for another ruleset") {
        form.rosters = {kModder};
        CHECK_THROWS_WITH(desk::create_new_battle(form), Catch::Contains("edwardian roster"));
    }
    SECTION("no roster") {
        form.rosters.clear();
        CHECK_THROWS_WITH(desk::create_new_battle(form), Catch::Contains("roster"));
    }
    SECTION("a folder that does not exist") {
        form.save_path = dir.file("no/such/folder/x.umpire");
        CHECK_THROWS_WITH(desk::create_new_battle(form), Catch::Contains("does not exist"));
    }
    CHECK_FALSE(fs::exists(dir.file("bad.umpire")));
}

TEST_CASE("new battle: scale text") {
    std::string error;
    CHECK(desk::parse_scale("x1.5", error) == 1.5);
    CHECK(desk::parse_scale(" 2 ", error) == 2.0);
    CHECK(desk::parse_scale("\xC3\x97" "1.5", error) == 1.5);
    CHECK_FALSE(desk::parse_scale("", error));
    CHECK(error.empty());
    CHECK_FALSE(desk::parse_scale("0", error));
    CHECK_FALSE(error.empty());
    CHECK_FALSE(desk::parse_scale("1.5x", error));
    CHECK_FALSE(error.empty());
}

TEST_CASE("recent battles: most recent first, no repeats, at most ten, kept between runs") {
    test::ScratchDir dir;
    const std::string file = dir.file("state/recent-battles");
    {
        desk::RecentBattles recent(file);
        for (int i = 0; i < 12; ++i) recent.add(dir.file("b" + std::to_string(i) + ".umpire"));
        recent.add(dir.file("b5.umpire"));
        REQUIRE(recent.paths().size() == desk::RecentBattles::kMax);
        CHECK(recent.paths().front() == dir.file("b5.umpire"));
        CHECK(recent.paths()[1] == dir.file("b11.umpire"));
    }
    desk::RecentBattles again(file);
    REQUIRE(again.paths().size() == desk::RecentBattles::kMax);
    CHECK(again.paths().front() == dir.file("b5.umpire"));
    again.remove(dir.file("b5.umpire"));
    CHECK(desk::RecentBattles(file).paths().front() == dir.file("b11.umpire"));
}

TEST_CASE("save a copy: a whole battle under the new name, never over a file") {
    test::ScratchDir dir;
    desk::Desk d = test::demo_desk(dir);
    const std::string copy = dir.file("copy.umpire");
    store::save_copy(d.path(), copy);
    desk::Desk opened = desk::Desk::open(copy);
    CHECK(opened.battle().units.size() == d.battle().units.size());
    CHECK(opened.journal().size() == d.journal().size());
    CHECK_THROWS_WITH(store::save_copy(d.path(), copy), Catch::Contains("already exists"));
    CHECK_THROWS_WITH(store::save_copy(d.path(), d.path()), Catch::Contains("battle file itself"));
    CHECK_THROWS_WITH(store::save_copy(d.path(), dir.file("nope/copy.umpire")), Catch::Contains("does not exist"));
    CHECK_THROWS(store::save_copy(copy + ".missing", dir.file("other.umpire")));
    CHECK_FALSE(fs::exists(dir.file("other.umpire")));
    for (const auto& entry : fs::directory_iterator(dir.file("")))
        CHECK(entry.path().string().find(".partial-") == std::string::npos);
}

TEST_CASE("player view: only public information, and only results that stand") {
    test::ScratchDir dir;
    desk::Desk d = test::demo_desk(dir);
    desk::TableState table;
    table.phase = "Shooting";
    table.wind = "From the north, strong";
    d.set_table_state(table);

    auto view = desk::build_player_view(d.battle(), d.journal(), d.table_state());
    CHECK(view.turn == 1);
    CHECK(view.phase == "Shooting");
    CHECK(view.wind == "From the north, strong");
    CHECK(view.card_drawn.empty());
    CHECK(view.results.empty());

    REQUIRE(d.select_unit("Gordon Highlanders"));
    REQUIRE(d.choose_action("shoot"));
    const model::Unit* target = d.battle().find_unit("Orakzai Riflemen");
    REQUIRE(target);
    REQUIRE(d.set_target(target->id));
    d.set_value("range", "10");
    d.set_dice_factory([] { return std::make_unique<test::ConstantDice>(6); });
    REQUIRE(d.roll());
    // Rolled but not applied: the umpire may still cancel it, so the table does not see it.
    view = desk::build_player_view(d.battle(), d.journal(), d.table_state());
    CHECK(view.results.empty());
    REQUIRE(d.apply());
    view = desk::build_player_view(d.battle(), d.journal(), d.table_state());
    REQUIRE(view.results.size() == 1);
    CHECK(view.results[0].rfind("Turn 1: ", 0) == 0);
    CHECK(view.results[0].find(d.journal().back().summary) != std::string::npos);
    REQUIRE(d.undo());
    view = desk::build_player_view(d.battle(), d.journal(), d.table_state());
    CHECK(view.results.empty());
}

TEST_CASE("print job: default paths beside the battle, a missing folder refused") {
    CHECK(desk::default_print_path("/a/b/kotal.umpire", desk::PrintKind::Sheet) == "/a/b/kotal-reference.pdf");
    CHECK(desk::default_print_path("/a/b/kotal.umpire", desk::PrintKind::Cards) == "/a/b/kotal-cards.pdf");
    CHECK(desk::default_print_path("/a/b/kotal.umpire", desk::PrintKind::RosterSheet) == "/a/b/kotal-roster.pdf");
    test::ScratchDir dir;
    desk::Desk d = test::demo_desk(dir);
    desk::PrintForm form;
    form.output = dir.file("missing/sheet.pdf");
    const auto out = desk::print_battle(d, form, {});
    CHECK_FALSE(out.written);
    CHECK_THAT(out.message, Catch::Contains("does not exist"));
}

//-----------------------------------------------------------------------------
// The real frame, headless
//-----------------------------------------------------------------------------

TEST_CASE("file menu: New battle from the menu, a bad house rule shown inline, then created") {
    test::ScratchDir dir;
    write_file(dir.file("reinforcements.toml"), reinforcements());
    test::HeadlessUi ui;
    ui::Shell shell = demo_shell(dir);
    const std::string before = shell.desk->path();

    choose_from_file_menu(ui, shell, "New battle...");
    REQUIRE(shell.files.dialog == ui::FileDialog::NewBattle);
    ui.frames(shell, 2);
    REQUIRE(ui.shown("New battle"));

    // A sample roster by its Add button, the umpire's own by typing its path.
    click(ui, shell, "add:macduff-kotal-pass.toml");
    CHECK(shell.files.new_form.ruleset == "macduff");
    click(ui, shell, "roster-path");
    ui.type(shell, dir.file("reinforcements.toml"));
    click(ui, shell, "Add file");
    REQUIRE(shell.files.new_form.rosters.size() == 2);
    CHECK(shell.files.new_error.empty());

    shell.files.new_form.save_path = dir.file("new.umpire");
    shell.files.new_form.house_rules = "[[shooting.weapons]]\nid = \"rifle\"\nlong = \"far\"\n";
    ui.frame(shell);
    const std::string problem = shell.files.house_rules_check.error("macduff", shell.files.new_form.house_rules);
    INFO(problem);
    CHECK_FALSE(problem.empty());
    click(ui, shell, "Create");
    CHECK_FALSE(shell.files.new_error.empty());
    CHECK(shell.files.dialog == ui::FileDialog::NewBattle);  // still open, everything kept
    CHECK(shell.desk->path() == before);
    CHECK_FALSE(fs::exists(dir.file("new.umpire")));

    shell.files.new_form.house_rules = "[[shooting.weapons]]\nid = \"rifle\"\nlong = 30\n";
    ui.frame(shell);
    click(ui, shell, "Create");
    INFO(shell.files.new_error);
    CHECK(shell.files.dialog == ui::FileDialog::None);
    REQUIRE(shell.desk);
    CHECK(shell.desk->path() == dir.file("new.umpire"));
    CHECK(shell.desk->battle().sides.size() == 3);
    CHECK(shell.files.recent_battles().paths().front() == dir.file("new.umpire"));
    ui.frames(shell, 2);
    CHECK_FALSE(ui.shown("New battle"));
}

TEST_CASE("file menu: Open refuses a bad file inline and keeps the battle, Recent reopens") {
    test::ScratchDir dir;
    test::HeadlessUi ui;
    ui::Shell shell = demo_shell(dir);
    const std::string demo = shell.desk->path();
    store::save_copy(demo, dir.file("other.umpire"));
    write_file(dir.file("junk.umpire"), "not a battle");

    ui.frame(shell);
    ui.press(shell, 'O', true);
    REQUIRE(shell.files.dialog == ui::FileDialog::Open);
    ui.frame(shell);
    ui.type(shell, dir.file("junk.umpire"));
    click(ui, shell, "Open");
    CHECK_FALSE(shell.files.open_error.empty());
    CHECK(shell.desk->path() == demo);
    CHECK(shell.files.dialog == ui::FileDialog::Open);

    shell.files.open_path = dir.file("other.umpire");
    ui.frame(shell);
    click(ui, shell, "Open");
    CHECK(shell.files.dialog == ui::FileDialog::None);
    CHECK(shell.desk->path() == dir.file("other.umpire"));

    // Recent battles: the one just opened first; a missing one is listed but cannot be chosen.
    shell.files.recent_battles().add(dir.file("gone.umpire"));
    shell.files.recent_battles().add(demo);
    ui.frame(shell);
    click(ui, shell, "File");
    click(ui, shell, "Recent battles");
    ui.frame(shell);
    REQUIRE(shell.files.hits.count("recent:" + dir.file("gone.umpire")));
    click(ui, shell, "recent:" + dir.file("gone.umpire"));
    CHECK(shell.desk->path() == dir.file("other.umpire"));
    ui.frame(shell);
    click(ui, shell, "File");
    click(ui, shell, "Recent battles");
    ui.frame(shell);
    click(ui, shell, "recent:" + demo);
    CHECK(shell.desk->path() == demo);
}

TEST_CASE("file menu: Save a copy writes a second battle file and keeps this one open") {
    test::ScratchDir dir;
    test::HeadlessUi ui;
    ui::Shell shell = demo_shell(dir);
    choose_from_file_menu(ui, shell, "Save a copy...");
    REQUIRE(shell.files.dialog == ui::FileDialog::SaveCopy);
    CHECK(shell.files.copy_path == dir.file("demo-copy.umpire"));
    ui.frame(shell);
    click(ui, shell, "Save copy");
    CHECK_FALSE(shell.files.copy_failed);
    CHECK(fs::exists(dir.file("demo-copy.umpire")));
    click(ui, shell, "Save copy");  // again: the file is there now
    CHECK(shell.files.copy_failed);
    CHECK_THAT(shell.files.copy_message, Catch::Contains("already exists"));
    CHECK(shell.desk->path() == dir.file("demo.umpire"));
}

TEST_CASE("print dialog: writes the PDF, and a missing viewer only says so") {
    test::ScratchDir dir;
    test::HeadlessUi ui;
    ui::Shell shell = demo_shell(dir);
    std::vector<std::string> shown;
    shell.files.viewer = [&shown](const std::string& path) {
        shown.push_back(path);
        return std::string("no application is registered for PDF files");
    };

    ui.frame(shell);
    ui.press(shell, 'P', true);
    REQUIRE(shell.files.dialog == ui::FileDialog::Print);
    ui.frame(shell);
    CHECK(shell.files.print_form.output == dir.file("demo-reference.pdf"));

    SECTION("the roster sheet on Letter") {
        click(ui, shell, "Roster sheet");
        click(ui, shell, "Letter");
        CHECK(shell.files.print_form.output == dir.file("demo-roster.pdf"));
        click(ui, shell, "Write PDF");
        REQUIRE(shell.files.printed);
        INFO(shell.files.printed->message);
        CHECK(shell.files.printed->written);
        CHECK(starts_with_pdf(dir.file("demo-roster.pdf")));
        CHECK(shown == std::vector<std::string>{dir.file("demo-roster.pdf")});
        CHECK_THAT(shell.files.printed->message, Catch::Contains("PDF is kept"));
    }
    SECTION("chance cards with backs") {
        click(ui, shell, "Chance cards");
        click(ui, shell, "Write PDF");
        REQUIRE(shell.files.printed);
        INFO(shell.files.printed->message);
        CHECK(shell.files.printed->written);
        CHECK(shell.files.printed->pages >= 2);
        CHECK(starts_with_pdf(dir.file("demo-cards.pdf")));
    }
    SECTION("the quick-reference sheet") {
        click(ui, shell, "Write PDF");
        REQUIRE(shell.files.printed);
        INFO(shell.files.printed->message);
        CHECK(starts_with_pdf(dir.file("demo-reference.pdf")));
    }
    click(ui, shell, "Close");
    CHECK(shell.files.dialog == ui::FileDialog::None);
}

TEST_CASE("player view: F11 switches it, and the panel draws the public view") {
    test::ScratchDir dir;
    test::HeadlessUi ui;
    ui::Shell shell = demo_shell(dir);
    ui.frame(shell);
    ui.press(shell, 300);  // F11
    CHECK(shell.files.player_view);
    ui.press(shell, 300);
    CHECK_FALSE(shell.files.player_view);

    desk::PlayerView view;
    view.battle = "Kotal Pass";
    view.turn = 3;
    view.results = {"Turn 3: 3 hits on Orakzai Riflemen"};
    ImGui::NewFrame();
    ui::draw_player_view(view, ui::Rect{0, 0, 1280, 800});
    ImGui::Render();
    ImGuiWindow* w = ImGui::FindWindowByName("##player-view");
    REQUIRE(w != nullptr);
    CHECK(w->Size.x == 1280.0f);
}

TEST_CASE("roster editor: rename and split through the dialog, a bad quality refused inline, undo") {
    test::ScratchDir dir;
    test::HeadlessUi ui;
    ui::Shell shell = demo_shell(dir);
    desk::Desk& d = *shell.desk;
    REQUIRE(d.select_unit("Gordon Highlanders"));
    const int id = *d.unit();
    const int figures = d.selected_unit()->figures;
    const std::size_t entries = d.journal().size();

    ui.frame(shell);
    ui.press(shell, 'E', true);
    REQUIRE(shell.files.dialog == ui::FileDialog::EditRoster);
    ui.frame(shell);
    CHECK(shell.files.roster_edit.name == "Gordon Highlanders");

    shell.files.roster_edit.name = "92nd Highlanders";
    ui.frame(shell);
    click(ui, shell, "Rename");
    INFO(shell.files.roster_edit.message);
    CHECK_FALSE(shell.files.roster_edit.failed);
    CHECK(shell.desk->battle().unit(id)->name == "92nd Highlanders");
    REQUIRE(shell.desk->journal().size() == entries + 1);
    CHECK(shell.desk->journal().back().action == "edit-roster");

    ui.frame(shell);  // the dialog refills its fields from the renamed unit
    shell.files.roster_edit.quality = "heroic";
    ui.frame(shell);
    click(ui, shell, "Set quality");
    CHECK(shell.files.roster_edit.failed);
    CHECK_THAT(shell.files.roster_edit.message, Catch::Contains("average"));
    CHECK(shell.desk->journal().size() == entries + 1);  // refused: nothing recorded

    shell.files.roster_edit.split_figures = "2";
    ui.frame(shell);
    click(ui, shell, "Split");
    CHECK_FALSE(shell.files.roster_edit.failed);
    CHECK(shell.desk->battle().unit(id)->figures == figures - 2);
    CHECK(shell.desk->battle().find_unit("92nd Highlanders detachment"));

    click(ui, shell, "Close");
    CHECK(shell.files.dialog == ui::FileDialog::None);
    REQUIRE(shell.desk->undo());
    REQUIRE(shell.desk->undo());
    CHECK(shell.desk->battle().unit(id)->name == "Gordon Highlanders");
    CHECK(shell.desk->battle().unit(id)->figures == figures);
    // And the file agrees after reopening.
    CHECK(desk::Desk::open(shell.desk->path()).battle().unit(id)->name == "Gordon Highlanders");
}

TEST_CASE("roster editor: a unit held in reserve and brought back on with one click each") {
    test::ScratchDir dir;
    test::HeadlessUi ui;
    ui::Shell shell = demo_shell(dir);
    REQUIRE(shell.desk->select_unit("Khyber Rifles"));
    const int id = *shell.desk->unit();
    ui.frame(shell);
    ui.press(shell, 'E', true);
    REQUIRE(shell.files.dialog == ui::FileDialog::EditRoster);
    ui.frame(shell);

    click(ui, shell, "Hold in reserve");
    INFO(shell.files.roster_edit.message);
    CHECK_FALSE(shell.files.roster_edit.failed);
    CHECK(shell.desk->battle().unit(id)->has(model::Flag::Reserve));
    CHECK_FALSE(shell.desk->battle().unit(id)->on_table());
    ui.frame(shell);
    click(ui, shell, "Bring on from reserve");
    CHECK_FALSE(shell.desk->battle().unit(id)->has(model::Flag::Reserve));
    CHECK(shell.desk->journal().back().action == "edit-roster");
}
