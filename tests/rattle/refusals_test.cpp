// Every action the text forbids, one by one: refused with the rule and its citation (nothing
// changes), and, when the umpire overrules, the same action goes ahead with the rule it broke and
// the reason in its working. The turn's own-phase limit is in turn_test.cpp (it needs the turn
// engine); the rest are here: the limits of reference/rattle/tables.toml and the rules' own.
#include "fixture.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;

namespace {

const std::string kReason = "the umpire's ruling";

// The rule refusing `req` cites `citation`; overruled, the request goes ahead and its working
// names that rule and the umpire's reason.
rules::Resolution overrule_checked(const rules::Resolution& over, const std::string& citation) {
    REQUIRE_FALSE(over.overruled.empty());
    bool named = false;
    for (const auto& step : over.overruled) named = named || step.citation == citation;
    CHECK(named);
    CHECK(over.overrule == kReason);
    CHECK(has_step(over, "Overruled by the umpire (" + kReason + ")"));
    return over;
}

void refused_then_overruled(const model::Battle& b, const rules::ActionRequest& req, const std::string& citation) {
    INFO(req.action << " by unit " << req.unit.value_or(0) << ", expecting " << citation);
    bool refused = false;
    try {
        preview(b, req);
    } catch (const rules::Refusal& r) {
        refused = true;
        CHECK(r.citation() == citation);
        CHECK_FALSE(r.rule().empty());
    }
    CHECK(refused);
    overrule_checked(preview(b, overruled(req, kReason)), citation);
}

// The same, and the overruled action resolved with `dice` changes the battle: its effects are
// what the app applies and journals.
void refused_then_applied(const model::Battle& b, const rules::ActionRequest& req, const std::string& citation,
                          std::vector<int> dice) {
    refused_then_overruled(b, req, citation);
    INFO(req.action << " by unit " << req.unit.value_or(0) << ", overruled and resolved");
    CHECK_FALSE(overrule_checked(resolve(b, overruled(req, kReason), std::move(dice)), citation).effects.empty());
}

model::Battle with_counters(std::map<int, std::map<std::string, int>> counters) {
    auto b = fair_oaks();
    for (const auto& [unit, set] : counters)
        for (const auto& [k, v] : set) set_unit_counter(b, unit, k, v);
    return b;
}

// `charger` (the 6th Alabama, 11, unless said) has charged `target` this turn (`front`: into its front).
model::Battle after_charge_on(int target, bool front = true, int charger = 11) {
    auto b = fair_oaks();
    apply(b, resolve(b, request("charge", {{"distance", "8"}, {"from-front", front ? "yes" : "no"}}, charger, target), {}));
    return b;
}

// A unit that took 2 hits this turn (Steady Men! and the flag have something to cancel).
model::Battle hit_this_turn(int unit, std::map<std::string, int> more = {}) {
    auto b = fair_oaks();
    set_unit_counter(b, unit, "recent-hits", 2);
    set_unit_counter(b, unit, "recent-hits-turn", b.turn);
    for (const auto& [k, v] : more) set_unit_counter(b, unit, k, v);
    return b;
}

} // namespace

