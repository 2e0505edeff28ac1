// The Featherstone-like rules through the real binary: resolving the text's examples, a battle
// from the Quatre Bras roster played through its turn (initiative, rally, the move sub-phases,
// combat), actions applied with their effects, refusals and bad input exiting 2 with the file
// untouched, and the quick-reference sheet.
#include "cli_json.h"
#include "run_umpire.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire::test;
using nlohmann::json;

namespace {

const std::string kQuatreBras = std::string(UMPIRE_SOURCE_DIR) + "/rosters/featherstone-quatre-bras.toml";

std::string new_battle(const Scratch& s) {
    const std::string file = s.path("quatre-bras.umpire").string();
    auto r = s.umpire({"new", "--roster", kQuatreBras, "-o", file});
    INFO(r.err);
    REQUIRE(r.code == 0);
    return file;
}

json turn(const Scratch& s, const std::string& file, std::vector<std::string> args) {
    args.insert(args.begin(), {"turn", file});
    args.push_back("--json");
    return parse(s.umpire(args));
}

} // namespace

TEST_CASE("cli featherstone: the text's shooting example, 1, 4 and 5 at short range are 5 hits") {
    Scratch s;
    auto j = parse(s.umpire({"resolve", "featherstone", "shoot", "--figures", "15", "--range", "2", "--dice",
                               "1,4,5,6,5,4,3,2", "--json"}));
    CHECK(j["outcome"]["results"]["hits"] == 5);
    CHECK(j["outcome"]["results"]["casualties"] == 3);
    auto text = s.umpire({"resolve", "featherstone", "shoot", "--figures", "25", "--range", "4", "--dice",
                          "5,5,4,2,1,1,1,1"});
    CHECK(text.code == 0);
    CHECK(text.out.find("2 and 1 added together: 3 hits") != std::string::npos);
}

TEST_CASE("cli featherstone: the guard against regulars melee, and the odds before rolling") {
    Scratch s;
    auto j = parse(s.umpire({"resolve", "featherstone", "melee", "--figures", "24", "--quality", "guard", "--reroll",
                               "--enemy-figures", "24", "--enemy-leader", "attached", "--dice",
                               "6,6,6,6,2,6,1,1,3,6,6,6,6,1,1,1", "--json"}));
    CHECK(j["outcome"]["results"]["attacker-total"] == 4);
    CHECK(j["outcome"]["results"]["defender-total"] == 6);
    CHECK(j["outcome"]["results"]["attacker-wins"] == 0);
    auto preview = s.umpire({"resolve", "featherstone", "melee", "--figures", "24", "--enemy-figures", "24"});
    CHECK(preview.code == 0);
}

TEST_CASE("cli featherstone: bad input and refusals exit 2") {
    Scratch s;
    auto lance = s.umpire({"resolve", "featherstone", "shoot", "--figures", "10", "--range", "2", "--weapon", "lance"});
    CHECK(lance.code == 2);
    CHECK(lance.err.find("Weapon: \"lance\" is not one of: musket, rifle") != std::string::npos);
    auto far = s.umpire({"resolve", "featherstone", "shoot", "--figures", "10", "--range", "20"});
    CHECK(far.code == 2);
    CHECK(far.err.find("out of range") != std::string::npos);
    auto over = s.umpire({"resolve", "featherstone", "shoot", "--figures", "10", "--range", "20", "--overrule",
                          "the umpire's ruling", "--dice", "6,6"});
    CHECK(over.code == 0);
    auto few = s.umpire({"resolve", "featherstone", "shoot", "--figures", "15", "--range", "2", "--dice", "1,4"});
    CHECK(few.code == 2);
}

