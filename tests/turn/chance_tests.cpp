// Chance cards (Optional Rules 1-2): the joker, who draws, blanks, discards, cards that need
// dice, and a battle's own deck.
#include "turn_support.h"

#include "rules/inputs.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;
using namespace umpire::testing;
using turn::ActivationCard;
using turn::CardKind;

namespace {

// Puts these cards on top of the deck.
void stack(TurnFixture& f, std::vector<ActivationCard> top) {
    turn::TurnState s = f.state();
    s.deck.insert(s.deck.begin(), top.begin(), top.end());
    f.battle.texts[turn::kTurnText] = turn::to_text(s);
}

// Puts this chance card on top of the colour's pile.
void stack_chance(TurnFixture& f, const std::string& colour, const std::string& id) {
    turn::TurnState s = f.state();
    s.chance_piles[colour].insert(s.chance_piles[colour].begin(), id);
    f.battle.texts[turn::kTurnText] = turn::to_text(s);
}

} // namespace

TEST_CASE("each colour's chance pile holds its ten cards and as many blanks") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(true)));
    const turn::TurnState s = f.state();
    for (const char* colour : {"red", "black"}) {
        const auto& pile = s.chance_piles.at(colour);
        CHECK(pile.size() == 20);
        CHECK(std::count(pile.begin(), pile.end(), std::string()) == 10);
        CHECK(std::count(pile.begin(), pile.end(), "huzzah") == 1);
    }
    SECTION("fewer blanks than cards is refused") {
        TurnFixture g = macduff_battle();
        turn::TurnOptions o = g.options(true);
        o.blanks = 9;
        CHECK_THROWS_WITH(turn::configure(g.battle, g.rules, o), Catch::Contains("10 or more blanks, not 9"));
    }
    SECTION("more blanks make the cards rarer") {
        TurnFixture g = macduff_battle();
        turn::TurnOptions o = g.options(true);
        o.blanks = 30;
        g.apply(turn::configure(g.battle, g.rules, o));
        CHECK(g.state().chance_piles.at("red").size() == 40);
    }
}

TEST_CASE("the joker makes the next player whose card comes up draw a chance card") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(true)));
    f.apply(turn::next_phase(f.battle, f.rules));
    stack(f, {{CardKind::Joker, 0, 0}, {CardKind::Commander, 2, 5}});
    auto joker = f.apply(turn::draw_card(f.battle, f.rules));
    CHECK(joker.resolution.outcome == "Joker: the next player whose card comes up draws a chance card");
    CHECK(f.state().active_commander == 0);
    f.apply(turn::draw_card(f.battle, f.rules));
    CHECK(f.state().chance_due_side == 2);
    CHECK(f.state().active_commander == 5);
    CHECK_THROWS_WITH(turn::draw_card(f.battle, f.rules), Catch::Contains("draws a chance card first"));
    CHECK_THROWS_WITH(turn::next_phase(f.battle, f.rules), Catch::Contains("chance card to draw"));
    stack_chance(f, "black", "huzzah");
    auto drawn = f.apply(turn::draw_chance(f.battle, f.rules));
    CHECK(drawn.resolution.outcome == "Pathan Lashkar draws HUZZAH!");
    CHECK(f.state().chance_due_side == 0);
    CHECK(f.state().chance_discards.at("black") == std::vector<std::string>{"huzzah"});
    CHECK(f.state().chance_piles.at("black").size() == 20);  // 21 with the stacked card, one drawn
    // Huzzah! rolls a die: the card hands its action on, with the card named.
    REQUIRE(drawn.resolution.follow_ups.size() == 1);
    CHECK(drawn.resolution.follow_ups[0].action == "huzzah");
    CHECK(drawn.resolution.follow_ups[0].values.at("card") == "huzzah");
    const turn::TurnStatus st = turn::turn_status(f.battle, f.rules);
    REQUIRE(st.chance_card);
    CHECK(st.chance_card->title == "HUZZAH!");
    CHECK(st.chance_colour == "black");
}

TEST_CASE("a blank chance card does nothing, a used-up pile is reshuffled from its discards") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(true)));
    stack_chance(f, "red", "");
    auto blank = f.apply(turn::draw_chance(f.battle, f.rules, 1));
    CHECK(blank.resolution.outcome == "Frontier Field Force draws a blank chance card");
    CHECK(blank.resolution.follow_ups.empty());
    for (int i = 0; i < 21; ++i) f.apply(turn::draw_chance(f.battle, f.rules, 1));  // one past the 21 cards: reshuffled
    CHECK(f.state().chance_piles.at("red").size() + f.state().chance_discards.at("red").size() == 21);
}

TEST_CASE("no chance card without chance cards, or when none is due") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(false)));
    CHECK_THROWS_WITH(turn::draw_chance(f.battle, f.rules, 1), Catch::Contains("does not use chance cards"));
    TurnFixture g = macduff_battle();
    g.apply(turn::configure(g.battle, g.rules, g.options(true)));
    CHECK_THROWS_WITH(turn::draw_chance(g.battle, g.rules), Catch::Contains("no chance card is due"));
}

TEST_CASE("a battle's own deck replaces the default and rebuilds the piles") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(true)));
    turn::ChanceDeck deck = *turn::deck_for_battle(f.battle);
    deck.name = "Club deck";
    deck.cards.erase(deck.cards.begin() + 1, deck.cards.end());  // only the red BLUNDERED
    deck.cards[0].count = 3;
    deck.cards[0].title = "SOMEONE HAS REALLY BLUNDERED";
    deck.blanks = 3;
    f.apply(turn::set_chance_deck(f.battle, f.rules, deck));
    CHECK(turn::deck_for_battle(f.battle)->name == "Club deck");
    CHECK(f.state().chance_piles.size() == 1);
    CHECK(f.state().chance_piles.at("red").size() == 6);
    CHECK_THROWS_WITH(turn::set_chance_deck(f.battle, f.rules, deck), Catch::Contains("unchanged"));
}
