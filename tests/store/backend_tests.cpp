// The store's promises on both backends, one suite over two fixtures: a battle file, and a battle
// on the tests' own PostgreSQL server (scripts/pg-test-server.sh, started by ctest as a fixture
// before these tests and stopped after them). Then what only a server has: several umpires
// writing at once, a serialization failure retried, a commit whose reply was lost, and copies
// between the two backends row for row.
#include "store/backends.h"
#include "store/battle_file.h"
#include "store/battle_image.h"
#include "store/checksum.h"
#include "store/postgres/address.h"
#include "store/postgres/pg_battle.h"
#include "rules/resolution_json.h"
#include "store_support.h"
#include "support/pg_server.h"

#include <catch2/catch.hpp>
#include <pqxx/pqxx>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>
#include <tuple>

using namespace umpire;
using namespace umpire::testing;
using store::StoreError;
using store::StoreProblem;

namespace {

const rules::ActionRequest kCasualties{"casualties", 2, std::nullopt, {}, {}};

// The server's address, as the fixture wrote it, and a battle name no other test uses.
std::string server() { return umpire::test::pg_server_address(); }
std::string unique_name(const std::string& stem) { return umpire::test::unique_battle_name(stem); }

struct FileBackend {
    TempDir dir;
    std::string where(const std::string& name) { return dir.file(name + ".umpire"); }
};

struct ServerBackend {
    std::string where(const std::string& name) { return server() + "?battle=" + unique_name(name); }
};

std::unique_ptr<store::BattleStore> open_as(const std::string& where, const std::string& umpire = "") {
    store::OpenOptions options;
    options.umpire = umpire;
    return store::open_store(where, options);
}

// One turn further: an effect any number of writers can stack without running out of figures.
rules::Resolution next_turn(const model::Battle& b) {
    return resolution_with("turn", "turn " + std::to_string(b.turn + 1), {turn_effect(b.turn, b.turn + 1)}, {3});
}

} // namespace

TEMPLATE_TEST_CASE("store: a battle made and an action recorded read back the same, checksums and all", "[backends]",
                   FileBackend, ServerBackend) {
    TestType backend;
    const std::string where = backend.where("made");
    store::create_battle(where, sample_battle());
    {
        auto battle = open_as(where);
        CHECK(battle->last_entry() == 0);
        CHECK(battle->record(kCasualties, hits_on(battle->battle(), 2, 3)) == 1);
        CHECK(battle->battle().unit(2)->figures == 13);
    }
    const auto reread = open_as(where);
    CHECK(reread->damage().empty());
    CHECK(reread->battle().name == sample_battle().name);
    CHECK(reread->battle().unit(2)->figures == 13);
    CHECK(reread->battle().texts == sample_battle().texts);
    const auto journal = reread->journal();
    REQUIRE(journal.size() == 1);
    CHECK(journal[0].summary == "3 hits on unit 2");
    CHECK(journal[0].dice == std::vector<int>{6});
    CHECK(replay(sample_battle(), journal).unit(2)->figures == 13);
    const store::CheckReport check = store::check_battle(where);
    CHECK(check.sound());
    CHECK(check.entries == 1);
    CHECK(check.replay.empty());
}

TEMPLATE_TEST_CASE("store: a write worked out on a reading another writer has changed is refused, nothing done",
                   "[backends]", FileBackend, ServerBackend) {
    TestType backend;
    const std::string where = backend.where("stale");
    store::create_battle(where, sample_battle());
    auto a = open_as(where, "alice"), b = open_as(where, "bob");
    b->record(kCasualties, hits_on(b->battle(), 2, 1));
    try {
        a->record(kCasualties, hits_on(a->battle(), 2, 1));
        FAIL("a stale write was recorded");
    } catch (const StoreError& e) {
        CHECK(e.problem() == StoreProblem::Changed);
        CHECK_THAT(std::string(e.what()), Catch::Contains("nothing was done"));
    }
    CHECK(a->battle().unit(2)->figures == 16);  // still the old reading, put back as it was
    const auto reread = open_as(where);
    CHECK(reread->journal().size() == 1);
    CHECK(reread->battle().unit(2)->figures == 15);
    CHECK(store::check_battle(where).sound());
}

