// The battle's state on a server kept as rows (store/postgres/state_rows.h): a write rewrites the
// rows of what it changed and nothing else, the state read back from the rows is the state
// written, checksum and all, and a battle of the first server schema (its whole state one JSON
// text, on a server whose tables that schema made) opens, upgraded in place, and carries on.
#include "store/backends.h"
#include "store/battle_file.h"
#include "store/battle_image.h"
#include "store/checksum.h"
#include "store/origin.h"
#include "store/postgres/rows.h"
#include "store/server_backend.h"
#include "battle_diff.h"
#include "store_support.h"
#include "support/pg_server.h"

#include <catch2/catch.hpp>
#include <pqxx/pqxx>

#include <map>
#include <random>

using namespace umpire;
using namespace umpire::testing;

namespace {

const rules::ActionRequest kCasualties{"casualties", 2, std::nullopt, {}, {}};
const rules::ActionRequest kDetach{"detach", 2, std::nullopt, {}, {}};

std::string battle_name(const std::string& where) { return where.substr(where.find("battle=") + 7); }

std::unique_ptr<store::BattleStore> open_as(const std::string& where) { return store::open_store(where, {}); }

// Each unit row's version (the transaction that wrote it, PostgreSQL's xmin): a row written again
// has a new one.
std::map<int, std::string> unit_row_versions(const std::string& server, const std::string& battle) {
    pqxx::connection conn(server);
    pqxx::read_transaction tx(conn);
    std::map<int, std::string> versions;
    for (const pqxx::row& r : tx.exec_params("SELECT id, xmin::text FROM umpire_units WHERE battle = $1", battle))
        versions[r[0].as<int>()] = r[1].as<std::string>();
    return versions;
}

// The battle row's columns that hold the state, and its schema.
struct BattleRow {
    int schema = 0;
    bool whole_state = false;  // the first schema's JSON still there
    std::string remainder, version;
};

BattleRow battle_row(const std::string& server, const std::string& battle) {
    pqxx::connection conn(server);
    pqxx::read_transaction tx(conn);
    const pqxx::row r = tx.exec_params1(
        "SELECT schema, state IS NOT NULL, coalesce(to_jsonb(b) ->> 'remainder', ''), xmin::text FROM umpire_battles b "
        "WHERE name = $1",  // through to_jsonb: the first schema's tables have no remainder
        battle);
    return {r[0].as<int>(), r[1].as<bool>(), r[2].as<std::string>(), r[3].as<std::string>()};
}

// The units with a detachment split off the Gordons (unit 2) as unit 5, third in the roster.
std::vector<model::Effect> split_effects(const model::Battle& b) {
    model::Effect create{model::Entity::Unit, 5, std::string(model::kRosterPlace), 0, 3, "detached"};
    create.unit = detachment_of_gordons(b);
    const int figures = b.unit(2)->figures;
    return {unit_effect(2, "figures", figures, figures - 4), create};
}

// The tables as the first server schema made them, the journal's as it still is.
const char* const kFirstSchemaTables = R"(
CREATE TABLE umpire_battles (
  name text PRIMARY KEY, schema integer NOT NULL, battle_uid text NOT NULL, created_at text NOT NULL,
  origin text NOT NULL, origin_checksum text NOT NULL, journal_head text NOT NULL, journal_last bigint NOT NULL,
  state text NOT NULL, state_checksum text NOT NULL);
CREATE TABLE umpire_journal (
  battle text NOT NULL REFERENCES umpire_battles(name) ON DELETE CASCADE, id bigint NOT NULL, kind text NOT NULL,
  turn bigint NOT NULL, action text NOT NULL, summary text NOT NULL, unit bigint, target bigint,
  request_json text NOT NULL, dice_json text NOT NULL, resolution_json text NOT NULL, effects_json text NOT NULL,
  refers_to bigint, created_at text NOT NULL, units text NOT NULL, follow_ups text NOT NULL, answers bigint,
  checksum text NOT NULL, head text NOT NULL, umpire text NOT NULL DEFAULT '', operation text,
  PRIMARY KEY (battle, id), UNIQUE (battle, operation));
CREATE INDEX umpire_journal_refers ON umpire_journal (battle, refers_to, id);
)";

