// What the text forbids beyond the turn's limits: refused with the rule and its citation, and
// applied when the umpire overrules (crews, spotters, drafts, the Section III suggestions, the
// campaign), plus the roster check for troops that stand only in open order. Fixed dice.
#include "fixture.h"

#include "roster/checks.h"
#include "roster/roster.h"

#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::test;
using Catch::Contains;

namespace {

model::Battle in_phase(int phase) {
    auto b = veldt_battle();
    b.counters["phase"] = phase;
    return b;
}

// The veldt battle with a crowd of revolutionaries and their leader (unit 19, side 2).
model::Battle with_revolutionaries() {
    auto b = in_phase(3);
    auto reds = unit(19, "Red Guards", 2, "infantry", "average", "rifle", 24, false);
    reds.traits["leader"] = "";
    reds.traits["undisciplined"] = "";
    b.units.push_back(reds);
    return b;
}

} // namespace

TEST_CASE("I Artillery Fire, II Obsolete Weaponry: what stops a gun is refused, not bad input") {
    const auto gun = [](std::map<std::string, std::string> values) {
        values["range"] = "20";
        return request("artillery-fire", values);
    };
    CHECK(refusal_of(empty_battle(), gun({{"crew", "0"}}), {3, 3}) ==
          "artillery may not fire without at least 1 crew figure touching its base (Edwardian I Artillery Fire)");
    CHECK(refusal_of(empty_battle(), gun({{"in-contact", "yes"}}), {3, 3}) ==
          "neither crew figures nor the gun itself may be in combat contact with the enemy when it fires (Edwardian I "
          "Artillery Fire)");
    CHECK(resolve(overruled(gun({{"in-contact", "yes"}}), "the enemy is at the wheels"), {3, 3}).outcome ==
          "The gun: shell lands on the target point");
    // Bad input stays bad input: more crew than the unit has, a round the gun does not fire.
    auto b = in_phase(3);
    CHECK_THROWS_AS(resolve(b, request("artillery-fire", {{"range", "20"}, {"crew", "9"}}, 4), {3, 3}),
                    rules::InputError);
    CHECK_THROWS_WITH(resolve(request("canister", {{"figures", "1"}, {"weapon", "field-gun"}}), {4}),
                      Contains("Field gun (breech-loading shell) does not fire Canister"));
    // The MG alike, and a gun's shell fired by no crew.
    CHECK(refusal_of(empty_battle(), request("mg-fire", {{"short", "1"}, {"crew", "0"}}), {1, 4}) ==
          "machineguns must have at least 1 crew figure in contact with their base in order to fire (Edwardian I "
          "Machinegun Fire)");
    CHECK_THAT(refusal_of(empty_battle(), request("shell-hits", {{"figures", "1"}, {"crew", "0"}}), {6}),
               Contains("artillery cannot fire with no crewmen"));
    // Loading: a crew in contact may not load either.
    CHECK(refusal_of(empty_battle(), request("load-gun", {{"in-contact", "yes"}}), {}) ==
          "crews which are in combat contact with the enemy may not also load or fire a gun (Edwardian II Obsolete "
          "Weaponry, Artillery Equipment Types)");
}

TEST_CASE("line 101: a spotter is designated per battery and may not be in combat contact") {
    auto b = in_phase(3);
    b.unit(7)->traits["spotter-for"] = "field battery";  // names its battery, whatever the case
    const auto on_spotter = [](int gun) {
        return request("artillery-fire", {{"range", "50"}, {"observer", "spotter"}}, gun);
    };
    auto seen = resolve(b, on_spotter(4), {3, 3});
    CHECK(seen.overruled.empty());
    CHECK(has_step(seen, "Spotter: Spotters, designated for Field Battery"));
    // The Horse Battery has none.
    CHECK(refusal_of(b, on_spotter(5), {3, 3}) ==
          "Horse Battery has no spotter: spotters are designated at the start of play for each battery (the roster's "
          "spotter-for trait names the battery) (Edwardian I Artillery Fire)");
    CHECK_FALSE(resolve(b, overruled(on_spotter(5), "the colonel spots for it"), {3, 3}).overruled.empty());
    // A spotter that fought last turn is still in contact (the form's default), and says so.
    auto fought = b;
    fought.turn = 2;
    mark(fought, 7, kit::Deed::Melee);
    fought.turn = 3;
    const auto ruleset = rulesets::make("edwardian");
    CHECK(ruleset->defaults(*ruleset->action("artillery-fire"), fought, 4, std::nullopt)["spotter-in-contact"] == "yes");
    CHECK(refusal_of(fought, on_spotter(4), {3, 3}) ==
          "the spotter must not be in combat contact with the enemy to see for the gun (Edwardian I Artillery Fire)");
    // A spotter removed from play sees nothing.
    auto gone = b;
    gone.unit(7)->set(model::Flag::Routed, true);
    CHECK(refusal_of(gone, on_spotter(4), {3, 3}) ==
          "Field Battery's spotter, Spotters, is no longer on the table (Edwardian I Artillery Fire)");
    // Obsolete guns use no remote observers.
    CHECK_THAT(refusal_of(b, on_spotter(6), {3, 3}), Contains("may not use remote observers"));
}

