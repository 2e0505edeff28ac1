// The GUI's view logic with no ImGui: roster filters and order, palette matching, view settings
// on disk, the quick reference grid, journal filters and the report written next to a battle.
#include "ui_support.h"

#include "desk/fuzzy.h"
#include "desk/journal_heading.h"
#include "desk/reference_view.h"
#include "desk/report_export.h"
#include "desk/roster_view.h"
#include "desk/view_settings.h"

#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

using namespace umpire;

namespace {

std::vector<std::string> unit_names(const model::Battle& b, const std::vector<desk::RosterRow>& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows)
        if (r.kind == desk::RosterRow::Kind::Unit) out.push_back(b.unit(r.unit)->name);
    return out;
}

model::Unit* named(model::Battle& b, const std::string& name) {
    for (auto& u : b.units)
        if (u.name == name) return &u;
    FAIL("no unit " << name);
    return nullptr;
}

} // namespace

TEST_CASE("roster view: filters pick the units in trouble, groups fold, sorts reorder within groups") {
    model::Battle b = roster::parse_roster(roster::demo_roster(), "demo");
    named(b, "Orakzai Riflemen")->set(model::Flag::Shaken, true);
    named(b, "Orakzai Riflemen")->set(model::Flag::NeedsRally, true);
    {
        rules::Resolution ordered;
        kit::record(b, ordered, *named(b, "Gordon Highlanders"), kit::Deed::Activated);
        b.apply(ordered.effects);
    }
    model::Unit* gurkhas = named(b, "1st Gurkha Rifles");
    gurkhas->set(model::Flag::Routed, true);

    const auto all = desk::roster_rows(b, {}, {});
    const std::size_t n_units = unit_names(b, all).size();
    CHECK(n_units == b.units.size());
    CHECK(all.front().kind == desk::RosterRow::Kind::Side);

    desk::RosterQuery q;
    q.needs_rally = true;
    CHECK(unit_names(b, desk::roster_rows(b, q, {})) == std::vector<std::string>{"Orakzai Riflemen"});
    q = {};
    q.shaken = true;
    CHECK(unit_names(b, desk::roster_rows(b, q, {})) == std::vector<std::string>{"Orakzai Riflemen"});
    q = {};
    q.not_activated = true;
    auto names = unit_names(b, desk::roster_rows(b, q, {}));
    CHECK(names.size() == n_units - 2);  // Gordons activated, Gurkhas routed
    CHECK(std::find(names.begin(), names.end(), "Gordon Highlanders") == names.end());
    q = {};
    q.hide_routed = true;
    names = unit_names(b, desk::roster_rows(b, q, {}));
    CHECK(std::find(names.begin(), names.end(), "1st Gurkha Rifles") == names.end());
    // A spare unit in reserve is off the table but still to come: not hidden with the routed.
    named(b, "Khyber Rifles")->set(model::Flag::Reserve, true);
    names = unit_names(b, desk::roster_rows(b, q, {}));
    CHECK(std::find(names.begin(), names.end(), "Khyber Rifles") != names.end());
    named(b, "Khyber Rifles")->set(model::Flag::Reserve, false);
    q = {};
    q.text = "GURK";
    CHECK(unit_names(b, desk::roster_rows(b, q, {})) == std::vector<std::string>{"1st Gurkha Rifles"});
    // With a filter on, commanders with no matching unit are left out.
    for (const auto& row : desk::roster_rows(b, q, {}))
        if (row.kind == desk::RosterRow::Kind::Commander) CHECK(row.shown > 0);

    // Fold the first side: its units go, the header stays with its count.
    const int first_side = b.sides.front().id;
    const auto folded = desk::roster_rows(b, {}, {desk::side_group(first_side)});
    CHECK(folded.front().collapsed);
    CHECK(folded.front().shown > 0);
    for (const auto& row : folded)
        if (row.kind != desk::RosterRow::Kind::Side) CHECK(row.side != first_side);
    // Fold one commander: only his units go.
    const model::Commander& c = b.commanders.front();
    const auto one = desk::roster_rows(b, {}, {desk::commander_group(c.side, c.id)});
    for (const auto& row : one)
        if (row.kind == desk::RosterRow::Kind::Unit) CHECK(row.commander != std::optional<int>(c.id));

    // Sorting: by status, the routed and shaken units come first in their group.
    q = {};
    q.sort = desk::RosterSort::Status;
    const auto by_status = desk::roster_rows(b, q, {});
    int last_trouble = 1000;
    for (const auto& row : by_status) {
        if (row.kind != desk::RosterRow::Kind::Unit) {
            last_trouble = 1000;
            continue;
        }
        const int t = desk::trouble(*b.unit(row.unit));
        CHECK(t <= last_trouble);
        last_trouble = t;
    }
    // By name: alphabetical within each commander's group.
    q.sort = desk::RosterSort::Name;
    std::string previous;
    for (const auto& row : desk::roster_rows(b, q, {})) {
        if (row.kind != desk::RosterRow::Kind::Unit) {
            previous.clear();
            continue;
        }
        std::string name = b.unit(row.unit)->name;
        for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        CHECK(previous <= name);
        previous = name;
    }
    // By strength: the weakest unit leads its commander's group.
    q.sort = desk::RosterSort::Strength;
    named(b, "Gordon Highlanders")->figures = 1;
    const model::Unit* gordons = b.find_unit("Gordon Highlanders");
    bool seen = false;
    for (const auto& row : desk::roster_rows(b, q, {}))
        if (row.kind == desk::RosterRow::Kind::Unit && row.commander == gordons->commander && row.side == gordons->side) {
            CHECK(row.unit == gordons->id);
            seen = true;
            break;
        }
    CHECK(seen);
}

