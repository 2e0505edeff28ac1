// The Rattle of Dice through the real binary: its actions, a resolution without a battle (the
// author's worked melee), and a battle of the sample roster played with new, turn and apply:
// initiative, the first player's phase, a charge, the melee by side, undo.
#include "cli_json.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>

using namespace umpire::test;
using nlohmann::json;

namespace {

const std::string kSevenPines = std::string(UMPIRE_SOURCE_DIR) + "/rosters/rattle-seven-pines.toml";

} // namespace

TEST_CASE("cli rattle: actions lists every rule with its inputs") {
    Scratch s;
    auto j = parse(s.umpire({"actions", "rattle", "--json"}));
    std::vector<std::string> ids;
    for (const auto& a : j["actions"]) ids.push_back(a["id"]);
    for (const char* id : {"move", "general-move", "crash", "charge", "counter-charge", "evade", "shoot", "melee", "rally",
                           "steady-men", "flag", "work", "blow-charges"})
        CHECK(std::find(ids.begin(), ids.end(), id) != ids.end());
    auto text = s.umpire({"actions", "rattle"});
    CHECK(text.code == 0);
    CHECK(text.out.find("melee") != std::string::npos);
    CHECK(s.umpire({"resolve", "rattle", "melee", "--help"}).out.find("--enemy-front") != std::string::npos);
}

TEST_CASE("cli rattle: resolve the author's worked melee and a shot, as JSON") {
    Scratch s;
    auto m = parse(s.umpire({"resolve", "rattle", "melee", "--front", "4", "--ranks", "3", "--enemy-front", "6",
                               "--enemy-ranks", "3", "--dice", "6,5,1,6,1,1,1", "--json"}));
    CHECK(m["dice"][0]["values"].size() == 3);  // 10 figures: 3 dice
    CHECK(m["dice"][1]["values"].size() == 4);  // 15 figures: 4 dice
    CHECK(m["outcome"]["results"]["defeated"] == 2);
    for (const auto& step : m["steps"]) CHECK(step["citation"].get<std::string>().rfind("Rattle", 0) == 0);
    auto shot = parse(s.umpire({"resolve", "rattle", "shoot", "--figures", "14", "--weapon", "rifle", "--range", "10",
                                  "--modifier", "difficult", "--dice", "6,5,5,1", "--json"}));
    CHECK(shot["outcome"]["results"]["hits"] == 1);
    CHECK(shot["odds"][0]["label"] == "hits");
    // Beyond range: refused, exit 2, saying why.
    auto far = s.umpire({"resolve", "rattle", "shoot", "--figures", "8", "--weapon", "musket", "--range", "7"});
    CHECK(far.code == 2);
    CHECK(far.err.find("out of range") != std::string::npos);
}