TEST_CASE("cli featherstone: a battle's turn and actions, with effects, undo and the refusals") {
    Scratch s;
    const std::string file = new_battle(s);
    auto st = turn(s, file, {"next", "--seed", "1815"});
    CHECK(st["status"]["phase"] == "initiative");
    st = turn(s, file, {"order", "--dice", "5,2"});
    CHECK(st["status"]["first_side"] == 1);
    CHECK(st["status"]["high_roller"] == 1);
    st = turn(s, file, {"next"});
    CHECK(st["status"]["phase"] == "rally");
    CHECK(st["status"]["units_to_check"].empty());
    st = turn(s, file, {"next"});
    CHECK(st["status"]["phase"] == "move-generals");
    CHECK(st["status"]["can_choose_first"] == true);
    st = turn(s, file, {"first", "--second"});
    CHECK(st["status"]["active_side"] == 2);
    turn(s, file, {"done"});
    turn(s, file, {"done"});
    st = turn(s, file, {"next"});
    CHECK(st["status"]["phase"] == "move-chargers");
    CHECK(st["status"]["active_side"] == 2);

    // The cuirassiers charge the 28th: a charge move, and the 28th checks on the Charged column.
    auto charge = parse(s.umpire({"apply", file, "charge", "--unit", "8e Cuirassiers", "--target", "1/28th Foot",
                                    "--distance", "10", "--json"}));
    CHECK(charge["follow_ups"][0]["action"] == "morale");
    // The 28th forms square on a 5 (regulars +1: a 4 on the die), as infantry charged by cavalry must.
    auto square = parse(s.umpire({"apply", file, "morale", "--unit", "1/28th Foot", "--dice", "4", "--json"}));
    CHECK(square["outcome"]["results"]["row"] == 5);
    auto battle = parse(s.umpire({"show", file, "--json"}));
    CHECK(unit_named(battle, "1/28th Foot")["counters"]["formation"] == 4);

    // A second charge by the cuirassiers is refused, and the file is left alone.
    const std::string before = slurp(file);
    auto again = s.umpire({"apply", file, "charge", "--unit", "8e Cuirassiers", "--target", "1/42nd Highlanders"});
    CHECK(again.code == 2);
    CHECK(again.err.find("has moved") != std::string::npos);
    CHECK(slurp(file) == before);
    // Infantry may not charge cavalry.
    auto foot = s.umpire({"apply", file, "charge", "--unit", "4e Ligne", "--target", "Brunswick Hussars"});
    CHECK(foot.code == 2);
    CHECK(foot.err.find("infantry may not charge cavalry") != std::string::npos);

    turn(s, file, {"done"});
    turn(s, file, {"done"});
    turn(s, file, {"next"});  // move other units
    turn(s, file, {"done"});
    turn(s, file, {"done"});
    st = turn(s, file, {"next"});
    CHECK(st["status"]["phase"] == "combat-stationary");

    // The square shoots a quarter of its figures from one side at the cuirassiers.
    auto shot = parse(s.umpire({"apply", file, "shoot", "--unit", "1/28th Foot", "--target", "8e Cuirassiers",
                                  "--range", "2", "--dice", "2,1,1", "--json"}));
    CHECK(shot["outcome"]["results"]["hits"] == 2);
    battle = parse(s.umpire({"show", file, "--json"}));
    CHECK(unit_named(battle, "8e Cuirassiers")["figures"] == 10);
    CHECK(unit_named(battle, "8e Cuirassiers")["flags"]["disordered"] == true);
    parse(s.umpire({"undo", file, "--json"}));
    battle = parse(s.umpire({"show", file, "--json"}));
    CHECK(unit_named(battle, "8e Cuirassiers")["figures"] == 12);

    turn(s, file, {"next"});
    st = turn(s, file, {"next"});
    CHECK(st["status"]["phase"] == "initiative");
    CHECK(st["status"]["turn"] == 2);
}