TEST_CASE("roster view: type-ahead finds a prefix before a substring, in list order") {
    model::Battle b = roster::parse_roster(roster::demo_roster(), "demo");
    const auto rows = desk::roster_rows(b, {}, {});
    const auto gordon = desk::find_in_rows(b, rows, "gor");
    REQUIRE(gordon);
    CHECK(b.unit(*gordon)->name == "Gordon Highlanders");
    const auto gurkha = desk::find_in_rows(b, rows, "GURKHA");
    REQUIRE(gurkha);
    CHECK(b.unit(*gurkha)->name == "1st Gurkha Rifles");  // no name starts with it: a part will do
    CHECK_FALSE(desk::find_in_rows(b, rows, "zzz"));
    CHECK_FALSE(desk::find_in_rows(b, rows, ""));
}

TEST_CASE("roster view: 500 units are listed in full, and a search narrows them") {
    model::Battle b = roster::parse_roster(roster::demo_roster(), "demo");
    const model::Unit base = b.units.front();
    b.units.clear();
    for (int i = 1; i <= 500; ++i) {
        model::Unit u = base;
        u.id = i;
        u.name = "Company " + std::to_string(i);
        b.units.push_back(u);
    }
    CHECK(unit_names(b, desk::roster_rows(b, {}, {})).size() == 500);
    desk::RosterQuery q;
    q.text = "pany 49";
    CHECK(unit_names(b, desk::roster_rows(b, q, {})).size() == 11);  // 49, 490..499
}

TEST_CASE("palette matching: prefix, then word start, then substring, then letters in order") {
    const auto prefix = desk::fuzzy_score("Gordon Highlanders", "gor");
    const auto word = desk::fuzzy_score("The Gordon Highlanders", "gor");
    const auto inside = desk::fuzzy_score("Ligordon", "gor");
    const auto letters = desk::fuzzy_score("Gordon Highlanders", "gh");
    REQUIRE(prefix);
    REQUIRE(word);
    REQUIRE(inside);
    REQUIRE(letters);
    CHECK(*prefix > *word);
    CHECK(*word > *inside);
    CHECK(*inside > *letters);
    CHECK_FALSE(desk::fuzzy_score("Gordon Highlanders", "xq"));
    CHECK_FALSE(desk::fuzzy_score("Undo", "redo"));
    CHECK(desk::fuzzy_score("anything", "") == 0);
    CHECK(desk::fuzzy_score("Zoom in (bigger text)", "zoom in"));
}

