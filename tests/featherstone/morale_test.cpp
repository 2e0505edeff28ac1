// Morale (lines 174-234): the three-column table, its modifiers, every result applied, and the
// text's example of one roll read on the Rally column and then the Charged column.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::ActionRequest check(std::map<std::string, std::string> values, std::optional<int> unit = std::nullopt) {
    return request("morale", std::move(values), unit);
}
model::Battle disordered_battle() {
    auto b = napoleonic_battle();
    for (int id : {1, 3, 4, 11, 14, 17}) {
        b.unit(id)->set(model::Flag::Disordered, true);
        b.unit(id)->set(model::Flag::NeedsRally, true);
    }
    return b;
}
} // namespace

TEST_CASE("morale: the text's example, a 4 reads \"rally, no move\" and then \"wavering\" when charged") {
    auto b = disordered_battle();
    // Conscripts: no grade, no losses, so the die is the score.
    auto r = resolve(b, check({{"check", "charged-after-casualties"}}, 17), {4});
    CHECK(has_step(r, "Rolled 4, modified 4: Rally: Rally. No move."));
    CHECK(has_step(r, "It stands: the same roll on the Charged column: Wavering. Stand ground. Disorder."));
    CHECK(r.outcome == "Conscripts: 4, Wavering. Stand ground. Disorder.");
    auto a = after(b, r);
    CHECK(a.unit(17)->has(model::Flag::Disordered));
    CHECK(unit_counter(a, 17, "no-move-turn") == 2);
    // A unit that falls back on the Rally column does not read the Charged column.
    auto back = resolve(b, check({{"check", "charged-after-casualties"}}, 17), {2});
    CHECK(has_step(back, "It does not stand"));
}

TEST_CASE("morale: the modifiers") {
    auto score = [](std::map<std::string, std::string> v, int die = 6) {
        v.emplace("quality", "militia");
        return resolve(check(v), {die}).result("score") - die;
    };
    CHECK(resolve(check({{"quality", "guard"}}), {3}).result("score") == 5);
    CHECK(resolve(check({{"quality", "regular"}}), {3}).result("score") == 4);
    CHECK(score({}) == 0);
    // -1 for each full 25% of the original strength lost: 5 of 24 is none, 6 is one, 18 three.
    CHECK(score({{"strength", "24"}, {"lost", "5"}}) == 0);
    CHECK(score({{"strength", "24"}, {"lost", "6"}}) == -1);
    CHECK(score({{"strength", "24"}, {"lost", "18"}}) == -3);
    CHECK(score({{"general-near", "plus-1"}, {"safe", "yes"}}) == 1);
    CHECK(score({{"general-near", "minus-1"}, {"safe", "yes"}}) == -1);
    CHECK(score({{"general-attached", "plus-2"}}) == 2);
    CHECK(score({{"general-attached", "minus-2"}}) == -2);
    CHECK(score({{"leader-killed", "yes"}}) == -1);
    // Canister range or contact: rally only.
    CHECK(score({{"threatened", "yes"}}) == -1);
    CHECK(score({{"threatened", "yes"}, {"check", "charged"}}) == 0);
    CHECK(score({{"threatened", "yes"}, {"check", "lost-melee"}}) == 0);
    CHECK_THROWS_AS(resolve(check({{"strength", "10"}, {"lost", "11"}}), {3}), rules::InputError);
}

TEST_CASE("morale: scores below 0 read as 0, above 7 as 7") {
    auto low = resolve(check({{"quality", "militia"}, {"strength", "24"}, {"lost", "18"}}), {1});
    CHECK(low.result("score") == -2);
    CHECK(low.result("row") == 0);
    CHECK(has_step(low, "(read as 0): Rally: Disperse."));
    auto high = resolve(check({{"quality", "guard"}, {"general-attached", "plus-2"}}), {6});
    CHECK(high.result("row") == 7);
}