TEST_CASE("cli featherstone: the rally phase lists the units marked to rally") {
    Scratch s;
    const std::string file = new_battle(s);
    turn(s, file, {"next", "--seed", "1815"});
    turn(s, file, {"order", "--dice", "5,2"});
    for (int i = 0; i < 5; ++i) turn(s, file, {"next", "--force"});  // to the combat of stationary units
    // Fire on the 4e Ligne in turn 1 leaves it disordered and marked.
    parse(s.umpire({"apply", file, "shoot", "--unit", "1/28th Foot", "--target", "4e Ligne", "--range", "2",
                      "--dice", "4,6,6,6,6,1,1,1,1", "--json"}));
    for (int i = 0; i < 2; ++i) turn(s, file, {"next", "--force"});
    auto st = turn(s, file, {"order", "--dice", "3,6"});
    CHECK(st["status"]["turn"] == 2);
    st = turn(s, file, {"next"});
    CHECK(st["status"]["phase"] == "rally");
    REQUIRE(st["status"]["units_to_check"].size() == 1);
    auto plain = s.umpire({"turn", file, "status"});
    CHECK(plain.out.find("Marked to rally: 4e Ligne") != std::string::npos);
    auto blocked = s.umpire({"turn", file, "next"});
    CHECK(blocked.code == 2);
    CHECK(blocked.err.find("1 unit marked to rally has not made the check") != std::string::npos);
    auto rally = parse(s.umpire({"apply", file, "morale", "--unit", "4e Ligne", "--dice", "5", "--json"}));
    CHECK(rally["outcome"]["text"] == "4e Ligne: 6, Rally. Full move.");
    st = turn(s, file, {"next"});
    CHECK(st["status"]["phase"] == "move-generals");
}

TEST_CASE("cli featherstone: the quick-reference sheet prints") {
    Scratch s;
    const std::string pdf = s.path("featherstone.pdf").string();
    auto r = s.umpire({"sheet", "featherstone", "-o", pdf});
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(slurp(pdf).rfind("%PDF", 0) == 0);
}

TEST_CASE("cli featherstone: the turn keeps order: the side not moving is refused, a melee's loser owes its check") {
    Scratch s;
    const std::string file = new_battle(s);
    turn(s, file, {"next", "--seed", "1815"});
    turn(s, file, {"order", "--dice", "5,2"});  // the Allies roll high and go first
    for (int i = 0; i < 2; ++i) turn(s, file, {"next"});
    for (const char* step : {"done", "done", "next", "done", "done", "next"}) turn(s, file, {step});
    auto st = parse(s.umpire({"turn", file, "status", "--json"}));
    REQUIRE(st["phase"] == "move-others");
    // The French wait for the Allies' step (line 15); `turn moved` and `apply move` say the same.
    const std::string before = slurp(file);
    auto french = s.umpire({"apply", file, "move", "--unit", "4e Ligne", "--distance", "3"});
    CHECK(french.code == 2);
    CHECK(french.err.find("it is Anglo-Allied Army's move, not Armee du Nord's") != std::string::npos);
    auto moved = s.umpire({"turn", file, "moved", "4e Ligne"});
    CHECK(moved.code == 2);
    CHECK(moved.err.find("it is Anglo-Allied Army's move, not Armee du Nord's") != std::string::npos);
    CHECK(slurp(file) == before);
    auto ruled = parse(s.umpire({"apply", file, "move", "--unit", "4e Ligne", "--distance", "3", "--overrule",
                                   "the Ligne moved with the Allies by agreement", "--json"}));
    CHECK(ruled["overrule"]["reason"] == "the Ligne moved with the Allies by agreement");
    turn(s, file, {"done"});
    turn(s, file, {"done"});
    turn(s, file, {"next"});
    turn(s, file, {"next"});  // the combat of moving and charging units
    // The Carabiniers lose a melee to the 4e Ligne: they owe their Lost Melee check.
    parse(s.umpire({"apply", file, "melee", "--unit", "Dutch Carabiniers", "--target", "4e Ligne", "--figures", "5",
                      "--enemy-figures", "5", "--dice", "1,6,4,1,1,1,1", "--json"}));
    st = parse(s.umpire({"turn", file, "status", "--json"}));
    REQUIRE(st["owed"].size() == 1);
    CHECK(st["owed"][0]["id"] == "lost-melee-must-check");
    CHECK(st["owed"][0]["unit_name"] == "Dutch Carabiniers");
    CHECK(st["owed"][0]["due_now"] == true);
    auto blocked = s.umpire({"turn", file, "next"});
    CHECK(blocked.code == 2);
    CHECK(blocked.err.find("Dutch Carabiniers: the loser of the melee must roll on the Lost Melee morale column") !=
          std::string::npos);
    // Ended anyway: journaled as left undone.
    auto forced = parse(s.umpire({"turn", file, "next", "--force", "--json"}));
    CHECK(forced["status"]["phase"] == "initiative");
    auto shown = s.umpire({"show", file, "--journal", "--json"});
    CHECK(shown.out.find("Left undone: Dutch Carabiniers: the loser of the melee must roll on the Lost Melee morale "
                         "column") != std::string::npos);
}

