// The chance cards' markers read by other actions, with fixed dice: I'll Try Sir!'s extra melee die
// for a unit that charges this turn (rulings.md R57), and For Want of a Nail against the charge
// reactions that move a unit (R58).
#include "fixture.h"

#include "rulesets/macduff/tables.h"

#include <catch2/catch.hpp>

#include <tuple>

using namespace umpire;
using namespace umpire::test;
using model::Flag;

namespace {

rules::ActionRequest nominate(std::string card, int side, int target) {
    return request("nominate", {{"card", std::move(card)}, {"side", std::to_string(side)}}, std::nullopt, target);
}

// The battle after the drawing side named `unit` for I'll Try Sir! on the battle's turn.
model::Battle tried(model::Battle b, int side, int unit) {
    return after(b, resolve(b, nominate("ill-try-sir", side, unit), {}));
}

rules::ActionRequest melee(int unit, int enemy, std::map<std::string, std::string> more = {}) {
    more.emplace("figures", "2");  // 1 die each before the card
    more.emplace("enemy-figures", "2");
    return request("melee", std::move(more), unit, enemy);
}

std::size_t dice_of(const rules::Resolution& r, std::size_t group) {
    REQUIRE(r.dice.size() > group);
    return r.dice[group].values.size();
}

rules::ActionRequest react(std::string reaction, int unit, int charger) {
    return request("charge-reaction", {{"reaction", std::move(reaction)}}, unit, charger);
}

} // namespace

TEST_CASE("I'll Try Sir!: the own unit named is marked for this turn, nothing rolled") {
    auto b = frontier_battle();
    b.turn = 3;
    auto r = resolve(b, nominate("ill-try-sir", 1, 1), {});
    CHECK(dice_rolled(r) == 0);
    const auto* marker = find_effect(r, 1, "counter:extra-die-turn");
    REQUIRE(marker);
    CHECK(marker->after == 3);
    CHECK(marker->reason.find("I'll Try Sir!") != std::string::npos);
    CHECK(has_step(r, "If a unit which charges this turn may add 1 extra die"));  // the red set's words (R51)
    CHECK(has_step(r, "1 extra die in a melee it charges into this turn"));
    // The selected unit is named when no target is given.
    auto selected = resolve(b, request("nominate", {{"card", "ill-try-sir"}, {"side", "1"}}, 2), {});
    CHECK(find_effect(selected, 2, "counter:extra-die-turn"));
}

TEST_CASE("I'll Try Sir!: the melee form ticks the box for the marked unit, on either side") {
    auto b = tried(frontier_battle(), 1, 1);
    auto m = rulesets::make("macduff");
    const auto& spec = *m->action("melee");
    REQUIRE(spec.input("extra-die"));
    CHECK(spec.input("extra-die")->label.find("I'll Try Sir!") != std::string::npos);
    CHECK(m->defaults(spec, b, 1, 4).at("extra-die") == "yes");
    CHECK(m->defaults(spec, b, 1, 4).at("enemy-extra-die") == "no");
    CHECK(m->defaults(spec, b, 4, 1).at("enemy-extra-die") == "yes");
    b.turn += 1;
    CHECK(m->defaults(spec, b, 1, 4).at("extra-die") == "no");
}

TEST_CASE("I'll Try Sir!: a marked unit that charged this turn rolls 1 extra die") {
    auto b = tried(frontier_battle(), 1, 1);
    mark(b, 1, kit::Deed::Charged);
    // 2 figures: 1 die, and the card's; the Afridis 1 die. Charging +1: the 3 hits, the 2 does not.
    auto r = resolve(b, melee(1, 4), {3, 2, 6});
    CHECK(dice_of(r, 0) == 2);
    CHECK(dice_of(r, 1) == 1);
    CHECK(r.result("hits") == 1);
    CHECK(has_step(r, "charged: I'll Try Sir! (chance card) adds 1 die: 2 dice"));
    CHECK(preview(b, melee(1, 4)).outcome.find("2 dice against") != std::string::npos);
    // The `charged` box alone is enough (it charged after firing: no +1, the die all the same).
    mark(b, 1, kit::Deed::Fired);
    auto fired = resolve(b, melee(1, 4), {1, 1, 1});
    CHECK(dice_of(fired, 0) == 2);
    // A pursuit is a charge: the die again.
    auto pursuit = resolve(b, melee(1, 4, {{"charged", "no"}, {"pursuit", "yes"}}), {1, 1, 1});
    CHECK(dice_of(pursuit, 0) == 2);
}