TEST_CASE("morale: the odds of each result on the column") {
    auto r = preview(check({{"quality", "regular"}, {"check", "charged"}}));
    double total = 0;
    for (const auto& c : r.chances) total += c.probability;
    CHECK(near(total, 1.0));
    CHECK(near(chance(r, "7: Counter charge"), 1.0 / 6));
    // Rows 1 to 3 of the Charged column are one result: a regular falls back on a 1 or a 2 (2 or 3).
    CHECK(near(chance(r, "1-3: Fall back 1 move. Disorder."), 2.0 / 6));
    CHECK(chance(r, "0: ") < 0);  // a regular cannot score 0
    // The score is read at 0 to 7: no odds of a score the table does not have ("8 or more").
    CHECK(odds(r, "modified score") == nullptr);
    auto high = preview(check({{"quality", "guard"}, {"general-attached", "plus-2"}, {"check", "lost-melee"}}));
    REQUIRE(high.chances.size() == 1);
    CHECK(high.chances[0].label == "3-7: Fall back 1 move. Disorder.");
    CHECK(near(high.chances[0].probability, 1.0));
    auto low = preview(check({{"quality", "militia"}, {"strength", "24"}, {"lost", "18"}}));  // -3: scores -2 to 3
    CHECK(near(chance(low, "0: Disperse."), 3.0 / 6));
    CHECK(near(chance(low, "3: No rally. No move."), 1.0 / 6));
}

TEST_CASE("morale: Rally results applied to the unit") {
    auto b = disordered_battle();
    auto at = [&](int die) { return after(b, resolve(b, check({{"quality", "militia"}}, 17), {die})); };
    auto gone = resolve(b, check({{"quality", "militia"}, {"strength", "24"}, {"lost", "6"}}, 17), {1});
    CHECK(after(b, gone).unit(17)->has(model::Flag::Routed));  // 0: disperse
    auto rout = resolve(b, check({{"quality", "militia"}}, 17), {1, /*figures lost*/ 4});
    CHECK(after(b, rout).unit(17)->figures == 20);
    CHECK(after(b, rout).unit(17)->has(model::Flag::Disordered));
    CHECK(did(b, rout, 17, kit::Deed::Moved));
    CHECK(at(3).unit(17)->has(model::Flag::NeedsRally));  // no rally, no move
    CHECK(unit_counter(at(3), 17, "no-move-turn") == 2);
    CHECK_FALSE(at(4).unit(17)->has(model::Flag::Disordered));
    CHECK_FALSE(at(4).unit(17)->has(model::Flag::NeedsRally));
    CHECK(unit_counter(at(5), 17, "half-move-turn") == 2);
    CHECK(unit_counter(at(6), 17, "half-move-turn") == 0);
    auto seven = resolve(b, check({{"quality", "regular"}}, 1), {6});
    CHECK(unit_counter(after(b, seven), 1, "must-charge-turn") == 2);
    CHECK(did(b, seven, 1, kit::Deed::Rallied));
}

TEST_CASE("morale: a rally check only for a disordered or marked unit, once a turn") {
    auto b = napoleonic_battle();
    CHECK_THROWS_AS(resolve(b, check({}, 1), {4}), rules::Refusal);
    auto d = disordered_battle();
    apply(d, resolve(d, check({}, 1), {1}));
    CHECK_THROWS_AS(resolve(d, check({}, 1), {4}), rules::Refusal);
}

TEST_CASE("morale: infantry charged by cavalry form square when the result calls for it") {
    auto b = napoleonic_battle();
    mark(b, 14, kit::Deed::Charged, kit::How::Charge);
    b.unit(17)->counters["charged-turn"] = 2;
    b.unit(17)->counters["charged-by"] = 14;
    const auto d = rulesets::make("featherstone")->defaults(*rulesets::make("featherstone")->action("morale"), b, 17, {});
    CHECK(d.at("check") == "charged");
    CHECK(d.at("charged-by-cavalry") == "yes");
    CHECK(d.count("response") == 0);  // the player's choice on a 7: asked, never defaulted
    auto five = resolve(b, check({}, 17), {5});
    CHECK(has_step(five, "forms square: infantry charged by cavalry MUST form square"));
    CHECK(unit_counter(after(b, five), 17, "formation") == kSquare);
    auto six = resolve(b, check({}, 17), {6});
    CHECK(unit_counter(after(b, six), 17, "first-fire-turn") == 2);
    // Charged by infantry: no square.
    b.unit(17)->counters["charged-by"] = 11;
    CHECK(unit_counter(after(b, resolve(b, check({}, 17), {5})), 17, "formation") == 0);
}

