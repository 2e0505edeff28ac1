// MacDuff's turn order through the real binary, on the Kotal Pass played by the initiative method:
// an action out of its phase is refused (exit 2, the file unchanged) naming the place's rule,
// applied with --overrule and journaled with the reason and the rule; units left in contact owe
// their melee in the melee phase: `turn status --json` lists it, `turn next` is refused naming it,
// and `turn next --force` ends the phase saying what was left.
#include "cli_json.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire::test;
using nlohmann::json;

TEST_CASE("cli macduff: melee belongs in the melee phase, overruled on purpose, and owed there by units in contact") {
    Scratch s;
    const std::string file = s.path("kotal.umpire").string();
    REQUIRE(s.umpire({"new", "--roster", kRoster, "-o", file}).code == 0);
    parse(s.umpire({"turn", file, "options", "--activation", "initiative", "--seed", "7", "--json"}));
    parse(s.umpire({"turn", file, "next", "--json"}));
    auto order = parse(s.umpire({"turn", file, "order", "--dice", "6,2", "--json"}));
    CHECK(order["outcome"]["text"] == "Frontier Field Force goes first");

    // Line 48: melee is resolved in the melee phase, not while the Field Force activates.
    const std::vector<std::string> melee{"apply", file, "melee", "--unit", "Gordon Highlanders", "--target", "Ghazis",
                                         "--dice", "1,1,1,1,1,1,1,1,1,1,1,1,1,1"};
    const std::string before = slurp(file);
    auto early = s.umpire(melee);
    CHECK(early.code == 2);
    CHECK(early.err.find("Melee belongs in the Melee phase, not the Initiative activation: resolve melee for all units "
                         "in contact, then conduct any pursuits (MacDuff 4.2 Melee Phase)") != std::string::npos);
    CHECK(slurp(file) == before);
    // Overruled: 8 dice and 6, no hits either way, a draw; the units stay in contact (8.5).
    auto ruled = melee;
    ruled.insert(ruled.end(), {"--overrule", "they met in the pass", "--json"});
    parse(s.umpire(ruled));
    auto journal = parse(s.umpire({"show", file, "--journal", "--json"}));
    const json& entry = journal["journal"].back();
    CHECK(entry["overrule"]["reason"] == "they met in the pass");
    REQUIRE(entry["overrule"]["rules"].size() == 1);
    CHECK(entry["overrule"]["rules"][0]["citation"] == "MacDuff 4.2 Melee Phase");

    parse(s.umpire({"turn", file, "done", "--json"}));
    parse(s.umpire({"turn", file, "done", "--json"}));
    parse(s.umpire({"turn", file, "next", "--json"}));
    // Line 197: still in contact, they fight again in this melee phase: both owe it.
    auto status = parse(s.umpire({"turn", file, "status", "--json"}));
    REQUIRE(status["owed"].size() == 2);
    CHECK(status["owed"][0]["id"] == "continuing-melee");
    CHECK(status["owed"][0]["unit_name"] == "Gordon Highlanders");
    CHECK(status["owed"][0]["action"] == "melee");
    CHECK(status["owed"][0]["due_now"] == true);
    const std::string in_melee = slurp(file);
    auto refused = s.umpire({"turn", file, "next"});
    CHECK(refused.code == 2);
    CHECK(refused.err.find("the Melee phase is not finished: Gordon Highlanders: units that remain in contact fight "
                           "again in the melee phase (4.2 Melee Phase, 8.5 Result)") != std::string::npos);
    CHECK(slurp(file) == in_melee);
    // Ended anyway: the working says what was left; nothing is done to the units (R64).
    auto forced = s.umpire({"turn", file, "next", "--force"});
    CHECK(forced.code == 0);
    CHECK(forced.out.find("Left undone: Ghazis: units that remain in contact fight again in the melee phase") !=
          std::string::npos);
    auto battle = parse(s.umpire({"show", file, "--json"}));
    CHECK(battle["turn"] == 2);
}
