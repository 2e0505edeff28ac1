// What a player reads of a result: a headline that says a unit was destroyed or routed, and
// effects as words ("Hamran spearmen: routed", not "routed no -> yes").
#include "kit/headline.h"
#include "model/effect_words.h"

#include <catch2/catch.hpp>

using namespace umpire;

namespace {

model::Battle two_units() {
    model::Battle b;
    for (int id : {1, 2}) {
        model::Unit u;
        u.id = id;
        u.name = id == 1 ? "Heavy Camel Regiment" : "Hamran spearmen";
        u.side = id;
        b.units.push_back(u);
    }
    return b;
}

model::Effect routed(int unit, std::string reason) {
    return {model::Entity::Unit, unit, "flag:routed", 0, 1, std::move(reason)};
}

} // namespace

TEST_CASE("words: the headline says a unit was destroyed, removed or routed when the rule did not") {
    const model::Battle b = two_units();
    rules::Resolution r;
    r.outcome = "2 hits on Heavy Camel Regiment";
    r.effects = {{model::Entity::Unit, 1, "hits", 1, 3, "2 hits from shooting"}, routed(1, "destroyed")};
    kit::tell_units_lost(b, r);
    CHECK(r.outcome == "2 hits on Heavy Camel Regiment, destroyed");

    r.outcome = "Melee: 3 hits";
    r.effects = {routed(2, "broken and failed to rally")};
    kit::tell_units_lost(b, r);
    CHECK(r.outcome == "Melee: 3 hits; Hamran spearmen routed");

    r.outcome = "1 hit on Hamran spearmen";
    r.effects = {routed(2, "Removed from the game")};
    kit::tell_units_lost(b, r);
    CHECK(r.outcome == "1 hit on Hamran spearmen, removed");

    // Said already by the rule, as it records (data, not words), or nothing lost: the headline
    // stays as the rule wrote it.
    r.outcome = "Hamran spearmen routs";
    r.effects = {routed(2, "morale")};
    kit::outcome_says_lost(r, *b.unit(2));
    kit::tell_units_lost(b, r);
    CHECK(r.outcome == "Hamran spearmen routs");
    r.outcome_says_lost.clear();
    r.outcome = "Hamran spearmen rallies";
    r.effects = {{model::Entity::Unit, 2, "flag:routed", 1, 0, "rallied"}};
    kit::tell_units_lost(b, r);
    CHECK(r.outcome == "Hamran spearmen rallies");
}

TEST_CASE("words: the headline goes by the effects and what the rule recorded, not by the words it has") {
    const model::Battle b = two_units();
    rules::Resolution r;
    // "Lost" in the headline is the name of a morale column, not the unit's fate.
    r.outcome = "Hamran spearmen wins the melee; the loser checks morale on the Lost Melee column";
    r.effects = {routed(1, "destroyed")};
    kit::tell_units_lost(b, r);
    CHECK(r.outcome ==
          "Hamran spearmen wins the melee; the loser checks morale on the Lost Melee column; Heavy Camel Regiment "
          "destroyed");
    // One unit's loss said by the rule hides no other's.
    r.outcome = "Hamran spearmen is routed and removed";
    r.effects = {routed(2, "broken"), routed(1, "destroyed")};
    r.outcome_says_lost = {2};
    kit::tell_units_lost(b, r);
    CHECK(r.outcome == "Hamran spearmen is routed and removed; Heavy Camel Regiment destroyed");
    // Two effects routing one unit say it once.
    r.outcome = "3 hits on Heavy Camel Regiment";
    r.effects = {routed(1, "destroyed"), routed(1, "destroyed")};
    r.outcome_says_lost.clear();
    kit::tell_units_lost(b, r);
    CHECK(r.outcome == "3 hits on Heavy Camel Regiment, destroyed");
}

TEST_CASE("words: a unit's flags set or cleared read as words, not as yes and no") {
    const model::Battle b = two_units();
    CHECK(model::describe_effect(b, routed(1, "destroyed")) == "Heavy Camel Regiment: routed (destroyed)");
    CHECK(model::describe_effect(b, {model::Entity::Unit, 2, "flag:needs-rally", 0, 1, ""}) ==
          "Hamran spearmen: needs a rally");
    CHECK(model::describe_effect(b, {model::Entity::Unit, 2, "flag:needs-rally", 1, 0, ""}) ==
          "Hamran spearmen: no longer needs a rally");
    CHECK(model::describe_effect(b, {model::Entity::Unit, 2, "flag:shaken", 1, 0, "rallied"}) ==
          "Hamran spearmen: no longer shaken (rallied)");
    CHECK(model::describe_effect(b, {model::Entity::Unit, 2, "formed", 1, 0, ""}) == "Hamran spearmen: unformed");
    // The battle's records say themselves: no "The battle: phase 3".
    CHECK(model::describe_effect(b, {model::Entity::Battle, 0, "counter:phase", 2, 3, "Phase 3 of 8: First player: move"}) ==
          "Phase 3 of 8: First player: move");
}