TEMPLATE_TEST_CASE("store: undo and redo are entries of their own and survive reopening", "[backends]", FileBackend,
                   ServerBackend) {
    TestType backend;
    const std::string where = backend.where("undo");
    store::create_battle(where, sample_battle());
    {
        auto battle = open_as(where);
        battle->record(kCasualties, hits_on(battle->battle(), 2, 2));
        REQUIRE(battle->can_undo());
        const auto undo = battle->undo();
        REQUIRE(undo);
        CHECK(undo->kind == store::EntryKind::Undo);
        CHECK(undo->refers_to == 1);
        CHECK(battle->battle().unit(2)->figures == 16);
        CHECK(battle->can_redo());
    }
    auto battle = open_as(where);
    CHECK(battle->can_redo());
    CHECK(battle->journal_lines().back().kind == store::EntryKind::Undo);
    CHECK(battle->journal_lines().front().undone);
    const auto redo = battle->redo();
    REQUIRE(redo);
    CHECK(redo->id == 3);
    CHECK(battle->battle().unit(2)->figures == 14);
    CHECK_FALSE(battle->can_redo());
    const auto reread = open_as(where);
    const auto lines = reread->journal_lines();
    REQUIRE(lines.size() == 3);
    CHECK_FALSE(lines[0].undone);
    // A redo plays its action's effects.
    CHECK(rules::to_json(reread->entry(3)->effects) == rules::to_json(reread->entry(1)->effects));
    CHECK(reread->battle().unit(2)->figures == 14);
    CHECK(store::check_battle(where).sound());
}

TEMPLATE_TEST_CASE("store: several actions recorded together are all recorded or none", "[backends]", FileBackend,
                   ServerBackend) {
    TestType backend;
    const std::string where = backend.where("together");
    store::create_battle(where, sample_battle());
    auto battle = open_as(where);
    const model::Battle before = battle->battle();
    // The second step was worked out on the state before the first: it does not fit after it.
    const std::vector<store::Recording> stale{{kCasualties, hits_on(before, 2, 1)}, {kCasualties, hits_on(before, 2, 1)}};
    CHECK_THROWS_AS(battle->record_all(stale), StoreError);
    CHECK(battle->battle().unit(2)->figures == 16);
    CHECK(battle->last_entry() == 0);
    CHECK(open_as(where)->journal().empty());
    model::Battle after_first = before;
    after_first.apply(hits_on(before, 2, 1).effects);
    const std::vector<store::Recording> steps{{kCasualties, hits_on(before, 2, 1)}, {kCasualties, hits_on(after_first, 2, 2)}};
    CHECK(battle->record_all(steps) == std::vector<std::int64_t>{1, 2});
    CHECK(open_as(where)->battle().unit(2)->figures == 13);
}

TEMPLATE_TEST_CASE("store: the battle and its journal are read together, another writer's entries included", "[backends]",
                   FileBackend, ServerBackend) {
    TestType backend;
    const std::string where = backend.where("together-read");
    store::create_battle(where, sample_battle());
    auto reader = open_as(where), writer = open_as(where);
    writer->record(kCasualties, hits_on(writer->battle(), 2, 4));
    reader->read_together([&](const model::Battle& battle) {
        CHECK(battle.unit(2)->figures == 12);
        const auto lines = reader->journal_lines();
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].summary == "4 hits on unit 2");
    });
    CHECK(reader->last_entry() == 1);
    // Read again, the reader writes on the new reading.
    CHECK(reader->record(kCasualties, hits_on(reader->battle(), 2, 1)) == 2);
}

// `action` by `unit`: its figures down by one, then up again (entries that can follow one another
// for ever), raising `owed`.
rules::Resolution swing(const store::BattleStore& battle, const std::string& action, int unit, const std::string& outcome,
                        std::vector<rules::FollowUp> owed = {}) {
    const int figures = battle.battle().unit(unit)->figures;
    rules::Resolution r = resolution_with(action, outcome,
                                          {unit_effect(unit, "figures", figures, figures % 2 == 0 ? figures - 1 : figures + 1)});
    r.follow_ups = std::move(owed);
    return r;
}

std::vector<std::int64_t> ids_of(const std::vector<store::JournalLine>& lines) {
    std::vector<std::int64_t> ids;
    for (const auto& l : lines) ids.push_back(l.id);
    return ids;
}

