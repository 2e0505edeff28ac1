// The `umpire` command line end to end: the real binary, its output and its exit codes.
#include "cli_json.h"

#include <algorithm>

using namespace umpire::test;
using nlohmann::json;

TEST_CASE("cli: roll is repeatable with a seed and refuses garbage") {
    Scratch s;
    auto a = s.umpire({"roll", "3d6+1", "--seed", "42", "--json"});
    auto b = s.umpire({"roll", "3d6+1", "--seed", "42", "--json"});
    CHECK(a.out == b.out);
    auto j = parse(a);
    CHECK(j["dice"].size() == 3);
    int total = 1;
    for (int v : j["dice"]) total += v;
    CHECK(j["total"] == total);

    auto typed = parse(s.umpire({"roll", "2d6", "--dice", "6,3", "--json"}));
    CHECK(typed["total"] == 9);

    auto bad = s.umpire({"roll", "2x6"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("character 2") != std::string::npos);
    CHECK(bad.out.empty());
}

TEST_CASE("cli: actions lists the declared actions and their inputs") {
    Scratch s;
    auto j = parse(s.umpire({"actions", "macduff", "--json"}));
    std::vector<std::string> ids;
    for (const auto& a : j["actions"]) ids.push_back(a["id"]);
    for (const char* wanted : {"shoot", "melee", "rally"})
        CHECK(std::find(ids.begin(), ids.end(), wanted) != ids.end());
    const auto& shoot = j["actions"][0];
    bool has_range = false;
    for (const auto& in : shoot["inputs"])
        if (in["id"] == "range") has_range = in["kind"] == "distance";
    CHECK(has_range);
    // An input that is an id says of what, so a front end can offer names.
    for (const auto& a : j["actions"])
        if (a["id"] == "activate")
            for (const auto& in : a["inputs"])
                if (in["id"] == "commander") CHECK(in["id_of"] == "commander");
    CHECK(s.umpire({"actions", "warhammer"}).code == 2);
}

TEST_CASE("cli: resolve the issue's shooting example as JSON") {
    Scratch s;
    auto j = parse(s.umpire({"resolve", "macduff", "shoot", "--figures", "12", "--weapon", "rifle",
                             "--range", "10", "--modifier", "difficult-target", "--dice",
                             "6,5,5,4,2,1", "--json"}));
    CHECK(j["dice"][0]["values"] == std::vector<int>{6, 5, 5, 4, 2, 1});
    CHECK(j["outcome"]["results"]["hits"] == 1);
    CHECK(j["steps"].size() >= 4);
    for (const auto& step : j["steps"]) CHECK(step["citation"].get<std::string>().rfind("MacDuff", 0) == 0);
    CHECK(j["odds"][0]["label"] == "hits");
    CHECK(j["odds"][0]["mean"].get<double>() == Approx(1.0));
}

TEST_CASE("cli: resolve refuses bad input with exit 2 and a clear message") {
    Scratch s;
    auto bad_range = s.umpire({"resolve", "macduff", "shoot", "--figures", "12", "--weapon", "rifle", "--range", "abc"});
    CHECK(bad_range.code == 2);
    CHECK(bad_range.err.find("umpire: Range: \"abc\" is not a distance") != std::string::npos);  // by its label
    auto huge = s.umpire({"resolve", "macduff", "shoot", "--figures", "1000000000", "--weapon", "rifle", "--range", "3"});
    CHECK(huge.code == 2);
    CHECK(huge.err.find("umpire: Figures shooting: must be from 0 to 1000") != std::string::npos);
    auto few = s.umpire({"resolve", "macduff", "shoot", "--figures", "12", "--weapon", "rifle", "--range", "3", "--dice", "6,6"});
    CHECK(few.code == 2);
    CHECK(few.err.find("not enough dice") != std::string::npos);
    auto bad_die = s.umpire({"resolve", "macduff", "rally", "--dice", "7"});
    CHECK(bad_die.code == 2);
    auto flag = s.umpire({"resolve", "macduff", "shoot", "--figuers", "12"});
    CHECK(flag.code == 2);
    CHECK(flag.err.find("figuers") != std::string::npos);
    CHECK(s.umpire({"resolve", "macduff", "charge"}).code == 2);
}

TEST_CASE("cli: resolve ACTION --help lists the action's inputs") {
    Scratch s;
    auto r = s.umpire({"resolve", "macduff", "shoot", "--help"});
    CHECK(r.code == 0);
    CHECK(r.out.find("--range") != std::string::npos);
    CHECK(r.out.find("difficult-target") != std::string::npos);
    CHECK(s.umpire({"--help"}).code == 0);
    CHECK(s.umpire({"apply", "--help"}).code == 0);
}

TEST_CASE("cli: apply in the short form (shoot 2nd gh 10 and the dice) does what the flags do") {
    Scratch s;
    const std::string flagged = s.path("flagged.umpire").string(), short_form = s.path("short.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", flagged}).code == 0);
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", short_form}).code == 0);
    const auto a = s.umpire({"apply", flagged, "shoot", "--unit", "2nd Sikhs", "--target", "Ghazis", "--range", "10",
                             "--dice", "6,5,4,3,2,1,6,6", "--json"});
    const auto b = s.umpire({"apply", short_form, "shoot", "2nd", "gh", "10", "6,5,4,3,2,1,6,6", "--json"});
    INFO(b.err);
    REQUIRE(a.code == 0);
    CHECK(b.code == 0);
    CHECK(parse(a) == parse(b));
    // Flags still follow the short words; an ambiguous start is bad input and changes nothing.
    const auto ambiguous = s.umpire({"apply", short_form, "shoot", "afridi", "gh", "10"});
    CHECK(ambiguous.code == 2);
    CHECK(ambiguous.err.find("more than one unit starts with \"afridi\"") != std::string::npos);
    CHECK(parse(s.umpire({"show", short_form, "--json"}))["journal_entries"] == 1);
}