// A database of its own on the tests' server, holding what the first server schema wrote; dropped
// when done.
class FirstSchemaServer {
public:
    FirstSchemaServer() : name_(umpire::test::unique_battle_name("umpire_first_schema")) {
        for (char& c : name_)
            if (c == '-') c = '_';
        pqxx::connection conn(umpire::test::pg_server_address());
        pqxx::nontransaction(conn).exec("CREATE DATABASE " + name_);
        pqxx::connection made(address());
        pqxx::work tx(made);
        tx.exec(kFirstSchemaTables);
        tx.commit();
    }
    ~FirstSchemaServer() {
        try {
            pqxx::connection conn(umpire::test::pg_server_address());
            pqxx::nontransaction(conn).exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        } catch (const std::exception&) {
            // the server gone: nothing of ours is left on it
        }
    }
    FirstSchemaServer(const FirstSchemaServer&) = delete;
    FirstSchemaServer& operator=(const FirstSchemaServer&) = delete;

    std::string address() const {
        const std::string server = umpire::test::pg_server_address();
        return server.substr(0, server.rfind('/') + 1) + name_;
    }

    // The battle file's battle put there as the first schema kept it: its state one JSON text.
    void put(const std::string& battle, const store::detail::BattleImage& image) {
        pqxx::connection conn(address());
        pqxx::work tx(conn);
        tx.exec_params("INSERT INTO umpire_battles (name, schema, battle_uid, created_at, origin, origin_checksum,"
                       " journal_head, journal_last, state, state_checksum) VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9)",
                       battle, image.seal.battle_uid, image.created_at, image.seal.origin.value_or(""),
                       store::detail::hex64(image.seal.origin_checksum), store::detail::hex64(image.seal.journal_head),
                       image.seal.journal_last, store::detail::origin_text(image.state),
                       store::detail::hex64(image.seal.state_checksum));
        for (const store::detail::StoredEntry& e : image.rows) store::postgres::insert_row(tx, battle, e, std::nullopt);
        tx.commit();
    }

private:
    std::string name_;
};

} // namespace

TEST_CASE("postgres: a write rewrites the rows of the units its effects touched and no other") {
    const std::string server = umpire::test::pg_server_address();
    const std::string there = server + "?battle=" + umpire::test::unique_battle_name("rows");
    const std::string name = battle_name(there);
    store::create_battle(there, sample_battle());
    const auto before = unit_row_versions(server, name);
    REQUIRE(before.size() == 4);
    const BattleRow row_before = battle_row(server, name);
    CHECK(row_before.schema == 2);
    CHECK_FALSE(row_before.whole_state);

    auto battle = open_as(there);
    battle->record(kCasualties, hits_on(battle->battle(), 2, 3));
    auto after = unit_row_versions(server, name);
    for (const auto& [id, version] : before) {
        INFO("unit " << id);
        CHECK((version != after.at(id)) == (id == 2));
    }
    // The rest of the battle is kept as it was: the battle row is written (its seal), not its remainder.
    CHECK(battle_row(server, name).remainder == row_before.remainder);

    // A battle-level effect writes the remainder and no unit's row.
    battle->record({"turn", std::nullopt, std::nullopt, {}, {}}, resolution_with("turn", "turn 4", {turn_effect(3, 4)}));
    CHECK(unit_row_versions(server, name) == after);
    CHECK(battle_row(server, name).remainder != row_before.remainder);
    CHECK(battle_row(server, name).remainder.find("\"turn\":4") != std::string::npos);

    // A detachment split off: its row inserted third, the units after it moved down, the Gordons
    // rewritten; the Sikhs (first, untouched) kept as they were.
    battle->record(kDetach, resolution_with("detach", "detached", split_effects(battle->battle())));
    const auto split = unit_row_versions(server, name);
    REQUIRE(split.size() == 5);
    CHECK(split.at(1) == after.at(1));
    CHECK(split.at(2) != after.at(2));
    CHECK(split.at(3) != after.at(3));  // moved from second-to-last to fourth
    {
        pqxx::connection conn(server);
        pqxx::read_transaction tx(conn);
        std::vector<int> order;
        for (const pqxx::row& r : tx.exec_params("SELECT id FROM umpire_units WHERE battle = $1 ORDER BY position", name))
            order.push_back(r[0].as<int>());
        CHECK(order == std::vector<int>{1, 2, 5, 3, 4});
    }
    // Undone, the detachment's row goes and the order is the roster's again.
    battle->undo();
    CHECK(unit_row_versions(server, name).count(5) == 0);
    CHECK(open_as(there)->battle().units.size() == 4);
}