TEMPLATE_TEST_CASE("store: what a desk reads (a page with a filter, a unit's actions this turn, what is owed) is the same on both",
                   "[backends]", FileBackend, ServerBackend) {
    TestType backend;
    const std::string where = backend.where("desk-reads");
    store::create_battle(where, sample_battle());
    auto b = open_as(where);
    const rules::FollowUp rally{"rally", 3, "Ghazis hit", "MacDuff 9.2", {}};
    const std::int64_t raised = b->record({"shoot", 1, 3, {}, {}}, swing(*b, "shoot", 3, "Ghazis hit", {rally}));
    b->record({"shoot", 2, 3, {}, {}}, swing(*b, "shoot", 3, "Ghazis hit again", {rally}));
    b->record({"rally", 3, std::nullopt, {}, {}}, swing(*b, "rally", 3, "the Ghazis rally"));  // answers the first
    b->record({"charge", 1, std::nullopt, {}, {}}, swing(*b, "charge", 1, "undone"));
    REQUIRE(b->undo());
    b->record({"turn-next", std::nullopt, std::nullopt, {}, {}}, resolution_with("turn-next", "turn 4", {turn_effect(3, 4)}));
    for (int i = 0; i < 5; ++i) b->record({"shoot", 1 + i % 2, std::nullopt, {}, {}}, swing(*b, "shoot", 1 + i % 2, "turn 4 #" + std::to_string(i)));
    const auto whole = b->journal_lines();
    REQUIRE(whole.size() == 11);
    CHECK(whole[3].undone);

    // Pages from the newest, oldest first; filtered as line_matches filters.
    CHECK(ids_of(b->journal_page(0, 3)) == std::vector<std::int64_t>{9, 10, 11});
    CHECK(ids_of(b->journal_page(9, 3)) == std::vector<std::int64_t>{6, 7, 8});
    const auto undone_page = b->journal_page(5, 2);
    REQUIRE(undone_page.size() == 2);
    CHECK_FALSE(undone_page[0].undone);
    CHECK(undone_page[1].undone);  // entry 4, undone by entry 5, which is not on the page
    for (const store::LineFilter filter : {store::LineFilter{3, std::nullopt}, store::LineFilter{std::nullopt, 4},
                                           store::LineFilter{1, 4}, store::LineFilter{2, 3}}) {
        INFO("unit " << filter.unit.value_or(0) << ", turn " << filter.turn.value_or(0));
        std::vector<std::int64_t> want;
        for (const auto& l : whole)
            if (store::line_matches(l, filter)) want.push_back(l.id);
        CHECK(ids_of(b->journal_page(0, 100, filter)) == want);
    }
    // The Sikhs' actions in effect in turn 4, the newest first; in turn 3, the charge was undone.
    CHECK(ids_of(b->unit_actions_in_turn(1, 4)) == std::vector<std::int64_t>{11, 9, 7});
    CHECK(ids_of(b->unit_actions_in_turn(1, 3)) == std::vector<std::int64_t>{1});
    // The second rally is still owed; the first was answered.
    const auto owed = b->open_follow_ups();
    REQUIRE(owed.size() == 1);
    CHECK(owed[0].raised_by == raised + 1);
    CHECK(owed[0].follow_up.reason == "Ghazis hit");
    CHECK(b->verify_journal().empty());
    CHECK(b->verified());
}

TEMPLATE_TEST_CASE("store: another writer's entries are noticed without waiting, and read again from the last one seen",
                   "[backends]", FileBackend, ServerBackend) {
    TestType backend;
    const std::string where = backend.where("noticed");
    store::create_battle(where, sample_battle());
    auto watcher = open_as(where), writer = open_as(where, "bruno");
    CHECK_FALSE(watcher->changed_since_read());
    CHECK(watcher->unreachable().empty());
    watcher->record(kCasualties, hits_on(watcher->battle(), 2, 1));
    CHECK_FALSE(watcher->changed_since_read());  // its own write is no news
    writer->read_again();
    const std::int64_t first = writer->record(kCasualties, hits_on(writer->battle(), 2, 2));
    const std::int64_t second = writer->record(kCasualties, hits_on(writer->battle(), 2, 3));
    // A server's notice is on its way when the commit returns: looked at until it is in (the desk
    // looks once a second), never waited for.
    const auto start = std::chrono::steady_clock::now();
    bool noticed = false;
    while (!(noticed = watcher->changed_since_read()) && std::chrono::steady_clock::now() - start < std::chrono::seconds(1))
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(noticed);
    CHECK(watcher->read_again() == std::vector<std::int64_t>{first, second});
    CHECK(watcher->battle().unit(2)->figures == 16 - 6);
    CHECK(watcher->last_entry() == second);
    CHECK_FALSE(watcher->changed_since_read());
    CHECK(watcher->read_again().empty());
    CHECK(watcher->damage().empty());
}

TEST_CASE("postgres: a stale write is refused naming the umpire who changed the battle, and entries say who applied them") {
    const std::string where = ServerBackend{}.where("who");
    store::create_battle(where, sample_battle());
    auto a = open_as(where, "bob"), b = open_as(where, "alice");
    b->record(kCasualties, hits_on(b->battle(), 2, 1));
    try {
        a->record(kCasualties, hits_on(a->battle(), 2, 1));
        FAIL("a stale write was recorded");
    } catch (const StoreError& e) {
        CHECK(e.problem() == StoreProblem::Changed);
        CHECK_THAT(std::string(e.what()), Catch::Contains("changed by alice: nothing was done"));
    }
    a->read_together([](const model::Battle&) {});
    a->record(kCasualties, hits_on(a->battle(), 2, 1));
    const auto lines = open_as(where)->journal_lines();
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].umpire == "alice");
    CHECK(lines[1].umpire == "bob");
    CHECK(open_as(where)->journal()[1].umpire == "bob");
}