TEST_CASE("refusals: charges, counter-charges and evades (lines 52, 69, comment 7)") {
    const auto b = fair_oaks();
    const std::string charges = "Rattle Charges (line 52)";
    refused_then_applied(b, request("charge", {{"distance", "8"}, {"facing", "no"}}, 1, 11), charges, {});
    refused_then_applied(b, request("charge", {{"distance", "8"}, {"sees", "no"}}, 1, 11),
                           "Rattle Charges (line 52; comment 7)", {});
    refused_then_overruled(with_counters({{14, {{"limbered", 1}}}}), request("charge", {{"distance", "8"}}, 14, 1), charges);
    refused_then_overruled(b, request("charge", {{"distance", "8"}}, 15, 1), charges);  // aboard a train
    // Counter-charge: mounted cavalry only, at a unit that charged, up to half way.
    const auto on_cavalry = after_charge_on(4);
    refused_then_overruled(on_cavalry, request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 1, 11), charges);
    const std::string targets = "Rattle Turn sequence (line 28); Charges (line 52)";
    refused_then_overruled(b, request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 4, 11), targets);
    refused_then_applied(on_cavalry, request("counter-charge", {{"gap", "8"}, {"distance", "5"}}, 4, 11), charges, {});
    CHECK(preview(on_cavalry, request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 4, 11)).overruled.empty());
    // Only the charge's target answers it: the 104th charged Hampton's Skirmishers, not the Legion's
    // cavalry, which may not counter-charge it (line 28), nor evade it (line 69).
    const auto on_skirmishers = after_charge_on(18, true, 1);
    refused_then_overruled(on_skirmishers, request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 13, 1), targets);
    CHECK_THROWS_WITH(preview(on_skirmishers, request("counter-charge", {{"gap", "8"}, {"distance", "4"}}, 13, 1)),
                      Catch::Contains("104th Pennsylvania did not charge Jeff Davis Legion: only the charge's target may "
                                      "counter-charge"));
    // Evade: cavalry and light infantry skirmishers, charged from the front, by a unit that charged.
    const std::string evade = "Rattle Melee: Evade (line 69)";
    refused_then_applied(after_charge_on(1), request("evade", {}, 1, 11), evade, {});
    refused_then_overruled(after_charge_on(4, false), request("evade", {}, 4, 11), evade);
    CHECK_THROWS_WITH(preview(after_charge_on(4, false), request("evade", {}, 4, 11)),
                      Catch::Contains("6th Alabama charged 8th Illinois Cavalry in the flank or rear"));
    refused_then_overruled(b, request("evade", {}, 4, 13), evade);
    refused_then_overruled(on_skirmishers, request("evade", {}, 13, 1), evade);
    CHECK_NOTHROW(preview(on_skirmishers, request("evade", {}, 18, 1)));
    CHECK(preview(on_cavalry, request("evade", {}, 4, 11)).overruled.empty());
}

TEST_CASE("refusals: movement, Generals and Urging On (lines 22, 39-50)") {
    const auto b = fair_oaks();
    const std::string movement = "Rattle Movement (lines 37-49)";
    refused_then_applied(b, request("move", {{"distance", "13"}}, 1), movement, {});
    refused_then_applied(b, request("move", {{"distance", "7"}, {"new-formation", "column"}}, 2), movement, {});
    refused_then_overruled(b, request("move", {{"distance", "9"}, {"rough", "4"}}, 1), movement);  // 5 + 8
    refused_then_applied(b, request("move", {{"distance", "4"}}, 5), "Rattle Movement: artillery (line 49)", {});
    refused_then_applied(b, request("move", {{"distance", "10"}}, 15), "Rattle Movement: Steam Engines (line 42)", {});
    refused_then_applied(b, request("move", {{"distance", "2"}, {"woods-or-town", "yes"}}, 4),
                           "Rattle Movement: woods and towns (line 48)", {});
    refused_then_applied(b, request("move", {{"distance", "4"}, {"road", "yes"}}, 1), "Rattle Movement: road (line 44)", {});
    // Generals: 24" a move; one urging a unit on stays with it; urging, he moves up to 12" to join.
    const std::string urging = "Rattle Movement: Urging On (line 50)";
    refused_then_applied(b, request("general-move", {{"commander", "1"}, {"distance", "25"}, {"join", "3"}}),
                           "Rattle Movement: General (line 39)", {});
    refused_then_applied(with_counters({{1, {{"urged-by", 2}, {"urged-turn", b.turn}}}}),
                           request("general-move", {{"commander", "2"}, {"distance", "3"}, {"join", "2"}}), urging, {});
    refused_then_applied(b, request("move", {{"distance", "5"}, {"urged-by", "2"}, {"general-distance", "13"}}, 1), urging, {4});
    // A Brigade General commands only his own units (line 22).
    refused_then_applied(b, request("move", {{"distance", "5"}, {"urged-by", "2"}, {"general-distance", "5"}}, 3),
                           "Rattle Generals (line 22)", {4});
}

