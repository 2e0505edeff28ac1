// The command line against a battle file that two programs write, that a disk refuses, that is
// damaged, and that a careless export could destroy: exit codes and words that say what
// happened, and nothing changed by a refusal.
#include "run_umpire.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <thread>

using umpire::test::Run;
using umpire::test::Scratch;
using umpire::test::slurp;

namespace {

const std::string kRoster = UMPIRE_SOURCE_DIR "/rosters/macduff-kotal-pass.toml";

std::string make_battle(const Scratch& s, const std::string& name) {
    const std::string path = s.path(name).string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", path}).code == 0);
    return path;
}

nlohmann::json show(const Scratch& s, const std::string& path) {
    const Run r = s.umpire({"show", path, "--json", "--journal"});
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out);
}

int figures_of(const nlohmann::json& battle, const std::string& unit) {
    for (const auto& u : battle["units"])
        if (u["name"] == unit) return u["figures"].get<int>();
    FAIL("no unit " << unit);
    return -1;
}

// Runs umpire with its own output files, so several may run at once.
Run run_alone(const Scratch& s, const std::string& tag, const std::vector<std::string>& args) {
    std::string cmd = "env XDG_DATA_HOME=" + umpire::test::quote(s.path("data").string()) + " " +
                      umpire::test::quote(UMPIRE_BIN);
    for (const auto& a : args) cmd += " " + umpire::test::quote(a);
    const auto out = s.path(tag + ".out"), err = s.path(tag + ".err");
    cmd += " > " + umpire::test::quote(out.string()) + " 2> " + umpire::test::quote(err.string());
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

} // namespace

TEST_CASE("cli: two programs applying to one battle lose nothing and duplicate nothing") {
    Scratch s;
    const std::string path = make_battle(s, "race.umpire");
    constexpr int kEach = 7;
    std::vector<Run> runs[2];
    auto writer = [&](int who) {
        for (int i = 0; i < kEach; ++i)
            runs[who].push_back(run_alone(s, "w" + std::to_string(who) + "-" + std::to_string(i),
                                          {"apply", path, "casualties", "--unit", "Gordon Highlanders", "--hits", "1"}));
    };
    std::thread a(writer, 0), b(writer, 1);
    a.join();
    b.join();
    std::set<long> acknowledged;
    int refused = 0;
    for (const auto& list : runs)
        for (const Run& r : list) {
            INFO(r.out << r.err);
            if (r.code == 0) {
                const auto at = r.out.find("journal entry #");
                REQUIRE(at != std::string::npos);
                CHECK(acknowledged.insert(std::stol(r.out.substr(at + 15))).second);  // no id twice
            } else {
                ++refused;
                CHECK(r.code == 1);  // not bad input: the other program got there first
                CHECK_THAT(r.err, Catch::Contains("changed by another program") && Catch::Contains("nothing was done"));
            }
        }
    WARN("two writers: " << acknowledged.size() << " acknowledged, " << refused << " refused");
    const nlohmann::json battle = show(s, path);
    std::set<long> in_journal;
    for (const auto& e : battle["journal"]) in_journal.insert(e["id"].get<long>());
    CHECK(in_journal == acknowledged);  // every acknowledged hit is there, and nothing else
    CHECK(16 - figures_of(battle, "Gordon Highlanders") == static_cast<int>(acknowledged.size()));
    CHECK(static_cast<int>(acknowledged.size()) + refused == 2 * kEach);
    // Undo walks back through all of them.
    for (std::size_t i = 0; i < acknowledged.size(); ++i) REQUIRE(s.umpire({"undo", path}).code == 0);
    CHECK(figures_of(show(s, path), "Gordon Highlanders") == 16);
    CHECK(s.umpire({"check", path}).code == 0);
}

TEST_CASE("cli: a command that records several entries records all or none") {
    Scratch s;
    const std::string path = make_battle(s, "t.umpire");
    // The first `next` records the default options and the phase; a bad --observation refuses both.
    const Run bad = s.umpire({"turn", path, "next", "--observation", "Nobody"});
    CHECK(bad.code == 2);
    CHECK(show(s, path)["journal"].empty());
    const Run good = s.umpire({"turn", path, "next", "--seed", "7"});
    CHECK(good.code == 0);
    CHECK(show(s, path)["journal"].size() == 2);
}

