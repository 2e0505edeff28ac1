// The desk on a battle on a PostgreSQL server (the tests' own, a ctest fixture): opened by its
// address, it applies, undoes and redoes there, under the umpire's name; a second desk (or the
// command line) on the same battle is seen within a second of watching; and a lost connection is
// said, refuses every write while it lasts, is tried again, and what happened meanwhile is read.
#include "ui_support.h"

#include "desk/invite.h"
#include "desk/phones.h"
#include "panels/shell.h"

#include "support/pg_server.h"

#include "roster/edit.h"
#include "rulesets/registry.h"
#include "store/backends.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <pqxx/pqxx>

#include <thread>

using namespace umpire;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

// The demo battle put on the server under a name of its own; its address. `extra` joins the
// address's parameters (application_name=..., to pick out its connections).
std::string demo_on_server(const std::string& stem, const std::string& extra = "") {
    const std::string where =
        test::pg_server_address() + "?battle=" + test::unique_battle_name(stem) + (extra.empty() ? "" : "&" + extra);
    store::create_battle(where, roster::parse_roster(roster::demo_roster(), "demo"));
    return where;
}

// The battle as the server has it now, read by a connection of its own.
std::unique_ptr<store::BattleStore> on_server(const std::string& where) { return store::open_store(where); }

int figures(const model::Battle& b, const std::string& unit) { return b.find_unit(unit)->figures; }

// A roll of `hits` casualties on `unit` at the desk, ready to apply.
void roll_hits(desk::Desk& desk, const std::string& unit, int hits) {
    test::roll_casualties(desk, unit, hits);
    REQUIRE(desk.can_apply());
}

// Another umpire at the command line (`umpire apply --as NAME`): hits on a unit of the battle.
std::int64_t cli_hits(const std::string& where, const std::string& umpire, const std::string& unit, int hits) {
    store::OpenOptions options;
    options.umpire = umpire;
    const auto other = store::open_store(where, options);
    const auto ruleset = rulesets::make(other->battle().ruleset, other->battle().house_rules);
    rules::ActionRequest request{"casualties", other->battle().find_unit(unit)->id, std::nullopt,
                                 {{"hits", std::to_string(hits)}}, {}};
    dice::TypedDice none({});
    return other->record(request, ruleset->resolve(request, other->battle(), none));
}

// Watches as the window does, once a (desk's) second, every 10 ms of real time, until `seen` holds
// or `limit` of real time has passed; returns the real time it took. The desk's clock starts at
// `clock` and is left where the watching stopped.
Clock::duration watch_until(desk::Desk& desk, Clock::time_point& clock, const std::function<bool()>& seen,
                            Clock::duration limit = 5s) {
    const auto start = Clock::now();
    while (!seen() && Clock::now() - start < limit) {
        std::this_thread::sleep_for(10ms);
        clock += desk::Desk::kWatchInterval;
        desk.watch_file(clock);
    }
    return Clock::now() - start;
}

} // namespace

TEST_CASE("desk on a server: opened by its address, it applies, undoes and redoes on the server, under its umpire") {
    const std::string where = demo_on_server("desk-apply");
    desk::Desk desk = desk::Desk::open(where, false, {}, "Anna");
    CHECK(desk.on_server());
    CHECK(desk.umpire() == "Anna");
    CHECK(desk.path() == store::shown(where));
    const int gordons = figures(desk.battle(), "Gordon Highlanders");

    roll_hits(desk, "Gordon Highlanders", 2);
    REQUIRE(desk.apply());
    CHECK(figures(desk.battle(), "Gordon Highlanders") == gordons - 2);
    {
        const auto server = on_server(where);
        CHECK(figures(server->battle(), "Gordon Highlanders") == gordons - 2);
        const auto lines = server->journal_lines();
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].umpire == "Anna");
        CHECK(lines[0].action == "casualties");
    }
    REQUIRE(desk.journal().size() == 1);
    CHECK(desk.journal().back().umpire == "Anna");

    REQUIRE(desk.undo());
    CHECK(figures(on_server(where)->battle(), "Gordon Highlanders") == gordons);
    REQUIRE(desk.redo());
    CHECK(figures(on_server(where)->battle(), "Gordon Highlanders") == gordons - 2);
    CHECK(on_server(where)->last_entry() == 3);
    CHECK(store::check_battle(where).sound());

    // Opened again, the journal and what is owed read back from the server's tables.
    desk::Desk again = desk::Desk::open(where, false, {}, "Anna");
    CHECK(again.journal().size() == 3);
    CHECK(again.pending().size() == desk.pending().size());
    CHECK(again.check_file());  // every row checked, on the server
    CHECK(again.damage().empty());
    CHECK(again.file_checked());
}

