// The turn in the battle file: every step journaled, undone exactly, and a battle reopened
// mid-turn continues where it was.
#include "turn_support.h"

#include "../store/battle_diff.h"
#include "../store/store_support.h"
#include "dice/dice_source.h"
#include "store/battle_file.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::testing;

namespace {

void record(store::BattleFile& file, const turn::TurnStep& step) { file.record(step.request, step.resolution); }

} // namespace

TEST_CASE("a draw and a wind roll are journaled and undone exactly") {
    TempDir dir;
    TurnFixture f = macduff_battle();
    store::BattleFile file = store::BattleFile::create(dir.file("b.umpire"), f.battle);
    turn::TurnOptions o = f.options(true);
    o.wind = true;
    record(file, turn::configure(file.battle(), f.rules, o));
    record(file, turn::set_wind(file.battle(), f.rules, 3, 0));
    record(file, turn::next_phase(file.battle(), f.rules));
    const model::Battle before_wind = file.battle();
    dice::TypedDice d({2});
    record(file, turn::roll_wind(file.battle(), f.rules, d));
    CHECK(file.battle().counters.at(turn::kWindDirection) == 2);
    REQUIRE(file.undo());
    CHECK(battle_diff(file.battle(), before_wind) == "");
    REQUIRE(file.redo());
    record(file, turn::next_phase(file.battle(), f.rules));
    const model::Battle before_draw = file.battle();
    record(file, turn::draw_card(file.battle(), f.rules));
    CHECK(turn::turn_state(file.battle()).deck.size() == 6);  // 6 commanders and the joker, one drawn
    REQUIRE(file.undo());
    CHECK(battle_diff(file.battle(), before_draw) == "");
    CHECK(turn::turn_state(file.battle()).deck.size() == 7);
    const auto journal = file.journal();
    CHECK(journal.back().kind == store::EntryKind::Undo);
    CHECK(journal.back().action == "turn-draw");
}

TEST_CASE("a battle reopened mid-turn continues with the same next card") {
    TempDir dir;
    const std::string path = dir.file("mid.umpire");
    TurnFixture f = macduff_battle();
    model::Battle kept;
    {
        store::BattleFile file = store::BattleFile::create(path, f.battle);
        record(file, turn::configure(file.battle(), f.rules, f.options(true)));
        record(file, turn::next_phase(file.battle(), f.rules, {2}));
        record(file, turn::draw_card(file.battle(), f.rules));
        record(file, turn::draw_card(file.battle(), f.rules));
        kept = file.battle();
    }
    store::BattleFile reopened = store::BattleFile::open(path);
    CHECK(battle_diff(reopened.battle(), kept) == "");
    const turn::TurnState s = turn::turn_state(reopened.battle());
    CHECK(s.deck.size() == 6);  // 6 commanders, the observation card and the joker, two drawn
    CHECK(s.discards.size() == 2);
    auto next_here = turn::draw_card(kept, f.rules);
    auto next_there = turn::draw_card(reopened.battle(), f.rules);
    CHECK(next_here.resolution.outcome == next_there.resolution.outcome);
    CHECK(turn::turn_state(kept).chance_piles == s.chance_piles);
}

TEST_CASE("turn state: a damaged text is reported, not guessed") {
    model::Battle b = macduff_battle().battle;
    b.texts[turn::kTurnText] = "{\"version\": 1}";
    CHECK_THROWS_WITH(turn::turn_state(b), Catch::Contains("turn state is damaged"));
    b.texts[turn::kTurnText] = "{\"version\": 9}";
    CHECK_THROWS_WITH(turn::turn_state(b), Catch::Contains("newer Umpire"));
}
