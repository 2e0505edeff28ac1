// The desk keeps its journal in step by reading only the lines added since it last looked (so
// Apply, Undo and Redo cost the same on a long journal): what it holds must be what reading the
// journal afresh gives, an undo or redo marking the earlier action it names, and a line's whole
// entry read on demand. Opening reads the newest page of the journal, never all of it: the panel
// reads older pages as it scrolls, and a filter reads its own pages in SQL.
#include "desk_shell.h"
#include "support/bytes_read.h"
#include "ui_support.h"

#include "desk/journal_heading.h"
#include "rulesets/registry.h"

#include "panels/shell.h"
#include "store/copy.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace umpire;

namespace {

void hits(desk::Desk& desk, const std::string& unit, int n) {
    test::roll_casualties(desk, unit, n);
    REQUIRE(desk.apply());
}

// A casualty the desk rolls and tries to apply, refused: nothing is recorded.
void hits_refused(desk::Desk& desk, const std::string& unit) {
    test::roll_casualties(desk, unit, 1);
    CHECK_FALSE(desk.apply());
    CHECK_FALSE(desk.error().empty());
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The desk's lines against the file's, read whole by a second program.
void same_as_read_afresh(const desk::Desk& desk) {
    const std::vector<store::JournalLine> afresh = store::BattleFile::open(desk.path()).journal_lines();
    REQUIRE(desk.journal().size() == afresh.size());
    for (std::size_t i = 0; i < afresh.size(); ++i) {
        INFO("entry #" << afresh[i].id);
        CHECK(desk.journal()[i].id == afresh[i].id);
        CHECK(desk.journal()[i].kind == afresh[i].kind);
        CHECK(desk.journal()[i].undone == afresh[i].undone);
        CHECK(desk.journal()[i].summary == afresh[i].summary);
    }
}

// `count` more entries on the demo battle's file, a hundred to a transaction: the Gordons' and
// the Ghazis' figures down by one and back, by turns.
void grow_journal(const std::string& path, int count) {
    store::BattleFile file = store::BattleFile::open(path);
    const int units[] = {file.battle().find_unit("Gordon Highlanders")->id, file.battle().find_unit("Ghazis")->id};
    model::Battle state = file.battle();
    for (int done = 0; done < count;) {
        std::vector<store::Recording> batch;
        for (; done < count && batch.size() < 100; ++done) {
            model::Unit& u = *state.unit(units[done % 2]);
            const int after = u.figures % 2 == 0 ? u.figures - 1 : u.figures + 1;
            rules::Resolution r;
            r.ruleset = state.ruleset;
            r.action = "casualties";
            r.unit = u.id;
            r.rolled = true;
            r.outcome = u.name + " " + std::to_string(done);
            r.effects = {{model::Entity::Unit, u.id, "figures", u.figures, after, ""}};
            u.figures = after;
            batch.push_back({{"casualties", u.id, std::nullopt, {}, {}}, std::move(r)});
        }
        file.record_all(batch);
    }
}

// The demo battle with `entries` in its journal, closed: its path.
std::string long_battle(const test::ScratchDir& dir, int entries) {
    std::string path;
    {
        desk::Desk desk = test::demo_desk(dir);
        path = desk.path();
    }
    grow_journal(path, entries);
    return path;
}

std::uint64_t bytes_read_opening(const std::string& path) {
    const std::uint64_t before = test::bytes_read();
    // As the window opens it: the whole file's check comes after the first frame.
    desk::Desk opened = desk::Desk::open(path, true);
    const std::uint64_t read = test::bytes_read() - before;
    CHECK(opened.error().empty());
    return read;
}

} // namespace

TEST_CASE("desk: opening a battle reads as much of it at 3,000 entries as at 1,500: a page of its journal") {
    test::ScratchDir dir;
    const std::string path = long_battle(dir, 1500);
    const std::uint64_t at_1500 = bytes_read_opening(path);
    const std::uintmax_t size_1500 = std::filesystem::file_size(path);
    grow_journal(path, 1500);
    const std::uint64_t at_3000 = bytes_read_opening(path);
    const std::uintmax_t grown = std::filesystem::file_size(path) - size_1500;
    INFO("read " << at_1500 << " bytes at 1,500 entries, " << at_3000 << " at 3,000; the file grew by " << grown);
    REQUIRE(grown > 100000);
    // The same pages but for a level more in an index or two: far from the journal's growth.
    CHECK(at_3000 <= at_1500 + 4 * 4096);
}

TEST_CASE("desk: the newest page of a long journal at opening, older pages as asked, the same as the journal read whole") {
    test::ScratchDir dir;
    const std::string path = long_battle(dir, 450);
    {
        store::BattleFile file = store::BattleFile::open(path);
        for (int i = 0; i < 3; ++i) REQUIRE(file.undo());  // entries 448-450 undone
    }
    grow_journal(path, 20);
    const std::vector<store::JournalLine> whole = store::BattleFile::open(path).journal_lines();
    REQUIRE(whole.size() == 473);

    desk::Desk desk = desk::Desk::open(path);
    const std::size_t page = desk::JournalWindow::kPage;
    REQUIRE(desk.journal().size() == page);
    CHECK(desk.journal().front().id == whole[whole.size() - page].id);
    CHECK(desk.journal().back().id == whole.back().id);
    CHECK_FALSE(desk.journal_view().complete());
    REQUIRE(desk.line(448));
    CHECK(desk.line(448)->undone);  // undone by entries after it, read with it
    CHECK(desk.line(1) == nullptr);  // not read yet

    desk.read_older_journal();
    CHECK(desk.journal().size() == 2 * page);
    desk.read_older_journal();
    REQUIRE(desk.journal_view().complete());
    REQUIRE(desk.journal().size() == whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
        INFO("entry #" << whole[i].id);
        CHECK(desk.journal()[i].id == whole[i].id);
        CHECK(desk.journal()[i].undone == whole[i].undone);
        CHECK(desk.journal()[i].summary == whole[i].summary);
    }
    desk.read_older_journal();  // complete: nothing more
    CHECK(desk.journal().size() == whole.size());

    // A filter reads the newest page of what it lets through, then the next; the same lines as the
    // journal read whole and filtered.
    const int ghazis = desk.battle().find_unit("Ghazis")->id;
    REQUIRE(desk.set_journal_filter({ghazis, std::nullopt}));
    CHECK(desk.journal_view().lines().size() == page);
    CHECK(desk.journal().size() == whole.size());  // the desk's own lines are not the filter's
    desk.read_older_journal();
    REQUIRE(desk.journal_view().complete());
    std::vector<std::int64_t> want, got;
    for (const auto& l : whole)
        if (store::line_matches(l, {ghazis, std::nullopt})) want.push_back(l.id);
    for (const auto& l : desk.journal_view().lines()) got.push_back(l.id);
    CHECK(got == want);
    // An action applied now comes into the filtered view if it passes, and not otherwise.
    REQUIRE(desk.select_unit("Ghazis"));
    REQUIRE(desk.choose_action("casualties"));
    desk.set_value("hits", "1");
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
    CHECK(desk.journal_view().lines().back().id == desk.journal().back().id);
    hits(desk, "Gordon Highlanders", 1);
    CHECK(desk.journal_view().lines().back().id != desk.journal().back().id);
    // Its undo marks it in the filtered view too.
    const std::int64_t last_ghazis = desk.journal_view().lines().back().id;
    REQUIRE(desk.undo());
    REQUIRE(desk.undo());
    CHECK(desk.journal_view().line(last_ghazis)->undone);
    REQUIRE(desk.set_journal_filter({}));
    CHECK(desk.journal_view().lines().size() == desk.journal().size());
}

TEST_CASE("desk: the journal read line by line as it grows is the journal read whole") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    hits(desk, "Gordon Highlanders", 1);
    hits(desk, "Ghazis", 1);
    hits(desk, "Gordon Highlanders", 2);
    const std::int64_t first = desk.journal().front().id;
    REQUIRE(desk.undo());
    REQUIRE(desk.undo());
    REQUIRE(desk.undo());  // the first action, two undos back from the end
    CHECK(desk.line(first)->undone);
    same_as_read_afresh(desk);
    REQUIRE(desk.redo());
    CHECK_FALSE(desk.line(first)->undone);  // the redo names the first line: it is in effect again
    same_as_read_afresh(desk);