TEST_CASE("desk on a server: another desk's write is seen within a second of watching, naming its umpire") {
    const std::string where = demo_on_server("desk-two");
    desk::Desk anna = desk::Desk::open(where, false, {}, "Anna");
    desk::Desk bruno = desk::Desk::open(where, false, {}, "Bruno");
    auto clock = Clock::now();
    CHECK_FALSE(bruno.watch_file(clock));  // nothing yet: the look starts listening
    const int gordons = figures(bruno.battle(), "Gordon Highlanders");

    // Bruno has a roll worked out and a value typed in the form when Anna applies.
    roll_hits(bruno, "Ghazis", 3);
    roll_hits(anna, "Gordon Highlanders", 2);
    REQUIRE(anna.apply());
    const auto took = watch_until(bruno, clock, [&] { return bruno.journal().size() == 1; });
    CHECK(took < 1s);
    CHECK(figures(bruno.battle(), "Gordon Highlanders") == gordons - 2);
    CHECK_THAT(bruno.status(), Catch::Contains("Changed by Anna") && Catch::Contains("#1"));
    CHECK_THAT(bruno.status(), Catch::Contains("the roll not yet applied was dropped"));
    CHECK_FALSE(bruno.rolled().has_value());
    CHECK(bruno.value("hits") == "3");  // what was typed is kept

    // The command line's write under another name, seen the same way.
    const std::int64_t carla = cli_hits(where, "Carla", "Ghazis", 1);
    CHECK(watch_until(bruno, clock, [&] { return bruno.journal().size() == 2; }) < 1s);
    CHECK_THAT(bruno.status(), Catch::Contains("Changed by Carla") && Catch::Contains("#" + std::to_string(carla)));

    // Anna has not watched since: her apply is worked out on a reading Bruno's desk has since
    // changed... by Carla. Refused, naming who, nothing done, and read again.
    roll_hits(anna, "Gordon Highlanders", 1);
    CHECK_FALSE(anna.apply());
    CHECK_THAT(anna.error(), Catch::Contains("changed by Carla") && Catch::Contains("nothing was done"));
    CHECK(anna.journal().size() == 2);
    CHECK(on_server(where)->last_entry() == 2);
    roll_hits(anna, "Gordon Highlanders", 1);
    CHECK(anna.apply());  // on the new reading it goes through
    CHECK(watch_until(bruno, clock, [&] { return bruno.journal().size() == 3; }) < 1s);
    CHECK(figures(bruno.battle(), "Gordon Highlanders") == gordons - 3);
}