TEST_CASE("postgres: the state read back from the rows is the state written, checksum and all, and a file's the same") {
    const std::string server = umpire::test::pg_server_address();
    const std::string there = server + "?battle=" + umpire::test::unique_battle_name("read-back");
    TempDir dir;
    const std::string file = dir.file("same.umpire");
    store::create_battle(there, sample_battle());
    store::create_battle(file, sample_battle());
    // The same writes on both: a figure lost, a flag, a counter, a trait, a name, a commander, a
    // detachment, the turn, a battle text.
    for (const std::string& where : {there, file}) {
        auto b = open_as(where);
        b->record(kCasualties, hits_on(b->battle(), 2, 2));
        b->record(kCasualties,
                  resolution_with("casualties", "shaken",
                                  {unit_effect(3, "flag:shaken", 0, 1), unit_effect(3, "counter:charges", 2, 1),
                                   model::text_effect(model::Entity::Unit, 4, "trait:stubborn", std::nullopt, "yes", ""),
                                   // Quotes, a backslash and a "$1": a write's values go into its statements as
                                   // literals (statements.h), and must come back as they were.
                                   model::text_effect(model::Entity::Unit, 1, "name", "2nd Sikhs",
                                                      "2nd Sikhs (\"Ludhiana\") O'Brien's $1 \\ $2", ""),
                                   commander_effect(2, "status", 0, 1)}));
        b->record(kDetach, resolution_with("detach", "detached", split_effects(b->battle())));
        b->record({"turn", std::nullopt, std::nullopt, {}, {}},
                  resolution_with("turn", "turn 4",
                                  {turn_effect(3, 4), model::text_effect(model::Entity::Battle, 0, "text:wind", std::nullopt,
                                                                         "north ünïcödé", "")}));
    }
    const auto written = open_as(file);
    const auto reread = open_as(there);
    CHECK(reread->damage().empty());
    CHECK(battle_diff(reread->battle(), written->battle()) == "");
    CHECK(store::detail::origin_text(reread->battle()) == store::detail::origin_text(written->battle()));
    CHECK(store::detail::state_checksum(reread->battle()) == store::detail::state_checksum(written->battle()));
    CHECK(reread->battle().units.at(2).id == 5);
    CHECK(reread->battle().unit(1)->name == "2nd Sikhs (\"Ludhiana\") O'Brien's $1 \\ $2");
    const auto image = store::detail::read_file_image(file);
    CHECK(store::server_backend().read_image(there).seal.state_checksum == image.seal.state_checksum);
    CHECK(store::check_battle(there).sound());
}