TEST_CASE("cli: apply lists the effects in the player's words, each deed once") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", file}).code == 0);
    const auto shot = s.umpire({"apply", file, "shoot", "2nd", "gh", "10", "6,5,4,3,2,1,6,6"});
    REQUIRE(shot.code == 0);
    const std::string effects = shot.out.substr(shot.out.find("Effects:"));
    CHECK(effects.find("Ghazis: figures 12 \xE2\x86\x92 8 (4 casualties)") != std::string::npos);
    CHECK(effects.find("2nd Sikhs: fired\n") != std::string::npos);
    CHECK(effects.find("fired\n  2nd Sikhs: fired") == std::string::npos);  // the deed's count is not a line
    CHECK(effects.find("counter:") == std::string::npos);
    CHECK(effects.find("unit 8") == std::string::npos);
}

TEST_CASE("cli: new, apply, undo, redo and show on a battle file") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", file}).code == 0);

    auto shot = s.umpire({"apply", file, "shoot", "--unit", "2nd Sikhs", "--target", "Afridi Marksmen",
                          "--range", "10", "--dice", "6,6,6,6,6,6,6,1", "--json"});
    auto sj = parse(shot);
    CHECK(sj["outcome"]["results"]["hits"] == 7);
    CHECK(sj["follow_ups"][0]["action"] == "rally");

    auto after = parse(s.umpire({"show", file, "--json", "--journal"}));
    const auto& afridis = unit_named(after, "Afridi Marksmen");
    CHECK(afridis["figures"] == 5);
    CHECK(afridis["flags"]["shaken"] == true);
    CHECK(afridis["flags"]["needs-rally"] == true);
    CHECK(after["journal"].size() == 1);
    CHECK(after["journal"][0]["dice"] == std::vector<int>{6, 6, 6, 6, 6, 6, 6, 1});

    REQUIRE(s.umpire({"undo", file}).code == 0);
    auto undone = parse(s.umpire({"show", file, "--json", "--journal"}));
    CHECK(unit_named(undone, "Afridi Marksmen")["figures"] == 12);
    REQUIRE(undone["journal"].size() == 2);
    CHECK(undone["journal"][0]["undone"] == true);  // the journal streamed knows what was undone
    CHECK(undone["journal"][1]["kind"] == "undo");
    // Without --journal, the battle and how long its journal is: nothing that grows with it.
    auto brief = parse(s.umpire({"show", file, "--json"}));
    CHECK(brief["journal_entries"] == 2);
    CHECK_FALSE(brief.contains("journal"));
    const auto text = s.umpire({"show", file});
    CHECK_THAT(text.out, Catch::Contains("Journal: 2 entries:") && Catch::Contains("#1, turn 1: Shooting: ") &&
                             Catch::Contains("(undone)") && Catch::Contains("#2, turn 1: Undo of #1: 2nd Sikhs"));
    CHECK(unit_named(undone, "Afridi Marksmen")["flags"]["shaken"] == false);

    REQUIRE(s.umpire({"redo", file}).code == 0);
    auto redone = parse(s.umpire({"show", file, "--json"}));
    CHECK(unit_named(redone, "Afridi Marksmen")["figures"] == 5);
    CHECK(s.umpire({"redo", file}).code == 2);  // nothing left to redo

    // The rally test the shooting obliged.
    auto rally = parse(s.umpire({"apply", file, "rally", "--unit", "Afridi Marksmen", "--dice", "6", "--json"}));
    CHECK(rally["outcome"]["text"].get<std::string>().find("Rally") != std::string::npos);
    auto rallied = parse(s.umpire({"show", file, "--json"}));
    CHECK(unit_named(rallied, "Afridi Marksmen")["flags"]["needs-rally"] == false);
}

