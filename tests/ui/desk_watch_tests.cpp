// The desk with a battle open notices what another program writes to the file: within a second,
// or at once when the window gets the focus; a write of its own that lost the race is refused,
// read again, and can be made again.
#include "ui_support.h"

#include "rulesets/registry.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace std::chrono_literals;

namespace {

// Another program (the CLI, a script) applying hits to a unit of the battle at `path`.
std::int64_t cli_hits(const std::string& path, const std::string& unit, int hits) {
    store::BattleFile other = store::BattleFile::open(path);
    const auto ruleset = rulesets::make(other.battle().ruleset, other.battle().house_rules);
    rules::ActionRequest request{"casualties", other.battle().find_unit(unit)->id, std::nullopt,
                                 {{"hits", std::to_string(hits)}}, {}};
    dice::TypedDice none({});
    return other.record(request, ruleset->resolve(request, other.battle(), none));
}

} // namespace

TEST_CASE("desk: another program's action shows up within a second, or at once on focus") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    const auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(desk.watch_file(t0));  // nothing changed
    const int gordons = desk.battle().find_unit("Gordon Highlanders")->figures;
    const std::int64_t entry = cli_hits(desk.path(), "Gordon Highlanders", 2);

    CHECK_FALSE(desk.watch_file(t0 + 400ms));  // not due yet: the look costs nothing between
    CHECK(desk.battle().find_unit("Gordon Highlanders")->figures == gordons);
    CHECK(desk.watch_file(t0 + 1100ms));
    CHECK(desk.battle().find_unit("Gordon Highlanders")->figures == gordons - 2);
    CHECK(desk.journal().size() == 1);
    CHECK_THAT(desk.status(), Catch::Contains("Changed by another program") &&
                                  Catch::Contains("#" + std::to_string(entry)));
    CHECK(desk.can_undo());  // the other program's action is in the history like any

    cli_hits(desk.path(), "Ghazis", 1);
    CHECK(desk.watch_file(t0 + 1200ms, true));  // the window came to the front
    CHECK(desk.journal().size() == 2);
    CHECK_FALSE(desk.watch_file(t0 + 5s));  // nothing new since
}

TEST_CASE("desk: a roll not yet applied when the battle changes elsewhere is dropped, and a lost race is read again") {
    test::ScratchDir dir;
    desk::Desk desk = test::demo_desk(dir);
    test::roll_casualties(desk, "Gordon Highlanders", 1);
    REQUIRE(desk.can_apply());
    cli_hits(desk.path(), "Gordon Highlanders", 2);
    // Applying the roll worked out on the old state: refused, nothing written, read again.
    CHECK_FALSE(desk.apply());
    CHECK_THAT(desk.error(), Catch::Contains("Another program changed the battle first"));
    CHECK(store::BattleFile::open(desk.path()).journal().size() == 1);
    CHECK(desk.journal().size() == 1);
    CHECK_FALSE(desk.can_apply());
    // Rolled again on what is now there, it applies.
    REQUIRE(desk.roll());
    CHECK(desk.apply());
    CHECK(desk.battle().find_unit("Gordon Highlanders")->figures == 13);
    CHECK(store::BattleFile::open(desk.path()).journal().size() == 2);
}
