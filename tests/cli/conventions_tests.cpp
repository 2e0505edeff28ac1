// The command line's conventions, the same on every command: --version, `umpire help`, --json,
// `-o -` and `--roster -`, the ruleset named alike, one default paper.
#include "cli_json.h"

#include <regex>
#include <set>

using namespace umpire::test;
using nlohmann::json;

namespace {

// The subcommands `umpire --help` lists.
std::vector<std::string> subcommands(const Scratch& s) {
    const Run help = s.umpire({"--help"});
    REQUIRE(help.code == 0);
    std::vector<std::string> names;
    const auto at = help.out.find("Subcommands:\n");
    REQUIRE(at != std::string::npos);
    static const std::regex line(R"(^  ([a-z][a-z-]*)\s)");
    std::istringstream in(help.out.substr(at));
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        if (std::regex_search(l, m, line)) names.push_back(m[1]);
    }
    return names;
}

std::string battle(const Scratch& s) {
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", file}).code == 0);
    return file;
}

// A locale with US Letter paper, compiled into the scratch folder (the system may have none).
std::string letter_locale(const Scratch& s) {
    const auto dir = s.path("locales");
    std::filesystem::create_directories(dir);
    const std::string cmd = "localedef -i en_US -f UTF-8 " + quote((dir / "en_US.UTF-8").string()) + " 2>&1";
    INFO("needs localedef and the en_US source from Debian's locales package (scripts/install-deps.sh)");
    REQUIRE(std::system(cmd.c_str()) == 0);
    return dir.string();
}

} // namespace

TEST_CASE("conventions: --version names the program and its version") {
    Scratch s;
    const Run r = s.umpire({"--version"});
    CHECK(r.code == 0);
    CHECK(r.out == std::string("umpire ") + UMPIRE_VERSION + "\n");
}

TEST_CASE("conventions: umpire help is the help, umpire help COMMAND the command's, an unknown one is bad input") {
    Scratch s;
    const Run help = s.umpire({"help"});
    CHECK(help.code == 0);
    CHECK(help.out == s.umpire({"--help"}).out);
    CHECK(help.err.empty());
    CHECK(s.umpire({"--size", "1280x800", "help"}).out == help.out);  // not the GUI
    CHECK(s.umpire({"help", "help"}).code == 0);

    const Run resolve = s.umpire({"help", "resolve"});
    CHECK(resolve.code == 0);
    CHECK(resolve.out == s.umpire({"resolve", "--help"}).out);

    const Run action = s.umpire({"help", "resolve", "macduff", "shoot"});
    CHECK(action.code == 0);
    CHECK(action.out.find("--figures") != std::string::npos);

    const Run unknown = s.umpire({"help", "fly"});
    CHECK(unknown.code == 2);
    CHECK(unknown.err.find("no command \"fly\"") != std::string::npos);
}

TEST_CASE("conventions: every command but help takes --json") {
    Scratch s;
    const auto names = subcommands(s);
    REQUIRE(names.size() >= 14);
    for (const auto& name : names) {
        if (name == "help") continue;
        INFO(name);
        const Run r = s.umpire({name, "--help"});
        CHECK(r.code == 0);
        CHECK(r.out.find("--json") != std::string::npos);
    }
}

TEST_CASE("conventions: no action's input is named as apply's own flags, so --target is always the unit acted upon") {
    Scratch s;
    const std::set<std::string> own{"unit", "target", "dice", "seed", "json", "overrule", "ruleset", "help"};
    for (const char* ruleset : {"macduff", "edwardian", "rattle", "square-hearts", "featherstone"}) {
        const json listed = parse(s.umpire({"actions", ruleset, "--json"}));
        for (const auto& action : listed["actions"])
            for (const auto& input : action["inputs"]) {
                INFO(ruleset << " " << action["id"].get<std::string>() << " --" << input["id"].get<std::string>());
                CHECK_FALSE(own.count(input["id"].get<std::string>()));
            }
    }
    // MacDuff's demolition charges: what is blown is --demolition (it was --target, which apply
    // read as a unit called "house"). Three charges, 1d6 each added up (line 212): 18, what the
    // tables set for a stone bridge.
    const Run bridge = s.umpire({"resolve", "macduff", "blow-charges", "--demolition", "stone-bridge", "--charges",
                                 "3", "--dice", "6,6,6"});
    CHECK(bridge.code == 0);
    CHECK(bridge.out.rfind("Destroy a stone bridge: done (18)", 0) == 0);
    // On a battle the flag reaches the rule, which asks for the charges the unit has laid.
    const std::string file = battle(s);
    const Run house = s.umpire({"apply", file, "blow-charges", "--unit", "2nd Sikhs", "--demolition", "house",
                                "--charges", "1", "--dice", "6"});
    CHECK(house.code == 2);
    CHECK(house.err.find("2nd Sikhs has laid 0 charges") != std::string::npos);
}