TEST_CASE("cli featherstone: a 7 when charged asks the player's choice and applies nothing without it (lines 212-214)") {
    Scratch s;
    const std::string file = new_battle(s);
    // Regulars +1 and a 6: 7 on the Charged column.
    const std::vector<std::string> morale{"apply", file, "morale", "--unit", "1/28th Foot", "--check", "charged",
                                          "--quality", "regular", "--dice", "6"};
    auto asked = s.umpire(morale);
    CHECK(asked.code == 2);
    CHECK_THAT(asked.err, Catch::Contains("the rules leave the player a choice here: Counter charge, stand ground or "
                                          "form square (Morale: the Charged column, 7 (lines 212-214))"));
    CHECK_THAT(asked.err, Catch::Contains("Choose with --response counter-charge (Counter charge), --response stand "
                                          "(Stand ground) or --response square (Form square), and the same dice "
                                          "again: --dice 6; nothing was applied"));
    CHECK(s.umpire({"undo", file}).code == 2);  // nothing was recorded
    auto chosen = morale;
    chosen.insert(chosen.end(), {"--response", "square", "--json"});
    auto j = parse(s.umpire(chosen));
    CHECK(j["outcome"]["results"]["response"] == 2);
    CHECK_FALSE(j.contains("question"));
    // Without a battle, the same: the working, then the choice to make, exit 2.
    auto resolved = s.umpire({"resolve", "featherstone", "morale", "--check", "charged", "--type", "infantry",
                              "--quality", "regular", "--dice", "6", "--json"});
    CHECK(resolved.code == 2);
    const json q = json::parse(resolved.out)["question"];
    CHECK(q["input"] == "response");
    CHECK(q["options"].size() == 3);
}

TEST_CASE("cli featherstone: the turn's steps as the desk's command line words them: dice as a word, a bad word refused") {
    Scratch s;
    const std::string file = new_battle(s);
    turn(s, file, {"next", "--seed", "1815"});
    // `order 5,2` (the dice as a word of their own) is `order --dice 5,2`: the Allies roll high.
    auto order = turn(s, file, {"order", "5,2"});
    CHECK(order["status"]["first_side"] == 1);  // the Anglo-Allied Army
    for (int i = 0; i < 2; ++i) turn(s, file, {"next"});
    // A word the step does not take is bad input: exit 2, nothing changed.
    const std::string before = slurp(file);
    auto bad = s.umpire({"turn", file, "done", "--first", "Armee du Nord"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("only the order step names a side to go first") != std::string::npos);
    CHECK(slurp(file) == before);
    // The high roller's choice, then the French's and the Allies' ends, each as the desk offers it.
    auto second = turn(s, file, {"first", "--second"});
    CHECK(second["status"]["active_side"] == 2);  // the Armee du Nord
    auto done = turn(s, file, {"done"});
    CHECK(done["status"]["active_side"] == 1);
}
