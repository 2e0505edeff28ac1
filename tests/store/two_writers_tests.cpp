// Two programs on one battle file: what one reads is one moment of the file, a write built on an
// older moment is refused with words that say so, the other side notices changes cheaply and
// reads them, and a lock held too long is "busy", not "bad input".
#include "store/battle_file.h"

#include "battle_diff.h"
#include "statement_hook.h"
#include "store/file_check.h"
#include "store/inspect.h"
#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <sqlite3.h>
#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::StoreError;
using store::StoreProblem;

namespace {

const rules::ActionRequest kCasualties{"casualties", 2, std::nullopt, {}, {}};

} // namespace

TEST_CASE("a battle is read as one moment: a write landing between the reads cannot make it stale") {
    TempDir dir;
    const std::string path = dir.file("race.umpire");
    BattleFile::create(path, sample_battle());
    store::OpenOptions impatient;
    impatient.busy_timeout_ms = 200;
    BattleFile other = BattleFile::open(path, impatient);
    bool other_wrote = false;
    std::optional<BattleFile> mine;
    {
        // The other program writes just as this one starts reading the journal, after the state.
        StatementHook hook("FROM journal", [&] {
            try {
                other.record(kCasualties, hits_on(other.battle(), 2, 1));
                other_wrote = true;
            } catch (const StoreError& e) {
                CHECK(e.problem() == StoreProblem::Busy);  // it waited for the read to finish
            }
        });
        mine = BattleFile::open(path);
        REQUIRE(hook.fired());
    }
    // Whatever the other program managed, this one's battle and its idea of the journal agree:
    // an action built on it is either recorded on top of the other's or refused.
    try {
        mine->record(kCasualties, hits_on(mine->battle(), 2, 1));
    } catch (const StoreError& e) {
        CHECK(e.problem() == StoreProblem::Changed);
    }
    const store::CheckReport report = store::check_file(path);
    INFO(report.replay << report.checksums);
    CHECK(report.sound());
    const BattleFile reread = BattleFile::open(path);
    // One hit per entry: no acknowledged hit lost, none applied twice.
    CHECK(reread.battle().unit(2)->figures == 16 - static_cast<int>(reread.journal().size()));
}

TEST_CASE("a write built on an old reading is refused: the file changed and nothing was done") {
    TempDir dir;
    const std::string path = dir.file("stale.umpire");
    BattleFile::create(path, sample_battle());
    BattleFile a = BattleFile::open(path), b = BattleFile::open(path);
    b.record(kCasualties, hits_on(b.battle(), 2, 1));
    const auto before = read_bytes(path);
    try {
        a.record(kCasualties, hits_on(a.battle(), 2, 1));
        FAIL("a stale write was recorded");
    } catch (const StoreError& e) {
        CHECK(e.problem() == StoreProblem::Changed);
        CHECK_THAT(std::string(e.what()), Catch::Contains("changed by another program") && Catch::Contains("nothing was done"));
    }
    CHECK(read_bytes(path) == before);
    CHECK(a.battle().unit(2)->figures == 16);  // still the old reading, until it reloads
}

TEST_CASE("another program's change is noticed cheaply and read again with its new entries") {
    TempDir dir;
    const std::string path = dir.file("watch.umpire");
    BattleFile::create(path, sample_battle());
    BattleFile desk = BattleFile::open(path), cli = BattleFile::open(path);
    CHECK_FALSE(desk.changed_on_disk());
    desk.record(kCasualties, hits_on(desk.battle(), 2, 1));
    CHECK_FALSE(desk.changed_on_disk());  // its own write is not news
    CHECK(cli.changed_on_disk());
    CHECK(cli.reload() == std::vector<std::int64_t>{1});
    const auto second = cli.record(kCasualties, hits_on(cli.battle(), 2, 2));
    cli.undo();
    REQUIRE(desk.changed_on_disk());
    CHECK(desk.reload() == std::vector<std::int64_t>{second, second + 1});
    CHECK_FALSE(desk.changed_on_disk());
    CHECK(desk.battle().unit(2)->figures == 15);
    CHECK(desk.can_redo());
    CHECK(battle_diff(desk.battle(), BattleFile::open(path).battle()) == "");
    CHECK_FALSE(desk.read_only());
    // And it writes on top of what it read.
    desk.redo();
    CHECK(BattleFile::open(path).battle().unit(2)->figures == 13);
}