TEST_CASE("line 35: undisciplined troops stand only in open order: the roster check") {
    const auto ruleset = rulesets::make("edwardian");
    // The roster's Mahdist unit as given; the error's line, or 0 when it loads.
    const auto line_refused = [&ruleset](const std::string& ansar, std::string* message = nullptr) {
        const std::string roster = "format = \"umpire-roster\"\nversion = 1\nruleset = \"edwardian\"\n"
                                   "name = \"Omdurman\"\n[[side]]\nname = \"Anglo-Egyptian\"\n"
                                   "unit = [{ name = \"Grenadiers\", type = \"infantry\", quality = \"average\", "
                                   "weapon = \"rifle\", figures = 18 }]\n[[side]]\nname = \"Mahdists\"\n"
                                   "unit = [\n  " + ansar + "\n]\n";
        try {
            const auto checks = roster::checks_for(*ruleset);
            roster::parse_roster(roster, "omdurman.toml", checks.value, checks.unit);
        } catch (const roster::RosterError& e) {
            CHECK(e.file() == "omdurman.toml");
            if (message) *message = e.message();
            return e.line();
        }
        return 0;
    };
    const std::string ansar = "{ name = \"Ansar\", type = \"infantry\", quality = \"average\", weapon = \"none\", "
                              "figures = 40, traits = [\"undisciplined\", \"massed\"]";
    // No `formed` stands in close order: refused, at the unit's line, naming the rule.
    std::string message;
    CHECK(line_refused(ansar + " }", &message) == 11);
    CHECK_THAT(message, Contains("a unit with the undisciplined trait operates only in open order: formed = false "
                                 "(Edwardian I Troops)"));
    CHECK(line_refused(ansar + ", formed = true }") == 11);
    CHECK(line_refused(ansar + ", formed = false }") == 0);
}

TEST_CASE("line 35: undisciplined troops get no close-order bonus and fire no Mad Minute") {
    auto b = with_revolutionaries();
    b.counters["phase"] = 5;
    const auto ruleset = rulesets::make("edwardian");
    CHECK(ruleset->defaults(*ruleset->action("melee"), b, 19, 1)["modifiers"].find("close-order") == std::string::npos);
    const auto melee = request("melee", {{"pairs", "1"}, {"modifiers", "close-order"}}, 19, 1);
    CHECK(refusal_of(b, melee, {4, 4}) ==
          "Red Guards are undisciplined troops, who operate only in open order: no close-order bonus (Edwardian I "
          "Troops)");
    CHECK(resolve(b, overruled(melee), {5, 4}).result("kills") == 1);  // 5 + 1 beats the Guards' 4 + 1
    b.counters["phase"] = 3;
    b.unit(19)->formed = true;  // as a roster written before the check
    CHECK_THAT(refusal_of(b, request("mad-minute", {{"short", "1"}}, 19, 1), {6, 3}),
               Contains("Red Guards are undisciplined troops, who operate only in open order: the Mad Minute is fired "
                        "by infantry in close order"));
    // Nor may they be drafted.
    CHECK_THAT(refusal_of(b, request("draft", {{"figures", "2"}}, 19, 13), {}),
               Contains("Red Guards are undisciplined: only regular troops may be drafted"));
}

TEST_CASE("line 442: swayed figures join the revolutionaries, the gun fights for its loyalty, once only") {
    auto b = with_revolutionaries();
    auto sway = resolve(b, request("sway", {{"figures", "3"}}, 19, 3), {1, 4, 6});
    CHECK(sway.result("swayed") == 1);
    apply(b, sway);
    CHECK(b.unit(3)->figures == 2);
    CHECK(b.unit(19)->figures == 25);  // joined the leader's unit, its full size grown
    CHECK(unit_counter(b, 19, "full-size") == 25);
    // No firing until the loyalty of the crew has been settled.
    CHECK(refusal_of(b, request("mg-fire", {{"short", "1"}}, 3, 11), {1, 6}) ==
          "Maxim: crewmen swayed to the revolution must be fought in melee for the gun: no firing until the loyalty of "
          "the crew is settled (Edwardian III Bolshevik Revolutionaries and Bomb-Throwing Anarchists)");
    // The fight for it: the loyal crewman kills the swayed one.
    b.counters["phase"] = 5;
    auto fight = resolve(b, request("melee", {{"pairs", "1"}}, 3, 19), {6, 2});
    CHECK(fight.result("kills") == 1);
    CHECK(has_step(fight, "The swayed crewmen are all down: Maxim's loyalty is settled"));
    apply(b, fight);
    b.turn = 4;
    b.counters["phase"] = 3;
    CHECK(refusal_of(b, request("mg-fire", {{"short", "1"}}, 3, 11), {1, 6}) == "not refused");
    // The leader spoke once: the first time enemy figures came near.
    CHECK_THAT(refusal_of(b, request("sway", {{"figures", "2"}}, 19, 1), {1, 1}),
               Contains("Red Guards's leader spoke in turn 3: the roll is made the first time any enemy figures come "
                        "within 6\" of a leader"));
    CHECK(refusal_of(b, request("sway", {{"figures", "2"}}, 19, 1), {1, 1}, "[sway]\nonce = false\n") == "not refused");
    // Figures of several units coming near at that first moment roll in the same phase.
    auto first = with_revolutionaries();
    apply(first, resolve(first, request("sway", {{"figures", "2"}}, 19, 1), {6, 6}));
    CHECK(refusal_of(first, request("sway", {{"figures", "2"}}, 19, 2), {6, 6}) == "not refused");
}