TEST_CASE("postgres: a battle put anew under the same name since it was read is not written on") {
    const std::string where = ServerBackend{}.where("anew");
    store::create_battle(where, sample_battle());
    auto reader = open_as(where);
    {
        pqxx::connection conn(server());
        pqxx::work tx(conn);
        tx.exec_params("DELETE FROM umpire_battles WHERE name = $1", where.substr(where.find("battle=") + 7));
        tx.commit();
    }
    model::Battle other = sample_battle();
    other.name = "Another battle";
    store::create_battle(where, other);  // the same name, the same length of journal (none), another start
    try {
        reader->record(kCasualties, hits_on(reader->battle(), 2, 1));
        FAIL("a write landed on another battle");
    } catch (const StoreError& e) {
        CHECK(e.problem() == StoreProblem::Changed);
    }
    CHECK(open_as(where)->journal().empty());
}

TEST_CASE("postgres: four umpires writing at once: every acknowledged write is in the journal once, none lost or doubled") {
    const std::string where = ServerBackend{}.where("four");
    store::create_battle(where, sample_battle());
    constexpr int kWriters = 4, kEach = 8;
    std::mutex lock;
    std::map<std::int64_t, std::string> acknowledged;  // entry id -> the umpire told it landed
    std::atomic<int> refused{0}, retried{0};
    std::vector<std::string> failures;
    std::vector<std::thread> writers;
    for (int w = 0; w < kWriters; ++w) {
        writers.emplace_back([&, w] {
            try {
                const std::string name = "umpire" + std::to_string(w + 1);
                auto store = store::postgres::PgBattle::open(where, [&] {
                    store::OpenOptions o;
                    o.umpire = name;
                    return o;
                }());
                for (int landed = 0; landed < kEach;) {
                    try {
                        const std::int64_t id = store.record({"turn", std::nullopt, std::nullopt, {}, {}}, next_turn(store.battle()));
                        const std::lock_guard<std::mutex> hold(lock);
                        acknowledged.emplace(id, name);
                        ++landed;
                    } catch (const StoreError& e) {
                        if (e.problem() != StoreProblem::Changed) throw;
                        ++refused;
                        store.read_together([](const model::Battle&) {});  // read again, then try anew
                    }
                }
                retried += store.retries();
            } catch (const std::exception& e) {
                const std::lock_guard<std::mutex> hold(lock);
                failures.push_back(e.what());
            }
        });
    }
    for (auto& t : writers) t.join();
    for (const auto& f : failures) UNSCOPED_INFO(f);
    REQUIRE(failures.empty());
    INFO("refused as stale: " << refused << ", transactions tried again: " << retried);
    REQUIRE(acknowledged.size() == static_cast<std::size_t>(kWriters * kEach));
    const auto battle = open_as(where);
    const auto journal = battle->journal();
    REQUIRE(journal.size() == acknowledged.size());
    for (const auto& e : journal) {
        REQUIRE(acknowledged.count(e.id));
        CHECK(e.umpire == acknowledged[e.id]);
    }
    CHECK(battle->battle().turn == sample_battle().turn + kWriters * kEach);
    CHECK(store::check_battle(where).sound());
}

TEST_CASE("postgres: a serialization failure is tried again with the same entries: recorded once, dice not rolled again") {
    const std::string where = ServerBackend{}.where("serial");
    store::create_battle(where, sample_battle());
    auto writer = store::postgres::PgBattle::open(where);
    const std::string name = where.substr(where.find("battle=") + 7);
    // Another transaction holds the battle's row and changes it (not its journal) while the write waits for it.
    pqxx::connection other(server());
    pqxx::work holder(other);
    holder.exec_params("SELECT 1 FROM umpire_battles WHERE name = $1 FOR UPDATE", name);
    std::int64_t id = 0;
    std::string failed;
    std::thread write([&] {
        try {
            id = writer.record(kCasualties, hits_on(writer.battle(), 2, 2));
        } catch (const std::exception& e) {
            failed = e.what();
        }
    });
    // Commit only once the write is waiting on the row (blocked by this very holder, whatever other
    // tests do on the server meanwhile), so that it must fail to serialize.
    bool waiting = false;
    std::string holding;
    try {
        pqxx::connection watch(server());
        for (int i = 0; i < 400 && !waiting; ++i) {
            pqxx::nontransaction look(watch);
            waiting = look.exec_params("SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
                                       other.backendpid())[0][0]
                          .as<int>() > 0;
            if (!waiting) std::this_thread::sleep_for(std::chrono::milliseconds(25));
        }
        holder.exec_params("UPDATE umpire_battles SET created_at = created_at WHERE name = $1", name);
        holder.commit();
    } catch (const std::exception& e) {
        holding = e.what();
    }
    write.join();
    CHECK(holding.empty());
    CHECK(failed.empty());
    INFO(failed);
    CHECK(waiting);
    CHECK(writer.retries() >= 1);
    CHECK(id == 1);
    const auto journal = open_as(where)->journal();
    REQUIRE(journal.size() == 1);
    CHECK(journal[0].dice == std::vector<int>{6});
    CHECK(open_as(where)->battle().unit(2)->figures == 14);
}

