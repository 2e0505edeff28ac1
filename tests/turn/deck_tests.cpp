// MacDuff's card activation (4.1): the deck for a roster, the shuffle, drawing, the General's
// card, free choice, markers cleared and the empty deck ending the phase.
#include "turn_support.h"

#include "dice/dice_source.h"
#include "kit/deeds.h"
#include "rules/inputs.h"
#include "rulesets/registry.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace umpire;
using namespace umpire::testing;
using turn::ActivationCard;
using turn::CardKind;

namespace {

int count_kind(const std::vector<ActivationCard>& deck, CardKind kind) {
    return static_cast<int>(std::count_if(deck.begin(), deck.end(), [&](const ActivationCard& c) { return c.kind == kind; }));
}

} // namespace

TEST_CASE("the turn rules of both rulesets load, with their phases in order") {
    TurnFixture m = macduff_battle();
    REQUIRE(m.rules.phases.size() == 3);
    CHECK(m.rules.phases[0].kind == turn::PhaseKind::Wind);
    CHECK(m.rules.phases[1].kind == turn::PhaseKind::Activation);
    CHECK(m.rules.phases[2].id == "melee");
    CHECK(m.rules.phases[1].resets == std::vector<std::string>{"counter:order-failed-turn"});
    REQUIRE(m.rules.wind);
    CHECK(m.rules.wind->row_for(1)->change == "calm-or-rise");
    CHECK(m.rules.wind->row_for(5)->change == "none");
    REQUIRE(m.rules.initiative);
    CHECK(m.rules.initiative->tie_repeats_previous);
    CHECK(m.rules.initiative->observation_bonus == 1);

    TurnFixture e = edwardian_battle();
    std::vector<std::string> ids;
    for (const auto& p : e.rules.phases) ids.push_back(p.id);
    CHECK(ids == std::vector<std::string>{"move-order", "movement", "fire-unmoving", "fire-moving", "melee"});
    REQUIRE(e.rules.move_order);
    CHECK_FALSE(e.rules.move_order->tie_repeats_previous);
    CHECK_FALSE(e.rules.deck);
}

TEST_CASE("a bad [turn] table is refused with the key named") {
    CHECK_THROWS_WITH(turn::parse_turn_rules("[turn]\n[[turn.phases]]\nid = \"x\"\nname = \"X\"\nkind = \"dance\"\n", "t"),
                      Catch::Contains("unknown phase kind \"dance\""));
    CHECK_THROWS_WITH(turn::parse_turn_rules("format = 1\n", "t"), Catch::Contains("needs a table 'turn'"));
}

TEST_CASE("the deck holds one card per commander, a joker with chance cards and an extra General's card") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(true)));
    f.apply(turn::next_phase(f.battle, f.rules, {1}));  // the wind is off: straight to activation
    const turn::TurnState s = f.state();
    REQUIRE(f.rules.phases[static_cast<std::size_t>(s.phase)].id == "activation");
    CHECK(s.deck.size() == 8);
    CHECK(count_kind(s.deck, CardKind::Commander) == 4);
    CHECK(count_kind(s.deck, CardKind::General) == 3);  // both Generals' own cards + the observation card
    CHECK(count_kind(s.deck, CardKind::Joker) == 1);
    CHECK(std::count(s.deck.begin(), s.deck.end(), ActivationCard{CardKind::General, 1, 1}) == 2);
    for (int commander = 2; commander <= 6; ++commander)
        if (commander != 4)
            CHECK(std::count(s.deck.begin(), s.deck.end(),
                             ActivationCard{CardKind::Commander, commander <= 3 ? 1 : 2, commander}) == 1);

    SECTION("without chance cards there is no joker, without observation no extra card") {
        TurnFixture g = macduff_battle();
        g.apply(turn::configure(g.battle, g.rules, g.options(false)));
        g.apply(turn::next_phase(g.battle, g.rules));
        CHECK(g.state().deck.size() == 6);
        CHECK(count_kind(g.state().deck, CardKind::Joker) == 0);
    }
    SECTION("a lost commander has no card") {
        TurnFixture g = macduff_battle();
        g.battle.commander(2)->status = model::CommanderStatus::Killed;
        g.apply(turn::configure(g.battle, g.rules, g.options(false)));
        g.apply(turn::next_phase(g.battle, g.rules));
        CHECK(g.state().deck.size() == 5);
    }
}

TEST_CASE("the same seed shuffles the deck the same way, another seed differently") {
    auto order = [](std::uint64_t seed) {
        TurnFixture f = macduff_battle();
        turn::TurnOptions o = f.options(true);
        o.seed = seed;
        f.apply(turn::configure(f.battle, f.rules, o));
        f.apply(turn::next_phase(f.battle, f.rules));
        std::vector<int> ids;
        for (const auto& c : f.state().deck) ids.push_back(c.kind == CardKind::Joker ? 0 : c.commander);
        return ids;
    };
    CHECK(order(7) == order(7));
    CHECK(order(7) != order(8));
    // Golden order: our generator and Fisher-Yates, the same on every platform.
    CHECK(order(7) == std::vector<int>{4, 6, 3, 1, 0, 5, 2});
}