TEST_CASE("postgres: a battle of the first server schema opens, upgraded in place, and carries on") {
    TempDir dir;
    const std::string file = dir.file("old.umpire");
    store::create_battle(file, sample_battle());
    {
        auto b = store::BattleFile::open(file);
        b.record(kCasualties, hits_on(b.battle(), 2, 3));
        b.record(kDetach, resolution_with("detach", "detached", split_effects(b.battle())));
    }
    const auto image = store::detail::read_file_image(file);
    FirstSchemaServer old;
    const std::string name = umpire::test::unique_battle_name("old");
    const std::string there = old.address() + "?battle=" + name;
    old.put(name, image);

    // Read as it is by what only reads (check, a copy to a file): nothing changed on the server.
    CHECK(store::check_battle(there).sound());
    const std::string copied = dir.file("copied.umpire");
    store::copy_battle(there, copied);
    CHECK(store::check_battle(copied).sound());
    CHECK(battle_row(old.address(), name).schema == 1);
    CHECK(battle_row(old.address(), name).whole_state);
    {
        pqxx::connection conn(old.address());
        pqxx::read_transaction tx(conn);
        CHECK(tx.exec1("SELECT to_regclass('umpire_units') IS NULL")[0].as<bool>());
    }

    // Opened by a server user that may only read, it is read as it is and not upgraded.
    {
        const std::string reader = "umpire_reader_" + std::to_string(std::random_device{}() % 1000000);
        {
            pqxx::connection conn(old.address());
            pqxx::work tx(conn);
            tx.exec("CREATE ROLE " + reader + " LOGIN");
            tx.exec("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + reader);
            tx.commit();
        }
        std::string as_reader = old.address();
        as_reader.replace(as_reader.find("umpire@"), 7, reader + "@");
        {
            const auto read_only = open_as(as_reader + "?battle=" + name);
            CHECK(read_only->damage().empty());
            CHECK(battle_diff(read_only->battle(), image.state) == "");
            CHECK_THROWS_AS(read_only->record(kCasualties, hits_on(read_only->battle(), 3, 1)), store::StoreError);
        }
        CHECK(battle_row(old.address(), name).schema == 1);
        pqxx::connection conn(old.address());
        pqxx::work tx(conn);
        tx.exec("REVOKE ALL ON ALL TABLES IN SCHEMA public FROM " + reader);
        tx.exec("DROP ROLE " + reader);
        tx.commit();
    }

    // Opened, it is upgraded: the tables brought up to date, the state in rows, the same state.
    {
        const auto opened = open_as(there);
        CHECK(opened->damage().empty());
        CHECK(battle_diff(opened->battle(), image.state) == "");
        CHECK(opened->last_entry() == 2);
    }
    const BattleRow row = battle_row(old.address(), name);
    CHECK(row.schema == 2);
    CHECK_FALSE(row.whole_state);
    CHECK(unit_row_versions(old.address(), name).size() == 5);
    const auto upgraded = store::server_backend().read_image(there);
    CHECK(upgraded.seal.state_checksum == image.seal.state_checksum);
    CHECK(upgraded.seal.journal_head == image.seal.journal_head);
    CHECK(battle_diff(upgraded.state, image.state) == "");

    // And carries on: written, checked, opened again, copied back.
    auto b = open_as(there);
    b->record(kCasualties, hits_on(b->battle(), 3, 1));
    CHECK(store::check_battle(there).sound());
    CHECK(open_as(there)->battle().unit(3)->figures == 11);
    const std::string back = dir.file("back.umpire");
    store::copy_battle(there, back);
    CHECK(store::check_battle(back).sound());
    CHECK(store::BattleFile::open(back).journal().size() == 3);
}

TEST_CASE("postgres: a battle an Umpire of the first schema wrote as JSON after the upgrade is read from the JSON") {
    // An Umpire of the first schema that had the battle open before another upgraded it can still
    // write it (what it checks is the journal's end, which it read): its write leaves the state as
    // JSON and the unit rows as they were. The JSON is then the state, and the next write puts it
    // all in rows again.
    const std::string server = umpire::test::pg_server_address();
    const std::string there = server + "?battle=" + umpire::test::unique_battle_name("rewritten");
    const std::string name = battle_name(there);
    store::create_battle(there, sample_battle());
    auto b = open_as(there);
    b->record(kCasualties, hits_on(b->battle(), 2, 3));
    {
        // What its write leaves: the state (the Gordons at 13) as JSON, their row still at 16.
        pqxx::connection conn(server);
        pqxx::work tx(conn);
        model::Battle stale = b->battle();
        stale.unit(2)->figures = 16;
        tx.exec_params("UPDATE umpire_units SET unit = $3 WHERE battle = $1 AND id = $2", name, 2,
                       store::detail::unit_text(*stale.unit(2)));
        tx.exec_params("UPDATE umpire_battles SET state = $2 WHERE name = $1", name,
                       store::detail::origin_text(b->battle()));
        tx.commit();
    }
    CHECK(store::check_battle(there).sound());
    CHECK(store::server_backend().read_image(there).state.unit(2)->figures == 13);
    // Written by a desk open since before: every row from its state, the JSON dropped.
    b->record(kCasualties, hits_on(b->battle(), 2, 1));
    CHECK_FALSE(battle_row(server, name).whole_state);
    CHECK(open_as(there)->battle().unit(2)->figures == 12);
    CHECK(store::check_battle(there).sound());
    // Opened while it holds JSON, it is upgraded as a battle of the first schema is.
    {
        pqxx::connection conn(server);
        pqxx::work tx(conn);
        tx.exec_params("UPDATE umpire_battles SET state = $2 WHERE name = $1", name, store::detail::origin_text(b->battle()));
        tx.commit();
    }
    CHECK(open_as(there)->battle().unit(2)->figures == 12);
    CHECK_FALSE(battle_row(server, name).whole_state);
    CHECK(store::check_battle(there).sound());
}

TEST_CASE("postgres: a desk catching up plays the entries written since, to the state a fresh read gives") {
    const std::string server = umpire::test::pg_server_address();
    const std::string there = server + "?battle=" + umpire::test::unique_battle_name("catch-up");
    const std::string name = battle_name(there);
    store::create_battle(there, sample_battle());
    store::OpenOptions as_alice, as_bob;
    as_alice.umpire = "alice";
    as_bob.umpire = "bob";
    auto alice = store::open_store(there, as_alice);
    auto bob = store::open_store(there, as_bob);

    alice->record(kCasualties, hits_on(alice->battle(), 2, 3));
    alice->record(kDetach, resolution_with("detach", "detached", split_effects(alice->battle())));
    CHECK(bob->read_again() == std::vector<std::int64_t>{1, 2});
    CHECK(battle_diff(bob->battle(), open_as(there)->battle()) == "");
    CHECK(bob->battle().units.at(2).id == 5);

    // An undo of an action bob had already seen (its effects are read with it), and bob's own write.
    bob->record(kCasualties, hits_on(bob->battle(), 3, 1));
    alice->read_again();
    REQUIRE(alice->undo());  // alice's last: the detachment
    CHECK(bob->read_again() == std::vector<std::int64_t>{4});
    CHECK(bob->battle().unit(5) == nullptr);
    CHECK(battle_diff(bob->battle(), open_as(there)->battle()) == "");
    CHECK(bob->can_redo() == false);
    CHECK(alice->can_redo());

    // Only the new entries are read: a unit's row changed behind the store's back (no entry, its
    // checksum not changed) is not read by the catch-up; a fresh read of the whole finds it.
    {
        pqxx::connection conn(server);
        pqxx::work tx(conn);
        tx.exec_params("UPDATE umpire_units SET unit = replace(unit, 'Afridi Marksmen', 'Someone else') WHERE battle = $1",
                       name);
        tx.commit();
    }
    alice->record(kCasualties, hits_on(alice->battle(), 1, 1));
    CHECK(bob->read_again() == std::vector<std::int64_t>{5});
    CHECK(bob->damage().empty());
    CHECK(bob->battle().unit(4)->name == "Afridi Marksmen");
    CHECK(bob->battle().unit(1)->figures == 13);
    CHECK_FALSE(open_as(there)->damage().empty());

    // A battle put anew under the same name is not caught up with: it is read whole.
    {
        pqxx::connection conn(server);
        pqxx::work tx(conn);
        tx.exec_params("DELETE FROM umpire_battles WHERE name = $1", name);
        tx.commit();
    }
    model::Battle other = sample_battle();
    other.name = "Another battle";
    store::create_battle(there, other);
    bob->read_again();
    CHECK(bob->battle().name == "Another battle");
    CHECK(bob->battle().units.size() == 4);
    CHECK(bob->last_entry() == 0);
}