TEST_CASE("cli: no command overwrites a file unless told, and never a battle file") {
    Scratch s;
    const std::string path = make_battle(s, "t2.umpire");
    const std::string before = slurp(path);
    const Run onto_battle = s.umpire({"turn", path, "deck", "--export", path});
    CHECK(onto_battle.code == 2);
    CHECK_THAT(onto_battle.err, Catch::Contains("battle file"));
    CHECK(s.umpire({"turn", path, "deck", "--export", path, "--force"}).code == 2);
    CHECK(slurp(path) == before);
    CHECK(s.umpire({"show", path}).code == 0);

    const std::string deck = s.path("club.toml").string();
    { std::ofstream(deck) << "keep me\n"; }
    const Run exists = s.umpire({"turn", path, "deck", "--export", deck});
    CHECK(exists.code == 2);
    CHECK_THAT(exists.err, Catch::Contains("already exists") && Catch::Contains("--force"));
    CHECK(slurp(deck) == "keep me\n");
    CHECK(s.umpire({"turn", path, "deck", "--export", deck, "--force"}).code == 0);
    CHECK_THAT(slurp(deck), Catch::Contains("[[card]]"));

    const std::string report = s.path("r.md").string();
    { std::ofstream(report) << "mine\n"; }
    CHECK(s.umpire({"report", path, "-o", report}).code == 2);
    CHECK(slurp(report) == "mine\n");
    CHECK(s.umpire({"report", path, "-o", report, "--force"}).code == 0);
    CHECK(s.umpire({"roster-sheet", path, "-o", path, "--force"}).code == 2);
    CHECK(slurp(path) == before);
}

TEST_CASE("cli: exit codes say whose problem it was") {
    Scratch s;
    SECTION("a failed write to stdout is a failure") {
        const Run r = s.umpire({"roll", "2d6", "--seed", "1", "--json"});
        REQUIRE(r.code == 0);
        const int status = std::system((umpire::test::quote(UMPIRE_BIN) + " roll 2d6 --seed 1 > /dev/full 2> " +
                                        umpire::test::quote(s.path("full.err").string()))
                                           .c_str());
        CHECK(WEXITSTATUS(status) == 1);
        CHECK_THAT(slurp(s.path("full.err")), Catch::Contains("could not write the output"));
    }
    SECTION("--seed outside its range is refused") {
        for (const char* seed : {"-1", "18446744073709551616", "99999999999999999999999", "1e3", ""}) {
            INFO(seed);
            const Run r = s.umpire({"roll", "2d6", "--seed", seed});
            CHECK(r.code == 2);
            CHECK_THAT(r.err, Catch::Contains("whole number from 0 to 18446744073709551615"));
        }
        CHECK(s.umpire({"roll", "2d6", "--seed", "18446744073709551615"}).code == 0);
        const std::string path = make_battle(s, "seed.umpire");
        CHECK(s.umpire({"turn", path, "options", "--seed", "0"}).code == 2);  // 0 means "not set"
    }
    SECTION("a battle kept locked by another program is busy: exit 1, nothing changed") {
        const std::string path = make_battle(s, "locked.umpire");
        SQLite::Database holder(path, SQLite::OPEN_READWRITE);
        holder.exec("BEGIN EXCLUSIVE");
        const Run r = s.umpire({"apply", path, "casualties", "--unit", "Gordon Highlanders", "--hits", "1"});
        holder.exec("ROLLBACK");
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Contains("busy"));
        CHECK(show(s, path)["journal"].empty());
    }
}

TEST_CASE("cli: check and recover a damaged battle, a damaged battle is read-only") {
    Scratch s;
    const std::string path = make_battle(s, "kotal.umpire");
    for (int i = 0; i < 3; ++i)
        REQUIRE(s.umpire({"apply", path, "casualties", "--unit", "Gordon Highlanders", "--hits", "1"}).code == 0);
    const Run sound = s.umpire({"check", path});
    CHECK(sound.code == 0);
    CHECK_THAT(sound.out, Catch::Contains("sound"));
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("UPDATE units SET figures = 2 WHERE name = 'Gordon Highlanders'");
    }
    const std::string before = slurp(path);
    const Run check = s.umpire({"check", path, "--json"});
    CHECK(check.code == 2);
    const auto report = nlohmann::json::parse(check.out);
    CHECK(report["sound"] == false);
    CHECK_THAT(report["replay"].get<std::string>(), Catch::Contains("figures: 2 stored, 13 from the journal"));

    const Run apply = s.umpire({"apply", path, "casualties", "--unit", "Gordon Highlanders", "--hits", "1"});
    CHECK(apply.code == 2);
    CHECK_THAT(apply.err, Catch::Contains("damaged") && Catch::Contains("read-only") && Catch::Contains("umpire recover"));
    CHECK(s.umpire({"undo", path}).code == 2);
    CHECK(slurp(path) == before);
    const Run shown = s.umpire({"show", path});
    CHECK(shown.code == 0);  // still readable
    CHECK_THAT(shown.err, Catch::Contains("read-only"));

    const std::string rebuilt = s.path("rebuilt.umpire").string();
    const Run recover = s.umpire({"recover", path, "-o", rebuilt});
    CHECK(recover.code == 0);
    CHECK_THAT(recover.out, Catch::Contains("3 of 3 journal entries replayed"));
    CHECK(figures_of(show(s, rebuilt), "Gordon Highlanders") == 13);
    CHECK(s.umpire({"check", rebuilt}).code == 0);
    CHECK(s.umpire({"recover", path, "-o", rebuilt}).code == 2);  // never replaces a file
    CHECK(s.umpire({"apply", rebuilt, "casualties", "--unit", "Gordon Highlanders", "--hits", "1"}).code == 0);
}

