// The after-action report: losses counted from the journal's effects, undone actions left out,
// Markdown and HTML that hold what happened and escape what they must.
#include "report/report.h"

#include "dice/dice_source.h"
#include "roster/roster.h"
#include "rulesets/registry.h"
#include "store/battle_file.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <iterator>
#include <fstream>
#include <sstream>

using namespace umpire;

namespace {

model::Battle two_sides() {
    model::Battle b;
    b.name = "Test <Pass> & Ridge";
    b.ruleset = "macduff";
    b.turn = 2;
    b.sides = {{1, "British", "red", {}}, {2, "Afridi", "black", {}}};
    auto unit = [](int id, const char* name, int side, int figures) {
        model::Unit u;
        u.id = id;
        u.name = name;
        u.side = side;
        u.start_figures = figures;
        u.figures = figures;
        return u;
    };
    b.units = {unit(1, "Gordons", 1, 20), unit(2, "Sikhs", 1, 16), unit(3, "Orakzai | Rifles", 2, 12)};
    return b;
}

model::Effect fx(int unit, const char* field, std::int64_t before, std::int64_t after) {
    model::Effect e;
    e.entity = model::Entity::Unit;
    e.id = unit;
    e.field = field;
    e.before = before;
    e.after = after;
    return e;
}

store::JournalEntry action(std::int64_t id, int turn, const char* act, int unit, std::optional<int> target,
                           std::string summary, std::vector<model::Effect> effects) {
    store::JournalEntry e;
    e.id = id;
    e.turn = turn;
    e.action = act;
    e.unit = unit;
    e.target = target;
    e.summary = std::move(summary);
    e.effects = std::move(effects);
    e.dice = {6, 5, 1};
    return e;
}

} // namespace

TEST_CASE("report: losses per turn and per side from the effects in effect") {
    model::Battle b = two_sides();
    std::vector<store::JournalEntry> journal;
    journal.push_back(action(1, 1, "shoot", 1, 3, "3 hits", {fx(3, "figures", 12, 9)}));
    journal.push_back(action(2, 1, "shoot", 3, 2, "2 hits", {fx(2, "figures", 16, 14)}));
    // Undone: neither listed nor counted. The undo entry itself is bookkeeping.
    store::JournalEntry undone = action(3, 2, "shoot", 1, 3, "9 hits, destroyed", {fx(3, "figures", 9, 0)});
    undone.undone = true;
    journal.push_back(undone);
    store::JournalEntry undo;
    undo.id = 4;
    undo.kind = store::EntryKind::Undo;
    undo.turn = 2;
    undo.refers_to = 3;
    journal.push_back(undo);
    journal.push_back(action(5, 2, "melee", 1, 3, "Orakzai rout",
                             {fx(3, "figures", 9, 7), fx(3, "flag:routed", 0, 1), fx(1, "figures", 20, 19)}));

    const report::Report r = report::build_report(b, journal, "With MacDuff to the Frontier");
    CHECK(r.actions == 3);
    REQUIRE(r.turns.size() == 2);
    CHECK(r.turns[0].turn == 1);
    CHECK(r.turns[0].actions.size() == 2);
    CHECK(r.turns[0].actions[0].unit == "Gordons");
    CHECK(r.turns[0].actions[0].target == "Orakzai | Rifles");
    CHECK(r.turns[0].losses.at(2).figures == 3);
    CHECK(r.turns[0].losses.at(1).figures == 2);
    REQUIRE(r.turns[1].actions.size() == 1);
    CHECK(r.turns[1].actions[0].entry == 5);
    CHECK(r.turns[1].losses.at(2).figures == 2);
    CHECK(r.turns[1].losses.at(2).units == 1);
    CHECK(r.turns[1].losses.at(1).figures == 1);
    CHECK(r.turns[1].losses.at(1).units == 0);

    REQUIRE(r.sides.size() == 2);
    CHECK(r.sides[0].name == "British");
    CHECK(r.sides[0].losses.figures == 3);
    CHECK(r.sides[1].losses.figures == 5);
    CHECK(r.sides[1].losses.units == 1);
    CHECK(r.sides[0].start_figures == 36);
}