TEST_CASE("cli: apply takes a commander or a side by name where the action wants its id") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", file}).code == 0);
    const std::string before = slurp(file);
    auto two = s.umpire({"apply", file, "activate", "--unit", "Ghazis", "--commander", "M", "--distance", "4"});
    CHECK(two.code == 2);  // Mullah Sayid Akbar or Malik Zarif Khan? Refused, not guessed, nothing written
    CHECK(two.err.find("more than one commander starts with \"M\"") != std::string::npos);
    CHECK(slurp(file) == before);
    auto nobody = s.umpire({"apply", file, "activate", "--unit", "2nd Sikhs", "--commander", "Custer", "--distance", "4"});
    CHECK(nobody.code == 2);
    CHECK(nobody.err.find("no single commander is called \"Custer\"") != std::string::npos);
    CHECK(nobody.err.find("Colonel Ames") != std::string::npos);  // the commanders are listed

    auto ordered = parse(s.umpire({"apply", file, "activate", "--unit", "2nd Sikhs", "--commander", "colonel ames",
                                   "--distance", "4", "--json"}));
    CHECK(ordered["outcome"]["results"]["ordered"] == 1);
    auto sniper = parse(s.umpire({"apply", file, "sniper", "--side", "Pathan", "--dice", "2", "--json"}));
    CHECK(sniper["outcome"]["text"].get<std::string>().find("Mullah Sayid Akbar is unhurt") != std::string::npos);
}

TEST_CASE("cli: bad input to a battle changes nothing") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", file}).code == 0);
    const std::string before = slurp(file);

    auto who = s.umpire({"apply", file, "shoot", "--unit", "Zulu Impi", "--range", "10"});
    CHECK(who.code == 2);
    CHECK(who.err.find("Zulu Impi") != std::string::npos);
    CHECK(s.umpire({"apply", file, "shoot", "--unit", "2nd Sikhs", "--range", "ten"}).code == 2);
    CHECK(s.umpire({"apply", file, "shoot", "--unit", "2nd Sikhs", "--range", "10", "--dice", "6"}).code == 2);
    CHECK(s.umpire({"apply", file, "melee", "--unit", "2nd Sikhs"}).code == 2);  // no target
    CHECK(s.umpire({"apply", file, "shoot", "--unit", "2nd Sikhs", "--target", "Gordon", "--range", "10"}).code == 2);
    CHECK(slurp(file) == before);
    CHECK(s.umpire({"undo", file}).code == 2);  // nothing to undo
    CHECK(slurp(file) == before);
    // new refuses to overwrite.
    CHECK(s.umpire({"new", "--ruleset", "macduff", "--roster", kRoster, "-o", file}).code == 2);
    CHECK(slurp(file) == before);
}