TEST_CASE("a file kept locked past the busy timeout is busy, not bad input, and nothing changes") {
    TempDir dir;
    const std::string path = dir.file("locked.umpire");
    BattleFile::create(path, sample_battle());
    store::OpenOptions impatient;
    impatient.busy_timeout_ms = 100;
    BattleFile writer = BattleFile::open(path, impatient);
    SQLite::Database holder(path, SQLite::OPEN_READWRITE);
    holder.exec("BEGIN EXCLUSIVE");
    try {
        writer.record(kCasualties, hits_on(writer.battle(), 2, 1));
        FAIL("wrote through an exclusive lock");
    } catch (const StoreError& e) {
        CHECK(e.problem() == StoreProblem::Busy);
        CHECK_THAT(std::string(e.what()), Catch::Contains("busy") && Catch::Contains("nothing was changed"));
    }
    // Opening is refused the same way (the checking connection waits too, then says busy).
    CHECK_THROWS_MATCHES(BattleFile::open(path, impatient), StoreError,
                         Catch::Predicate<StoreError>([](const StoreError& e) { return e.problem() == StoreProblem::Busy; }));
    holder.exec("ROLLBACK");
    CHECK(BattleFile::open(path).journal().empty());
}

TEST_CASE("several actions recorded together are all recorded or none") {
    TempDir dir;
    const std::string path = dir.file("atomic.umpire");
    BattleFile file = BattleFile::create(path, sample_battle());
    const model::Battle start = file.battle();
    // The second step was worked out against the state the first leaves; a third that does not
    // fit (a stale figure count) makes the whole batch refused.
    model::Battle after_first = start;
    after_first.apply(hits_on(start, 2, 1).effects);
    const store::Recording first{kCasualties, hits_on(start, 2, 1)};
    const store::Recording second{kCasualties, hits_on(after_first, 2, 2)};
    const store::Recording stale{kCasualties, hits_on(start, 3, 1)};
    const store::Recording stale_again{kCasualties, hits_on(start, 2, 1)};
    CHECK_THROWS_AS(file.record_all({first, second, stale_again}), StoreError);
    CHECK(file.journal().empty());
    CHECK(BattleFile::open(path).journal().empty());
    CHECK(file.record_all({first, second, stale}) == std::vector<std::int64_t>{1, 2, 3});
    CHECK(BattleFile::open(path).battle().unit(2)->figures == 13);
    CHECK(store::check_file(path).sound());
}

TEST_CASE("SQLite's failures are told apart: a disk's trouble is never called damage or bad input") {
    using store::detail::sqlite_failure;
    auto problem_of = [](int code, std::string* message = nullptr) {
        try {
            sqlite_failure("write to", "b.umpire", SQLite::Exception("sqlite says no", code), true);
        } catch (const StoreError& e) {
            if (message) *message = e.what();
            return e.problem();
        }
        return StoreProblem::BadFile;
    };
    std::string message;
    CHECK(problem_of(SQLITE_IOERR_READ, &message) == StoreProblem::Io);
    CHECK_THAT(message, Catch::Contains("I/O error") && Catch::Contains("nothing was changed") &&
                            !Catch::Contains("damaged"));
    CHECK(problem_of(SQLITE_FULL, &message) == StoreProblem::Io);
    CHECK_THAT(message, Catch::Contains("the disk is full") && Catch::Contains("nothing was changed"));
    CHECK(problem_of(SQLITE_BUSY, &message) == StoreProblem::Busy);
    CHECK(problem_of(SQLITE_READONLY) == StoreProblem::Io);
    CHECK(problem_of(SQLITE_CORRUPT, &message) == StoreProblem::BadFile);
    CHECK_THAT(message, Catch::Contains("damaged"));
}

TEST_CASE("the battle and its journal are read together: a write landing between them cannot list an entry the state lacks") {
    TempDir dir;
    const std::string path = dir.file("together.umpire");
    BattleFile::create(path, sample_battle());
    store::OpenOptions impatient;
    impatient.busy_timeout_ms = 200;
    std::optional<BattleFile> other;
    bool wrote_inside = false;
    int figures = 0;
    std::int64_t listed_last = 0;
    {
        // The other program writes as this one reads the journal's lines (the statement that names
        // these columns), inside the moment.
        StatementHook hook("dice_json, refers_to", [&] {
            try {
                other->record(kCasualties, hits_on(other->battle(), 2, 1));
                wrote_inside = true;
            } catch (const StoreError& e) {
                CHECK(e.problem() == StoreProblem::Busy);  // held off until the moment ends
            }
        });
        BattleFile mine = BattleFile::open(path);
        other.emplace(BattleFile::open(path, impatient));
        other->record(kCasualties, hits_on(other->battle(), 2, 1));  // after mine read the battle: it is stale
        mine.read_together([&](const model::Battle& battle) {
            figures = battle.unit(2)->figures;
            const auto lines = mine.journal_lines();
            REQUIRE_FALSE(lines.empty());
            listed_last = lines.back().id;
        });
        REQUIRE(hook.fired());
        CHECK_FALSE(wrote_inside);
        CHECK(listed_last == 1);   // the other's first write, read again
        CHECK(figures == 16 - 1);  // and its effect with it
        CHECK(mine.last_entry() == listed_last);
        // The write held off goes in afterwards, on top of what was read.
        other->record(kCasualties, hits_on(other->battle(), 2, 1));
        mine.read_together([&](const model::Battle& battle) {
            CHECK(battle.unit(2)->figures == 14);
            CHECK(mine.journal_lines().back().id == 2);
        });
    }
}