TEST_CASE("postgres: a commit whose reply was lost is looked up by its operation id and recorded once") {
    const std::string where = ServerBackend{}.where("doubt");
    store::create_battle(where, sample_battle());
    auto writer = store::postgres::PgBattle::open(where);
    writer.lose_next_commit_reply();
    CHECK(writer.record(kCasualties, hits_on(writer.battle(), 2, 1)) == 1);
    // At least the one try after the lost reply: a test writing another battle at the same time
    // can add a serialization retry (the battles share their tables), never a second entry.
    CHECK(writer.retries() >= 1);
    CHECK(writer.battle().unit(2)->figures == 15);
    // The write goes on from there: the next entry follows it, and nothing was recorded twice.
    CHECK(writer.record(kCasualties, hits_on(writer.battle(), 2, 1)) == 2);
    const auto reread = open_as(where);
    CHECK(reread->journal().size() == 2);
    CHECK(reread->battle().unit(2)->figures == 14);
    CHECK(store::check_battle(where).sound());
}

TEST_CASE("postgres: a connection the server cut is made again: the next write and read go through, once each") {
    // The connection is named, so that another connection can cut exactly it, as a server restart
    // or a dropped network does.
    const std::string name = unique_name("cut");
    const std::string where = server() + "?battle=" + name + "&application_name=" + name;
    store::create_battle(where, sample_battle());
    auto writer = store::postgres::PgBattle::open(where);
    CHECK(writer.record(kCasualties, hits_on(writer.battle(), 2, 1)) == 1);
    auto cut = [&] {
        pqxx::connection other(server());
        pqxx::nontransaction tx(other);
        return tx.exec_params("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1",
                              name)[0][0]
            .as<int>();
    };
    REQUIRE(cut() == 1);
    CHECK(writer.record(kCasualties, hits_on(writer.battle(), 2, 1)) == 2);
    REQUIRE(cut() == 1);
    CHECK(writer.journal_lines().size() == 2);
    REQUIRE(cut() == 1);
    CHECK(writer.undo().has_value());
    const auto reread = open_as(where);
    CHECK(reread->journal().size() == 3);
    CHECK(reread->battle().unit(2)->figures == 15);
    CHECK(store::check_battle(where).sound());
}

TEST_CASE("postgres: undo takes back the umpire's own last action, not another's, and redo repeats it") {
    const std::string where = ServerBackend{}.where("own-undo");
    store::create_battle(where, sample_battle());
    const rules::ActionRequest on_ghazis{"casualties", 3, std::nullopt, {}, {}};
    {
        auto alice = open_as(where, "Alice");
        alice->record(kCasualties, hits_on(alice->battle(), 2, 2));  // #1, Gordons 16 -> 14
    }
    {
        auto bob = open_as(where, "Bob");
        bob->record(on_ghazis, hits_on(bob->battle(), 3, 1));  // #2, on another unit
    }
    auto alice = open_as(where, "Alice");
    const auto undone = alice->undo();
    REQUIRE(undone);
    CHECK(undone->refers_to == 1);
    CHECK(alice->battle().unit(2)->figures == 16);
    const int ghazis = open_as(where)->battle().unit(3)->figures;
    CHECK(ghazis == sample_battle().unit(3)->figures - 1);  // Bob's stays
    // Bob's own undo is his action, whatever Alice did since.
    auto bob = open_as(where, "Bob");
    CHECK(bob->can_redo() == false);
    REQUIRE(bob->undo());
    CHECK(bob->battle().unit(3)->figures == sample_battle().unit(3)->figures);
    CHECK(bob->battle().unit(2)->figures == 16);
    // Alice's redo is still hers to take.
    auto again = open_as(where, "Alice");
    REQUIRE(again->can_redo());
    REQUIRE(again->redo());
    CHECK(again->battle().unit(2)->figures == 14);
    const auto lines = open_as(where)->journal_lines();
    REQUIRE(lines.size() == 5);
    CHECK(lines[2].umpire == "Alice");
    CHECK(lines[3].umpire == "Bob");
    CHECK(store::check_battle(where).sound());
}

