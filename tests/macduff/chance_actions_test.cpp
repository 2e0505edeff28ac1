// MacDuff's chance-card actions (Optional Rules 2, Sample cards) with fixed dice, against the cards'
// words: They Couldn't Hit an Elephant (sniper), Never Say Die, Huzzah! and the cards that name a
// unit (nominate). And every action the chance deck names is declared, so a card never reaches
// the desk without an action to resolve it.
#include "fixture.h"

#include "turn/chance_deck.h"
#include "turn/turn_state.h"

#include <catch2/catch.hpp>

#include <set>

using namespace umpire;
using namespace umpire::test;
using model::CommanderStatus;
using model::Entity;
using model::Flag;

namespace {

rules::ActionRequest card(std::string action, std::string id, int side, std::map<std::string, std::string> more = {},
                          std::optional<int> unit = std::nullopt, std::optional<int> target = std::nullopt) {
    more["card"] = std::move(id);
    more["side"] = std::to_string(side);
    return request(std::move(action), std::move(more), unit, target);
}

rules::ActionRequest sniper(int side, std::map<std::string, std::string> more = {}) {
    return card("sniper", "they-couldnt-hit-an-elephant", side, std::move(more));
}

rules::ActionRequest never_say_die(int side, std::map<std::string, std::string> spread = {}) {
    return card("never-say-die", "never-say-die", side, std::move(spread));
}

rules::ActionRequest nominate(std::string id, int side, int target) {
    return card("nominate", std::move(id), side, {}, std::nullopt, target);
}

} // namespace

TEST_CASE("every action the chance deck names is a declared MacDuff action that takes the card") {
    auto ruleset = rulesets::make("macduff");
    const auto file = turn::load_chance_deck_file(std::string(UMPIRE_SOURCE_DIR) + "/reference/macduff/chance_cards.toml");
    const auto embedded = turn::default_deck("macduff");
    REQUIRE(embedded);
    std::set<std::string> named;
    for (const auto* deck : {&file, &*embedded})
        for (const auto& c : deck->cards) {
            if (c.action.empty()) continue;
            INFO(c.colour << " " << c.id << " -> " << c.action);
            named.insert(c.action);
            const rules::ActionSpec* spec = ruleset->action(c.action);
            REQUIRE(spec);
            CHECK(spec->citation == "MacDuff Optional 2 Sample Cards");
            // The follow-up a drawn card gives fixes `card` and `side`: both must be inputs, and
            // the card's id one the action accepts.
            REQUIRE(spec->input("card"));
            REQUIRE(spec->input("side"));
            CHECK(spec->input("card")->choice(c.id));
        }
    CHECK(named == std::set<std::string>{"sniper", "never-say-die", "huzzah", "nominate", "rising", "reinforce"});
}

TEST_CASE("sniper: on a 1 the drawing side's General is wounded and out of the game, the odds are 1/6") {
    auto b = frontier_battle();
    CHECK(chance(preview(b, sniper(1)), "the General is out") == Approx(1.0 / 6));
    auto one = resolve(b, sniper(1), {1});
    CHECK(one.result("lost") == 1);
    const auto* status = find_effect(one, Entity::Commander, 1, "status");
    REQUIRE(status);
    CHECK(status->after == static_cast<int>(CommanderStatus::Wounded));
    // The same effects as the commander-lost action: army morale falls, his units must dice.
    auto lost = resolve(b, request("commander-lost", {{"commander", "1"}, {"status", "wounded"}}), {});
    std::vector<std::string> fields, lost_fields;
    for (const auto& e : one.effects) fields.push_back(e.field);
    for (const auto& e : lost.effects) lost_fields.push_back(e.field);
    CHECK(fields == lost_fields);
    CHECK(find_effect(one, Entity::Side, 1, "counter:army-morale")->after == 1);
    CHECK(has_step(one, "They Couldn"));  // the card quoted
    CHECK(one.steps.front().citation == "MacDuff Optional 2 Sample Cards");
    // "Wounded or dead": the umpire may record him killed.
    auto killed = resolve(b, sniper(1, {{"status", "killed"}}), {1});
    CHECK(find_effect(killed, Entity::Commander, 1, "status")->after == static_cast<int>(CommanderStatus::Killed));
    // The other side's card hits the other General.
    CHECK(find_effect(resolve(b, sniper(2), {1}), Entity::Commander, 2, "status"));
}