TEST_CASE("drawing every card activates each commander once, the empty deck ends the phase") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(false)));
    f.apply(turn::next_phase(f.battle, f.rules));
    CHECK_THROWS_AS(turn::next_phase(f.battle, f.rules), rules::InputError);  // 6 cards left
    std::vector<int> activated;
    for (int i = 0; i < 6; ++i) {
        auto step = f.apply(turn::draw_card(f.battle, f.rules));
        activated.push_back(f.state().active_commander);
        CHECK(f.state().deck.size() == static_cast<std::size_t>(5 - i));
        CHECK(step.resolution.outcome.find("activates") != std::string::npos);
    }
    std::sort(activated.begin(), activated.end());
    CHECK(activated == std::vector<int>{1, 2, 3, 4, 5, 6});
    CHECK(f.state().discards.size() == 6);
    CHECK_THROWS_WITH(turn::draw_card(f.battle, f.rules), Catch::Contains("the deck is empty"));
    CHECK(turn::turn_status(f.battle, f.rules).can_advance);
    f.apply(turn::next_phase(f.battle, f.rules));
    CHECK(turn::turn_status(f.battle, f.rules).phase_id == "melee");
    // After the last phase comes the next turn, with a fresh deck.
    f.apply(turn::next_phase(f.battle, f.rules));
    CHECK(f.battle.turn == 2);
    CHECK(f.state().deck.size() == 6);
    CHECK(f.state().discards.empty());
}

TEST_CASE("the umpire may end the activation phase early, the working says so") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(false)));
    f.apply(turn::next_phase(f.battle, f.rules));
    auto step = f.apply(turn::next_phase(f.battle, f.rules, {}, true));
    CHECK(step.resolution.steps.front().text == "Ended early by the umpire: 6 cards are left in the deck");
}

TEST_CASE("the General's card orders any unit of his side not yet ordered") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(false)));
    f.apply(turn::next_phase(f.battle, f.rules));
    // Put the General's card on top and mark one of his side's units as already ordered.
    turn::TurnState s = f.state();
    auto general = std::find(s.deck.begin(), s.deck.end(), ActivationCard{CardKind::General, 1, 1});
    std::rotate(s.deck.begin(), general, general + 1);
    f.battle.texts[turn::kTurnText] = turn::to_text(s);
    const int ordered = f.battle.units.front().id;
    rules::Resolution ordered_already;
    kit::record(f.battle, ordered_already, f.battle.units.front(), kit::Deed::Ordered);
    f.battle.apply(ordered_already.effects);
    f.apply(turn::draw_card(f.battle, f.rules));
    const turn::TurnStatus st = turn::turn_status(f.battle, f.rules);
    CHECK(st.active_commander == 1);
    int side_units = 0;
    for (const auto& u : f.battle.units)
        if (u.side == 1 && u.on_table()) ++side_units;
    CHECK(static_cast<int>(st.units_to_order.size()) == side_units - 1);
    CHECK(std::find(st.units_to_order.begin(), st.units_to_order.end(), ordered) == st.units_to_order.end());
    CHECK(st.current_label == "General's card: Brigadier Hawthorne (red)");
}

TEST_CASE("out of command: a unit beyond 12 inches rolls 4-6, a lost commander's units always roll") {
    TurnFixture f = macduff_battle();
    const rules::ActionSpec* activate = f.ruleset->action("activate");
    REQUIRE(activate);
    const model::Unit& gordons = *f.battle.find_unit("Gordon Highlanders");
    rules::ActionRequest far{"activate", gordons.id, std::nullopt, {{"commander", "3"}, {"distance", "14"}, {"in-sight", "yes"}}, {}};
    dice::TypedDice three({3});
    CHECK(f.ruleset->resolve(far, f.battle, three).result("ordered") == 0);
    dice::TypedDice four({4});
    CHECK(f.ruleset->resolve(far, f.battle, four).result("ordered") == 1);
    rules::ActionRequest near = far;
    near.values["distance"] = "6";
    dice::TypedDice none({});
    CHECK(f.ruleset->resolve(near, f.battle, none).result("ordered") == 1);
    // Dunmore lost: the General orders the Gordons, within 6", and they must still roll.
    f.battle.commander(3)->status = model::CommanderStatus::Wounded;
    near.values["commander"] = "1";
    dice::TypedDice two({2});
    auto lost = f.ruleset->resolve(near, f.battle, two);
    CHECK(lost.result("ordered") == 0);
    CHECK(lost.dice.size() == 1);
}