TEST_CASE("cli: a terminal escape in a roster name is refused at its line and column, and one an older file holds is shown escaped") {
    Scratch s;
    std::string roster = slurp(kRoster);
    const std::string name = "name = \"2nd Sikhs\"";
    const std::size_t at = roster.find(name);
    REQUIRE(at != std::string::npos);
    const int line = 1 + static_cast<int>(std::count(roster.begin(), roster.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    roster.replace(at, name.size(), R"(name = "T\u001b]0;pwned\u0007\u001b[2J")");
    std::ofstream(s.path("attack.toml")) << roster;
    const Run refused = s.umpire({"new", "--roster", s.path("attack.toml").string(), "-o", s.path("a.umpire").string()});
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Catch::Contains("attack.toml:" + std::to_string(line) + ":") &&
                                Catch::Contains("control character \\x1b"));
    CHECK(refused.err.find('\x1b') == std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("a.umpire")));

    // A file written before names were checked: the name goes to the terminal escaped.
    const std::string path = make_battle(s, "old.umpire");
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("UPDATE units SET name = 'T' || char(27) || ']0;pwned' || char(7) || char(27) || '[2J' WHERE name = '2nd Sikhs'");
    }
    const Run shown = s.umpire({"show", path});
    CHECK(shown.out.find('\x1b') == std::string::npos);
    CHECK(shown.out.find('\x07') == std::string::npos);
    CHECK_THAT(shown.out, Catch::Contains("T\\x1b]0;pwned\\x07\\x1b[2J"));
    CHECK(shown.err.find('\x1b') == std::string::npos);
    // JSON says the same name in JSON's own escapes.
    const Run json = s.umpire({"show", path, "--json"});
    CHECK(json.out.find('\x1b') == std::string::npos);
    CHECK_THAT(json.out, Catch::Contains("T\\u001b]0;pwned"));
}

TEST_CASE("cli: report -o writes through a fresh name: a symlink planted beside it is never followed, a file there needs --force") {
    Scratch s;
    const std::string path = make_battle(s, "kotal.umpire");
    const std::string victim = s.path("victim.txt").string();
    std::ofstream(victim) << "precious";
    const std::string out = s.path("out.md").string();
    std::filesystem::create_symlink(victim, out + ".part");  // the fixed name the report once wrote through
    CHECK(s.umpire({"report", path, "-o", out}).code == 0);
    CHECK(slurp(victim) == "precious");
    CHECK_THAT(slurp(out), Catch::StartsWith("# After-action report"));
    const Run again = s.umpire({"report", path, "-o", out});
    CHECK(again.code == 2);
    CHECK_THAT(again.err, Catch::Contains("--force"));
    std::filesystem::remove(out);
    std::filesystem::create_symlink(victim, out);
    CHECK(s.umpire({"report", path, "-o", out}).code == 2);  // a symlink is a file that exists
    CHECK(s.umpire({"report", path, "-o", out, "--force"}).code == 0);
    CHECK(slurp(victim) == "precious");  // replaced the link, not written through it
    CHECK_FALSE(std::filesystem::is_symlink(out));
}

TEST_CASE("cli: a printed sheet is written through a fresh name: a file there needs --force, a symlink there is replaced, not followed") {
    Scratch s;
    const std::string victim = s.path("victim.txt").string();
    std::ofstream(victim) << "precious";
    const std::string out = s.path("sheet.pdf").string();
    std::filesystem::create_symlink(victim, out);
    const Run refused = s.umpire({"sheet", "macduff", "-o", out});
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Catch::Contains("--force"));
    CHECK(std::filesystem::is_symlink(out));
    const Run forced = s.umpire({"sheet", "macduff", "-o", out, "--force"});
    CHECK(forced.code == 0);
    CHECK(slurp(victim) == "precious");  // replaced the link, not written through it
    CHECK_FALSE(std::filesystem::is_symlink(out));
    CHECK_THAT(slurp(out), Catch::StartsWith("%PDF-"));
    // Nothing is left beside it: no hidden partial file of the sheet's.
    for (const auto& entry : std::filesystem::directory_iterator(s.path(".")))
        CHECK(entry.path().filename().string().rfind(".sheet.pdf", 0) == std::string::npos);
}

TEST_CASE("cli: a damaged turn state is bad input (exit 2), as other damage is") {
    Scratch s;
    const std::string path = make_battle(s, "kotal.umpire");
    REQUIRE(s.umpire({"turn", path, "next"}).code == 0);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("UPDATE texts SET value = '{\"version\": 1, \"options\": 7' WHERE key = 'turn'");
    }
    const Run r = s.umpire({"turn", path, "next"});
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Catch::Contains("turn state is damaged"));
}