TEST_CASE("refusals: shooting (lines 54-62, 68)") {
    const auto b = fair_oaks();
    refused_then_applied(b, request("shoot", {{"range", "13"}}, 1, 11), "Rattle Shooting: Range (line 56)", {1, 1, 1, 1});
    refused_then_applied(b, request("shoot", {{"range", "10"}, {"in-sight", "no"}}, 1, 11), "Rattle Shooting (line 54)", {1, 1, 1, 1});
    refused_then_overruled(b, request("shoot", {{"range", "10"}}, 4, 11), "Rattle Shooting: Dice (line 57)");
    refused_then_overruled(with_counters({{5, {{"limbered", 1}}}}), request("shoot", {{"range", "20"}}, 5, 11),
                           "Rattle Shooting (line 54); Movement (line 49)");
    // Overhead fire: artillery from a hill, rockets anywhere; a 6" gap before the gun and the target.
    const std::string overhead = "Rattle Shooting: Overhead Fire (line 62)";
    const std::map<std::string, std::string> gaps{{"range", "20"}, {"overhead", "yes"}, {"gap-at-gun", "6"},
                                                  {"gap-at-target", "6"}};
    auto with = [&](std::map<std::string, std::string> more) {
        auto in = gaps;
        for (auto& [k, v] : more) in[k] = v;
        return in;
    };
    refused_then_overruled(b, request("shoot", with({{"range", "10"}}), 1, 11), overhead);
    refused_then_overruled(b, request("shoot", gaps, 5, 11), overhead);
    refused_then_overruled(b, request("shoot", with({{"on-hill", "yes"}, {"gap-at-target", "5"}}), 5, 11), overhead);
    CHECK(preview(b, request("shoot", with({{"on-hill", "yes"}}), 5, 11)).overruled.empty());
    // Fire out of turn: only at a unit that charged this turn, from within 6".
    const std::string reaction = "Rattle Melee: Defensive Fire (line 68)";
    refused_then_overruled(b, request("shoot", {{"range", "5"}, {"out-of-turn", "yes"}}, 1, 11), reaction);
    refused_then_overruled(after_charge_on(4), request("shoot", {{"range", "7"}, {"out-of-turn", "yes"}}, 1, 11), reaction);
}

TEST_CASE("refusals: rally, Steady Men! and the flag (lines 77-79)") {
    const auto b = fair_oaks();
    refused_then_applied(b, request("rally", {}, 1), "Rattle Rally (line 77)", {4});
    const std::string steady = "Rattle Steady Men! (line 78)";
    refused_then_overruled(b, request("steady-men", {{"commander", "1"}}, 1), steady);
    refused_then_applied(hit_this_turn(1, {{"steady-men-tried", 1}}), request("steady-men", {{"commander", "1"}}, 1), steady, {5});
    refused_then_applied(hit_this_turn(3), request("steady-men", {{"commander", "2"}}, 3), "Rattle Generals (line 22)", {5});
    const std::string flag = "Rattle Rally Round The Flag (line 79)";
    auto light = hit_this_turn(3);
    light.unit(3)->traits["colour-bearer"] = "";
    refused_then_applied(light, request("flag", {}, 3), flag, {5});
    refused_then_applied(hit_this_turn(2), request("flag", {}, 2), flag, {5});
    refused_then_applied(hit_this_turn(1, {{"flag-captured", 1}}), request("flag", {}, 1), flag, {5});
    refused_then_overruled(b, request("flag", {}, 1), flag);
    refused_then_applied(hit_this_turn(1, {{"flag-tried", 1}}), request("flag", {}, 1), flag, {5});
    CHECK(preview(hit_this_turn(1), request("flag", {}, 1)).overruled.empty());
}

