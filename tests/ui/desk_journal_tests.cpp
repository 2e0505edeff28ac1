// The desk keeps its journal in step by reading only the lines added since it last looked (so
// Apply, Undo and Redo cost the same on a long journal): what it holds must be what reading the
// whole journal afresh gives, an undo or redo marking the earlier action it names, and a line's
// whole entry read on demand.
#include "ui_support.h"

#include "desk/journal_filter.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

void hits(desk::Desk& desk, const std::string& unit, int n) {
    REQUIRE(desk.select_unit(unit));
    REQUIRE(desk.choose_action("casualties"));
    desk.set_value("hits", std::to_string(n));
    desk.set_dice_text("");
    REQUIRE(desk.roll());
    REQUIRE(desk.apply());
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

} // namespace

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
    CHECK(desk::entry_matches(desk.journal().back(), {desk.battle().find_unit("Gordon Highlanders")->id, std::nullopt}));
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