TEST_CASE("I'll Try Sir!: added after halving for shaken, and for a counter-charging enemy") {
    auto b = tried(frontier_battle(), 1, 1);
    mark(b, 1, kit::Deed::Charged);
    // 4 figures shaken: 2 dice halved to 1, then the card's: 2.
    auto shaken = resolve(b, melee(1, 4, {{"figures", "4"}, {"shaken", "yes"}}), {1, 1, 1});
    CHECK(dice_of(shaken, 0) == 2);
    // Charge! counts as charging (R43): the Pathan Horse, marked, counter-charges the Gordons.
    auto horse = tried(frontier_battle(), 2, 6);
    horse = after(horse, resolve(horse, react("counter-charge", 6, 2), {4}));
    auto r = resolve(horse, melee(2, 6), {1, 1, 1});
    CHECK(dice_of(r, 0) == 1);
    CHECK(dice_of(r, 1) == 2);
    CHECK(has_step(r, "Pathan Horse charged: I'll Try Sir!"));
}

TEST_CASE("I'll Try Sir!: no extra die when the unit did not charge, or on a later turn") {
    auto b = tried(frontier_battle(), 1, 1);
    // Charged upon, not charging: the box is ticked but adds nothing, and the working says why.
    auto defending = resolve(b, melee(1, 4), {1, 1});
    CHECK(dice_of(defending, 0) == 1);
    CHECK(has_step(defending, "did not charge into this melee: no I'll Try Sir! extra die"));
    // Next turn it charges again, but the card was this turn's: no die, and the box is refused.
    b.turn += 1;
    mark(b, 1, kit::Deed::Charged);
    auto later = resolve(b, melee(1, 4), {1, 1});
    CHECK(dice_of(later, 0) == 1);
    CHECK_FALSE(has_step(later, "I'll Try Sir!"));
    CHECK_THROWS_WITH(resolve(b, melee(1, 4, {{"extra-die", "yes"}}), {1, 1, 1}),
                      Catch::Contains("was not named for I'll Try Sir! this turn"));
    // A unit never named has no die either.
    auto other = frontier_battle();
    mark(other, 2, kit::Deed::Charged);
    CHECK(dice_of(resolve(other, melee(2, 4), {1, 1}), 0) == 1);
}

TEST_CASE("I'll Try Sir!: the extra dice are a table number, a house rule may make the card a note") {
    CHECK(macduff::load_tables().nominate_card("ill-try-sir")->extra_dice == 1);
    const std::string two = "[[chance_cards.nominate]]\nid = \"ill-try-sir\"\nextra_dice = 2\n";
    auto b = tried(frontier_battle(), 1, 1);
    mark(b, 1, kit::Deed::Charged);
    auto r = resolve(b, melee(1, 4), {1, 1, 1, 1}, two);
    CHECK(dice_of(r, 0) == 3);
    const std::string note = "[[chance_cards.nominate]]\nid = \"ill-try-sir\"\neffect = \"note\"\n";
    CHECK(rulesets::make("macduff", note)->action("melee")->input("extra-die") == nullptr);
    CHECK(resolve(frontier_battle(), nominate("ill-try-sir", 1, 1), {}, note).effects.empty());
    // One marker serves the effect: a second card with it is refused.
    CHECK_THROWS_WITH(macduff::load_tables("[[chance_cards.nominate]]\nid = \"seizing-the-moment\"\n"
                                           "effect = \"extra-melee-die\"\nextra_dice = 1\n"),
                      Catch::Contains("only one card"));
}

TEST_CASE("For Want of a Nail: no Charge!, Fall Back! or Form Square! that turn, Fire! still allowed") {
    auto b = frontier_battle();
    b.unit(1)->traits["regular"] = "";
    b = after(b, resolve(b, nominate("for-want-of-a-nail", 1, 6), {}));  // the Pathan Horse
    b = after(b, resolve(b, nominate("for-want-of-a-nail", 2, 1), {}));  // the 2nd Sikhs
    // Refused before any die is rolled: no dice typed, nothing changed.
    for (const auto& [reaction, unit, charger] :
         {std::tuple{"counter-charge", 6, 2}, std::tuple{"fall-back", 6, 2}, std::tuple{"form-square", 1, 6}}) {
        INFO(reaction);
        CHECK_THROWS_WITH(resolve(b, react(reaction, unit, charger), {}), Catch::Contains("For Want of a Nail"));
        CHECK_THROWS_AS(preview(b, react(reaction, unit, charger)), rules::Refusal);
    }
    // The charger fired: Fall Back! is refused all the same; Fire! is the reaction left.
    mark(b, 2, kit::Deed::Fired);
    CHECK_THROWS_AS(resolve(b, react("fall-back", 6, 2), {}), rules::Refusal);
    auto fire = resolve(b, react("fire", 6, 2), {});
    CHECK(has_follow_up(fire, "shoot", 6));
    // Only the unit named, only that turn.
    auto other = frontier_battle();
    other.unit(4)->traits["skirmishers"] = "";
    other.unit(4)->formed = false;  // unformed infantry: 3d6
    CHECK(resolve(after(other, resolve(other, nominate("for-want-of-a-nail", 1, 6), {})),
                  react("fall-back", 4, 1), {1, 1, 1})
              .result("allowance_tenths") == 30);
    b.turn += 1;
    auto next = resolve(b, react("counter-charge", 6, 2), {4});
    CHECK(next.result("allowance_tenths") == 40);
}