TEST_CASE("sniper: on a 2 to 6 the General is unhurt and nothing changes") {
    auto b = frontier_battle();
    for (int die = 2; die <= 6; ++die) {
        INFO(die);
        auto r = resolve(b, sniper(1), {die});
        CHECK(r.result("lost") == 0);
        CHECK(r.effects.empty());
        CHECK(r.outcome == "Brigadier is unhurt");
    }
}

TEST_CASE("sniper: refused when the side has no General or he is already out of the game") {
    auto b = frontier_battle();
    b.commander(1)->status = CommanderStatus::Wounded;
    CHECK_THROWS_WITH(resolve(b, sniper(1), {1}), Catch::Contains("already wounded"));
    b.commander(1)->is_general = false;
    CHECK_THROWS_WITH(resolve(b, sniper(1), {1}), Catch::Contains("has no General"));
    CHECK_THROWS_WITH(resolve(b, sniper(7), {1}), Catch::Contains("no side 7"));
    // Without a battle: the rule alone.
    CHECK(resolve(request("sniper", {}), {1}).result("lost") == 1);
}

TEST_CASE("never say die: 1d6 casualties back across the named units, none above its starting figures") {
    auto b = frontier_battle();
    b.unit(1)->figures = 9;   // 3 casualties
    b.unit(2)->figures = 11;  // 1 casualty
    // The Gordons first: they take their 1, the Sikhs 3; the 5th figure has no room and is lost.
    auto r = resolve(b, never_say_die(1, {{"into-1", "2"}, {"into-2", "1"}}), {5});
    CHECK(find_effect(r, 2, "figures")->after == 12);
    CHECK(find_effect(r, 1, "figures")->after == 12);
    CHECK(r.result("recovered") == 4);
    CHECK(r.result("lost") == 1);
    CHECK(has_step(r, "1 recovered figure is lost"));
    // At most 1 into the Sikhs, the rest into the Gordons: 3 rolled, 1 + 1, 1 lost.
    auto capped = resolve(b, never_say_die(1, {{"into-1", "1"}, {"most-1", "1"}, {"into-2", "2"}}), {3});
    CHECK(find_effect(capped, 1, "figures")->after == 10);
    CHECK(find_effect(capped, 2, "figures")->after == 12);
    CHECK(capped.result("lost") == 1);
    // Exact odds: room for 4, so a 5 or 6 loses some.
    auto p = preview(b, never_say_die(1));
    CHECK(chance(p, "some recovered figures are lost") == Approx(2.0 / 6));
    REQUIRE(p.odds.size() == 2);
    CHECK(p.odds[1].distribution.p_exactly(4) == Approx(3.0 / 6));
}

TEST_CASE("never say die: with no spread, the side's units with casualties in roster order") {
    auto b = frontier_battle();
    b.unit(1)->figures = 11;
    b.unit(3)->figures = 2;
    auto r = resolve(b, never_say_die(1), {2});
    CHECK(find_effect(r, 1, "figures")->after == 12);
    CHECK(find_effect(r, 3, "figures")->after == 3);
    CHECK_FALSE(find_effect(r, 2, "figures"));  // the Gordons have no casualties
    CHECK(has_step(r, "roster order"));
    // Nothing to recover: nothing is rolled.
    auto none = resolve(frontier_battle(), never_say_die(1), {});
    CHECK(dice_rolled(none) == 0);
    CHECK(none.effects.empty());
}