TEST_CASE("cli rattle: a battle of the sample roster played with new, turn and apply") {
    Scratch s;
    const std::string file = s.path("pines.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kSevenPines, "-o", file}).code == 0);
    parse(s.umpire({"turn", file, "options", "--seed", "7", "--json"}));
    auto first = parse(s.umpire({"turn", file, "next", "--json"}));
    CHECK(first["status"]["phase"] == "initiative");
    // The odds before the roll: an observer each, so even (a tie on turn 1 is rolled again).
    REQUIRE(first["status"]["order_chances"].size() == 2);
    CHECK(first["status"]["order_chances"][0]["probability"].get<double>() == Approx(0.5));
    CHECK(s.umpire({"turn", file, "status"}).out.find("Union is high and chooses: 50.0%") != std::string::npos);
    // Both sides have an observer: +1 each. The Union 6+1 against 2+1: the Union goes first.
    auto order = parse(s.umpire({"turn", file, "order", "--dice", "6,2", "--json"}));
    CHECK(order["outcome"]["text"] == "Union goes first");
    auto phase = parse(s.umpire({"turn", file, "next", "--json"}));
    CHECK(phase["status"]["phase"] == "first-player");
    CHECK(phase["status"]["active_side"] == 1);

    // A Confederate unit may not move in the Union's phase: exit 2, the file unchanged.
    const std::string before = slurp(file);
    auto wrong = s.umpire({"apply", file, "move", "--unit", "6th Alabama", "--distance", "6"});
    CHECK(wrong.code == 2);
    CHECK(wrong.err.find("phase") != std::string::npos);
    CHECK(slurp(file) == before);

    // The 104th Pennsylvania charges the 6th Alabama; then it may not also shoot.
    parse(s.umpire({"apply", file, "charge", "--unit", "104th Pennsylvania", "--target", "6th Alabama", "--distance", "8",
                      "--json"}));
    auto twice = s.umpire({"apply", file, "shoot", "--unit", "104th Pennsylvania", "--target", "6th Alabama", "--range", "3"});
    CHECK(twice.code == 2);
    CHECK(twice.err.find("OR shoots OR rallies") != std::string::npos);
    CHECK(twice.err.find("Rattle Turn sequence (line 28)") != std::string::npos);
    // A friendly target is bad input, not a rule to overrule.
    auto friendly = s.umpire({"apply", file, "shoot", "--unit", "104th Pennsylvania", "--target", "52nd Pennsylvania",
                              "--range", "3", "--overrule", "testing"});
    CHECK(friendly.code == 2);
    // The umpire overrules on purpose: applied and journaled with the rules it broke, then undone.
    auto over = parse(s.umpire({"apply", file, "shoot", "--unit", "104th Pennsylvania", "--target", "6th Alabama",
                                "--range", "3", "--dice", "1,1,1,1,1", "--overrule", "a volley at the charge", "--json"}));
    CHECK(over["overrule"]["reason"] == "a volley at the charge");
    std::vector<std::string> cited;
    for (const auto& rule : over["overrule"]["rules"]) cited.push_back(rule["citation"]);
    CHECK(std::find(cited.begin(), cited.end(), "Rattle Turn sequence (line 28)") != cited.end());
    CHECK(std::find(cited.begin(), cited.end(), "Rattle Shooting: Shooting and Melee (line 55)") != cited.end());
    const std::string report = s.path("pines.md").string();
    REQUIRE(s.umpire({"report", file, "-o", report}).code == 0);
    CHECK(slurp(report).find("**Overruled by the umpire:** a volley at the charge") != std::string::npos);
    REQUIRE(s.umpire({"undo", file}).code == 0);

    // The melee phase: the melee by side, from the form's defaults (the charge bonus, defensive fire).
    parse(s.umpire({"turn", file, "next", "--json"}));
    auto melee = parse(s.umpire({"apply", file, "melee", "--unit", "104th Pennsylvania", "--target", "6th Alabama",
                                   "--front", "6", "--enemy-front", "6", "--dice", "1,1,1,6,6,6", "--json"}));
    CHECK(melee["outcome"]["text"].get<std::string>().rfind("Melee: ", 0) == 0);
    auto shown = parse(s.umpire({"show", file, "--json"}));
    CHECK(unit_named(shown, "6th Alabama")["figures"].get<int>() < 20);
    REQUIRE(s.umpire({"undo", file}).code == 0);
    CHECK(unit_named(parse(s.umpire({"show", file, "--json"})), "6th Alabama")["figures"] == 20);
    // Units in contact owe their melee: the phase does not end until it is fought (lines 29, 31).
    auto owed = s.umpire({"turn", file, "next"});
    CHECK(owed.code == 2);
    CHECK(owed.err.find("104th Pennsylvania: melee between units in contact is resolved in the melee phase") !=
          std::string::npos);
    auto status = parse(s.umpire({"turn", file, "status", "--json"}));
    REQUIRE(status["owed"].size() == 2);
    CHECK(status["owed"][0]["action"] == "melee");
    // The umpire ends it anyway: journaled with what was left.
    auto forced = parse(s.umpire({"turn", file, "next", "--force", "--json"}));
    bool left = false;
    for (const auto& step : forced["steps"])
        left = left || step["text"].get<std::string>().rfind("Left undone: 104th Pennsylvania", 0) == 0;
    CHECK(left);
    REQUIRE(s.umpire({"undo", file}).code == 0);
    parse(s.umpire({"apply", file, "melee", "--unit", "104th Pennsylvania", "--target", "6th Alabama", "--front", "6",
                      "--enemy-front", "6", "--dice", "1,1,1,6,6,6", "--json"}));
    // A defeated unit with colours owes the flag's roll at once (line 79).
    auto after = parse(s.umpire({"turn", file, "status", "--json"}));
    for (const auto& item : after["owed"]) {
        INFO(item.dump());
        CHECK(item["action"] == "flag");
        REQUIRE(s.umpire({"apply", file, "flag", "--unit", item["unit_name"].get<std::string>(), "--dice", "3"}).code == 0);
    }
    // The second player's phase, and the sheet prints from the tables.
    auto second = parse(s.umpire({"turn", file, "next", "--json"}));
    CHECK(second["status"]["phase"] == "second-player");
    CHECK(second["status"]["active_side"] == 2);
    const std::string pdf = s.path("rattle.pdf").string();
    CHECK(s.umpire({"sheet", "rattle", "-o", pdf}).code == 0);
}

TEST_CASE("cli rattle: resolved without a battle, the actions that read their unit ask for one, the rest work out") {
    Scratch s;
    for (const char* action : {"move", "charge", "counter-charge", "evade", "rally", "steady-men", "flag"}) {
        INFO(action);
        auto r = s.umpire({"resolve", "rattle", action});
        CHECK(r.code == 2);
        CHECK(r.err.find("is worked out for a unit of a battle: name the unit that acts") != std::string::npos);
    }
    // 4 gunners are 2 dice (line 57): the weapon's crew, or the troop type named.
    auto guns = parse(s.umpire({"resolve", "rattle", "shoot", "--figures", "4", "--weapon", "artillery", "--range", "30",
                                "--dice", "6,1", "--json"}));
    CHECK(guns["outcome"]["results"]["dice"] == 2);
    auto typed = parse(s.umpire({"resolve", "rattle", "shoot", "--figures", "4", "--type", "infantry", "--weapon", "rifle",
                                 "--range", "10", "--dice", "6", "--json"}));
    CHECK(typed["outcome"]["results"]["dice"] == 1);
    // Blowing a bridge: what is blown has its own flag, apart from the target unit (line 81).
    auto bridge = parse(s.umpire({"resolve", "rattle", "blow-charges", "--demolition", "bridge", "--charges", "3", "--dice",
                                  "6,6,6", "--json"}));
    CHECK(bridge["outcome"]["results"]["done"] == 1);
}

TEST_CASE("cli rattle: a unit shoots with no more figures than it has, and blows its charges with --demolition") {
    Scratch s;
    const std::string file = s.path("pines.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kSevenPines, "-o", file}).code == 0);
    const std::string before = slurp(file);
    auto many = s.umpire({"apply", file, "shoot", "--unit", "104th Pennsylvania", "--target", "6th Alabama", "--range", "5",
                          "--figures", "40"});
    CHECK(many.code == 2);
    CHECK(many.err.find("104th Pennsylvania has 18 figures, not 40") != std::string::npos);
    CHECK(slurp(file) == before);
}

TEST_CASE("cli rattle: the initiative's observers ruled out, and a tie asking for its re-roll (line 27)") {
    Scratch s;
    const std::string file = s.path("pines.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kSevenPines, "-o", file}).code == 0);
    parse(s.umpire({"turn", file, "options", "--seed", "7", "--json"}));
    parse(s.umpire({"turn", file, "next", "--json"}));
    // An observer each: 4+1 against 4+1 is a tie on turn 1, rolled again; two dice typed ask for it.
    const std::string before = slurp(file);
    auto tie = s.umpire({"turn", file, "order", "--dice", "4,4"});
    CHECK(tie.code == 2);
    CHECK_THAT(tie.err, Catch::Contains("A tie at 5 (Union and Confederates), on the first turn: there is no previous "
                                        "sequence to repeat: roll again (Turn sequence (line 27)). Give the re-roll's "
                                        "2 dice"));
    CHECK_THAT(tie.err, !Catch::Contains("not enough dice typed"));
    CHECK(slurp(file) == before);
    // The Confederates' signal station has no signals team by the General: the Union's +1 wins.
    auto order = parse(s.umpire({"turn", file, "order", "--no-observation", "Confederates", "--dice", "4,4", "--json"}));
    CHECK(order["outcome"]["text"] == "Union goes first");
    // Observation given as the phase changes: refused with the rule.
    auto late = s.umpire({"turn", file, "next", "--observation", "Union"});
    CHECK(late.code == 2);
    CHECK_THAT(late.err, Catch::Contains("to the side's roll for the order (Turn sequence (line 27))"));
}