TEST_CASE("view settings: zoom and theme survive a round trip, bad files fall back to defaults") {
    test::ScratchDir dir;
    const std::string path = dir.file("state/umpire/settings.toml");
    CHECK(desk::read_view_settings(path) == desk::ViewSettings{});  // no file yet
    desk::ViewSettings s;
    s.zoom = desk::zoom_in(desk::zoom_in(1.0f));
    s.theme = desk::Theme::Light;
    REQUIRE(desk::write_view_settings(path, s));
    const desk::ViewSettings back = desk::read_view_settings(path);
    CHECK(back.zoom == Approx(1.2f));
    CHECK(back.theme == desk::Theme::Light);
    CHECK_FALSE(std::filesystem::exists(path + ".tmp"));

    float z = 1.0f;
    for (int i = 0; i < 40; ++i) z = desk::zoom_in(z);
    CHECK(z == Approx(desk::ViewSettings::kMaxZoom));
    for (int i = 0; i < 40; ++i) z = desk::zoom_out(z);
    CHECK(z == Approx(desk::ViewSettings::kMinZoom));

    {
        std::ofstream out(path, std::ios::trunc);
        out << "zoom = banana\ntheme = \"purple\"\nunknown = 3\n";
    }
    CHECK(desk::read_view_settings(path) == desk::ViewSettings{});
    {
        std::ofstream out(path, std::ios::trunc);
        out << "zoom = 40\n";
    }
    CHECK(desk::read_view_settings(path).zoom == 1.0f);
    CHECK_FALSE(desk::write_view_settings("", s));
}

TEST_CASE("view settings: a TOML file, the window's place kept, files written before still read") {
    test::ScratchDir dir;
    const std::string path = dir.file("config/umpire/settings.toml");
    desk::ViewSettings s;
    s.zoom = 1.3f;
    s.window = {40, 60, 1600, 900, true};
    REQUIRE(desk::write_view_settings(path, s));
    const desk::ViewSettings back = desk::read_view_settings(path);
    CHECK(back.zoom == Approx(1.3f));
    CHECK(back.theme == desk::Theme::Dark);
    CHECK(back.window == s.window);
    {
        // What was written is TOML a person can read: the zoom in tenths, the window a table.
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        CHECK(text.str().find("zoom = 1.3\n") != std::string::npos);
        CHECK(text.str().find("[window]") != std::string::npos);
    }

    // The file as the app wrote it before the window was kept (line by line then).
    {
        std::ofstream out(path, std::ios::trunc);
        out << "# Umpire view settings (written by the app)\nzoom = 1.2\ntheme = \"light\"\n";
    }
    desk::ViewSettings old = desk::read_view_settings(path);
    CHECK(old.zoom == Approx(1.2f));
    CHECK(old.theme == desk::Theme::Light);
    CHECK_FALSE(old.window.known());
    // A whole number is a zoom too; a window too small to be one is not kept.
    {
        std::ofstream out(path, std::ios::trunc);
        out << "zoom = 2\n[window]\nx = 0\ny = 0\nwidth = 20\nheight = 900\n";
    }
    old = desk::read_view_settings(path);
    CHECK(old.zoom == Approx(2.0f));
    CHECK_FALSE(old.window.known());
}

TEST_CASE("view settings: the umpire's name is set once per desk, else the login name") {
    test::ScratchDir dir;
    const std::string path = dir.file("config/umpire/settings.toml");
    const std::string login = desk::umpire_name({});
    CHECK_FALSE(login.empty());
    CHECK(desk::read_view_settings(path).umpire.empty());  // not set: the login name is used
    desk::ViewSettings s;
    s.umpire = "Anna Kerr";
    REQUIRE(desk::write_view_settings(path, s));
    const desk::ViewSettings back = desk::read_view_settings(path);
    CHECK(back.umpire == "Anna Kerr");
    CHECK(desk::umpire_name(back) == "Anna Kerr");
    // Not a name: a control character in it, or longer than a journal line shows.
    for (const std::string& bad : {std::string("umpire = \"Anna\\nBob\"\n"), "umpire = \"" + std::string(64, 'x') + "\"\n",
                                  std::string("umpire = 3\n")}) {
        std::ofstream(path, std::ios::trunc) << bad;
        CHECK(desk::read_view_settings(path).umpire.empty());
        CHECK(desk::umpire_name(desk::read_view_settings(path)) == login);
    }
}

