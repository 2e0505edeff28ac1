// The players' phones on a battle several umpires run from a PostgreSQL server (the tests' own, a
// ctest fixture): the pages follow the server's battle as they follow a file, each umpire's write
// published at the next look, and a server lost keeps the pages as they were and says why.
#include "serve/follower.h"
#include "serve/pages.h"
#include "serve/visibility.h"

#include "roster/edit.h"
#include "store/backends.h"

#include "serve_fixture.h"
#include "support/pg_server.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <thread>

using namespace umpire;
using nlohmann::json;

namespace {

std::int64_t edit_as(const std::string& where, const std::string& umpire, const std::string& unit, int figures) {
    store::OpenOptions options;
    options.umpire = umpire;
    const auto battle = store::open_store(where, options);
    const auto r = roster::set_figures(battle->battle(), battle->battle().find_unit(unit)->id, figures);
    return battle->record({r.action, r.unit, std::nullopt, {}, {}}, r);
}

// Looks as the follower's thread does, every 20 ms, until it publishes or two seconds pass.
bool refreshed(serve::Follower& follower) {
    for (int i = 0; i < 100; ++i) {
        if (follower.refresh()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

} // namespace

TEST_CASE("serve on a server: the phones' pages follow a battle on PostgreSQL, each umpire's write published") {
    test::ServedBattle file;
    const std::string name = test::unique_battle_name("phones");
    const std::string where = test::pg_server_address() + "?battle=" + name + "&application_name=" + name;
    store::copy_battle(file.path, where);
    serve::Pages pages;
    serve::Follower follower(where, pages);
    CHECK(follower.file().battle().name == store::open_store(where)->battle().name);
    CHECK_FALSE(follower.refresh());  // nothing new: the look starts listening

    edit_as(where, "Anna", "Ghazis", 11);
    edit_as(where, "Bruno", "Ghazis", 10);
    REQUIRE(refreshed(follower));
    const json reply = json::parse(*pages.changes_since(serve::kUmpire, 0, std::chrono::milliseconds(0)));
    CHECK(reply["entry"] == 2);
    REQUIRE(reply["entries"].size() == 2);
    CHECK(follower.last_problem().empty());

    // The server drops the follower's connections: the pages stay as they were, the problem is
    // said, and once the server answers again what happened meanwhile is published.
    {
        pqxx::connection admin(test::pg_server_address());
        pqxx::nontransaction tx(admin);
        tx.exec_params("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", name);
    }
    edit_as(where, "Carla", "Ghazis", 9);
    REQUIRE(refreshed(follower));
    const json after = json::parse(*pages.changes_since(serve::kUmpire, 2, std::chrono::milliseconds(0)));
    CHECK(after["entry"] == 3);
    CHECK(follower.last_problem().empty());
}