TEST_CASE("morale: cavalry charged by cavalry must counter-charge on a 7") {
    auto b = napoleonic_battle();
    b.unit(5)->counters["charged-turn"] = 2;
    b.unit(5)->counters["charged-by"] = 14;
    auto r = resolve(b, check({{"response", "stand"}, {"general-attached", "plus-2"}}, 5), {5});
    CHECK(r.result("row") == 7);
    CHECK(has_step(r, "Cavalry charged by cavalry MUST counter-charge"));
    CHECK(did(b, r, 5, kit::Deed::Charged));
    // Infantry choose: stand ground.
    auto inf = resolve(b, check({{"check", "charged"}, {"quality", "guard"}, {"type", "infantry"}, {"response", "stand"},
                                 {"charged-by-cavalry", "no"}}),
                       {5});
    CHECK(has_step(inf, "stands its ground"));
}

TEST_CASE("morale: losing a melee") {
    auto b = napoleonic_battle();
    auto rout = resolve(b, check({{"check", "lost-melee"}, {"quality", "militia"}}, 17), {2, 6});
    CHECK(has_step(rout, "Lost Melee: Rout 2 moves. Lose D6 figures."));
    CHECK(after(b, rout).unit(17)->figures == 18);
    auto back = resolve(b, check({{"check", "lost-melee"}, {"quality", "guard"}}, 3), {4});
    CHECK(has_step(back, "falls back 1 move, facing the enemy"));
    CHECK(after(b, back).unit(3)->has(model::Flag::Disordered));
    auto gone = resolve(b, check({{"check", "lost-melee"}, {"quality", "militia"}, {"lost", "6"}}, 17), {1});
    CHECK(after(b, gone).unit(17)->has(model::Flag::Routed));
    auto charged = resolve(b, check({{"check", "charged"}, {"quality", "militia"}, {"lost", "6"}}, 17), {1});
    CHECK(has_step(charged, "Charged: Break 2 moves. Disorder."));
    CHECK(after(b, charged).unit(17)->has(model::Flag::Disordered));
}

TEST_CASE("morale: a general using his influence near the enemy is killed on a 1") {
    auto b = disordered_battle();
    auto r = resolve(b, check({{"general-near", "plus-1"}, {"general", "1"}}, 1), {4, 1});
    CHECK(r.result("general-killed") == 1);
    CHECK(after(b, r).commander(1)->status == model::CommanderStatus::Killed);
    CHECK(cites(r, "Featherstone Death of a leader"));
    auto lucky = resolve(b, check({{"general-near", "plus-1"}, {"general", "1"}}, 1), {4, 2});
    CHECK(after(b, lucky).commander(1)->status == model::CommanderStatus::Active);
    // Out of harm's way: no die.
    CHECK(dice_rolled(resolve(b, check({{"general-near", "plus-1"}, {"general", "1"}, {"safe", "yes"}}, 1), {4})) == 1);
    // A general overrun this turn influences no one.
    b.counters["overrun-turn:1"] = 2;
    CHECK_THROWS_AS(resolve(b, check({{"general-near", "plus-1"}, {"general", "1"}}, 1), {4, 2}), rules::Refusal);
}