TEST_CASE("conventions: new, undo, redo, report and the print commands report as JSON") {
    Scratch s;
    const std::string file = s.path("k.umpire").string();
    const json made = parse(s.umpire({"new", "--roster", kRoster, "-o", file, "--json"}));
    CHECK(made["battle"] == file);
    CHECK(made["ruleset"] == "macduff");
    CHECK(made["units"] == 13);
    CHECK(made["sides"] == 2);

    REQUIRE(s.umpire({"apply", file, "rally", "--unit", "Ghazis", "--dice", "5"}).code == 0);
    const json undone = parse(s.umpire({"undo", file, "--json"}));
    CHECK(undone["journal_entry"]["kind"] == "undo");
    CHECK(undone["journal_entry"]["action"] == "rally");
    const json redone = parse(s.umpire({"redo", file, "--json"}));
    CHECK(redone["journal_entry"]["kind"] == "redo");

    const json report = parse(s.umpire({"report", file, "-o", s.path("r.html").string(), "--json"}));
    CHECK(report["format"] == "html");
    CHECK(report["actions"] == 1);
    CHECK(std::filesystem::exists(s.path("r.html")));

    const json sheet = parse(s.umpire({"sheet", "macduff", "-o", s.path("s.pdf").string(), "--json"}));
    CHECK(sheet["document"] == "sheet");
    CHECK(sheet["ruleset"] == "macduff");
    CHECK(sheet["pages"] == 2);
    CHECK(sheet["output"] == s.path("s.pdf").string());

    const json cards = parse(s.umpire({"cards", "macduff", "-o", s.path("c.pdf").string(), "--json"}));
    CHECK(cards["cards"] == 20);
    CHECK(cards["pages"] == 2);

    const json roster = parse(s.umpire({"roster-sheet", file, "-o", s.path("r.pdf").string(), "--json"}));
    CHECK(roster["document"] == "roster-sheet");
    CHECK(roster["battle"] == file);

    const json deck = parse(s.umpire({"turn", file, "deck", "--export", s.path("d.toml").string(), "--json"}));
    CHECK(deck["output"] == s.path("d.toml").string());
}

TEST_CASE("conventions: -o - writes the document to standard output and says so on standard error") {
    Scratch s;
    const std::string file = battle(s);
    for (const auto& args : std::vector<std::vector<std::string>>{{"sheet", "macduff", "-o", "-"},
                                                                  {"cards", "macduff", "-o", "-"},
                                                                  {"roster-sheet", file, "-o", "-"}}) {
        INFO(args[0]);
        const Run r = s.umpire(args);
        REQUIRE(r.code == 0);
        CHECK(r.out.rfind("%PDF-", 0) == 0);
        CHECK(r.out.find("%%EOF") != std::string::npos);
        CHECK(r.err.rfind("Wrote standard output: ", 0) == 0);
    }
    const Run md = s.umpire({"report", file, "-o", "-"});
    REQUIRE(md.code == 0);
    CHECK(md.out.rfind("# After-action report: Action at the Kotal Pass", 0) == 0);
    const Run html = s.umpire({"report", file, "-o", "-", "--format", "html"});
    REQUIRE(html.code == 0);
    CHECK(html.out.rfind("<!DOCTYPE html>", 0) == 0);

    const Run deck = s.umpire({"turn", file, "deck", "--export", "-"});
    REQUIRE(deck.code == 0);
    CHECK(deck.out.find("format = \"umpire-chance-deck\"") != std::string::npos);
    s.set_input(deck.out);
    CHECK(s.umpire({"turn", file, "deck", "--import", "-"}).code == 0);

    // Two things on standard output, a viewer for no file, a database on a pipe: refused.
    const Run both = s.umpire({"sheet", "macduff", "-o", "-", "--json"});
    CHECK(both.code == 2);
    CHECK(both.out.empty());
    CHECK(both.err.find("standard output") != std::string::npos);
    CHECK(s.umpire({"sheet", "macduff", "-o", "-", "--open"}).code == 2);
    CHECK(s.umpire({"report", file, "-o", "-", "--json"}).code == 2);
    CHECK(s.umpire({"new", "--roster", kRoster, "-o", "-"}).code == 2);
}

TEST_CASE("conventions: new --roster - reads the roster from standard input") {
    Scratch s;
    s.set_input(slurp(kRoster));
    const std::string file = s.path("piped.umpire").string();
    const json made = parse(s.umpire({"new", "--roster", "-", "-o", file, "--json"}));
    CHECK(made["units"] == 13);
    const json shown = parse(s.umpire({"show", file, "--json"}));
    CHECK(shown["name"] == "Action at the Kotal Pass");

    // A broken roster on standard input is named as such, and no battle is made.
    s.set_input("ruleset = \"macduff\"\nname = \n");
    const Run broken = s.umpire({"new", "--roster", "-", "-o", s.path("broken.umpire").string()});
    CHECK(broken.code == 2);
    CHECK(broken.err.find("standard input") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("broken.umpire")));
}

