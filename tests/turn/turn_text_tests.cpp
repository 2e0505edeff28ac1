// The turn state's text read straight (turn/turn_text_reader.h): what to_text writes reads back
// to the same state, and anything else is left to the JSON reader, which reads it or says what is
// wrong with it as it always did.
#include "turn/turn_state.h"
#include "turn/turn_text_reader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <random>
#include <string>

using namespace umpire;
using turn::TurnState;

namespace {

// A state with every member set at random, texts drawn from `words`.
TurnState random_state(std::mt19937& rng, const std::vector<std::string>& words) {
    auto number = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    auto word = [&] { return words[static_cast<std::size_t>(number(0, static_cast<int>(words.size()) - 1))]; };
    auto card = [&] {
        turn::ActivationCard c;
        c.kind = static_cast<turn::CardKind>(number(0, 3));
        c.side = number(0, 3);
        c.commander = number(0, 250);
        return c;
    };
    TurnState s;
    s.options.activation = word();
    s.options.assignment = word();
    s.options.handicapped_side = number(0, 2);
    s.options.chance_cards = number(0, 1) == 1;
    s.options.blanks = number(-1, 5);
    s.options.wind = number(0, 1) == 1;
    s.options.seed = (static_cast<std::uint64_t>(rng()) << 32) | rng();
    s.started = number(0, 1) == 1;
    s.phase = number(0, 9);
    s.shuffles = number(0, 40);
    for (int i = number(0, 220); i > 0; --i) s.deck.push_back(card());
    for (int i = number(0, 30); i > 0; --i) s.discards.push_back(card());
    if (number(0, 1)) s.current = card();
    s.active_commander = number(0, 200);
    s.joker_pending = number(0, 1) == 1;
    s.chance_due_side = number(0, 2);
    for (int i = number(0, 50); i > 0; --i) s.commanders_done.push_back(number(1, 200));
    for (int t = 1, n = number(0, 12); t <= n; ++t) {
        turn::OrderRoll r;
        r.turn = t;
        for (int side = 1; side <= number(1, 3); ++side) r.rolls.emplace_back(side, number(-3, 14));
        r.winner = number(0, 2);
        r.first = number(1, 2);
        s.orders.push_back(r);
    }
    s.moving_side = number(0, 2);
    for (int i = number(0, 3); i > 0; --i) s.sides_done.push_back(number(1, 3));
    s.step_first = number(0, 2);
    for (int i = number(0, 3); i > 0; --i) {
        auto& pile = s.chance_piles[word()];
        for (int k = number(0, 8); k > 0; --k) pile.push_back(number(0, 3) ? word() : "");
    }
    for (int i = number(0, 2); i > 0; --i) s.chance_discards[word()].push_back(word());
    if (number(0, 1)) s.chance_current = std::make_pair(word(), word());
    for (int t = 1, n = number(0, 10); t <= n; ++t)
        s.wind_history.push_back({t, number(0, 6), number(0, 8), number(0, 8), number(0, 2), word()});
    return s;
}

} // namespace

TEST_CASE("turn text: every state to_text writes reads back the same, straight, without the JSON reader") {
    std::mt19937 rng(20261128);
    const std::vector<std::string> words{"cards", "initiative", "pre-assigned", "red", "black", "",
                                         "Ström the Bold", "vent d'ouest", "9.1 Hits (2)", "東風"};
    for (int i = 0; i < 300; ++i) {
        const TurnState s = random_state(rng, words);
        const std::string text = turn::to_text(s);
        const auto read = turn::read_turn_text(text);
        REQUIRE(read);
        CHECK(turn::to_text(*read) == text);
        CHECK(turn::to_text(turn::turn_state_from_json(text)) == text);  // what it stands in for
    }
}

TEST_CASE("turn text: a text with an escape, spaces or members in another order is read by the JSON reader, to the same state") {
    std::mt19937 rng(7);
    // A quote and a backslash are written escaped: the straight reader leaves them to JSON.
    const std::vector<std::string> escaped{"the \"Old\" Guard", "a\\b", "tab\there", "red"};
    for (int i = 0; i < 40; ++i) {
        const TurnState s = random_state(rng, escaped);
        const std::string text = turn::to_text(s);
        if (text.find('\\') == std::string::npos) continue;
        CHECK_FALSE(turn::read_turn_text(text));
        CHECK(turn::to_text(turn::turn_state_from_text(text)) == text);
    }
    const std::string canonical = turn::to_text(random_state(rng, {"red", "black"}));
    const std::string spaced = nlohmann::json::parse(canonical).dump(1);
    CHECK_FALSE(turn::read_turn_text(spaced));
    CHECK(turn::to_text(turn::turn_state_from_text(spaced)) == canonical);
    // Members in another order (an older writer's, or a hand's): still the same state.
    nlohmann::ordered_json reordered;
    const auto j = nlohmann::json::parse(canonical);
    for (auto it = j.rbegin(); it != j.rend(); ++it) reordered[it.key()] = *it;
    CHECK_FALSE(turn::read_turn_text(reordered.dump()));
    CHECK(turn::to_text(turn::turn_state_from_text(reordered.dump())) == canonical);
    // An older battle's turn text, before step_first was written: read straight, 0.
    TurnState old = random_state(rng, {"red"});
    old.step_first = 0;
    const std::string before = turn::to_text(old);
    REQUIRE(before.find("step_first") == std::string::npos);
    REQUIRE(turn::read_turn_text(before));
    CHECK(turn::read_turn_text(before)->step_first == 0);
}

TEST_CASE("turn text: a damaged text is refused as it was, saying the turn state is damaged") {
    std::mt19937 rng(11);
    TurnState s = random_state(rng, {"red", "black"});
    s.deck.assign(3, turn::ActivationCard{turn::CardKind::Commander, 1, 7});
    s.phase = 4;
    const std::string text = turn::to_text(s);
    auto damaged = [&](const std::string& from, const std::string& to) {
        std::string t = text;
        const auto at = t.find(from);
        REQUIRE(at != std::string::npos);
        t.replace(at, from.size(), to);
        CHECK_FALSE(turn::read_turn_text(t));
        return t;
    };
    // A leading zero, a cut, a card of no known kind, text that is not UTF-8: damage.
    for (const std::string& t : {damaged("\"phase\":4", "\"phase\":04"), text.substr(0, text.size() / 2),
                                 damaged("\"kind\":\"commander\"", "\"kind\":\"bishop\""),
                                 damaged("\"activation\":\"", "\"activation\":\"\xff")})
        CHECK_THROWS_WITH(turn::turn_state_from_text(t), Catch::Contains("turn state is damaged"));
    CHECK_THROWS_WITH(turn::turn_state_from_text(damaged("\"version\":1", "\"version\":2")),
                      Catch::Contains("newer Umpire"));
    // A fraction where a whole number belongs is the JSON reader's to judge, not this one's.
    damaged("\"phase\":4", "\"phase\":4.0");
}
