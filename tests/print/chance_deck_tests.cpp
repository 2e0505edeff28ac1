// Chance deck files: the MacDuff sample deck, the round trip, and errors with line and column.
#include "turn/chance_deck.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

using namespace umpire::turn;

namespace {

const ChanceCard& find(const ChanceDeck& deck, const std::string& id, const std::string& colour) {
    auto it = std::find_if(deck.cards.begin(), deck.cards.end(),
                           [&](const ChanceCard& c) { return c.id == id && c.colour == colour; });
    REQUIRE(it != deck.cards.end());
    return *it;
}

// Parses `text` expecting a DeckError; returns it.
DeckError error_of(const std::string& text) {
    try {
        parse_chance_deck(text, "deck.toml");
    } catch (const DeckError& e) {
        return e;
    }
    FAIL("no error for:\n" << text);
    return DeckError("", 0, 0, "");
}

const std::string kHeader = "format = \"umpire-chance-deck\"\nversion = 1\nname = \"Test\"\n";

} // namespace

TEST_CASE("chance deck: the MacDuff sample deck holds both wordings, one set per colour") {
    auto deck = default_deck("macduff");
    REQUIRE(deck);
    CHECK(deck->ruleset == "macduff");
    CHECK(deck->cards.size() == 20);
    CHECK(deck->colours() == std::vector<std::string>{"red", "black"});
    CHECK(deck->copies("red") == 10);
    CHECK(deck->copies("black") == 10);
    CHECK(deck->blanks == 10);

    // The three cards whose wording differs between the text's two sets.
    CHECK(find(*deck, "someone-has-blundered", "red").text.find("infantry or cavalry") != std::string::npos);
    CHECK(find(*deck, "someone-has-blundered", "black").text.find("not artillery at close range") != std::string::npos);
    CHECK(find(*deck, "ammo-shortage", "red").text.find("activated again this turn") != std::string::npos);
    CHECK(find(*deck, "ammo-shortage", "black").text.find("activated this turn") != std::string::npos);
    CHECK(find(*deck, "ill-try-sir", "red").text.rfind("If a unit which charges", 0) == 0);
    CHECK(find(*deck, "ill-try-sir", "black").text.rfind("A unit which charges", 0) == 0);
    CHECK(find(*deck, "they-couldnt-hit-an-elephant", "red").title == "THEY COULDN\u2019T HIT AN ELEPHANT");
    for (const auto& c : deck->cards) {
        CHECK(c.count == 1);
        CHECK(c.rarity == "common");
    }
    CHECK_FALSE(default_deck("no-such-ruleset"));
}

TEST_CASE("chance deck: a battle plays with its ruleset's default deck for now") {
    umpire::model::Battle battle;
    battle.ruleset = "macduff";
    auto deck = deck_for_battle(battle);
    REQUIRE(deck);
    CHECK(*deck == *default_deck("macduff"));
}

TEST_CASE("chance deck: writing and reading back gives the same deck") {
    auto deck = *default_deck("macduff");
    deck.cards[0].count = 3;
    deck.cards[1].rarity = "rare";
    deck.cards[2].text = "Quotes \" and backslash \\ and a\nnew line, tab\t and \u00bd.";
    auto again = parse_chance_deck(write_chance_deck(deck), "written.toml");
    CHECK(again == deck);
}

TEST_CASE("chance deck: a control character in a title or text is refused at its line and column, a text keeps its line breaks") {
    const std::string card = "\n[[card]]\nid = \"huzzah\"\n";
    // header: lines 1-3; blank line 4; [[card]] line 5; id 6; title 7; text 8; colour 9
    auto e = error_of(kHeader + card + "title = \"T\\u001b]0;pwned\\u0007\"\ntext = \"Cheer.\"\ncolour = \"red\"\n");
    CHECK(e.line() == 7);
    CHECK(e.column() == 9);
    CHECK(e.message().find("control character \\x1b") != std::string::npos);
    CHECK(std::string(e.what()).find('\x1b') == std::string::npos);  // the message itself is plain text
    auto in_text = error_of(kHeader + card + "title = \"HUZZAH!\"\ntext = \"Cheer.\\u009b2J\"\ncolour = \"red\"\n");
    CHECK(in_text.line() == 8);
    CHECK(in_text.message().find("\\u009b") != std::string::npos);
    auto deck = parse_chance_deck(kHeader + card + "title = \"HUZZAH!\"\ntext = \"Cheer,\\nand again.\"\ncolour = \"red\"\n",
                                  "deck.toml");
    CHECK(deck.cards.at(0).text == "Cheer,\nand again.");
}