TEST_CASE("cli: what the rules refuse exits 2 naming the rule, --overrule applies it, journaled and reported") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", file}).code == 0);
    const std::vector<std::string> shot{"apply", file, "shoot", "--unit", "2nd Sikhs", "--target", "Orakzai",
                                        "--range", "10", "--dice", "6,1,1,1,1,1,1,1"};
    REQUIRE(s.umpire(shot).code == 0);
    const std::string before = slurp(file);
    // 7.1: a unit may only shoot once per turn.
    auto twice = s.umpire(shot);
    CHECK(twice.code == 2);
    CHECK(twice.err.find("2nd Sikhs has fired this turn: a unit may only shoot once per turn") != std::string::npos);
    CHECK(twice.err.find("MacDuff 7.1 Restrictions") != std::string::npos);
    CHECK(twice.err.find("--overrule") != std::string::npos);
    CHECK(slurp(file) == before);
    // The umpire overrules on purpose: applied, with the reason in the working and the journal.
    std::vector<std::string> ruled = shot;
    ruled.insert(ruled.end(), {"--overrule", "they had loaded twice", "--json"});
    auto applied = s.umpire(ruled);
    REQUIRE(applied.code == 0);
    auto j = parse(applied);
    CHECK(j["overrule"]["reason"] == "they had loaded twice");
    CHECK(j["overrule"]["rules"][0]["citation"] == "MacDuff 7.1 Restrictions");
    // The after-action report says so.
    const std::string report = s.path("report.md").string();
    REQUIRE(s.umpire({"report", file, "-o", report}).code == 0);
    CHECK(slurp(report).find("**Overruled by the umpire:** they had loaded twice") != std::string::npos);
    // Undone like any entry: the second shot again needs the overrule.
    REQUIRE(s.umpire({"undo", file}).code == 0);
    CHECK(s.umpire(shot).code == 2);
    // Messages from the rules speak of inputs by their labels, not flags.
    auto no_target = s.umpire({"apply", file, "melee", "--unit", "2nd Sikhs"});
    CHECK(no_target.code == 2);
    CHECK(no_target.err.find("(--target)") == std::string::npos);
}

TEST_CASE("cli: the short form overrules with overrule=\"why\", as the desk's command line does") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", file}).code == 0);
    const std::vector<std::string> shot{"apply", file, "shoot", "2nd", "orak", "10", "6,1,1,1,1,1,1,1"};
    REQUIRE(s.umpire(shot).code == 0);
    const std::string before = slurp(file);
    auto twice = s.umpire(shot);
    CHECK(twice.code == 2);
    CHECK(twice.err.find("overrule=\"REASON\"") != std::string::npos);
    CHECK(slurp(file) == before);
    std::vector<std::string> ruled = shot;
    ruled.insert(ruled.end(), {"overrule=they had loaded twice", "--json"});
    auto applied = s.umpire(ruled);
    REQUIRE(applied.code == 0);
    auto j = parse(applied);
    CHECK(j["overrule"]["reason"] == "they had loaded twice");
    CHECK(j["overrule"]["rules"][0]["citation"] == "MacDuff 7.1 Restrictions");
    // Journaled as an overrule with its reason.
    auto shown = parse(s.umpire({"show", file, "--journal", "--json"}));
    CHECK(shown["journal"].back()["overrule"]["reason"] == "they had loaded twice");
    // A name the line does not know is refused, nothing applied.
    const std::string after = slurp(file);
    auto unknown = s.umpire({"apply", file, "shoot", "2nd", "orak", "10", "overule=typo"});
    CHECK(unknown.code == 2);
    CHECK(unknown.err.find("overule: not an input of Shooting") != std::string::npos);
    CHECK(slurp(file) == after);
}