TEST_CASE("desk on a server: a lost connection is said, refuses every write, is tried again and comes back") {
    const std::string app = "desk-lost-" + test::unique_battle_name("t");
    const std::string where = demo_on_server("desk-lost", "application_name=" + app);
    desk::Desk desk = desk::Desk::open(where, false, {}, "Anna");
    roll_hits(desk, "Gordon Highlanders", 1);
    REQUIRE(desk.apply());
    auto clock = Clock::now();
    CHECK_FALSE(desk.watch_file(clock));
    CHECK(desk.unreachable().empty());

    // The server drops every connection of this desk (the listening one and the other).
    {
        pqxx::connection admin(test::pg_server_address());
        pqxx::nontransaction tx(admin);
        const pqxx::result killed = tx.exec_params(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", app);
        REQUIRE(killed.size() >= 1);
    }
    CHECK(watch_until(desk, clock, [&] { return !desk.unreachable().empty(); }) < 2s);
    CHECK(desk.unreachable() == "Server lost: retrying... nothing can be applied until it is back");
    CHECK_THAT(desk.unreachable_reason(), Catch::Contains("lost the connection to " + store::shown(where)));
    CHECK_THAT(desk.status(), Catch::Contains("Server lost"));
    const auto lost_at = clock;

    // Nothing is applied, undone or redone while it lasts: refused with the reason, nothing sent.
    roll_hits(desk, "Gordon Highlanders", 2);
    CHECK_FALSE(desk.apply());
    CHECK_THAT(desk.error(), Catch::StartsWith("Server lost"));
    CHECK_FALSE(desk.undo());
    CHECK_THAT(desk.error(), Catch::StartsWith("Server lost"));
    CHECK(on_server(where)->last_entry() == 1);
    CHECK(desk.journal().size() == 1);

    // Meanwhile another umpire writes: its notice never reaches the desk.
    cli_hits(where, "Carla", "Ghazis", 1);
    CHECK_FALSE(desk.watch_file(lost_at + 1s));  // the next try is a few seconds away
    CHECK_FALSE(desk.unreachable().empty());
    // The try is made beside the desk: the look that starts it, and each look after, return at once.
    clock = lost_at + desk::Desk::kRetryInterval;
    const auto look = Clock::now();
    desk.watch_file(clock);
    CHECK(Clock::now() - look < 100ms);
    CHECK(watch_until(desk, clock, [&] { return desk.unreachable().empty(); }) < 2s);
    CHECK(desk.unreachable().empty());
    CHECK_THAT(desk.status(), Catch::StartsWith("Server back") && Catch::Contains("Changed by Carla"));
    CHECK(desk.journal().size() == 2);

    // Back: the same roll applies now.
    roll_hits(desk, "Gordon Highlanders", 2);
    REQUIRE(desk.apply());
    CHECK(on_server(where)->last_entry() == 3);
    CHECK(desk.journal().back().umpire == "Anna");
}

TEST_CASE("desk on a server: opened from the window under the settings' umpire, the address kept without its password") {
    const std::string where = demo_on_server("desk-shell");
    // The same address with a password in it (the tests' server trusts its users: it is not asked for).
    const std::string scheme = "postgresql://umpire";
    REQUIRE(where.rfind(scheme + "@", 0) == 0);
    const std::string with_password = scheme + ":s3cret-word" + where.substr(scheme.size());
    ui::Shell shell;
    shell.view.umpire = "Dora";
    REQUIRE(shell.open_battle(with_password));
    REQUIRE(shell.desk);
    CHECK(shell.desk->umpire() == "Dora");
    CHECK(shell.desk->path() == where);
    CHECK(shell.files.recent_battles().paths().front() == where);
    roll_hits(*shell.desk, "Gordon Highlanders", 1);
    REQUIRE(shell.desk->apply());
    CHECK(on_server(where)->journal_lines().back().umpire == "Dora");

    // A server that is not there: said, without the password, and nothing opened.
    ui::Shell nowhere;
    CHECK_FALSE(nowhere.open_battle("postgresql://umpire:s3cret-word@127.0.0.1:1/postgres?battle=none"));
    CHECK_FALSE(nowhere.desk);
    CHECK_THAT(nowhere.start_error, Catch::Contains("Could not open postgresql://umpire@127.0.0.1:1/postgres?battle=none"));
    CHECK(nowhere.start_error.find("s3cret") == std::string::npos);
}

TEST_CASE("desk on a server: an action for a unit in another umpire's sector is asked first, and again goes through") {
    const std::string where = demo_on_server("desk-sector");
    {
        store::OpenOptions options;
        options.umpire = "Carla";
        const auto carla = store::open_store(where, options);
        const auto given = roster::assign_unit_sector(carla->battle(), carla->battle().find_unit("Gordon Highlanders")->id,
                                                      std::string("Bruno"));
        carla->record({given.action, given.unit, std::nullopt, {}, {}}, given);
    }
    desk::Desk anna = desk::Desk::open(where, false, {}, "Anna");
    const int gordons = figures(anna.battle(), "Gordon Highlanders");
    roll_hits(anna, "Gordon Highlanders", 2);
    CHECK_FALSE(anna.apply());
    CHECK_THAT(anna.error(), Catch::StartsWith("Gordon Highlanders is in Bruno's sector: nothing was done") &&
                                 Catch::Contains("Do it again"));
    CHECK(on_server(where)->last_entry() == 1);
    CHECK(figures(anna.battle(), "Gordon Highlanders") == gordons);
    REQUIRE(anna.apply());  // the same again: confirmed
    const auto lines = on_server(where)->journal_lines();
    REQUIRE(lines.size() == 2);
    CHECK_THAT(lines[1].summary, Catch::EndsWith("(in Bruno's sector)"));
    CHECK(lines[1].umpire == "Anna");
    CHECK(figures(on_server(where)->battle(), "Gordon Highlanders") == gordons - 2);
    // Confirmed once is not confirmed for good: the next action for the Gordons asks again.
    roll_hits(anna, "Gordon Highlanders", 1);
    CHECK_FALSE(anna.apply());
    CHECK_THAT(anna.error(), Catch::Contains("Bruno's sector"));
    // Bruno, whose sector it is, is not asked.
    desk::Desk bruno = desk::Desk::open(where, false, {}, "bruno");
    roll_hits(bruno, "Gordon Highlanders", 1);
    CHECK(bruno.apply());
    CHECK_THAT(on_server(where)->journal_lines().back().summary, !Catch::Contains("sector"));
}

TEST_CASE("other umpires: the address to give, a password only when this laptop hosts it, a file says how to host") {
    const desk::UmpireInvite file = desk::invite_for("battles/kotal.umpire", "/nonexistent/server");
    CHECK(file.address.empty());
    CHECK(file.password.empty());
    CHECK_THAT(file.how, Catch::Contains("umpire host FILE"));

    // Another machine's server: the address as opened, the password the host gave.
    const desk::UmpireInvite remote =
        desk::invite_for("postgresql://umpire@192.168.1.20:5440/umpire?sslmode=require&battle=kotal", "/nonexistent/server");
    CHECK(remote.address == "postgresql://umpire@192.168.1.20:5440/umpire?sslmode=require&battle=kotal");
    CHECK(remote.password.empty());
    CHECK_THAT(remote.how, Catch::Contains("the password the battle's host gave"));

    // This machine, but no server of the app's own hosted from there: nothing is made up.
    const std::string here = test::pg_server_address() + "?battle=kotal";
    const desk::UmpireInvite local = desk::invite_for(here, "/nonexistent/server");
    CHECK(local.address == store::shown(here));
    CHECK(local.password.empty());
}

// Run by tests/cli/host_command.sh while `umpire host` serves a battle from this machine (as the
// user a server may run as): hidden from ctest's own list, as it needs that server. The desk opened
// on the battle through the loopback shows the address the others type and the password.
TEST_CASE("other umpires: a battle hosted on this laptop shows its network address and the umpires' password",
          "[.hosted]") {
    const char* folder = std::getenv("UMPIRE_HOSTED_FOLDER");
    const char* port = std::getenv("UMPIRE_HOSTED_PORT");
    const char* password = std::getenv("UMPIRE_HOSTED_PASSWORD");
    const char* address = std::getenv("UMPIRE_HOSTED_ADDRESS");
    REQUIRE(folder);
    REQUIRE(port);
    REQUIRE(password);
    REQUIRE(address);
    const std::string here = std::string("postgresql://umpire@127.0.0.1:") + port + "/umpire?sslmode=require&battle=kotal";
    const desk::UmpireInvite invite = desk::invite_for(here, folder);
    CHECK(invite.password == password);
    CHECK(invite.address == address);  // the one `umpire host` printed: this laptop on its network
    CHECK_THAT(invite.how, Catch::Contains("this password"));
    // Another port on this machine is not the app's own server: no password made up for it.
    const std::string other = std::string("postgresql://umpire@127.0.0.1:") + std::to_string(std::stoi(port) + 1) +
                              "/umpire?battle=kotal";
    CHECK(desk::invite_for(other, folder).password.empty());
}

TEST_CASE("desk on a server: the phones' pages follow a battle opened with a password in its address, on a server "
          "that asks for it") {
    const std::string where = demo_on_server("phones-password");
    {
        // umpire_pw must give its password (scripts/pg-test-server.sh); a role of the tests' own.
        pqxx::connection admin(test::pg_server_address());
        pqxx::nontransaction tx(admin);
        tx.exec("DO $$ BEGIN CREATE ROLE umpire_pw LOGIN PASSWORD 'pw-s3cret'; "
                "EXCEPTION WHEN duplicate_object THEN NULL; END $$");
        tx.exec("GRANT ALL ON ALL TABLES IN SCHEMA public TO umpire_pw");
    }
    const std::string scheme = "postgresql://umpire@";
    REQUIRE(where.rfind(scheme, 0) == 0);
    const std::string with_password = "postgresql://umpire_pw:pw-s3cret@" + where.substr(scheme.size());
    const std::string without = "postgresql://umpire_pw@" + where.substr(scheme.size());
    CHECK_THROWS_WITH(store::open_store(without), Catch::Contains("password"));  // the server asks

    desk::Desk desk = desk::Desk::open(with_password, false, {}, "Ella");
    CHECK(desk.path() == without);  // shown without it
    CHECK(desk.connection() == with_password);
    serve::ServeOptions local;
    local.bind = "127.0.0.1";
    local.port = 0;
    desk::Phones phones;
    INFO(phones.error());
    REQUIRE(phones.start(desk.connection(), local));
    CHECK(phones.pages().size() == 3);  // the umpire's page and a page per side
    phones.stop();
    // By the address shown, the pages could not follow it: that is what the desk no longer does.
    desk::Phones shown;
    CHECK_FALSE(shown.start(desk.path(), local));
    CHECK_THAT(shown.error(), Catch::Contains("password"));
}