TEST_CASE("line 472: one reinforcement die per unit per campaign turn") {
    auto b = veldt_battle();
    b.unit(2)->figures = 8;
    const auto roll = request("reinforce", {{"kind", "cavalry"}}, 2);
    auto nothing = resolve(b, roll, {1});  // a 1 gives cavalry nothing, and is the die all the same
    CHECK(nothing.result("gained") == 0);
    apply(b, nothing);
    CHECK(refusal_of(b, roll, {6}) ==
          "Lancers: each unit below full strength rolls one die for reinforcements, once a campaign turn (Edwardian III "
          "Campaign Game)");
    CHECK(resolve(b, overruled(roll, "the umpire's mistake"), {6}).result("gained") == 3);
    // At full strength it does not roll at all.
    CHECK_THAT(refusal_of(veldt_battle(), roll, {6}), Contains("Lancers is at full strength"));
}

TEST_CASE("line 418: the -1 against regular cavalry is for Boers only") {
    auto b = in_phase(5);
    b.unit(11)->traits["irregular"] = "";
    const auto against = [](int unit, int target) {
        return request("melee", {{"pairs", "1"}, {"modifiers", "irregular-vs-cavalry"}}, unit, target);
    };
    auto boers = resolve(b, against(11, 2), {5, 4});
    CHECK(boers.result("kills") == 0);  // 5 - 1 does not beat 4
    CHECK(refusal_of(b, against(15, 2), {5, 4}) ==
          "Irregulars fighting regular cavalry (Boers) is for units with the irregular trait; Dervishes has not "
          "(Edwardian III The Second Anglo-Boer War)");
    CHECK(refusal_of(b, against(11, 1), {5, 4}) ==
          "Irregulars fighting regular cavalry (Boers): Guards is not regular cavalry (Edwardian III The Second "
          "Anglo-Boer War)");
    b.unit(2)->traits["irregular"] = "";  // irregular horse are not regular cavalry
    CHECK_THAT(refusal_of(b, against(11, 2), {5, 4}), Contains("Lancers is not regular cavalry"));
}

TEST_CASE("line 255: firing over friends from a hill needs the target 1\" beyond them") {
    auto b = in_phase(3);
    const auto over = [](const char* beyond) {
        return request("rifle-fire", {{"short", "2"}, {"over-friends", beyond}}, 1, 11);
    };
    CHECK(refusal_of(b, over("0.5"), {6, 6}) ==
          "figures on hills may fire over the heads of troops below them only when the target is at least 1\" from any "
          "intervening friendly figure; it is 0.5\" (Edwardian I Effects of Terrain on Play)");
    auto clear = resolve(b, over("1"), {6, 6});
    CHECK(clear.result("kills") == 2);
    CHECK(has_step(clear, "From a hill over friendly troops below: the target is 1\" beyond them"));
    CHECK_THAT(refusal_of(b, request("mg-fire", {{"short", "1"}, {"over-friends", "0.5"}}, 3, 11), {1, 6}),
               Contains("may fire over the heads of troops below them"));
}

TEST_CASE("I Transferring Figures, III Campaign Game: who may be drafted, transfers never above the start") {
    auto b = in_phase(2);
    CHECK_THAT(refusal_of(b, request("draft", {{"figures", "1"}}, 7, 4), {}),
               Contains("Spotters cannot be drafted: only regular infantry and cavalry, and gun crews, may be"));
    CHECK_THROWS_WITH(resolve(b, request("draft", {{"figures", "1"}}, 8, 4), {}), Contains("is a marker"));
    b.units.push_back(unit(9, "Rifles", 1, "infantry", "average", "rifle", 10));
    const auto transfer = request("campaign-transfer", {{"figures", "5"}}, 1, 9);
    CHECK(refusal_of(b, transfer, {}) ==
          "units may never be re-enforced above the strength at which they started the campaign: Rifles started with 10 "
          "figures and has 10, room for 0 (Edwardian III Campaign Game)");
    CHECK(resolve(b, overruled(transfer), {}).result("figures") == 5);
}
