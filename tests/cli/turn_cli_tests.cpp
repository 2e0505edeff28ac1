// `umpire turn`: the real binary plays the turn of a MacDuff battle (options, phases, the card
// deck, free choice, the wind chart, chance cards, the battle's chance deck, undo) and of an
// Edwardian one (the move-order roll, alternate moves); bad input exits 2 and leaves the file alone.
#include "run_umpire.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace umpire::test;
using nlohmann::json;

namespace {

const std::string kMacDuff = std::string(UMPIRE_SOURCE_DIR) + "/rosters/macduff-kotal-pass.toml";
const std::string kEdwardian = std::string(UMPIRE_SOURCE_DIR) + "/rosters/edwardian-modder-river.toml";

// The first card of the Kotal Pass deck shuffled with seed 7 (chance cards on): the shuffles are
// our own generator, so this holds on every platform and every run.
const std::string kFirstCard = "General's card: Mullah Sayid Akbar (black)";

Run ok(const Run& r) {
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE(r.code == 0);
    return r;
}

std::string new_battle(const Scratch& s, const std::string& roster, const std::string& ruleset,
                       const std::string& name = "battle.umpire") {
    const std::string file = s.path(name).string();
    ok(s.umpire({"new", "--ruleset", ruleset, "--roster", roster, "-o", file}));
    return file;
}

json turn(const Scratch& s, const std::string& file, std::vector<std::string> args) {
    args.insert(args.begin(), {"turn", file});
    args.push_back("--json");
    return json::parse(ok(s.umpire(args)).out);
}

json status(const Scratch& s, const std::string& file) { return turn(s, file, {"status"}); }

// A step that must be refused: exit 2, the message on stderr mentions `why`, the file unchanged.
void refused(const Scratch& s, const std::string& file, std::vector<std::string> args, const std::string& why) {
    const std::string before = slurp(file);
    args.insert(args.begin(), {"turn", file});
    auto r = s.umpire(args);
    INFO("umpire turn ... " << args[2] << "\nstdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find(why) != std::string::npos);
    CHECK(slurp(file) == before);
}

// A MacDuff battle in the card activation phase, with chance cards and the wind (set to the
// north, moderate; rolled 2 on the chart).
std::string at_activation(const Scratch& s, const std::string& name = "battle.umpire") {
    const std::string file = new_battle(s, kMacDuff, "macduff", name);
    turn(s, file, {"options", "--chance-cards", "on", "--wind", "on", "--seed", "7"});
    turn(s, file, {"wind", "--set", "N", "--strength", "2"});
    turn(s, file, {"next"});
    turn(s, file, {"wind", "--dice", "2"});
    REQUIRE(turn(s, file, {"next"})["status"]["phase"] == "activation");
    return file;
}

} // namespace

TEST_CASE("cli turn: status before and after the turn options, as text and as JSON") {
    Scratch s;
    const std::string file = new_battle(s, kMacDuff, "macduff");
    auto text = ok(s.umpire({"turn", file, "status"}));
    CHECK(text.out.find("Turn 1, not started") != std::string::npos);
    CHECK(text.out.find("Next: Set the turn options") != std::string::npos);
    json j = status(s, file);
    CHECK(j["started"] == false);
    CHECK(j["can_advance"] == false);
    CHECK(j["advance_blocked"] == "the turn options are not set");
    CHECK(j["wind"]["in_use"] == false);

    auto set = ok(s.umpire({"turn", file, "options", "--chance-cards", "on", "--wind", "on", "--seed", "7"}));
    CHECK(set.out.find("Turn options set") != std::string::npos);
    CHECK(set.out.find("The red chance set: 10 cards and 10 blanks, shuffled") != std::string::npos);
    CHECK(set.out.find("Effects:\n  Turn options set") != std::string::npos);  // not the whole JSON, nor "0 -> 0"
    CHECK(set.out.find("The battle:") == std::string::npos);
    CHECK(set.out.find("text:turn") == std::string::npos);
    j = status(s, file);
    CHECK(j["can_advance"] == true);
    CHECK(j["wind"]["in_use"] == true);
    CHECK(j["wind"]["label"] == "no wind");
    CHECK(ok(s.umpire({"turn", "--help"})).out.find("deck                      the battle's chance deck") !=
          std::string::npos);
}

TEST_CASE("cli turn: the wind is set, rolled on the chart, and its history is in the status") {
    Scratch s;
    const std::string file = new_battle(s, kMacDuff, "macduff");
    turn(s, file, {"options", "--wind", "on", "--seed", "7"});
    json set = turn(s, file, {"wind", "--set", "N", "--strength", "2"});
    CHECK(set["status"]["wind"]["label"] == "N, moderate");
    CHECK(set["status"]["wind"]["strength"] == 2);  // as --strength counts: 2 is moderate
    CHECK(turn(s, file, {"next"})["status"]["phase"] == "wind");

    auto rolled = ok(s.umpire({"turn", file, "wind", "--dice", "2"}));
    CHECK(rolled.out.find("Rolled 2: Shift left 45 degrees: N to NW") != std::string::npos);
    json wind = status(s, file)["wind"];
    CHECK(wind["direction"] == "NW");
    CHECK(wind["label"] == "NW, moderate");
    REQUIRE(wind["history"].size() == 2);
    CHECK(wind["history"][0] == json{{"turn", 1}, {"roll", 0}, {"from", "none"}, {"to", "N"}, {"strength", 2},
                                     {"text", "set by the umpire: from the north, moderate"}});
    CHECK(wind["history"][1] == json{{"turn", 1}, {"roll", 2}, {"from", "N"}, {"to", "NW"}, {"strength", 2},
                                     {"text", "Shift left 45 degrees: N to NW"}});
    refused(s, file, {"wind", "--dice", "3"}, "already been rolled for turn 1");
    json next = turn(s, file, {"next"});
    CHECK(next["status"]["phase"] == "activation");
    CHECK(next["status"]["cards_left"] == 6);  // one card per commander; no chance cards, no joker
}

TEST_CASE("cli turn: the same seed draws the same first card on every run") {
    Scratch s;
    for (const char* name : {"a.umpire", "b.umpire"}) {
        const std::string file = at_activation(s, name);
        CHECK(status(s, file)["cards_left"] == 7);  // six commanders and the joker
        json drawn = turn(s, file, {"draw"});
        CHECK(drawn["status"]["current"]["label"] == kFirstCard);
        CHECK(drawn["status"]["cards_left"] == 6);
        CHECK(drawn["status"]["discards"].size() == 1);
    }
}

TEST_CASE("cli turn: the joker makes a chance card due, chance draws it, or one for a named side") {
    Scratch s;
    const std::string file = at_activation(s);
    json st = status(s, file);
    for (int i = 0; i < 7 && (st["current"].is_null() || st["current"]["kind"] != "joker"); ++i)
        st = turn(s, file, {"draw"})["status"];
    REQUIRE(st["current"]["kind"] == "joker");
    REQUIRE(st["cards_left"] > 0);
    st = turn(s, file, {"draw"})["status"];
    const int due = st["current"]["side"];
    CHECK(st["chance_due_side"] == due);
    refused(s, file, {"draw"}, "draws a chance card first");
    refused(s, file, {"next"}, "has a chance card to draw");

    json drawn = turn(s, file, {"chance"});
    CHECK(drawn["status"]["chance_due_side"] == 0);
    CHECK(drawn["status"]["chance_card"]["colour"] == (due == 1 ? "red" : "black"));
    refused(s, file, {"chance"}, "no chance card is due");
    json extra = turn(s, file, {"chance", "--side", due == 1 ? "Pathan Lashkar" : "Frontier Field Force"});
    CHECK(extra["status"]["chance_card"]["colour"] == (due == 1 ? "black" : "red"));
    refused(s, file, {"chance", "--side", "Zulu Impi"}, "no single side is called \"Zulu Impi\"");
}

TEST_CASE("cli turn: under free choice a side's card waits for its player to choose a commander") {
    Scratch s;
    const std::string file = new_battle(s, kMacDuff, "macduff");
    turn(s, file, {"options", "--assignment", "free-choice", "--seed", "7"});
    CHECK(turn(s, file, {"next"})["status"]["phase"] == "activation");  // no wind: straight to the cards
    json card = turn(s, file, {"draw"})["status"]["current"];
    REQUIRE(card["kind"] == "side");
    const bool red = card["side"] == 1;
    const std::string own = red ? "Colonel Ames" : "Malik Zarif Khan";
    const std::string other = red ? "Sher Ali Khan" : "Dunmore";
    refused(s, file, {"draw"}, "must first choose who uses its card");
    refused(s, file, {"choose", "Nobody"}, "no single commander is called \"Nobody\"");
    refused(s, file, {"choose"}, "choose needs the COMMANDER");
    refused(s, file, {"choose", other}, "is not on");

    json chosen = turn(s, file, {"choose", own});
    CHECK(chosen["status"]["active_commander"] != 0);
    CHECK_FALSE(chosen["status"]["units_to_order"].empty());
    refused(s, file, {"choose", own}, "no drawn card is waiting");
}

TEST_CASE("cli turn: the chance deck exports and imports back unchanged, a broken file is refused") {
    Scratch s;
    const std::string file = new_battle(s, kMacDuff, "macduff");
    turn(s, file, {"options", "--chance-cards", "on", "--seed", "7"});
    const std::string exported = s.path("deck.toml").string();
    auto wrote = ok(s.umpire({"turn", file, "deck", "--export", exported}));
    CHECK(wrote.out.find("Wrote " + exported) != std::string::npos);
    const std::string deck = slurp(exported);
    CHECK(deck.find("format = \"umpire-chance-deck\"") != std::string::npos);
    CHECK(deck.find("[[card]]") != std::string::npos);

    auto imported = ok(s.umpire({"turn", file, "deck", "--import", exported}));
    CHECK(imported.out.find("Chance deck changed") != std::string::npos);
    const std::string again = s.path("again.toml").string();
    ok(s.umpire({"turn", file, "deck", "--export", again}));
    CHECK(slurp(again) == deck);

    const auto broken = s.path("broken.toml");
    std::ofstream(broken) << "format = \"umpire-chance-deck\"\nversion = 1\nname = \"Broken\"\n[[card]]\nid = \"x\"\ntitle =\n";
    refused(s, file, {"deck", "--import", broken.string()}, "broken.toml:6");
    // Reads as a deck, but has fewer blanks than cards: the piles cannot be built.
    std::string thin = deck;
    thin.replace(thin.find("blanks = 10"), 11, "blanks = 1");
    const auto few = s.path("few-blanks.toml");
    std::ofstream(few) << thin;
    refused(s, file, {"deck", "--import", few.string()}, "or more blanks");
    refused(s, file, {"deck", "--import", s.path("missing.toml").string()}, "cannot read the deck");
    refused(s, file, {"deck"}, "deck needs --import FILE or --export FILE");
    refused(s, file, {"deck", "--import", exported, "--export", again}, "not both");
}

TEST_CASE("cli turn: undo after a draw puts the card back on the deck") {
    Scratch s;
    const std::string file = at_activation(s);
    turn(s, file, {"draw"});
    const json before = status(s, file);
    json drawn = turn(s, file, {"draw"});
    CHECK(drawn["status"]["cards_left"] == before["cards_left"].get<int>() - 1);
    auto undo = ok(s.umpire({"undo", file}));
    CHECK(undo.out.find("Undo: ") == 0);
    const json after = status(s, file);
    CHECK(after["cards_left"] == before["cards_left"]);
    CHECK(after["discards"] == before["discards"]);
    CHECK(after["current"] == before["current"]);
    CHECK(after == before);
    // The same card comes up again: the deck's order came back too.
    CHECK(turn(s, file, {"draw"})["status"]["current"] == drawn["status"]["current"]);
}

TEST_CASE("cli turn: bad input exits 2 with a clear message and changes nothing") {
    Scratch s;
    const std::string file = new_battle(s, kMacDuff, "macduff");
    refused(s, file, {"shuffle"}, "shuffle not in {status,options,");
    refused(s, file, {"options", "--chance-cards", "maybe", "--seed", "7"}, "say on or off, not \"maybe\"");
    refused(s, file, {"options", "--activation", "dice"}, "dice not in {cards,initiative}");
    turn(s, file, {"options", "--seed", "7"});
    turn(s, file, {"next"});
    refused(s, file, {"choose", "General Custer"}, "no single commander is called \"General Custer\"");
    refused(s, file, {"moved", "2nd Sikhs"}, "cannot move a unit now: this is the Card activation");
    refused(s, file, {"moved", "Zulu Impi"}, "no single unit is called \"Zulu Impi\"");
    refused(s, file, {"order", "--dice", "3,5"}, "there is no initiative or move-order roll now");
    refused(s, file, {"wind", "--dice", "2"}, "this battle does not use the wind");
    refused(s, file, {"wind", "--set", "NNE"}, "\"NNE\" is not a compass point");
    refused(s, file, {"wind", "--set", "N", "--strength", "4"}, "strength is 1 to 3");
    auto missing = s.umpire({"turn", s.path("missing.umpire").string(), "status"});
    CHECK(missing.code == 2);
    // Under the initiative method observation is +1 on the roll: on the next phase it is refused,
    // not silently dropped, and the phase says what the method does.
    const std::string dice = new_battle(s, kMacDuff, "macduff", "initiative.umpire");
    turn(s, dice, {"options", "--activation", "initiative", "--seed", "7"});
    refused(s, dice, {"next", "--observation", "Pathan Lashkar"}, "observation adds 1 to the side's initiative roll");
    turn(s, dice, {"next"});
    const json st = status(s, dice);
    CHECK(st["phase_name"] == "Initiative activation");
    CHECK(st["phase_text"].get<std::string>().find("Draw a card") == std::string::npos);
}

TEST_CASE("cli turn: the first next with no options set plays the defaults, recorded as their own step") {
    Scratch s;
    const std::string file = new_battle(s, kEdwardian, "edwardian");
    auto first = ok(s.umpire({"turn", file, "next"}));
    CHECK(first.out.find("Turn options set (the defaults") != std::string::npos);
    CHECK(first.out.find("Turn 1: Move order") != std::string::npos);
    auto journal = json::parse(ok(s.umpire({"show", file, "--json", "--journal"})).out)["journal"];
    REQUIRE(journal.size() == 2);
    CHECK(journal[0]["action"] == "turn-options");
    CHECK(journal[1]["action"] == "turn-next");
    // Set now, the options are not set again by the next step.
    ok(s.umpire({"turn", file, "order", "--dice", "3,5"}));
    ok(s.umpire({"turn", file, "next"}));
    CHECK(json::parse(ok(s.umpire({"show", file, "--json", "--journal"})).out)["journal"].size() == 4);
}

TEST_CASE("cli turn: Edwardian rolls the move order, then the sides alternate single moves") {
    Scratch s;
    const std::string file = new_battle(s, kEdwardian, "edwardian");
    turn(s, file, {"options", "--seed", "7"});
    CHECK(turn(s, file, {"next"})["status"]["phase"] == "move-order");
    refused(s, file, {"moved", "Kroonstad Commando"}, "cannot move a unit now: this is the Move order");
    auto order = ok(s.umpire({"turn", file, "order", "--dice", "3,5"}));
    CHECK(order.out.find("1st Division rolls 3") != std::string::npos);
    CHECK(order.out.find("Boer Commandos is high and chooses to go first") != std::string::npos);
    json st = turn(s, file, {"next"})["status"];
    CHECK(st["phase"] == "movement");
    CHECK(st["first_side"] == 2);
    CHECK(st["active_side"] == 2);
    const std::size_t boers = st["units_to_move"].size();

    st = turn(s, file, {"moved", "Kroonstad Commando"})["status"];
    CHECK(st["active_side"] == 1);
    refused(s, file, {"moved", "Boshof Commando"}, "it is 1st Division's move");
    st = turn(s, file, {"moved", "1st Scots Guards", "--stationary"})["status"];
    CHECK(st["active_side"] == 2);
    CHECK(st["units_to_move"].size() == boers - 1);
    st = turn(s, file, {"moved", "Boshof Commando"})["status"];
    CHECK(st["active_side"] == 1);
    refused(s, file, {"moved", "1st Scots Guards"}, "has already moved this turn");
    refused(s, file, {"moved"}, "moved needs the UNIT");
    refused(s, file, {"next"}, "neither moved nor stood");
    refused(s, file, {"draw"}, "cannot draw a card now: this is the Movement");
}

TEST_CASE("cli turn: a move applied is the unit's move in the sequence, as turn moved records it") {
    Scratch s;
    const std::string file = new_battle(s, kEdwardian, "edwardian");
    turn(s, file, {"options", "--seed", "7"});
    turn(s, file, {"next"});
    ok(s.umpire({"turn", file, "order", "--dice", "3,5"}));
    json st = turn(s, file, {"next"})["status"];
    REQUIRE(st["active_side"] == 2);
    // The Boers' move worked out with the move action: the sequence goes on to the British.
    ok(s.umpire({"apply", file, "move", "--unit", "Kroonstad Commando", "--open", "4"}));
    st = status(s, file);
    CHECK(st["active_side"] == 1);
    // Now it is the British's move: turn moved and a second move of the Boers alike are refused,
    // in the same words, from the same places of the turn.
    const std::string whose = "it is 1st Division's move, not Boer Commandos': players go through the move sequence";
    refused(s, file, {"moved", "Kroonstad Commando"}, whose);
    auto again = s.umpire({"apply", file, "move", "--unit", "Kroonstad Commando", "--open", "1"});
    CHECK(again.code == 2);
    CHECK(again.err.find(whose) != std::string::npos);
    CHECK(again.err.find("Edwardian I Turn Sequence 2") != std::string::npos);
    // Overruled on purpose, the Boers' unit still may not move twice: the limit speaks then.
    auto twice = s.umpire({"apply", file, "move", "--unit", "Kroonstad Commando", "--open", "1", "--overrule", "late"});
    CHECK(twice.code == 0);
    CHECK(twice.out.find("Kroonstad Commando has moved this turn") != std::string::npos);
    // A unit recorded by turn moved is refused a move action just the same.
    turn(s, file, {"moved", "1st Scots Guards"});
    CHECK(s.umpire({"apply", file, "move", "--unit", "1st Scots Guards", "--open", "1"}).code == 2);
}