TEST_CASE("chance deck: syntax errors name file, line and column") {
    auto e = error_of(kHeader + "blanks = 3\n[[card]]\nid = \"x\"\ntitle = \"unclosed\n");
    CHECK(e.file() == "deck.toml");
    CHECK(e.line() == 7);
    CHECK(e.column() > 1);
    CHECK(std::string(e.what()).rfind("deck.toml:7:", 0) == 0);
}

TEST_CASE("chance deck: bad values point at the value, missing keys at the card") {
    const std::string card = "\n[[card]]\nid = \"huzzah\"\ntitle = \"HUZZAH!\"\ntext = \"Cheer.\"\n";
    // header: lines 1-3; blank line 4; [[card]] line 5; id 6; title 7; text 8; colour 9
    SECTION("unknown colour") {
        auto e = error_of(kHeader + card + "colour = \"blue\"\n");
        CHECK(e.line() == 9);
        CHECK(e.column() == 10);
        CHECK(e.message().find("\"red\", \"black\"") != std::string::npos);
        CHECK(e.message().find("card 1 (\"HUZZAH!\")") != std::string::npos);
    }
    SECTION("missing colour") {
        auto e = error_of(kHeader + card);
        CHECK(e.line() == 5);
        CHECK(e.message().find("missing required key 'colour'") != std::string::npos);
    }
    SECTION("misspelt key") {
        auto e = error_of(kHeader + card + "colour = \"red\"\ncuont = 2\n");
        CHECK(e.line() == 10);
        CHECK(e.column() == 1);
        CHECK(e.message().find("unknown key 'cuont'") != std::string::npos);
    }
    SECTION("count out of range") {
        auto e = error_of(kHeader + card + "colour = \"red\"\ncount = 0\n");
        CHECK(e.line() == 10);
        CHECK(e.column() == 9);
        CHECK(e.message().find("1 to 100") != std::string::npos);
    }
    SECTION("count as text") {
        auto e = error_of(kHeader + card + "colour = \"red\"\ncount = \"2\"\n");
        CHECK(e.line() == 10);
        CHECK(e.message().find("the text \"2\"") != std::string::npos);
    }
    SECTION("the same id twice in one colour") {
        auto e = error_of(kHeader + card + "colour = \"red\"\n" + card + "colour = \"red\"\n");
        CHECK(e.line() == 12);  // the second card's id
        CHECK(e.message().find("already used by card 1") != std::string::npos);
    }
    SECTION("the same id in the other colour is fine") {
        auto deck = parse_chance_deck(kHeader + card + "colour = \"red\"\n" + card + "colour = \"black\"\n", "d");
        CHECK(deck.cards.size() == 2);
    }
    SECTION("a newer format") {
        auto e = error_of("format = \"umpire-chance-deck\"\nversion = 9\nname = \"x\"\n" + card + "colour = \"red\"\n");
        CHECK(e.line() == 2);
        CHECK(e.message().find("newer Umpire") != std::string::npos);
    }
    SECTION("not a deck") {
        auto e = error_of("format = \"umpire-roster\"\nversion = 1\n");
        CHECK(e.line() == 1);
        CHECK(e.message().find("umpire-chance-deck") != std::string::npos);
    }
    SECTION("no cards") {
        auto e = error_of(kHeader);
        CHECK(e.message().find("[[card]]") != std::string::npos);
    }
}

TEST_CASE("chance deck: an unreadable file says so") {
    CHECK_THROWS_WITH(load_chance_deck_file("/nonexistent/deck.toml"),
                      Catch::Contains("/nonexistent/deck.toml") && Catch::Contains("cannot read"));
}
