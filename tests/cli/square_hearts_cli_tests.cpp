// Square Hearts through the real binary: a battle created on squares or hexes (and refused on an
// open table), steps typed as counted, hits against capacity in `show`, the IGO-UGO turn with
// the attacker named first, orders rolled and spent by moves (refused without one, overruled),
// the General's deferral, and the chance deck printed and drawn.
#include "run_umpire.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire::test;
using nlohmann::json;

namespace {

const std::string kAbuKlea = std::string(UMPIRE_SOURCE_DIR) + "/rosters/square-hearts-abu-klea.toml";
const std::string kMacDuff = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";

Run ok(const Run& r) {
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(r.code == 0);
    return r;
}

std::string abu_klea(const Scratch& s, std::vector<std::string> more = {}) {
    const std::string file = s.path("abu-klea.umpire").string();
    std::vector<std::string> args{"new", "--roster", kAbuKlea, "-o", file};
    args.insert(args.end(), more.begin(), more.end());
    ok(s.umpire(args));
    return file;
}

json apply(const Scratch& s, const std::string& file, std::vector<std::string> args) {
    args.insert(args.begin(), {"apply", file});
    args.push_back("--json");
    return json::parse(ok(s.umpire(args)).out);
}

json turn(const Scratch& s, const std::string& file, std::vector<std::string> args) {
    args.insert(args.begin(), {"turn", file});
    args.push_back("--json");
    return json::parse(ok(s.umpire(args)).out);
}

// Refused: exit 2, the reason on stderr, the file unchanged.
void refused(const Scratch& s, const std::string& file, std::vector<std::string> args, const std::string& why) {
    const std::string before = slurp(file);
    args.insert(args.begin() + 1, file);  // after the command: "apply FILE ..."
    auto r = s.umpire(args);
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find(why) != std::string::npos);
    CHECK(slurp(file) == before);
}

// The Abu Klea battle at the Ansar's move phase: the Ansar named first, the Emir 4 orders, Musa
// wad Helu 2 and the Emir of the riflemen 1.
std::string at_ansar_moves(const Scratch& s) {
    const std::string file = abu_klea(s);
    turn(s, file, {"next", "--seed", "7"});
    turn(s, file, {"order", "--first", "Mahdist Ansar"});
    turn(s, file, {"next"});
    apply(s, file, {"orders", "--commander", "The Emir of the Ansar", "--dice", "4"});
    apply(s, file, {"orders", "--commander", "Musa wad Helu", "--dice", "2"});
    apply(s, file, {"orders", "--commander", "Emir of the riflemen", "--dice", "1"});
    turn(s, file, {"next"});
    return file;
}

} // namespace

TEST_CASE("square-hearts: a battle on squares, hexes by choice, never on an open table", "[cli][square-hearts]") {
    Scratch s;
    const std::string file = abu_klea(s);
    auto shown = ok(s.umpire({"show", file})).out;
    CHECK(shown.find("Guards Camel Regiment        hits 0/4") != std::string::npos);
    CHECK(shown.find("Duwayh spearmen              hits 0/2") != std::string::npos);
    auto j = json::parse(ok(s.umpire({"show", file, "--json"})).out);
    CHECK(j["distance_unit"] == "squares");
    CHECK(j["units"][0]["hit_capacity"] == 4);

    Scratch h;
    const std::string hexes = abu_klea(h, {"--distance-unit", "hexes"});
    CHECK(json::parse(ok(h.umpire({"show", hexes, "--json"})).out)["distance_unit"] == "hexes");

    Scratch bad;
    const std::string in = bad.path("in.umpire").string();
    auto r = bad.umpire({"new", "--roster", kAbuKlea, "--distance-unit", "in", "-o", in});
    CHECK(r.code == 2);
    CHECK(r.err.find("Square Hearts is played on a grid of areas") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(in));
    auto m = bad.umpire({"new", "--roster", kMacDuff, "--distance-unit", "hexes", "-o", in});
    CHECK(m.code == 2);
    CHECK(m.err.find("measured on an open table") != std::string::npos);
}