TEST_CASE("never say die: only the side's own units still on the table") {
    auto b = frontier_battle();
    b.unit(1)->figures = 6;
    b.unit(1)->set(Flag::Routed, true);  // routed: removed from the game
    b.unit(4)->figures = 6;
    CHECK_THROWS_WITH(resolve(b, never_say_die(1, {{"into-1", "1"}}), {3}), Catch::Contains("still on table"));
    CHECK_THROWS_WITH(resolve(b, never_say_die(1, {{"into-1", "4"}}), {3}), Catch::Contains("not one of"));
    CHECK_THROWS_WITH(resolve(b, never_say_die(1, {{"into-1", "2"}}), {3}), Catch::Contains("no casualties"));
    CHECK_THROWS_AS(resolve(b, never_say_die(1, {{"most-1", "2"}}), {3}), rules::InputError);
    // The routed unit is not in the roster-order fallback either: nothing to recover.
    CHECK(resolve(b, never_say_die(1), {}).effects.empty());
}

TEST_CASE("huzzah: 1d6 inches marked for this turn, added once to a move") {
    auto b = frontier_battle();
    b.turn = 3;
    auto r = resolve(b, card("huzzah", "huzzah", 1, {{"use", "move"}}, 1), {4});
    CHECK(find_effect(r, 1, "counter:huzzah-move-inches")->after == 4);
    CHECK(find_effect(r, 1, "counter:huzzah-move-turn")->after == 3);
    auto moved = after(b, r);
    auto m = rulesets::make("macduff");
    CHECK(m->defaults(*m->action("move"), moved, 1, std::nullopt).at("huzzah") == "yes");
    // Formed infantry 2d6: 3 + 3 and Huzzah!'s 4.
    auto move = resolve(moved, request("move", {}, 1), {3, 3});
    CHECK(move.result("allowance_tenths") == 100);
    CHECK(has_step(move, "Huzzah! +4"));
    CHECK(find_effect(move, 1, "counter:huzzah-move-inches")->after == 0);
    // Used once; next turn it is gone.
    CHECK_THROWS_AS(resolve(after(moved, move), request("move", {{"huzzah", "yes"}}, 1), {3, 3}), rules::InputError);
    moved.turn = 4;
    CHECK(m->defaults(*m->action("move"), moved, 1, std::nullopt).at("huzzah") == "no");
    // Huzzah! is for a unit of your own.
    CHECK_THROWS_WITH(resolve(b, card("huzzah", "huzzah", 1, {}, 4), {4}), Catch::Contains("not one of"));
}

TEST_CASE("huzzah: +1 to each melee die this turn, the melee form's default") {
    auto b = frontier_battle();
    auto r = resolve(b, card("huzzah", "huzzah", 1, {{"use", "melee"}}, 2), {});
    CHECK(dice_rolled(r) == 0);
    CHECK(find_effect(r, 2, "counter:huzzah-melee-turn")->after == b.turn);
    auto fired_up = after(b, r);
    auto m = rulesets::make("macduff");
    // The Gordons are elite: +1, and Huzzah! +1.
    CHECK(m->defaults(*m->action("melee"), fired_up, 2, 4).at("modifiers") == "elite-or-shock,huzzah");
    auto melee = resolve(fired_up, request("melee", {{"figures", "2"}, {"enemy-figures", "2"}}, 2, 4), {2, 6});
    CHECK(melee.dice[0].modifier == 2);
    CHECK(melee.result("hits") == 1);  // a natural 2 hits at +2
    CHECK(has_step(melee, "Huzzah! (chance card) +1"));
    // Not the next turn.
    fired_up.turn += 1;
    CHECK(m->defaults(*m->action("melee"), fired_up, 2, 4).at("modifiers") == "elite-or-shock");
}