TEST_CASE("markers are cleared when the activation phase begins, what units did is of its turn") {
    TurnFixture f = macduff_battle();
    f.apply(turn::configure(f.battle, f.rules, f.options(false)));
    f.apply(turn::next_phase(f.battle, f.rules));
    rules::Resolution did;
    kit::record(f.battle, did, f.battle.units[0], kit::Deed::Ordered);
    kit::record(f.battle, did, f.battle.units[1], kit::Deed::Fired);
    f.battle.apply(did.effects);
    f.battle.units[2].set(model::Flag::Shaken, true);
    f.battle.units[3].counters["order-failed-turn"] = 1;
    CHECK(kit::did(f.battle, f.battle.units[1], kit::Deed::Fired));
    // On to the activation phase of turn 2 (the umpire ends the card phase early).
    f.apply(turn::next_phase(f.battle, f.rules, {}, true));
    f.apply(turn::next_phase(f.battle, f.rules));
    REQUIRE(f.battle.turn == 2);
    CHECK_FALSE(kit::did(f.battle, f.battle.units[0], kit::Deed::Ordered));
    CHECK_FALSE(kit::did(f.battle, f.battle.units[1], kit::Deed::Fired));
    CHECK(f.battle.units[2].has(model::Flag::Shaken));  // shaken stays until rallied
    CHECK(f.battle.units[3].counters.count("order-failed-turn") == 0);
}

TEST_CASE("free choice: a drawn card names only its side, whose player picks a commander") {
    TurnFixture f = macduff_battle();
    turn::TurnOptions o = f.options(false);
    o.assignment = "free-choice";
    f.apply(turn::configure(f.battle, f.rules, o));
    f.apply(turn::next_phase(f.battle, f.rules));
    CHECK(count_kind(f.state().deck, CardKind::Side) == 6);
    f.apply(turn::draw_card(f.battle, f.rules));
    const int side = f.state().current->side;
    const int own = side == 1 ? 2 : 5, enemy = side == 1 ? 5 : 2;
    CHECK_THROWS_WITH(turn::draw_card(f.battle, f.rules), Catch::Contains("must first choose"));
    CHECK_THROWS_WITH(turn::choose_commander(f.battle, f.rules, enemy), Catch::Contains("is not on"));
    f.apply(turn::choose_commander(f.battle, f.rules, own));
    CHECK(f.state().active_commander == own);
    CHECK_THROWS_AS(turn::choose_commander(f.battle, f.rules, own), rules::InputError);
    // Next card of the same side cannot reuse him.
    turn::TurnState s = f.state();
    s.deck.insert(s.deck.begin(), ActivationCard{CardKind::Side, side, 0});
    f.battle.texts[turn::kTurnText] = turn::to_text(s);
    f.apply(turn::draw_card(f.battle, f.rules));
    CHECK_THROWS_WITH(turn::choose_commander(f.battle, f.rules, own), Catch::Contains("already activated"));
}

TEST_CASE("handicap: one side's cards are pre-assigned, the other side chooses") {
    TurnFixture f = macduff_battle();
    turn::TurnOptions o = f.options(false);
    o.assignment = "handicap";
    o.handicapped_side = 2;
    f.apply(turn::configure(f.battle, f.rules, o));
    f.apply(turn::next_phase(f.battle, f.rules));
    for (const auto& c : f.state().deck) CHECK((c.side == 2) == (c.kind != CardKind::Side));
}

TEST_CASE("the deck and chance keys of [turn] are read: cards per commander, blanks at least, fixed choices") {
    TurnFixture f = macduff_battle();
    CHECK(f.rules.deck->cards_per_commander == 1);
    CHECK(f.rules.blanks_at_least == 1);

    // House rules: two cards per commander and twice as many blanks as cards.
    f.ruleset = rulesets::make("macduff", "[turn.deck]\ncards_per_commander = 2\n[turn.chance]\nblanks_at_least = 2\n");
    f.rules = turn::turn_rules(*f.ruleset);
    turn::TurnOptions o = f.options(true);
    CHECK_THROWS_WITH(turn::configure(f.battle, f.rules, o), Catch::Contains("20 or more blanks, not 10"));
    o.blanks = 20;
    f.apply(turn::configure(f.battle, f.rules, o));
    f.apply(turn::next_phase(f.battle, f.rules));
    const turn::TurnState s = f.state();
    const int commanders = static_cast<int>(f.battle.commanders.size());
    CHECK(count_kind(s.deck, CardKind::Commander) + count_kind(s.deck, CardKind::General) == 2 * commanders);

    // What the engine cannot play another way is refused, not ignored.
    CHECK_THROWS_WITH(turn::turn_rules(*rulesets::make("macduff", "[turn.deck]\nreshuffle = \"never\"\n")),
                      Catch::Contains("'reshuffle' can only be \"each turn\""));
    CHECK_THROWS_WITH(turn::turn_rules(*rulesets::make("macduff", "[turn.initiative]\nfirst_turn_tie = \"repeat\"\n")),
                      Catch::Contains("first_turn_tie"));
}