TEST_CASE("window placement: maximised the first time, as left afterwards, kept on a screen") {
    const std::vector<desk::ScreenArea> one{{0, 0, 1920, 1050}};
    // First time: the whole work area, maximised.
    const desk::WindowPlacement first = desk::opening_placement({}, one);
    CHECK(first == desk::WindowPlacement{0, 0, 1920, 1050, true});
    // As left.
    const desk::WindowPlacement left{100, 80, 1400, 900, false};
    CHECK(desk::opening_placement(left, one) == left);
    // Bigger than the screen now, or hanging off its edge: pulled back whole onto it.
    CHECK(desk::opening_placement({1000, 500, 2500, 900, false}, one) == desk::WindowPlacement{0, 150, 1920, 900, false});
    // On a second screen that is gone: centred on the first, still maximised if it was.
    CHECK(desk::opening_placement({2500, 100, 1200, 800, true}, one) ==
          desk::WindowPlacement{360, 125, 1200, 800, true});
    // On the second screen while it is there.
    const std::vector<desk::ScreenArea> two{{0, 0, 1920, 1050}, {1920, 0, 2560, 1440}};
    CHECK(desk::opening_placement({2500, 100, 1200, 800, false}, two) == desk::WindowPlacement{2500, 100, 1200, 800, false});
    // No screen known (no monitor reported): as saved, else the default size.
    CHECK(desk::opening_placement({}, {}) == desk::WindowPlacement{0, 0, 1280, 800, false});
}

TEST_CASE("quick reference: the ruleset's merged tables, house rules included, as grids") {
    test::ScratchDir dir;
    desk::Desk plain = test::demo_desk(dir);
    const desk::ReferenceView view = desk::reference_view(plain.ruleset().reference_toml());
    CHECK(view.name == "With MacDuff to the Frontier");
    REQUIRE(view.tables.size() > 5);
    const desk::ReferenceTable* shooting = nullptr;
    const desk::ReferenceTable* qualities = nullptr;
    for (const auto& t : view.tables) {
        CHECK_FALSE(t.columns.empty());
        for (const auto& row : t.rows) CHECK(row.size() == t.columns.size());
        if (t.title == "shooting" && !shooting) shooting = &t;
        if (t.title == "qualities") qualities = &t;
    }
    REQUIRE(shooting);
    CHECK(shooting->citation == "7.5 Dice");
    bool hit_on = false;
    for (const auto& row : shooting->rows)
        if (row[0] == "hit_on") hit_on = row[1] == "5";
    CHECK(hit_on);
    REQUIRE(qualities);
    CHECK(qualities->columns.front() == "id");
    CHECK(qualities->rows.front().front() == "elite");  // the file's order, not alphabetical

    // A battle whose house rules change hit_on shows the changed value.
    test::ScratchDir dir2;
    desk::Desk house = test::demo_desk(dir2, [](model::Battle& b) { b.house_rules = "[shooting]\nhit_on = 4\n"; });
    const desk::ReferenceView changed =
        desk::reference_view(house.ruleset().reference_toml(), plain.ruleset().reference_toml());
    bool four = false;
    for (const auto& t : changed.tables) {
        if (t.title == "shooting")
            for (const auto& row : t.rows)
                if (row[0] == "hit_on") four = row[1] == "4";
        if (t.title == "qualities") CHECK(t.rows.front().front() == "elite");  // still the file's order
    }
    CHECK(four);
    // The tables come in the file's order too, house rules or not.
    REQUIRE(changed.tables.size() == view.tables.size());
    for (std::size_t i = 0; i < view.tables.size(); ++i) CHECK(changed.tables[i].title == view.tables[i].title);

    CHECK(desk::find_tables(view, "").size() == view.tables.size());
    const auto found = desk::find_tables(view, "7.5 dice");
    REQUIRE_FALSE(found.empty());
    CHECK(desk::find_tables(view, "no such thing anywhere").empty());
    CHECK_THROWS_AS(desk::reference_view("this is = = not toml"), std::runtime_error);
}