TEST_CASE("conventions: the ruleset is named alike on every command: first, or as --ruleset anywhere") {
    Scratch s;
    const std::string file = battle(s);
    CHECK(s.umpire({"actions", "--ruleset", "macduff"}).out == s.umpire({"actions", "macduff"}).out);
    const std::vector<std::string> shoot{"--figures", "12", "--weapon", "rifle", "--range", "10", "--dice",
                                         "6,5,5,4,2,1", "--json"};
    auto positional = std::vector<std::string>{"resolve", "macduff", "shoot"};
    positional.insert(positional.end(), shoot.begin(), shoot.end());
    auto flagged = std::vector<std::string>{"resolve", "shoot"};
    flagged.insert(flagged.end(), shoot.begin(), shoot.end());
    flagged.push_back("--ruleset=macduff");
    const Run a = s.umpire(positional), b = s.umpire(flagged);
    CHECK(a.code == 0);
    CHECK(a.out == b.out);
    CHECK(parse(s.umpire({"sheet", "--ruleset", "macduff", "-o", s.path("s.pdf").string(), "--json"}))["ruleset"] ==
          "macduff");
    CHECK(parse(s.umpire({"cards", "-o", s.path("c.pdf").string(), "--ruleset", "macduff", "--json"}))["ruleset"] ==
          "macduff");
    CHECK(parse(s.umpire({"new", "macduff", "--roster", kRoster, "-o", s.path("n.umpire").string(), "--json"}))["ruleset"] ==
          "macduff");
    // With --battle the sheet needs no ruleset: the battle's is used.
    CHECK(parse(s.umpire({"sheet", "--battle", file, "-o", s.path("b.pdf").string(), "--json"}))["ruleset"] ==
          "macduff");

    // An unknown ruleset gets the same answer on every command: exit 2, the known ones named.
    const std::vector<std::vector<std::string>> unknown{
        {"actions", "--ruleset", "chess"},
        {"resolve", "chess", "shoot"},
        {"sheet", "chess", "-o", s.path("x.pdf").string()},
        {"cards", "--ruleset", "chess", "-o", s.path("x.pdf").string()},
        {"new", "--ruleset", "chess", "--roster", kRoster, "-o", s.path("x.umpire").string()}};
    for (const auto& args : unknown) {
        INFO(args[0]);
        const Run r = s.umpire(args);
        CHECK(r.code == 2);
        CHECK(r.err.find("chess") != std::string::npos);
    }
    for (const auto& args : std::vector<std::vector<std::string>>{{"actions", "--ruleset", "chess"},
                                                                  {"resolve", "chess", "shoot"},
                                                                  {"sheet", "chess", "-o", s.path("x.pdf").string()}})
        CHECK(s.umpire(args).err.find("macduff, edwardian") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("x.pdf")));
    CHECK_FALSE(std::filesystem::exists(s.path("x.umpire")));
}

TEST_CASE("conventions: every print command has one default paper: the locale's Letter, A4 otherwise") {
    Scratch s;
    const std::string file = battle(s);
    const auto papers = [&] {
        std::set<std::string> seen;
        seen.insert(parse(s.umpire({"sheet", "macduff", "-o", s.path("s.pdf").string(), "--force", "--json"}))["paper"]);
        seen.insert(parse(s.umpire({"cards", "macduff", "-o", s.path("c.pdf").string(), "--force", "--json"}))["paper"]);
        seen.insert(parse(s.umpire({"roster-sheet", file, "-o", s.path("r.pdf").string(), "--force", "--json"}))["paper"]);
        return seen;
    };
    CHECK(papers() == std::set<std::string>{"a4"});  // C.UTF-8

    const std::string locales = letter_locale(s);
    s.set_locale({"LOCPATH=" + locales, "LC_PAPER=en_US.UTF-8"});
    CHECK(papers() == std::set<std::string>{"letter"});
    s.set_locale({"LOCPATH=" + locales, "LANG=en_US.UTF-8"});  // LANG stands in for LC_PAPER
    CHECK(papers() == std::set<std::string>{"letter"});
    s.set_locale({"LOCPATH=" + locales, "LANG=en_US.UTF-8", "LC_ALL=C.UTF-8"});  // LC_ALL wins
    CHECK(papers() == std::set<std::string>{"a4"});
    s.set_locale({"LOCPATH=" + locales, "LC_PAPER=xx_NOWHERE.UTF-8"});  // no such locale
    CHECK(papers() == std::set<std::string>{"a4"});
    // --paper still says otherwise.
    s.set_locale({"LOCPATH=" + locales, "LC_PAPER=en_US.UTF-8"});
    CHECK(parse(s.umpire({"sheet", "macduff", "--paper", "a4", "-o", s.path("s.pdf").string(), "--force", "--json"}))["paper"] ==
          "a4");
}
