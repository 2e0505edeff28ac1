// The command line on a battle on PostgreSQL (the tests' own server, a ctest fixture): a battle
// copied from a file to the server and back, played on the server in between by two umpires,
// shown, checked; and the words and exit codes of an address that names no battle or no server.
#include "run_umpire.h"
#include "support/pg_server.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>


using umpire::test::Run;
using umpire::test::Scratch;

namespace {

const std::string kRoster = UMPIRE_SOURCE_DIR "/rosters/macduff-kotal-pass.toml";

std::string server() { return umpire::test::pg_server_address(); }

std::string battle_address(const std::string& stem) { return server() + "?battle=" + umpire::test::unique_battle_name(stem); }

nlohmann::json shown(const Scratch& s, const std::string& where) {
    const Run r = s.umpire({"show", where, "--json", "--journal"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out);
}

// What two listings of one battle must share: everything but who applied each entry (a battle
// file does not keep that yet).
nlohmann::json without_umpires(nlohmann::json battle) {
    for (auto& e : battle["journal"]) e.erase("umpire");
    return battle;
}

} // namespace

TEST_CASE("cli: a battle copied to a server, played there by two umpires and copied back checks sound, the same battle") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", file}).code == 0);
    REQUIRE(s.umpire({"apply", file, "shoot", "--unit", "2nd Sikhs", "--target", "Afridi Marksmen", "--range", "10",
                      "--dice", "6,6,5,5,4,4,3,3"})
                .code == 0);
    const std::string there = battle_address("kotal");
    const Run copy = s.umpire({"copy", file, there});
    INFO(copy.err);
    REQUIRE(copy.code == 0);
    CHECK_THAT(copy.out, Catch::Contains("1 journal entry, checked"));
    CHECK(shown(s, there) == shown(s, file));

    const Run next = s.umpire({"turn", there, "next", "--seed", "9", "--as", "alice"});
    INFO(next.err);
    REQUIRE(next.code == 0);
    const Run undo = s.umpire({"undo", there, "--as", "bob"});
    REQUIRE(undo.code == 0);
    const nlohmann::json played = shown(s, there);
    REQUIRE(played["journal"].size() == 4);  // the shot, the turn's options, the phase, its undo
    CHECK(played["journal"][1]["umpire"] == "alice");
    CHECK(played["journal"][3]["umpire"] == "bob");
    CHECK(played["journal"][2]["undone"] == true);
    CHECK_THAT(s.umpire({"show", there, "--journal"}).out, Catch::Contains("[bob]"));

    const Run check = s.umpire({"check", there});
    CHECK(check.code == 0);
    CHECK_THAT(check.out, Catch::Contains(": sound") && Catch::Contains("4 journal entries"));

    const std::string back = s.path("kotal-final.umpire").string();
    REQUIRE(s.umpire({"copy", there, back}).code == 0);
    const Run check_back = s.umpire({"check", back});
    CHECK(check_back.code == 0);
    CHECK(shown(s, back) == without_umpires(played));
    // Neither copy replaces what is there.
    CHECK(s.umpire({"copy", file, there}).code == 2);
    CHECK(s.umpire({"copy", there, back}).code == 2);
}

TEST_CASE("cli: a new battle made on a server, and addresses that name no battle or no server") {
    Scratch s;
    const std::string there = battle_address("made");
    const Run made = s.umpire({"new", "--roster", kRoster, "-o", there});
    INFO(made.err);
    REQUIRE(made.code == 0);
    CHECK(s.umpire({"check", there}).code == 0);
    CHECK(shown(s, there)["journal"].empty());
    CHECK(s.umpire({"new", "--roster", kRoster, "-o", there}).code == 2);  // the name is taken

    const Run no_name = s.umpire({"show", server()});
    CHECK(no_name.code == 2);
    CHECK_THAT(no_name.err, Catch::Contains("?battle=NAME"));
    const Run absent = s.umpire({"show", battle_address("absent")});
    CHECK(absent.code == 2);
    CHECK_THAT(absent.err, Catch::Contains("there is no battle"));
    // No server listens there: not the user's typing, the machine's trouble (exit 1), said so.
    const Run unreachable = s.umpire({"show", "postgresql://umpire@127.0.0.1:1/postgres?battle=x"});
    CHECK(unreachable.code == 1);
    CHECK_THAT(unreachable.err, Catch::Contains("cannot connect to"));
}