// After an umpire's own writes the desk's store follows its undo and redo stacks without reading
// them from the server again; whatever the mix of actions, undos, redos and another umpire's
// entries read in between, what it takes must be what the journal says is his to take.
TEST_CASE("postgres: undo and redo after the umpire's own writes take what the journal says, the stacks not read again",
          "[backends]") {
    const std::string where = ServerBackend{}.where("stacks");
    store::create_battle(where, sample_battle());
    auto alice = open_as(where, "Alice");
    auto bob = open_as(where, "Bob");
    // What Alice's Undo and Redo take by the journal's lines: her newest action not undone; her
    // newest undo since her last action whose action is still undone.
    struct Targets {
        std::optional<std::int64_t> undo, redo;
    };
    const auto by_journal = [&] {
        Targets t;
        std::int64_t last_action = 0;
        const auto lines = open_as(where)->journal_lines();
        for (const store::JournalLine& l : lines)
            if (l.kind == store::EntryKind::Action && l.umpire == "Alice") {
                last_action = l.id;
                if (!l.undone) t.undo = l.id;
            }
        for (const store::JournalLine& l : lines) {
            if (l.kind != store::EntryKind::Undo || l.umpire != "Alice" || l.id < last_action || !l.refers_to) continue;
            const auto target = std::find_if(lines.begin(), lines.end(), [&](const store::JournalLine& a) { return a.id == *l.refers_to; });
            if (target != lines.end() && target->undone) t.redo = l.refers_to;
        }
        return t;
    };
    std::mt19937 random(1805);
    int undos = 0, redos = 0, bobs = 0;
    for (int step = 0; step < 120; ++step) {
        const auto what = random() % 8;
        const Targets before = by_journal();
        INFO("step " << step << " (" << what << ")");
        if (what < 3) {
            alice->record({"turn", std::nullopt, std::nullopt, {}, {}}, next_turn(alice->battle()));
        } else if (what < 5) {
            const auto done = alice->undo();
            REQUIRE(done.has_value() == before.undo.has_value());
            if (done) CHECK(done->refers_to == before.undo);
            undos += done ? 1 : 0;
        } else if (what < 7) {
            const auto done = alice->redo();
            REQUIRE(done.has_value() == before.redo.has_value());
            if (done) CHECK(done->refers_to == before.redo);
            redos += done ? 1 : 0;
        } else {  // Bob writes on another unit; Alice reads it in before her next write
            bob->read_again();
            const int figures = bob->battle().unit(3)->figures;
            bob->record({"casualties", 3, std::nullopt, {}, {}},
                        resolution_with("casualties", "a figure back", {unit_effect(3, "figures", figures, figures % 2 ? figures + 1 : figures - 1)}));
            alice->read_again();
            ++bobs;
        }
        const Targets after = by_journal();
        CHECK(alice->can_undo() == after.undo.has_value());
        CHECK(alice->can_redo() == after.redo.has_value());
    }
    CHECK(undos > 20);
    CHECK(redos > 5);
    CHECK(bobs > 5);
}

// The lines of an umpire's own write are not read back from the server (the desk reads the lines
// after the last it holds after every Apply): they must be what the server reads back.
TEST_CASE("postgres: the lines of the umpire's own write, kept as written, are what the server reads back", "[backends]") {
    const std::string where = ServerBackend{}.where("own-lines");
    store::create_battle(where, sample_battle());
    auto alice = open_as(where, "Alice");
    const auto same = [](const store::JournalLine& a, const store::JournalLine& b) {
        return std::tie(a.id, a.kind, a.turn, a.action, a.summary, a.unit, a.target, a.dice, a.refers_to, a.created_at,
                        a.undone, a.umpire, a.units, a.answers, a.damaged) ==
                   std::tie(b.id, b.kind, b.turn, b.action, b.summary, b.unit, b.target, b.dice, b.refers_to, b.created_at,
                            b.undone, b.umpire, b.units, b.answers, b.damaged) &&
               a.follow_ups.size() == b.follow_ups.size();  // these writes raise none
    };
    const auto check_lines = [&](std::int64_t after) {
        const std::vector<store::JournalLine> kept = alice->journal_lines(after);
        const std::vector<store::JournalLine> read = open_as(where)->journal_lines(after);
        REQUIRE(kept.size() == read.size());
        REQUIRE_FALSE(kept.empty());
        for (std::size_t i = 0; i < kept.size(); ++i) CHECK(same(kept[i], read[i]));
    };
    std::int64_t seen = alice->last_entry();
    alice->record(kCasualties, hits_on(alice->battle(), 2, 2));
    check_lines(seen);
    seen = alice->last_entry();
    alice->record_all({{kCasualties, hits_on(alice->battle(), 2, 1)}, {{"turn", std::nullopt, std::nullopt, {}, {}}, next_turn(alice->battle())}});
    check_lines(seen);
    seen = alice->last_entry();
    REQUIRE(alice->undo());
    check_lines(seen);
    seen = alice->last_entry();
    REQUIRE(alice->redo());
    check_lines(seen);
    // Another umpire's entry since: read from the server, the lines of both.
    auto bob = open_as(where, "Bob");
    bob->record({"casualties", 3, std::nullopt, {}, {}}, hits_on(bob->battle(), 3, 1));
    alice->read_again();
    check_lines(seen);
}