TEST_CASE("cli: new takes the ruleset from the roster, a different --ruleset is refused") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    auto made = s.umpire({"new", "--roster", kRoster, "-o", file});
    CHECK(made.code == 0);
    CHECK(s.umpire({"show", file}).out.find("Action at the Kotal Pass (macduff)") != std::string::npos);
    // Given and different: refused, nothing written.
    const std::string edwardian = std::string(UMPIRE_SOURCE_DIR) + "/rosters/edwardian-modder-river.toml";
    auto clash = s.umpire({"new", "--ruleset", "macduff", "--roster", edwardian, "-o", s.path("x.umpire").string()});
    CHECK(clash.code == 2);
    CHECK(clash.err.find("edwardian roster, not macduff") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("x.umpire")));
    // A roster must name its ruleset.
    std::string text = slurp(kRoster);
    const std::string key = "ruleset = \"macduff\"";
    const auto at = text.find(key);
    REQUIRE(at != std::string::npos);
    text.erase(at, key.size());
    const auto bare = s.path("bare.toml");
    std::ofstream(bare) << text;
    auto none = s.umpire({"new", "--ruleset", "macduff", "--roster", bare.string(), "-o", s.path("y.umpire").string()});
    CHECK(none.code == 2);
    CHECK(none.err.find("missing required key 'ruleset'") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("y.umpire")));
}

TEST_CASE("cli: a roster with a second band on a side is refused at its line, naming the rule") {
    Scratch s;
    std::string text = slurp(kRoster);
    // The Field Force's first two infantry units become bands: the second is one too many (12).
    int line = 1;
    std::size_t at = 0;
    for (int n = 0; n < 2; ++n) {
        const auto found = text.find("type = \"infantry\"", at);
        REQUIRE(found != std::string::npos);
        text.replace(found, 17, "type = \"band\"");
        if (n == 1) line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(found), '\n'));
        at = found;
    }
    const auto roster = s.path("bands.toml");
    std::ofstream(roster) << text;
    auto r = s.umpire({"new", "--roster", roster.string(), "-o", s.path("x.umpire").string()});
    CHECK(r.code == 2);
    CHECK(r.err.find("bands.toml:" + std::to_string(line) + ":") != std::string::npos);
    CHECK(r.err.find("each army may have 1 band and 1 hospital (MacDuff 12 Hospitals and Bands)") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("x.umpire")));
}

TEST_CASE("cli: a roster with a typo is refused with file, line and column") {
    Scratch s;
    std::string text = slurp(kRoster);
    auto at = text.find("type = \"cavalry\"");
    REQUIRE(at != std::string::npos);
    text.replace(at, 16, "type = \"cavalary\"");
    const auto roster = s.path("typo.toml");
    std::ofstream(roster) << text;
    auto r = s.umpire({"new", "--ruleset", "macduff", "--roster", roster.string(), "-o", s.path("x.umpire").string()});
    CHECK(r.code == 2);
    CHECK(r.err.find("typo.toml:") != std::string::npos);
    CHECK(r.err.find("cavalary") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(s.path("x.umpire")));
}

TEST_CASE("cli: a file that is not a battle is refused and left as it was") {
    Scratch s;
    const auto notes = s.path("notes.umpire");
    std::ofstream(notes) << "Shopping list: more Highlanders\n";
    const std::string before = slurp(notes);
    auto r = s.umpire({"show", notes.string()});
    CHECK(r.code == 2);
    CHECK(r.err.find("not an Umpire battle file") != std::string::npos);
    CHECK(slurp(notes) == before);
    CHECK(s.umpire({"show", s.path("missing.umpire").string()}).code == 2);
}