TEST_CASE("nominate: Ammo Shortage: the enemy unit may not be activated this turn and falls back") {
    auto b = frontier_battle();
    auto r = resolve(b, nominate("ammo-shortage", 1, 4), {});
    REQUIRE(find_effect(r, 4, "counter:no-activation-turn"));
    CHECK(find_effect(r, 4, "counter:no-activation-turn")->after == b.turn);
    CHECK(find_effect(r, 4, "counter:no-activation-turn")->reason.find("Ammo Shortage") != std::string::npos);
    // Its activation this turn is refused, citing the card.
    CHECK_THROWS_WITH(resolve(after(b, r), request("activate", {{"distance", "2"}}, 4), {}),
                      Catch::Contains("Ammo Shortage: it may not be activated this turn"));
    REQUIRE(has_follow_up(r, "move", 4));
    CHECK(r.follow_ups[0].values.at("order") == "maneuver");
    CHECK(has_step(r, "may not be activated this turn"));
    // Artillery limbers as it falls back.
    auto guns = resolve(b, nominate("ammo-shortage", 2, 3), {});
    REQUIRE(has_follow_up(guns, "move", 3));
    CHECK(guns.follow_ups[0].values.at("change") == "limber");
    // An own unit is refused: the card names an enemy unit.
    CHECK_THROWS_WITH(resolve(b, nominate("ammo-shortage", 1, 2), {}), Catch::Contains("names an enemy unit"));
}

TEST_CASE("nominate: For Want of a Nail: the enemy unit may not move this turn") {
    auto b = frontier_battle();
    auto r = resolve(b, nominate("for-want-of-a-nail", 1, 5), {});
    CHECK(find_effect(r, 5, "counter:no-move-turn")->after == b.turn);
    auto delayed = after(b, r);
    CHECK_THROWS_WITH(resolve(delayed, request("move", {}, 5), {}), Catch::Contains("For Want of a Nail"));
    delayed.turn += 1;  // next turn it moves again
    CHECK(resolve(delayed, request("move", {}, 5), {3, 3}).result("barred") == 0);
}

TEST_CASE("nominate: Someone Has Blundered: a full move, the red set names only infantry or cavalry") {
    auto b = frontier_battle();
    b.units.push_back(make_unit(7, "Afghan Guns", 2, "artillery", "average", "foot-artillery", 4));
    auto r = resolve(b, nominate("someone-has-blundered", 1, 6), {});
    CHECK(has_follow_up(r, "move", 6));
    CHECK(has_step(r, "infantry or cavalry unit"));  // the red set's wording, quoted
    CHECK_THROWS_WITH(resolve(b, nominate("someone-has-blundered", 1, 7), {}), Catch::Contains("red set"));
    // The black set forbids only artillery at close range, which the umpire judges.
    auto black = resolve(b, nominate("someone-has-blundered", 2, 3), {});
    CHECK(has_follow_up(black, "move", 3));
    CHECK(has_step(black, "not artillery at close range"));
}

TEST_CASE("nominate: Seizing the Moment: a unit of the side which is not active, activated now out of turn") {
    auto b = with_ames();
    auto r = resolve(b, nominate("seizing-the-moment", 1, 5), {});
    CHECK(find_effect(r, 5, "counter:seized-turn")->after == b.turn);
    CHECK(has_step(r, "activated now out of turn"));  // the card's words, quoted
    CHECK(has_step(r, "within 12\" and in sight"));
    CHECK(has_follow_up(r, "activate", 5));
    CHECK_FALSE(has_step(r, "Noted for the umpire"));
    // Without a turn under way the side that drew the card is the active one: its own unit is
    // refused, citing the card (R55); the umpire may overrule.
    const auto own = nominate("seizing-the-moment", 1, 2);
    CHECK_THROWS_WITH(resolve(b, own, {}), Catch::Contains("Gordons is on Field Force, the side which is active") &&
                                               Catch::Contains("names one unit on the side which is not active") &&
                                               Catch::Contains("MacDuff Optional 2 Sample Cards"));
    CHECK(has_follow_up(resolve(b, overruled(own), {}), "activate", 2));
    // In a turn under way, the turn says who is active: the side whose card is in play...
    turn::TurnState s;
    s.started = true;
    s.phase = 1;  // the card activation phase (the wind, phase 0, is off)
    s.active_commander = 3;  // Colonel Ames's card: Field Force is active
    b.texts[turn::kTurnText] = turn::to_text(s);
    CHECK_THROWS_AS(resolve(b, request("nominate", {{"card", "seizing-the-moment"}}, std::nullopt, 1), {}),
                    rules::Refusal);
    // ...or under the initiative method, the side activating.
    s.options.activation = "initiative";
    s.active_commander = 0;
    s.moving_side = 2;
    b.texts[turn::kTurnText] = turn::to_text(s);
    CHECK_THROWS_AS(resolve(b, nominate("seizing-the-moment", 2, 5), {}), rules::Refusal);
    CHECK(has_follow_up(resolve(b, nominate("seizing-the-moment", 2, 1), {}), "activate", 1));
    // A unit already ordered this turn is refused (4.1: once per turn).
    auto ordered = frontier_battle();
    mark(ordered, 5, kit::Deed::Ordered);
    CHECK_THROWS_WITH(resolve(ordered, nominate("seizing-the-moment", 1, 5), {}),
                      Catch::Contains("a unit may only be activated once per turn"));
}