TEST_CASE("journal filter and the report written next to the battle file") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    REQUIRE(desk.select_unit("Gordon Highlanders"));
    REQUIRE(desk.choose_action("shoot"));
    const int target = desk.battle().find_unit("Orakzai Riflemen")->id;
    const int gordons = desk.battle().find_unit("Gordon Highlanders")->id;
    REQUIRE(desk.set_target(target));
    desk.set_value("range", "10");
    const std::size_t n = test::dice_needed(desk, 6);
    REQUIRE(desk.roll_typed(test::repeat_face(6, n)));
    REQUIRE(desk.apply());
    REQUIRE(desk.journal().size() == 1);
    const auto& e = desk.journal().front();
    const int bystander = desk.battle().find_unit("1st Gurkha Rifles")->id;
    // The filter as the line is checked in memory and as the panel's SQL reads the file.
    const auto listed = [&](const store::LineFilter& filter) {
        REQUIRE(desk.set_journal_filter(filter));
        return desk.journal_view().lines().size();
    };
    CHECK(store::line_matches(e, {}));
    CHECK(listed({}) == 1);
    CHECK(store::line_matches(e, {gordons, std::nullopt}));
    CHECK(listed({gordons, std::nullopt}) == 1);
    CHECK(store::line_matches(e, {target, e.turn}));
    CHECK(listed({target, e.turn}) == 1);
    CHECK_FALSE(store::line_matches(e, {std::nullopt, e.turn + 1}));
    CHECK(listed({std::nullopt, e.turn + 1}) == 0);
    CHECK_FALSE(store::line_matches(e, {bystander, std::nullopt}));
    CHECK(listed({bystander, std::nullopt}) == 0);
    REQUIRE(desk.set_journal_filter({}));

    CHECK(desk::default_report_path("/a/b/kotal.umpire", report::Format::Markdown) == "/a/b/kotal-report.md");
    CHECK(desk::default_report_path("kotal.umpire", report::Format::Html) == "kotal-report.html");
    const std::string written = desk::export_report(desk, report::Format::Markdown);
    CHECK(written == dir.file("demo-report.md"));
    std::ifstream in(written);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str().find("Gordon Highlanders") != std::string::npos);
    CHECK_THROWS_AS(desk::export_report(desk, report::Format::Html, dir.file("missing/r.html")), report::ReportError);
}

TEST_CASE("roster view: the best named unit is the whole name, then its start, then a word's start, then inside") {
    model::Battle b = roster::load_roster_file(std::string(UMPIRE_SOURCE_DIR) + "/rosters/featherstone-quatre-bras.toml");
    const auto name_of = [&](std::optional<int> id) { return id ? b.unit(*id)->name : std::string("none"); };
    desk::RosterQuery q;
    q.text = "8e";
    CHECK(name_of(desk::best_match(b, q)) == "8e Cuirassiers");  // not 108e Ligne, listed before it
    CHECK(name_of(desk::find_in_rows(b, desk::roster_rows(b, {}, {}), "8e")) == "8e Cuirassiers");
    q.text = "lanc";
    CHECK(name_of(desk::best_match(b, q)) == "6e Chevau-legers Lanciers");  // a word's start, first in the roster
    q.text = "4e ligne";
    CHECK(name_of(desk::best_match(b, q)) == "4e Ligne");
    q.text = "zzz";
    CHECK_FALSE(desk::best_match(b, q));
    // The other filters still hold: a unit they leave out is not taken.
    q.text = "8e";
    q.shaken = true;
    CHECK_FALSE(desk::best_match(b, q));
}
