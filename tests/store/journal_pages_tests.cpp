// The journal as the desk reads it: a page at a time from the newest, filtered in SQL, each line's
// undone as it stands; what it still owes, from the entries that raise or answer a follow-up; and
// a unit's actions in the current turn, read back only as far as the turn goes.
#include "store_support.h"
#include "support/bytes_read.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::JournalLine;

namespace {

// One unit's figures down by one, then up again: entries that can follow one another for ever.
rules::Resolution swing(const BattleFile& file, int unit, const std::string& outcome) {
    const int figures = file.battle().unit(unit)->figures;
    const int after = figures % 2 == 0 ? figures - 1 : figures + 1;
    return resolution_with("casualties", outcome, {unit_effect(unit, "figures", figures, after)});
}

void same_lines(const std::vector<JournalLine>& got, const std::vector<JournalLine>& want) {
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        INFO("entry #" << want[i].id);
        CHECK(got[i].id == want[i].id);
        CHECK(got[i].kind == want[i].kind);
        CHECK(got[i].undone == want[i].undone);
        CHECK(got[i].summary == want[i].summary);
        CHECK(got[i].units == want[i].units);
        CHECK(got[i].turn == want[i].turn);
    }
}

std::vector<JournalLine> matching(const std::vector<JournalLine>& lines, const store::LineFilter& filter) {
    std::vector<JournalLine> out;
    std::copy_if(lines.begin(), lines.end(), std::back_inserter(out),
                 [&](const JournalLine& l) { return store::line_matches(l, filter); });
    return out;
}

rules::FollowUp owe(const std::string& action, std::optional<int> unit, const std::string& reason) {
    return {action, unit, reason, "MacDuff 9.2", {}};
}

} // namespace

TEST_CASE("store: the journal read a page at a time is the journal read whole, undone lines and filters included") {
    TempDir dir;
    const std::string path = dir.file("pages.umpire");
    BattleFile file = BattleFile::create(path, sample_battle());
    for (int i = 0; i < 10; ++i) file.record({"casualties", 1 + i % 4, std::nullopt, {}, {}}, swing(file, 1 + i % 4, "hit " + std::to_string(i)));
    REQUIRE(file.undo());  // entries 9 and 10 undone: by the end, far back in the journal
    REQUIRE(file.undo());
    // A turn ends; an entry by the Sikhs whose effects touch the Ghazis only (listed under both).
    file.record({"turn-next", std::nullopt, std::nullopt, {}, {}}, resolution_with("turn-next", "turn 4", {turn_effect(3, 4)}));
    file.record({"shoot", 1, std::nullopt, {}, {}}, swing(file, 3, "the Sikhs hit the Ghazis"));
    for (int i = 0; i < 12; ++i) file.record({"casualties", 2, std::nullopt, {}, {}}, swing(file, 2, "more " + std::to_string(i)));
    const std::vector<JournalLine> whole = file.journal_lines();
    REQUIRE(whole.size() == 26);
    REQUIRE(whole[8].undone);

    // Page by page from the newest, each oldest first, back to the first.
    std::vector<JournalLine> paged;
    std::int64_t before = 0;
    for (;;) {
        std::vector<JournalLine> page = file.journal_page(before, 4);
        CHECK(page.size() <= 4);
        if (page.empty()) break;
        paged.insert(paged.begin(), page.begin(), page.end());
        before = page.front().id;
    }
    same_lines(paged, whole);
    same_lines(file.journal_page(0, 3), {whole.end() - 3, whole.end()});

    // The filters in SQL let through what line_matches does.
    for (const store::LineFilter filter : {store::LineFilter{3, std::nullopt}, store::LineFilter{1, std::nullopt},
                                           store::LineFilter{std::nullopt, 4}, store::LineFilter{std::nullopt, 3},
                                           store::LineFilter{2, 4}, store::LineFilter{4, 4}}) {
        INFO("unit " << filter.unit.value_or(0) << ", turn " << filter.turn.value_or(0));
        same_lines(file.journal_page(0, 100, filter), matching(whole, filter));
    }
    const std::vector<JournalLine> ghazis = file.journal_page(0, 100, {3, std::nullopt});
    CHECK(std::any_of(ghazis.begin(), ghazis.end(), [](const JournalLine& l) { return l.summary == "the Sikhs hit the Ghazis"; }));
    // A filtered page stops at its count and goes on from where it stopped.
    const std::vector<JournalLine> newest = file.journal_page(0, 5, {2, std::nullopt});
    const std::vector<JournalLine> older = file.journal_page(newest.front().id, 100, {2, std::nullopt});
    std::vector<JournalLine> both = older;
    both.insert(both.end(), newest.begin(), newest.end());
    same_lines(both, matching(whole, {2, std::nullopt}));
}