TEST_CASE("morale: infantry charged by cavalry may not counter-charge on a 7 (line 133)") {
    auto b = napoleonic_battle();
    b.unit(17)->counters["charged-turn"] = 2;
    b.unit(17)->counters["charged-by"] = 14;
    const auto counter = check({{"response", "counter-charge"}, {"general-attached", "plus-1"}}, 17);
    CHECK(refusal_of(b, counter, {6}) ==
          "infantry may not charge cavalry: on a 7 Conscripts stands its ground or forms square (Featherstone Melee "
          "(line 133))");
    // Overruled, the umpire's reading stands and is recorded.
    auto r = resolve(b, overruled(counter, "the cuirassiers were blown"), {6});
    CHECK(r.result("row") == 7);
    CHECK(has_step(r, "Conscripts counter-charges"));
    CHECK(r.overruled.size() == 1);
    // Charged by infantry, infantry may counter-charge.
    b.unit(17)->counters["charged-by"] = 11;
    auto foot = resolve(b, check({{"response", "counter-charge"}, {"general-attached", "plus-1"}}, 17), {6});
    CHECK(has_step(foot, "Conscripts counter-charges"));
}

TEST_CASE("morale: a unit charged by cavalry is checked as charged by cavalry (lines 228-229)") {
    auto b = napoleonic_battle();
    b.unit(17)->counters["charged-turn"] = 2;
    b.unit(17)->counters["charged-by"] = 14;
    CHECK(refusal_of(b, check({{"charged-by-cavalry", "no"}}, 17), {5}) ==
          "Conscripts was charged by Cuirassiers, cavalry, this turn: infantry charged by cavalry MUST form square if "
          "the result calls for it, cavalry charged by cavalry MUST counter-charge if called for (Featherstone Morale "
          "(lines 228-229))");
    // Its own check reads the Charged column as the form starts it, and forms square on a 5.
    CHECK(unit_counter(after(b, resolve(b, check({}, 17), {5})), 17, "formation") == kSquare);
}

TEST_CASE("morale: a 7 when charged asks the player to counter charge, stand ground or form square (lines 212-214)") {
    auto b = napoleonic_battle();
    b.unit(17)->counters["charged-turn"] = 2;
    b.unit(17)->counters["charged-by"] = 11;  // by infantry: every option is open
    const auto asked = resolve(b, check({{"general-attached", "plus-1"}}, 17), {6});
    CHECK(asked.result("row") == 7);
    REQUIRE(asked.question);
    CHECK(asked.question->input == "response");
    CHECK(asked.question->text == "Counter charge, stand ground or form square");
    CHECK(asked.question->citation == "Morale: the Charged column, 7 (lines 212-214)");
    REQUIRE(asked.question->options.size() == 3);
    CHECK(asked.question->options[0].label == "Counter charge");
    CHECK(asked.question->options[1].label == "Stand ground");
    CHECK(asked.question->options[2].label == "Form square");
    // Nothing applies until the player has chosen, not even the first fire of the same row.
    CHECK(asked.effects.empty());
    CHECK(asked.outcome.rfind("To choose: Counter charge, stand ground or form square", 0) == 0);
    // Chosen, with the same die: the choice is what happens.
    const auto square = resolve(b, check({{"general-attached", "plus-1"}, {"response", "square"}}, 17), {6});
    CHECK_FALSE(square.question);
    CHECK(unit_counter(after(b, square), 17, "formation") == kSquare);
    const auto stand = resolve(b, check({{"general-attached", "plus-1"}, {"response", "stand"}}, 17), {6});
    CHECK(has_step(stand, "Conscripts stands its ground"));
    CHECK(unit_counter(after(b, stand), 17, "formation") == 0);
    // Charged by cavalry, infantry may not charge it (line 133): stand ground or form square.
    b.unit(17)->counters["charged-by"] = 14;
    const auto by_horse = resolve(b, check({{"general-attached", "plus-1"}}, 17), {6});
    REQUIRE(by_horse.question);
    REQUIRE(by_horse.question->options.size() == 2);
    CHECK(by_horse.question->options[0].id == "stand");
    CHECK(by_horse.question->options[1].id == "square");
    // Cavalry charged by cavalry MUST counter-charge (line 229): nothing to ask.
    b.unit(5)->counters["charged-turn"] = 2;
    b.unit(5)->counters["charged-by"] = 14;
    const auto cavalry = resolve(b, check({{"general-attached", "plus-2"}}, 5), {5});
    CHECK_FALSE(cavalry.question);
    CHECK(did(b, cavalry, 5, kit::Deed::Charged));
}
