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
    // Each umpire undoes and redoes his own: Bob has nothing to redo, Alice's undo takes back her phase.
    const Run bob_redo = s.umpire({"redo", there, "--as", "bob"});
    CHECK(bob_redo.code == 2);
    CHECK_THAT(bob_redo.err, Catch::Contains("nothing to redo of yours"));
    const Run undo = s.umpire({"undo", there, "--as", "alice"});
    REQUIRE(undo.code == 0);
    const nlohmann::json played = shown(s, there);
    REQUIRE(played["journal"].size() == 4);  // the shot, the turn's options, the phase, its undo
    CHECK(played["journal"][1]["umpire"] == "alice");
    CHECK(played["journal"][3]["umpire"] == "alice");
    CHECK(played["journal"][2]["undone"] == true);
    CHECK_THAT(s.umpire({"show", there, "--journal"}).out, Catch::Contains("[alice]"));

    const Run check = s.umpire({"check", there});
    CHECK(check.code == 0);
    CHECK_THAT(check.out, Catch::Contains(": sound") && Catch::Contains("4 journal entries"));

    const std::string back = s.path("kotal-final.umpire").string();
    REQUIRE(s.umpire({"copy", there, back}).code == 0);
    const Run check_back = s.umpire({"check", back});
    CHECK(check_back.code == 0);
    // The same battle, who applied each entry and all; and so again on a server it is copied to.
    CHECK(shown(s, back) == played);
    CHECK_THAT(s.umpire({"show", back, "--journal"}).out, Catch::Contains("[alice]"));
    const std::string again = battle_address("kotal-again");
    REQUIRE(s.umpire({"copy", back, again}).code == 0);
    CHECK(shown(s, again) == played);
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

TEST_CASE("cli: sectors: an umpire acting for a unit in another's sector is asked first, and the journal says so") {
    Scratch s;
    const std::string there = battle_address("sectors");
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", there}).code == 0);
    // Colonel Ames and his units are Bob's; the Khyber Rifles, under Ames, are given to Carol.
    const Run given = s.umpire({"sector", there, "Colonel Ames", "Bob", "--commander", "--as", "alice"});
    INFO(given.err);
    REQUIRE(given.code == 0);
    CHECK_THAT(given.out, Catch::Contains("Colonel Ames is in Bob's sector"));
    REQUIRE(s.umpire({"sector", there, "Khyber Rifles", "Carol", "--as", "alice"}).code == 0);

    const Run refused = s.umpire({"apply", there, "casualties", "--unit", "2nd Sikhs", "--hits", "2", "--as", "alice"});
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Catch::Contains("2nd Sikhs is in Bob's sector: nothing was done") &&
                                Catch::Contains("--other-sector"));
    // The unit's own sector before its commander's: Carol's Rifles are not Bob's to act for.
    const Run not_bobs = s.umpire({"apply", there, "casualties", "--unit", "Khyber Rifles", "--hits", "1", "--as", "bob"});
    CHECK(not_bobs.code == 2);
    CHECK_THAT(not_bobs.err, Catch::Contains("Khyber Rifles is in Carol's sector"));
    CHECK(shown(s, there)["journal"].size() == 2);  // the two sectors, nothing else
    const std::string listed = s.umpire({"show", there}).out;
    CHECK_THAT(listed, Catch::Contains("Commander Colonel Ames") && Catch::Contains("(Bob's sector)") &&
                           Catch::Contains("(Carol's sector)"));

    const Run own = s.umpire({"apply", there, "casualties", "--unit", "2nd Sikhs", "--hits", "1", "--as", "bob"});
    INFO(own.err);
    CHECK(own.code == 0);
    const Run confirmed = s.umpire(
        {"apply", there, "casualties", "--unit", "2nd Sikhs", "--hits", "2", "--as", "alice", "--other-sector"});
    INFO(confirmed.err);
    REQUIRE(confirmed.code == 0);
    const nlohmann::json played = shown(s, there);
    REQUIRE(played["journal"].size() == 4);
    CHECK(played["journal"][3]["umpire"] == "alice");
    CHECK_THAT(played["journal"][3]["summary"].get<std::string>(), Catch::Contains("(in Bob's sector)"));
    CHECK_THAT(s.umpire({"show", there, "--journal"}).out, Catch::Contains("in Bob's sector"));
    // The after-action report says who applied each action.
    const Run report = s.umpire({"report", there, "-o", "-"});
    INFO(report.err);
    CHECK(report.code == 0);
    CHECK_THAT(report.out, Catch::Contains("(in Bob's sector) *(by alice)*") && Catch::Contains("*(by bob)*"));

    // Taken back, the Sikhs are anyone's; undoing that puts them back in Bob's sector.
    REQUIRE(s.umpire({"sector", there, "Colonel Ames", "--commander", "--clear", "--as", "carol"}).code == 0);
    CHECK(s.umpire({"apply", there, "casualties", "--unit", "2nd Sikhs", "--hits", "1", "--as", "alice"}).code == 0);
    CHECK(s.umpire({"sector", there, "Colonel Ames", "--commander", "--as", "carol"}).code == 2);  // no umpire named
    CHECK(s.umpire({"check", there}).code == 0);
}