TEST_CASE("store: a unit's actions in effect this turn, newest first, read back only as far as the turn") {
    TempDir dir;
    BattleFile file = BattleFile::create(dir.file("turn.umpire"), sample_battle());
    file.record({"shoot", 1, std::nullopt, {}, {}}, swing(file, 1, "turn 3, first"));
    file.record({"turn-next", std::nullopt, std::nullopt, {}, {}}, resolution_with("turn-next", "turn 4", {turn_effect(3, 4)}));
    file.record({"shoot", 1, std::nullopt, {}, {}}, swing(file, 1, "turn 4, first"));
    file.record({"move", 2, std::nullopt, {}, {}}, swing(file, 2, "someone else"));
    file.record({"rally", 1, std::nullopt, {}, {}}, swing(file, 1, "turn 4, second"));
    file.record({"charge", 1, std::nullopt, {}, {}}, swing(file, 1, "turn 4, undone"));
    REQUIRE(file.undo());
    std::vector<std::string> seen;
    for (const JournalLine& l : file.unit_actions_in_turn(1, 4)) seen.push_back(l.summary);
    CHECK(seen == std::vector<std::string>{"turn 4, second", "turn 4, first"});
    CHECK(file.unit_actions_in_turn(3, 4).empty());
    // An earlier turn's: the later turn's entries are passed over on the way back.
    REQUIRE(file.unit_actions_in_turn(1, 3).size() == 1);
    CHECK(file.unit_actions_in_turn(1, 3).front().summary == "turn 3, first");
}

TEST_CASE("store: what the journal owes: raised in effect, answered by kind, by name, dismissed, undone") {
    TempDir dir;
    BattleFile file = BattleFile::create(dir.file("owed.umpire"), sample_battle());
    const auto raising = [&](int unit, const std::string& outcome, std::vector<rules::FollowUp> owed) {
        rules::Resolution r = swing(file, unit, outcome);
        r.follow_ups = std::move(owed);
        return r;
    };
    const auto answer = [&](const std::string& action, std::optional<int> unit, std::optional<std::int64_t> answers,
                            std::map<std::string, std::string> values = {}) {
        rules::ActionRequest request{action, unit, std::nullopt, std::move(values), answers};
        return file.record(request, resolution_with(action, action + " done", {}));
    };
    const std::int64_t a = file.record({"shoot", 1, 3, {}, {}}, raising(3, "Ghazis hit", {owe("rally", 3, "a")}));
    const std::int64_t b = file.record({"shoot", 2, 3, {}, {}}, raising(3, "Ghazis hit again", {owe("rally", 3, "b")}));
    const std::int64_t c = file.record({"shoot", 3, 1, {}, {}}, raising(1, "Sikhs hit", {owe("rally", 1, "c")}));
    CHECK(file.open_follow_ups().size() == 3);
    answer("rally", 3, std::nullopt);  // the first rally owed by the Ghazis: a
    const std::int64_t d = file.record({"morale", 4, std::nullopt, {}, {}},
                                       raising(4, "a chance card is due", {owe("chance-card", std::nullopt, "d")}));
    answer("rally", 1, c);  // named: c...
    REQUIRE(file.undo());   // ...and taken back: c is owed again
    answer(store::kDismissAction, 3, b, {{"follow-up", "rally"}});  // b dropped on purpose
    answer("chance-card", 2, std::nullopt);  // a card owed by no unit, drawn for any: d
    file.record({"shoot", 1, 4, {}, {}}, raising(4, "Marksmen hit", {owe("rally", 4, "undone")}));
    REQUIRE(file.undo());  // what an undone entry raised is not owed
    const std::int64_t f = file.record({"shoot", 2, 4, {}, {}}, raising(4, "Marksmen hit again", {owe("rally", 4, "f")}));

    const std::vector<store::OpenFollowUp> owed = file.open_follow_ups();
    REQUIRE(owed.size() == 2);
    CHECK(owed[0].raised_by == c);
    CHECK(owed[0].follow_up.reason == "c");
    CHECK(owed[0].follow_up.unit == 1);
    CHECK(owed[1].raised_by == f);
    CHECK(owed[1].follow_up.action == "rally");
    CHECK(owed[1].follow_up.reason == "f");
    (void)a;
    (void)d;

    // Read again by another program, the same.
    const std::vector<store::OpenFollowUp> again = BattleFile::open(file.path()).open_follow_ups();
    REQUIRE(again.size() == 2);
    CHECK(again[0].raised_by == c);
    CHECK(again[1].raised_by == f);
}

TEST_CASE("store: what is owed is read from the entries that raise or answer a follow-up, not the whole journal") {
    TempDir dir;
    const std::string path = dir.file("long.umpire");
    {
        BattleFile file = BattleFile::create(path, sample_battle());
        rules::Resolution r = swing(file, 3, "Ghazis hit");
        r.follow_ups = {owe("rally", 3, "owed")};
        file.record({"shoot", 1, 3, {}, {}}, r);
        std::vector<store::Recording> batch;
        model::Battle state = file.battle();
        for (int i = 0; i < 3000; ++i) {
            model::Unit& u = *state.unit(1 + i % 2);
            const int after = u.figures % 2 == 0 ? u.figures - 1 : u.figures + 1;
            batch.push_back({{"casualties", u.id, std::nullopt, {}, {}},
                             resolution_with("casualties", "a long journal " + std::to_string(i), {unit_effect(u.id, "figures", u.figures, after)})});
            u.figures = after;
        }
        file.record_all(batch);
    }
    BattleFile file = BattleFile::open(path);
    const std::uint64_t before = test::bytes_read();
    const std::vector<store::OpenFollowUp> owed = file.open_follow_ups();
    const std::uint64_t read = test::bytes_read() - before;
    REQUIRE(owed.size() == 1);
    CHECK(owed[0].follow_up.reason == "owed");
    const std::uintmax_t size = std::filesystem::file_size(path);
    INFO("read " << read << " bytes of a " << size << "-byte file");
    CHECK(read < size / 20);
}