TEST_CASE("square-hearts: resolve with steps as counted, the help says how", "[cli][square-hearts]") {
    Scratch s;
    auto r = json::parse(ok(s.umpire({"resolve", "square-hearts", "shoot", "--weapon", "artillery", "--range", "2d+1",
                                      "--modifier", "cover", "--dice", "5,3", "--json"}))
                             .out);
    CHECK(r["outcome"]["results"]["hits"] == 1);
    bool counted = false;
    for (const auto& step : r["steps"])
        counted = counted || step["text"].get<std::string>().find("2 diagonal steps x 1.5 + 1 straight step = 4 areas") !=
                                 std::string::npos;
    CHECK(counted);
    auto help = ok(s.umpire({"resolve", "square-hearts", "shoot", "--help"})).out;
    CHECK(help.find("--range STEPS (3, 2d, 2d+1: grid steps, d a diagonal)") != std::string::npos);
    auto bad = s.umpire({"resolve", "square-hearts", "shoot", "--weapon", "rifle", "--range", "2x", "--dice", "4"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("is not a count of steps") != std::string::npos);
}

TEST_CASE("square-hearts: the orders phase ends once each of the player's commanders has rolled, or when the umpire ends it",
          "[cli][square-hearts]") {
    Scratch s;
    const std::string file = abu_klea(s);
    turn(s, file, {"next", "--seed", "7"});
    turn(s, file, {"order", "--first", "Mahdist Ansar"});
    turn(s, file, {"next"});
    apply(s, file, {"orders", "--commander", "The Emir of the Ansar", "--dice", "4"});
    refused(s, file, {"turn", "next"},
            "Musa wad Helu and Emir of the riflemen have not rolled for orders: each commander rolls 1d6 (Orders (line 15))");
    CHECK(turn(s, file, {"status"})["advance_blocked"] ==
          "Musa wad Helu and Emir of the riflemen have not rolled for orders: each commander rolls 1d6 (Orders (line 15))");
    apply(s, file, {"orders", "--commander", "Musa wad Helu", "--dice", "2"});
    refused(s, file, {"turn", "next"}, "the First player: orders is not finished: Emir of the riflemen has not rolled");
    // The umpire has the last word: the phase ended anyway, and the journal says so.
    auto forced = turn(s, file, {"next", "--force"});
    CHECK(turn(s, file, {"status"})["phase"] == "first-actions");
    CHECK(forced.dump().find("Ended early by the umpire: Emir of the riflemen has not rolled for orders") != std::string::npos);
}

TEST_CASE("square-hearts: the turn, orders spent by moves, refused without one and overruled", "[cli][square-hearts]") {
    Scratch s;
    const std::string file = at_ansar_moves(s);
    auto st = turn(s, file, {"status"});
    CHECK(st["phase"] == "first-actions");
    CHECK(st["active_side"] == 2);

    auto moved = apply(s, file, {"move", "--unit", "Hamran spearmen", "--areas", "1d", "--commander", "Musa wad Helu"});
    CHECK(moved["outcome"]["text"] == "Hamran spearmen moves 1.5 areas");
    apply(s, file, {"move", "--unit", "Jaalin spearmen", "--areas", "2", "--commander", "Musa wad Helu"});
    refused(s, file, {"apply", "move", "--unit", "Dighaym", "--areas", "1", "--commander", "Musa wad Helu"},
            "Musa wad Helu has no order left this turn");
    auto overruled = apply(s, file, {"move", "--unit", "Dighaym", "--areas", "1", "--commander", "Musa wad Helu",
                                     "--overrule", "a galloper"});
    CHECK(overruled["overrule"]["reason"] == "a galloper");
    CHECK(overruled["overrule"]["rules"][0]["citation"] == "Square Hearts Orders (line 15)");
    // The British may not move in the Ansar's turn.
    refused(s, file, {"apply", "move", "--unit", "Royal Sussex", "--areas", "1"}, "it is Mahdist Ansar's phase, not Desert Column's");
    // Shooting needs no order: the riflemen at the Heavies 3 areas away (2 diagonal steps).
    auto shot = apply(s, file, {"shoot", "--unit", "Ansar riflemen", "--target", "Heavy Camel", "--range", "2d",
                                "--dice", "6"});
    CHECK(shot["outcome"]["results"]["hits"] == 1);
    auto j = json::parse(ok(s.umpire({"show", file, "--json"})).out);
    for (const auto& u : j["units"])
        if (u["name"] == "Heavy Camel Regiment") CHECK(u["hits"] == 1);
    ok(s.umpire({"undo", file}));
    j = json::parse(ok(s.umpire({"show", file, "--json"})).out);
    for (const auto& u : j["units"])
        if (u["name"] == "Heavy Camel Regiment") CHECK(u["hits"] == 0);
}

TEST_CASE("square-hearts: the Army General defers, then rolls 2 dice", "[cli][square-hearts]") {
    Scratch s;
    const std::string file = abu_klea(s);
    turn(s, file, {"next", "--seed", "7"});
    turn(s, file, {"order", "--first", "Desert Column"});
    turn(s, file, {"next"});
    auto deferred = apply(s, file, {"orders", "--commander", "Brigadier-General Stewart", "--defer"});
    CHECK(deferred["outcome"]["text"] == "Brigadier-General Stewart defers his orders");
    refused(s, file, {"apply", "orders", "--commander", "Colonel Burnaby", "--defer"}, "only the Army General may defer");
    for (int i = 0; i < 6; ++i) turn(s, file, {"next", "--force"});
    CHECK(turn(s, file, {"status"})["turn"] == 2);
    auto two = apply(s, file, {"orders", "--commander", "Brigadier-General Stewart", "--dice", "3,5"});
    CHECK(two["outcome"]["results"]["orders"] == 8);
}

TEST_CASE("square-hearts: the chance deck, its cards printed and drawn as a turn begins", "[cli][square-hearts]") {
    Scratch s;
    const std::string pdf = s.path("cards.pdf").string();
    ok(s.umpire({"cards", "--ruleset", "square-hearts", "-o", pdf, "--backs"}));
    CHECK(std::filesystem::exists(pdf));
    const std::string file = abu_klea(s);
    turn(s, file, {"options", "--chance-cards", "on", "--blanks", "0", "--seed", "7"});
    turn(s, file, {"next"});
    turn(s, file, {"order", "--first", "Mahdist Ansar"});
    auto begun = turn(s, file, {"next"});
    CHECK(begun["status"]["chance_due_side"] == 2);
    auto drawn = turn(s, file, {"chance"});
    CHECK(drawn["status"]["chance_card"]["colour"] == "black");  // no blanks: a card
    const std::string deck = s.path("club.toml").string();
    ok(s.umpire({"turn", file, "deck", "--export", deck}));
    CHECK(slurp(deck).find("ruleset = \"square-hearts\"") != std::string::npos);
}

TEST_CASE("square-hearts: the melee dice split is --split, apart from --dice as rolled (line 55)", "[cli][square-hearts]") {
    Scratch s;
    auto one = json::parse(ok(s.umpire({"resolve", "square-hearts", "melee", "--split", "1", "--dice", "5", "--json"})).out);
    CHECK(one["dice"][0]["values"].size() == 1);
    CHECK(one["outcome"]["results"]["hits"] == 1);
    auto both = json::parse(ok(s.umpire({"resolve", "square-hearts", "melee", "--dice", "5,2", "--json"})).out);
    CHECK(both["dice"][0]["values"].size() == 2);
    auto help = ok(s.umpire({"resolve", "square-hearts", "melee", "--help"})).out;
    CHECK(help.find("--split N") != std::string::npos);
}

TEST_CASE("square-hearts: a commander alone next to the enemy: the capture to roll says whose it is", "[cli][square-hearts]") {
    Scratch s;
    const std::string file = at_ansar_moves(s);
    auto r = ok(s.umpire({"apply", file, "commander", "--commander", "Musa wad Helu", "--areas", "2", "--enemy", "yes"}));
    CHECK(r.out.find("capture: Musa wad Helu is alone next to the enemy") != std::string::npos);
    CHECK(r.out.find("capture for :") == std::string::npos);
    // He moves once a turn (line 17).
    refused(s, file, {"apply", "commander", "--commander", "Musa wad Helu", "--areas", "1"},
            "Musa wad Helu has moved this turn: commanders move 3 areas in their player's turn");
}

TEST_CASE("square-hearts: a lone die typed last is the dice, a commander by a word of his name, spaced names quoted",
          "[cli][square-hearts]") {
    Scratch s;
    const std::string file = abu_klea(s);
    turn(s, file, {"next", "--seed", "7"});
    turn(s, file, {"order", "--first", "Desert Column"});
    turn(s, file, {"next"});
    // "stewart", "burn": a word's start; the number cannot be the deferral, so it is the order die.
    json j = apply(s, file, {"orders", "stewart", "4"});
    CHECK_THAT(j["outcome"]["text"].get<std::string>(), Catch::StartsWith("Brigadier-General Stewart: 4 orders"));
    j = apply(s, file, {"orders", "burn", "2"});
    CHECK_THAT(j["outcome"]["text"].get<std::string>(), Catch::StartsWith("Colonel Burnaby: 2 orders"));
    // A name's words unquoted after a flag: the message says to quote it, and nothing changes.
    refused(s, file, {"apply", "orders", "--commander", "Lieutenant-Colonel", "Barrow"},
            "a name with spaces goes in quotes: --commander \"Lieutenant-Colonel Barrow\"");
    refused(s, file, {"apply", "orders", "--commander", "barrow", "3"}, "real dice as --dice 3");
    // A name nothing starts: the message lists the commanders and says to quote.
    refused(s, file, {"apply", "orders", "zulu", "3"}, "a name with spaces goes in quotes");
}

TEST_CASE("square-hearts: a commander named by flag and not found is refused by the input's label", "[cli][square-hearts]") {
    Scratch s;
    const std::string file = abu_klea(s);
    refused(s, file, {"apply", "orders", "--commander", "zulu"}, "umpire: Commander: no single commander is called \"zulu\"");
}