    // Another program's entries come in the same way.
    {
        store::BattleFile other = store::BattleFile::open(desk.path());
        REQUIRE(other.undo());
    }
    REQUIRE(desk.reload_if_changed());
    CHECK(desk.line(first)->undone);
    same_as_read_afresh(desk);

    // An undo is listed under the units of the action it reverts.
    CHECK(store::line_matches(desk.journal().back(), {desk.battle().find_unit("Gordon Highlanders")->id, std::nullopt}));
}

TEST_CASE("desk: a journal line's whole entry is read on demand, with undone as it stands") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    hits(desk, "Gordon Highlanders", 2);
    const std::int64_t id = desk.journal().back().id;
    const store::JournalEntry* whole = desk.entry(id);
    REQUIRE(whole);
    CHECK(whole->action == "casualties");
    CHECK(whole->request.is_object());
    REQUIRE_FALSE(whole->effects.empty());
    CHECK_FALSE(whole->undone);
    REQUIRE(desk.undo());
    whole = desk.entry(id);
    REQUIRE(whole);
    CHECK(whole->undone);
    CHECK(desk.entry(id + 1000) == nullptr);
}

TEST_CASE("desk: opened to be checked after its first frame, it checks the whole file once, writes nothing before, and marks a damaged line") {
    test::ScratchDir dir;
    std::string path;
    {
        desk::Desk made = test::demo_desk(dir);
        hits(made, "Gordon Highlanders", 1);
        hits(made, "Ghazis", 1);
        hits(made, "Gordon Highlanders", 1);
        path = made.path();
    }
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("UPDATE journal SET summary = 'forged' WHERE id = 2");
    }
    desk::Desk desk = desk::Desk::open(path, true);
    CHECK_FALSE(desk.file_checked());
    CHECK_FALSE(desk.read_only());      // the state and the last row are sound
    CHECK(desk.line(2)->damaged);       // but the line read was checked as it was read
    CHECK(desk.line(2)->summary.find("forged") == std::string::npos);
    // A write before the check checks the file first, and is refused.
    hits_refused(desk, "Ghazis");
    CHECK(desk.read_only());
    CHECK_FALSE(desk.check_file());     // already checked, by the write
    CHECK_THAT(desk.damage(), Catch::Contains("journal entry 2 is damaged"));

    desk::Desk later = desk::Desk::open(path, true);
    CHECK(later.check_file());
    CHECK(later.read_only());
    CHECK_THAT(later.error(), Catch::Contains("damaged") && Catch::Contains("read-only"));
}