TEST_CASE("postgres: an undo that a later entry of another umpire depends on is refused, naming it, nothing done") {
    const std::string where = ServerBackend{}.where("depends");
    store::create_battle(where, sample_battle());
    {
        auto alice = open_as(where, "Alice");
        alice->record(kCasualties, hits_on(alice->battle(), 2, 2));  // #1, Gordons 16 -> 14
    }
    {
        auto bob = open_as(where, "Bob");
        auto hits = hits_on(bob->battle(), 2, 1);  // #2, Gordons 14 -> 13: on top of Alice's
        hits.outcome = "1 hit on the Gordons";
        bob->record(kCasualties, hits);
    }
    auto alice = open_as(where, "Alice");
    REQUIRE(alice->can_undo());
    try {
        alice->undo();
        FAIL("the undo went through");
    } catch (const StoreError& e) {
        CHECK(e.problem() == StoreProblem::Refused);
        const std::string said = e.what();
        CHECK(said.find("a later entry depends on it") != std::string::npos);
        CHECK(said.find("#2 \"1 hit on the Gordons\" by Bob") != std::string::npos);
        CHECK(said.find("nothing was done") != std::string::npos);
    }
    CHECK(alice->battle().unit(2)->figures == 13);
    const auto reread = open_as(where);
    CHECK(reread->journal().size() == 2);
    CHECK(reread->battle().unit(2)->figures == 13);
}

TEST_CASE("recover: a damaged battle on a server is rebuilt from its intact entries, to a file or to the server") {
    const std::string where = ServerBackend{}.where("damaged");
    store::create_battle(where, sample_battle());
    {
        auto battle = open_as(where, "Alice");
        const rules::ActionRequest on_ghazis{"casualties", 3, std::nullopt, {}, {}};
        battle->record(kCasualties, hits_on(battle->battle(), 2, 2));  // #1 Gordons 16 -> 14
        battle->record(on_ghazis, hits_on(battle->battle(), 3, 1));    // #2 the Ghazis
        battle->record(kCasualties, hits_on(battle->battle(), 2, 1));  // #3 Gordons 14 -> 13
    }
    // Entry 2's row is changed behind the app's back: its checksum no longer holds.
    {
        pqxx::connection other(server());
        pqxx::work tx(other);
        tx.exec_params("UPDATE umpire_journal SET summary = 'tampered' WHERE battle = $1 AND id = 2",
                       where.substr(where.find("battle=") + 7));
        tx.commit();
    }
    CHECK_FALSE(store::check_battle(where).sound());

    TempDir dir;
    const std::string file = dir.file("rebuilt.umpire");
    const store::RecoverReport r = store::recover_battle(where, file);
    CHECK(r.found == 3);
    CHECK(r.kept == 2);
    REQUIRE(r.dropped.size() == 1);
    CHECK_THAT(r.dropped[0], Catch::Contains("entry 2"));
    CHECK(r.origin == "the starting state kept on the server");
    CHECK(store::check_battle(file).sound());
    const auto rebuilt = open_as(file);
    CHECK(rebuilt->battle().unit(2)->figures == 13);
    CHECK(rebuilt->battle().unit(3)->figures == sample_battle().unit(3)->figures);  // entry 2 is gone

    const std::string again = ServerBackend{}.where("rebuilt");
    const store::RecoverReport onto = store::recover_battle(where, again);
    CHECK(onto.kept == 2);
    CHECK(store::check_battle(again).sound());
    CHECK(open_as(again)->battle().unit(2)->figures == 13);
    // Neither a file nor a battle is ever replaced.
    CHECK_THROWS_AS(store::recover_battle(where, file), StoreError);
    CHECK_THROWS_AS(store::recover_battle(where, again), StoreError);
}