TEST_CASE("report: figures moved into a detachment are no loss, casualties in the same entry are") {
    model::Battle b = two_sides();
    model::Unit detachment;
    detachment.id = 9;
    detachment.name = "Gordons detachment";
    detachment.side = 1;
    detachment.start_figures = 4;
    detachment.figures = 4;
    model::Effect created = fx(9, "roster-place", 0, 4);
    created.unit = detachment;
    std::vector<store::JournalEntry> journal{
        action(1, 1, "detach", 1, std::nullopt, "4 figures detached", {fx(1, "figures", 20, 16), created}),
        action(2, 1, "shoot", 3, 9, "1 hit", {fx(9, "figures", 4, 3)}),
    };
    const report::Report r = report::build_report(b, journal);
    REQUIRE(r.turns.size() == 1);
    CHECK(r.turns[0].losses.count(1) == 1);
    CHECK(r.turns[0].losses.at(1).figures == 1);
    // The detachment is no longer in the battle's units: its name comes from the effect that made it.
    CHECK(r.turns[0].actions[1].target == "Gordons detachment");
    CHECK(r.ruleset == "macduff");                   // no name given: the id
}

TEST_CASE("report: Markdown and HTML hold every turn and escape what they must") {
    model::Battle b = two_sides();
    std::vector<store::JournalEntry> journal{
        action(1, 1, "shoot", 1, 3, "3 hits <b>", {fx(3, "figures", 12, 9)}),
        action(2, 3, "rally", 3, std::nullopt, "rallied | steady", {}),
    };
    const report::Report r = report::build_report(b, journal, "MacDuff");
    const std::string m = report::to_markdown(r);
    CHECK(m.rfind("# After-action report: Test &lt;Pass&gt; &amp; Ridge\n", 0) == 0);  // HTML in Markdown would run
    CHECK(m.find("## Turn 1") != std::string::npos);
    CHECK(m.find("## Turn 3") != std::string::npos);
    CHECK(m.find("## Turn 2") == std::string::npos);
    CHECK(m.find("| Orakzai \\| Rifles |") != std::string::npos);
    CHECK(m.find("rallied \\| steady") != std::string::npos);
    CHECK(m.find("| 6 5 1 |") != std::string::npos);
    CHECK(m.find("Losses this turn: Afridi 3 figures, 0 units.") != std::string::npos);
    CHECK(m.find("| Afridi | 12 | 12 | 3 | 0 | 1 of 1 |") != std::string::npos);

    const std::string h = report::to_html(r);
    CHECK(h.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(h.find("Test &lt;Pass&gt; &amp; Ridge") != std::string::npos);
    CHECK(h.find("3 hits &lt;b&gt;") != std::string::npos);
    CHECK(h.find("<b>") == std::string::npos);
    CHECK(h.find("<h2>Turn 3</h2>") != std::string::npos);
    CHECK(h.find("</html>") != std::string::npos);
}

TEST_CASE("report: the format follows the extension and a bad path writes nothing") {
    CHECK(report::format_for_path("a/b.md") == report::Format::Markdown);
    CHECK(report::format_for_path("B.MARKDOWN") == report::Format::Markdown);
    CHECK(report::format_for_path("x.HTML") == report::Format::Html);
    CHECK(report::format_for_path("x.htm") == report::Format::Html);
    CHECK_FALSE(report::format_for_path("x.pdf"));
    CHECK_FALSE(report::format_for_path("md"));

    const report::Report r = report::build_report(two_sides(), {});
    CHECK(report::to_markdown(r).find("Nothing has happened yet.") != std::string::npos);
    CHECK_THROWS_AS(report::write_report(r, report::Format::Markdown, "/no/such/folder/r.md", false), report::ReportError);

    const auto dir = std::filesystem::temp_directory_path() /
                     ("umpire-report-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "r.html").string();
    report::write_report(r, report::Format::Html, path, false);
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    CHECK(ss.str() == report::to_html(r));
    CHECK(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()) == 1);
    CHECK_THROWS_AS(report::write_report(r, report::Format::Html, dir.string(), false), report::ReportError);
    std::filesystem::remove_all(dir);
}

TEST_CASE("report: written through a fresh name, never through a symlink, never over a file unless told") {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("umpire-report-safe-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(dir);
    const report::Report r = report::build_report(two_sides(), {});
    const std::string victim = (dir / "victim.txt").string();
    std::ofstream(victim) << "precious";
    const auto read = [](const std::string& p) {
        std::ifstream in(p);
        std::stringstream ss;
        ss << in.rdbuf();
        return ss.str();
    };
    // The fixed name of old, planted as a symlink to another file: no longer used at all.
    const std::string out = (dir / "out.md").string();
    std::filesystem::create_symlink(victim, out + ".part");
    report::write_report(r, report::Format::Markdown, out, false);
    CHECK(read(out) == report::to_markdown(r));
    CHECK(read(victim) == "precious");
    // An existing file is kept unless told; told, it is replaced, a symlink itself, not its target.
    CHECK_THROWS_AS(report::write_report(r, report::Format::Html, out, false), store::StoreError);
    CHECK(read(out) == report::to_markdown(r));
    const std::string link = (dir / "link.md").string();
    std::filesystem::create_symlink(victim, link);
    CHECK_THROWS_AS(report::write_report(r, report::Format::Markdown, link, false), store::StoreError);
    report::write_report(r, report::Format::Markdown, link, true);
    CHECK(read(victim) == "precious");
    CHECK_FALSE(std::filesystem::is_symlink(link));
    CHECK(read(link) == report::to_markdown(r));
    std::filesystem::remove_all(dir);
}

TEST_CASE("report: the Markdown escapes HTML and control characters from the battle's names") {
    model::Battle battle = two_sides();
    battle.name = "Raid <script>alert(1)</script>";
    battle.sides[0].name = "T\x1b]0;pwned\x07\x1b[2J";
    const report::Report r = report::build_report(battle, {});
    const std::string md = report::to_markdown(r);
    CHECK(md.find("<script>") == std::string::npos);
    CHECK(md.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
    CHECK(md.find('\x1b') == std::string::npos);
    CHECK(md.find('\x07') == std::string::npos);
    CHECK(md.find("T\\x1b]0;pwned\\x07\\x1b[2J") != std::string::npos);
    const std::string html = report::to_html(r);
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find('\x1b') == std::string::npos);
}

TEST_CASE("report: a real MacDuff battle file, shot applied then undone and redone") {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("umpire-report-real-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(dir);
    {
        model::Battle battle = roster::parse_roster(roster::demo_roster(), "demo");
        auto file = store::BattleFile::create((dir / "b.umpire").string(), battle);
        auto ruleset = rulesets::make(battle.ruleset, battle.house_rules);
        const model::Unit* shooter = file.battle().find_unit("Gordon Highlanders");
        const model::Unit* target = file.battle().find_unit("Orakzai Riflemen");
        REQUIRE(shooter);
        REQUIRE(target);
        const int target_id = target->id;
        const int target_side = target->side;
        const int before = target->figures;
        rules::ActionRequest req;
        req.action = "shoot";
        req.unit = shooter->id;
        req.target = target_id;
        const rules::ActionSpec* spec = ruleset->action("shoot");
        REQUIRE(spec);
        req.values = ruleset->defaults(*spec, file.battle(), req.unit, req.target);
        req.values["range"] = "10";
        dice::RandomDice dice(1);
        // All sixes would be luckier, but any roll with at least one casualty will do: retry
        // seeds until one hits, so the test never depends on one seed's luck.
        rules::Resolution res = ruleset->resolve(req, file.battle(), dice);
        for (std::uint64_t seed = 2; seed < 50 && res.effects.empty(); ++seed) {
            dice::RandomDice again(seed);
            res = ruleset->resolve(req, file.battle(), again);
        }
        REQUIRE_FALSE(res.effects.empty());
        file.record(req, res);
        const int lost = before - file.battle().unit(target_id)->figures;
        REQUIRE(lost > 0);

        auto r = report::build_report(file.battle(), file.journal(), ruleset->name());
        REQUIRE(r.turns.size() == 1);
        CHECK(r.turns[0].losses.at(target_side).figures == lost);
        CHECK(report::to_markdown(r).find("Gordon Highlanders") != std::string::npos);

        file.undo();
        r = report::build_report(file.battle(), file.journal(), ruleset->name());
        CHECK(r.actions == 0);
        CHECK(r.turns.empty());
        file.redo();
        r = report::build_report(file.battle(), file.journal(), ruleset->name());
        CHECK(r.actions == 1);
        CHECK(r.sides.size() == file.battle().sides.size());
    }
    std::filesystem::remove_all(dir);
}