TEST_CASE("refusals: sappers (line 81)") {
    const std::string sappers = "Rattle SAPPERS (line 81)";
    refused_then_applied(fair_oaks(), request("work", {{"task", "fortify"}}, 1), sappers, {3, 3, 3, 3});
    refused_then_overruled(with_counters({{6, {{"charges", 1}}}}), request("blow-charges", {{"demolition", "bridge"}, {"charges", "2"}}, 6),
                           sappers);
    refused_then_applied(with_counters({{6, {{"melee-with", 12}}}}), request("work", {{"task", "fortify"}}, 6), sappers, {3, 3});
}

TEST_CASE("refusals: the limits of the tables (one action a turn, a defeated unit rallies, units in contact, melee once)") {
    auto moved = fair_oaks();
    apply(moved, resolve(moved, request("move", {{"distance", "5"}}, 1), {}));
    refused_then_applied(moved, request("shoot", {{"range", "10"}}, 1, 11), "Rattle Turn sequence (line 28)", {1, 1, 1, 1});
    refused_then_overruled(moved, request("rally", {}, 1), "Rattle Turn sequence (line 28)");
    auto defeated = fair_oaks();
    defeated.unit(1)->flags[model::Flag::NeedsRally] = true;
    refused_then_applied(defeated, request("move", {{"distance", "5"}}, 1), "Rattle Rally (line 77); Evade (line 69)", {});
    refused_then_overruled(defeated, request("shoot", {{"range", "10"}}, 1, 11), "Rattle Rally (line 77); Evade (line 69)");
    const auto contact = with_counters({{1, {{"melee-with", 11}}}, {11, {{"melee-with", 1}}}});
    refused_then_applied(contact, request("shoot", {{"range", "10"}}, 1, 12), "Rattle Shooting: Shooting and Melee (line 55)", {1, 1, 1, 1});
    refused_then_applied(contact, request("shoot", {{"range", "10"}}, 2, 11), "Rattle Shooting: Shooting and Melee (line 55)", {1, 1, 1, 1, 1});
    auto fought = fair_oaks();
    apply(fought, resolve(fought, request("melee", {{"front", "4"}, {"ranks", "1"}, {"enemy-front", "4"}, {"enemy-ranks", "1"}}, 1, 12),
                          {1, 1}));
    refused_then_overruled(fought, request("melee", {{"front", "4"}, {"enemy-front", "4"}}, 1, 12),
                           "Rattle Turn sequence (lines 29, 31)");
}

TEST_CASE("refusals: a melee that goes on next turn has no charger (line 75)") {
    auto b = fair_oaks();
    apply(b, resolve(b, request("charge", {{"distance", "6"}}, 11, 1), {}));
    const std::map<std::string, std::string> contact{{"front", "4"}, {"ranks", "1"}, {"enemy-front", "4"}, {"enemy-ranks", "1"}};
    // Turn 1: the charge bonus (the form's default) and defensive fire; no hits either side, a draw.
    auto first = resolve(b, request("melee", contact, 11, 1), {1, 1});
    CHECK(has_step(first, "Charge bonus: charging this turn +1"));
    CHECK(first.result("defeated") == 0);
    apply(b, first);
    // Turn 2: the melee goes on with neither side counting as charging.
    b.turn = 2;
    auto r = rulesets::make("rattle");
    CHECK(r->defaults(*r->action("melee"), b, 11, 1).at("modifiers").empty());
    auto second = preview(b, request("melee", contact, 11, 1));
    CHECK(second.overruled.empty());
    CHECK_FALSE(has_step(second, "Charge bonus"));
    auto charging = contact;
    charging["modifiers"] = "charging";
    refused_then_applied(b, request("melee", charging, 11, 1), "Rattle Melee: Charge Bonus (line 72); Result (line 75)", {1, 1});
}