TEST_CASE("nominate: Seizing the Moment's activation is the one out of the card in play") {
    auto b = with_ames();
    turn::TurnState s;
    s.started = true;
    s.phase = 1;  // the card activation phase (the wind, phase 0, is off)
    s.active_commander = 3;  // Colonel Ames's card is in play
    s.chance_current = std::make_pair(std::string("red"), std::string("seizing-the-moment"));
    b.texts[turn::kTurnText] = turn::to_text(s);
    // The desk offers only the other side's units for the card.
    auto m = rulesets::make("macduff");
    CHECK(m->target_candidates(*m->action("nominate"), b, std::nullopt) == std::vector<int>{4, 5, 6});
    const auto malik_orders = [](int unit) { return request("activate", {{"distance", "2"}, {"commander", "2"}}, unit); };
    CHECK_THROWS_WITH(resolve(b, malik_orders(5), {}), Catch::Contains("it is Field Force's card, not Lashkar's"));
    auto seized = after(b, resolve(b, nominate("seizing-the-moment", 1, 5), {}));
    auto order = resolve(seized, malik_orders(5), {});
    CHECK(order.result("ordered") == 1);
    CHECK(has_step(order, "activated out of turn (Seizing the Moment)"));
    CHECK(find_effect(order, 5, "counter:seized-turn")->after == 0);
    // Only the named unit: the Afridis wait for their commander's card.
    CHECK_THROWS_AS(resolve(seized, malik_orders(4), {}), rules::Refusal);
}

TEST_CASE("nominate: a card turned into a note is noted with its words, an unknown card is refused, nothing changed") {
    auto b = frontier_battle();
    const std::string note = "[[chance_cards.nominate]]\nid = \"seizing-the-moment\"\neffect = \"note\"\n";
    auto r = resolve(b, card("nominate", "seizing-the-moment", 1, {}, std::nullopt, 5), {}, note);
    CHECK(r.effects.empty());
    CHECK(r.follow_ups.empty());
    CHECK(has_step(r, "Noted for the umpire"));
    CHECK_THROWS_WITH(resolve(b, nominate("ill-try-sir", 1, 4), {}), Catch::Contains("a unit of your own"));
    // An unknown card: refused by the declared choice, before anything is resolved.
    CHECK_THROWS_WITH(resolve(b, nominate("we-marched-all-night", 1, 4), {}), Catch::Contains("is not one of"));
    CHECK_THROWS_WITH(preview(b, nominate("joker", 1, 4)), Catch::Contains("card"));
    CHECK_THROWS_WITH(resolve(b, request("nominate", {{"side", "1"}}, std::nullopt, 4), {}), Catch::Contains("card"));
    // The drawing side follows from the named enemy unit when there are two sides.
    auto inferred = resolve(b, request("nominate", {{"card", "for-want-of-a-nail"}}, std::nullopt, 4), {});
    CHECK(find_effect(inferred, 4, "counter:no-move-turn"));
}