TEST_CASE("postgres: an address gets timeouts that keep a dropped network from hanging a desk, unless it sets its own") {
    const auto plain = store::postgres::parse_address("postgresql://ump@hall:5440/umpire?battle=kotal");
    CHECK(plain.battle == "kotal");
    CHECK(plain.connection.find("connect_timeout=5") != std::string::npos);
    CHECK(plain.connection.find("tcp_user_timeout=10000") != std::string::npos);
    CHECK(plain.connection.find("battle=") == std::string::npos);
    const auto own = store::postgres::parse_address("postgresql://ump@hall/umpire?connect_timeout=30&battle=kotal");
    CHECK(own.connection.find("connect_timeout=30") != std::string::npos);
    CHECK(own.connection.find("connect_timeout=5") == std::string::npos);
    CHECK(own.connection.find("keepalives_idle=5") != std::string::npos);
}

TEST_CASE("copy: a battle file to a server and back is the same battle, row for row, and checks sound") {
    TempDir dir;
    const std::string file = dir.file("kotal.umpire");
    {
        auto battle = store::BattleFile::create(file, sample_battle());
        battle.record(kCasualties, hits_on(battle.battle(), 2, 3));
        battle.undo();
        battle.redo();
        battle.record(kCasualties, hits_on(battle.battle(), 2, 1));
    }
    const std::string there = ServerBackend{}.where("copied");
    store::copy_battle(file, there);
    CHECK(store::check_battle(there).sound());
    CHECK(open_as(there)->battle().unit(2)->figures == 12);
    // A copy never replaces a battle.
    CHECK_THROWS_WITH(store::copy_battle(file, there), Catch::Contains("already"));

    const std::string back = dir.file("back.umpire");
    store::copy_battle(there, back);
    const store::CheckReport check = store::check_battle(back);
    CHECK(check.sound());
    CHECK(check.entries == 4);
    const auto original = store::detail::read_file_image(file), returned = store::detail::read_file_image(back);
    CHECK(returned.seal.battle_uid == original.seal.battle_uid);
    CHECK(returned.seal.origin == original.seal.origin);
    CHECK(returned.seal.journal_head == original.seal.journal_head);
    CHECK(returned.seal.state_checksum == original.seal.state_checksum);
    REQUIRE(returned.rows.size() == original.rows.size());
    for (std::size_t i = 0; i < original.rows.size(); ++i) {
        CHECK(returned.rows[i].row.cells() == original.rows[i].row.cells());
        CHECK(returned.rows[i].checksum == original.rows[i].checksum);
        CHECK(returned.rows[i].head == original.rows[i].head);
    }
    // And written on there in between, the copy back carries the server's entries too.
    auto on_server = open_as(there, "carol");
    on_server->record(kCasualties, hits_on(on_server->battle(), 2, 2));
    const std::string later = dir.file("later.umpire");
    store::copy_battle(there, later);
    CHECK(store::check_battle(later).sound());
    CHECK(store::BattleFile::open(later).battle().unit(2)->figures == 10);
    CHECK(store::BattleFile::open(later).journal().size() == 5);
}

TEST_CASE("copy: a damaged battle is not copied, and a server's battle that is not there is said so") {
    TempDir dir;
    const std::string there = ServerBackend{}.where("absent");
    CHECK_THROWS_WITH(store::copy_battle(there, dir.file("x.umpire")), Catch::Contains("there is no battle"));
    CHECK_FALSE(std::filesystem::exists(dir.file("x.umpire")));
    CHECK_THROWS_WITH(open_as(there), Catch::Contains("there is no battle"));
    CHECK_THROWS_WITH(open_as(server()), Catch::Contains("names no battle"));
    // A server's battle whose state no longer matches its checksum: check says so, copy refuses.
    store::create_battle(there, sample_battle());
    {
        pqxx::connection conn(server());
        pqxx::work tx(conn);
        tx.exec_params("UPDATE umpire_units SET unit = replace(unit, '\"figures\":16', '\"figures\":15') WHERE battle = $1 AND "
                       "id = 2",
                       there.substr(there.find("battle=") + 7));
        tx.commit();
    }
    CHECK_FALSE(store::check_battle(there).sound());
    CHECK_THROWS_WITH(store::copy_battle(there, dir.file("y.umpire")), Catch::Contains("damaged"));
    CHECK_FALSE(std::filesystem::exists(dir.file("y.umpire")));
    const auto opened = open_as(there);
    CHECK(opened->read_only());
    CHECK_THROWS_WITH(opened->record(kCasualties, hits_on(opened->battle(), 2, 1)), Catch::Contains("read-only"));
}