TEST_CASE("desk: a battle file replaced under it (a sync tool) is noticed, and the desk writes nothing to it") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    hits(desk, "Gordon Highlanders", 1);
    const std::string path = desk.path();
    // Another copy of the battle, put in its place as a sync tool does: written aside, renamed over.
    const std::string other = dir.file("other.umpire");
    store::save_copy(path, other);
    std::filesystem::rename(other, path);
    CHECK(desk.reload_if_changed());
    CHECK(desk.read_only());
    CHECK_THAT(desk.error(), Catch::Contains("moved or replaced"));
    const auto before = file_bytes(path);
    hits_refused(desk, "Ghazis");
    CHECK(file_bytes(path) == before);
}

TEST_CASE("desk: a battle file it cannot open gets a window saying why, offering what can still be read and a rebuild") {
    test::ScratchDir dir;
    std::string path;
    {
        desk::Desk made = test::demo_desk(dir);
        for (int i = 0; i < 10; ++i) hits(made, i % 2 ? "Ghazis" : "Gordon Highlanders", 1);
        path = made.path();
    }
    // The units' page zeroed: SQLite cannot read the state any more, so the battle does not open.
    std::int64_t page = 0;
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        page = db.execAndGet("SELECT min(pageno) FROM dbstat WHERE name = 'units'").getInt64();
    }
    std::string bytes = file_bytes(path);
    std::fill(bytes.begin() + (page - 1) * 4096, bytes.begin() + page * 4096, '\0');
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;

    ui::Shell shell;
    CHECK_FALSE(shell.open_battle(path));
    CHECK_THAT(shell.start_error, Catch::Contains("damaged"));
    CHECK(shell.unusable_path == path);
    REQUIRE(shell.open_what_reads(path));
    REQUIRE(shell.desk);
    CHECK(shell.desk->read_only());
    CHECK_THAT(shell.desk->read_only_reason(), Catch::Contains("10 of 10 journal entries"));
    CHECK(file_bytes(path) == bytes);  // only looked at
    REQUIRE(shell.recover_into_new_file(path));
    CHECK(shell.desk->path() == dir.file("demo-recovered.umpire"));
    CHECK_FALSE(shell.desk->read_only());
    CHECK_THAT(shell.desk->status(), Catch::Contains("Recovered"));
}

TEST_CASE("desk: recovery is offered for what the check finds damaged, whatever the error says, and never for a file that is no battle") {
    test::ScratchDir dir;
    std::string path;
    {
        desk::Desk made = test::demo_desk(dir);
        for (int i = 0; i < 6; ++i) hits(made, i % 2 ? "Ghazis" : "Gordon Highlanders", 1);
        path = made.path();
    }
    // Cut short, as a copy interrupted on a USB stick leaves it: the error speaks of truncation.
    std::string bytes = file_bytes(path);
    bytes.resize(bytes.size() - 100);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    ui::Shell shell;
    CHECK_FALSE(shell.open_battle(path));
    CHECK(shell.unusable_path == path);
    REQUIRE(shell.recover_into_new_file(path));
    CHECK_FALSE(shell.desk->read_only());

    // A text file given the battle's extension (a double click on the wrong file): nothing to recover.
    const std::string notes = dir.file("notes.umpire");
    std::ofstream(notes) << "remember the cavalry\n";
    ui::Shell other;
    CHECK_FALSE(other.open_battle(notes));
    CHECK_FALSE(other.start_error.empty());
    CHECK(other.unusable_path.empty());
}

TEST_CASE("desk: keys scroll the journal panel, End reading the older pages as it reaches them, Home back to the newest") {
    test::ScratchDir dir;
    const std::string path = long_battle(dir, 450);
    ui::Shell shell;
    shell.desk.emplace(desk::Desk::open(path, true));
    test::HeadlessUi ui;
    ui.frames(shell, 3);
    ImGuiWindow* entries = test::window_starting("Journal/entries");
    REQUIRE(entries);
    // The pointer over the journal's entries, as the keys want it.
    ImGui::GetIO().MousePos = ImVec2(entries->Pos.x + entries->Size.x * 0.5f, entries->Pos.y + entries->Size.y * 0.5f);
    ui.frames(shell, 2);
    REQUIRE(shell.desk->journal_view().lines().size() == desk::JournalWindow::kPage);
    CHECK(entries->Scroll.y == 0.0f);

    ui.press(shell, test::kKeyPageDown);
    const float one_page = entries->Scroll.y;
    CHECK(one_page > 0.0f);
    ui.press(shell, test::kKeyPageDown);
    CHECK(entries->Scroll.y > one_page);
    ui.press(shell, test::kKeyPageUp);
    CHECK(entries->Scroll.y == Approx(one_page).margin(1.0));  // ImGui keeps the scroll in whole pixels

    // End: the oldest line read comes on screen, and the page before it is read; twice more for
    // the rest of the 451 entries (the demo's first included).
    for (int i = 0; i < 3; ++i) ui.press(shell, test::kKeyEnd);
    CHECK(shell.desk->journal_view().complete());
    CHECK(static_cast<std::int64_t>(shell.desk->journal_view().lines().size()) == shell.desk->journal_view().lines().back().id);
    CHECK(entries->Scroll.y > one_page);
    ui.press(shell, test::kKeyHome);
    CHECK(entries->Scroll.y == 0.0f);
}
