// Melee (I Melee): opposed per-figure rolls with fixed dice and exact odds.
#include "fixture.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <utility>

using namespace umpire;
using namespace umpire::test;

namespace {
rules::Resolution melee(std::map<std::string, std::string> in, std::vector<int> dice) {
    return resolve(request("melee", std::move(in)), std::move(dice));
}
} // namespace

TEST_CASE("melee: a mutual pair, the higher roll kills, equal rolls kill no one") {
    auto win = melee({{"pairs", "1"}}, {5, 3});
    CHECK(win.result("kills") == 1);
    CHECK(win.result("losses") == 0);
    CHECK(melee({{"pairs", "1"}}, {3, 3}).result("kills") == 0);
    CHECK(melee({{"pairs", "1"}}, {3, 3}).result("losses") == 0);
    CHECK(melee({{"pairs", "1"}}, {2, 4}).result("losses") == 1);
    // Three pairs: the unit's dice, then the enemy's, read in order.
    auto three = melee({{"pairs", "3"}}, {6, 1, 4, /*enemy*/ 5, 2, 4});
    CHECK(three.result("kills") == 1);   // 6 against 5
    CHECK(three.result("losses") == 1);  // 1 against 2; 4 against 4 is equal
    CHECK(has_step(three, "wins 1"));
    CHECK(cites(three, "Edwardian I Melee"));
}

TEST_CASE("melee: exact odds of pairs, with modifiers") {
    auto r = preview(model::Battle{}, request("melee", {{"pairs", "1"}}));
    CHECK(near(odds(r, "The enemy figures lost")->p_exactly(1), 15.0 / 36));
    CHECK(near(odds(r, "The unit figures lost")->p_exactly(1), 15.0 / 36));
    CHECK(near(chance(r, "equal losses"), 6.0 / 36));
    auto plus = preview(model::Battle{}, request("melee", {{"pairs", "1"}, {"modifiers", "close-order"}}));
    CHECK(near(odds(plus, "The enemy figures lost")->p_exactly(1), 21.0 / 36));
    CHECK(near(odds(plus, "The unit figures lost")->p_exactly(1), 10.0 / 36));
}

TEST_CASE("melee: several figures on one target share the target's single roll") {
    // Group of 2 on one enemy figure: the target's die first, then the group's.
    auto r = melee({{"groups", "1"}}, {4, /*group*/ 3, 5});
    CHECK(r.result("kills") == 1);   // the second attacker's 5 beats 4
    CHECK(r.result("losses") == 1);  // the target's 4 beats the first attacker's 3
    auto none = melee({{"groups", "1"}, {"group-size", "3"}}, {6, 2, 3, 6});
    CHECK(none.result("kills") == 0);
    CHECK(none.result("losses") == 1);
    // Enemy groups on our figures: our target's die first.
    auto theirs = melee({{"enemy-groups", "2"}}, {2, 6, /*their groups*/ 3, 1, 5, 6});
    CHECK(theirs.result("losses") == 1);  // our 2 is beaten by their 3; our 6 is not beaten by 5 or 6
    CHECK(theirs.result("kills") == 1);   // our 6 beats the 5 it fights back at
}

TEST_CASE("melee: exact odds of a group match counting every face") {
    auto r = preview(model::Battle{}, request("melee", {{"groups", "1"}, {"group-size", "3"}}));
    double target_dies = 0, first_dies = 0;
    for (int t = 1; t <= 6; ++t)
        for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b)
                for (int c = 1; c <= 6; ++c) {
                    const double w = 1.0 / 1296;
                    if (a > t || b > t || c > t) target_dies += w;
                    if (t > a) first_dies += w;
                }
    CHECK(near(odds(r, "The enemy figures lost")->p_exactly(1), target_dies));
    CHECK(near(odds(r, "The unit figures lost")->p_exactly(1), first_dies));
}

TEST_CASE("melee: unanswered attacks cannot kill the attacker") {
    auto r = melee({{"unanswered", "2"}}, {5, 2, /*targets*/ 4, 6});
    CHECK(r.result("kills") == 1);
    CHECK(r.result("losses") == 0);
    auto them = melee({{"enemy-unanswered", "1"}}, {5, 4});
    CHECK(them.result("losses") == 1);
}

TEST_CASE("melee: the modifiers of the text and where they apply") {
    auto b = veldt_battle();
    // Lancers charge the Dervishes in the open: +1 +1 and +1 per descending level.
    auto cav = resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-in-open,cavalry-charging"},
                                            {"descending", "1"}}, 2, 15),
                       {1, 4});
    CHECK(has_step(cav, "Lancers: modifier +3"));
    CHECK(cav.result("kills") == 0);  // 1 + 3 = 4 against 4
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-charging"}}, 2, 15), {1, 4}),
                    rules::InputError);
    CHECK_NOTHROW(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-charging"}}, 2, 15), {1, 4},
                          "[options]\ncharge_bonus_needs_open = false\n"));
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"descending", "1"}}, 2, 15), {1, 4}),
                    rules::InputError);
    // Infantry is not cavalry; cavalry gets no terrain advantage; support needs close order.
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "cavalry-in-open"}}, 1, 15), {1, 4}),
                    rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "terrain-advantage"}}, 2, 15), {1, 4}),
                    rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "rear-support"}}, 1, 15), {1, 4}),
                    rules::InputError);
    auto supported = resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "close-order,rear-support"}}, 1, 15),
                             {2, 3});
    CHECK(supported.result("kills") == 1);
    // Zulus (line 430): close order, but no supporting figure modifier.
    auto impi = unit(20, "Impi", 2, "infantry", "veteran", "none", 30);
    impi.traits["no-close-order-support"] = "";
    b.units.push_back(impi);
    const auto ruleset = rulesets::make("edwardian");
    CHECK(ruleset->defaults(*ruleset->action("melee"), b, 1, 20)["enemy-modifiers"] == "close-order");
    auto close = resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", ""}, {"enemy-modifiers", "close-order"}}, 1, 20), {2, 2});
    CHECK(close.result("losses") == 1);  // the Guards' 2 + 0 against the Impi's 2 + 1
    const auto supported_impi =
        request("melee", {{"pairs", "1"}, {"enemy-modifiers", "close-order,rear-support"}}, 1, 20);
    CHECK(refusal_of(b, supported_impi, {2, 2}) ==
          "Impi should not be given the supporting figure modifier for close order, though they may operate in close "
          "order (Edwardian III The Zulu War)");
    CHECK(resolve(b, request("melee", {{"pairs", "1"}, {"modifiers", "close-order"}, {"enemy-modifiers", "close-order,rear-support"}}, 1, 20), {2, 2},
                  "[options]\nscenario_rules = false\n")
              .result("losses") == 1);
}

TEST_CASE("melee in a battle: defaults, casualties on both sides and morale checks") {
    auto b = veldt_battle();
    // Guards (close order, +1) against the Dervishes: 24 pairs by default.
    std::vector<int> dice(24, 3);
    dice.insert(dice.end(), 24, 3);
    dice[0] = 1;   // 1 + 1 against 3: a Guard falls
    dice[24] = 5;  // the first Dervish rolls 5
    auto r = resolve(b, request("melee", {}, 1, 15), dice);
    CHECK(r.result("kills") == 23);  // 4 against 3 in the other 23 pairs
    CHECK(r.result("losses") == 1);
    REQUIRE(find_effect(r, 15, "figures"));
    CHECK(find_effect(r, 15, "figures")->after == 7);
    CHECK(find_effect(r, 1, "figures")->after == 23);
    CHECK(find_effect(r, 15, "counter:loss-cause")->after == 2);
    CHECK(r.follow_ups.size() == 2);
    // More figures than the unit has are refused.
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "25"}}, 1, 15), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "0"}}, 1, 15), {}), rules::InputError);
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "1"}}, 1), {}), rules::InputError);  // no target
}

TEST_CASE("melee: 24 against 24 has exact odds for both sides") {
    auto r = preview(model::Battle{}, request("melee", {{"pairs", "24"}}));
    const auto* ours = odds(r, "The unit figures lost");
    REQUIRE(ours);
    CHECK(ours->max() == 24);
    CHECK(near(ours->mean(), 24 * 15.0 / 36));
    CHECK(near(chance(r, "The enemy loses more"), chance(r, "The unit loses more")));
}

// ---- Chains (I Melee, line 137): a figure that attacks and is a target rolls once for both ----

namespace {
// The text's rule, written out independently of the app: in a chain each figure attacks the next
// (and the last the one before it when the end is mutual); a figure dies when a figure attacking
// it rolled higher. Returns {the unit's figures lost, the enemy's} for modified rolls `r`.
std::pair<int, int> text_chain(const std::vector<int>& r, bool unit_first, bool mutual) {
    const std::size_t n = r.size();
    std::vector<bool> dead(n, false);
    for (std::size_t target = 0; target < n; ++target)
        for (std::size_t attacker = 0; attacker < n; ++attacker) {
            const bool attacks = attacker + 1 == target || (mutual && attacker == n - 1 && target == n - 2);
            if (attacks && r[attacker] > r[target]) dead[target] = true;
        }
    int ours = 0, theirs = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (dead[i]) ++(((i % 2 == 0) == unit_first) ? ours : theirs);
    return {ours, theirs};
}
} // namespace

TEST_CASE("melee chains: C attacks A while A attacks B, and A rolls once for both") {
    // One chain of 3 from the enemy's figure: C (theirs) -> A (ours) -> B (theirs), B attacks no one.
    // Dice: the unit's figures (A), then the enemy's along the chain (C, B).
    auto both = melee({{"chains", "1"}}, {4, /*C*/ 5, /*B*/ 3});
    CHECK(dice_rolled(both) == 3);      // three figures, three dice: A's one die serves both fights
    CHECK(both.result("losses") == 1);  // C's 5 beats A's 4
    CHECK(both.result("kills") == 1);   // and the same 4 beats B's 3: A kills and is killed
    CHECK(has_step(both, "theirs 5 -> ours 4 -> theirs 3"));
    auto a_wins = melee({{"chains", "1"}}, {6, 5, 3});
    CHECK(a_wins.result("losses") == 0);
    CHECK(a_wins.result("kills") == 1);
    // B's higher roll kills no one: B attacks no one. C is attacked by no one.
    auto quiet = melee({{"chains", "1"}}, {2, /*C*/ 1, /*B*/ 3});
    CHECK(quiet.result("losses") == 0);
    CHECK(quiet.result("kills") == 0);
    // Too few dice for the chain: refused before anything is decided.
    CHECK_THROWS_AS(melee({{"chains", "1"}}, {4, 5}), dice::DiceError);
}

TEST_CASE("melee chains: a mutual end, the unit's figure first, several chains read in order") {
    // ours0 -> theirs1 -> ours2 <-> theirs3. Dice: ours (0, 2), then theirs (1, 3).
    auto r = melee({{"chains", "1"}, {"chain-length", "4"}, {"chain-start", "unit"}, {"chain-end", "mutual"}},
                   {5, 3, /*theirs*/ 4, 2});
    CHECK(r.result("kills") == 2);   // 5 beats 4; 3 beats 2
    CHECK(r.result("losses") == 1);  // 4 beats 3
    // The mutual end: the last figure kills the one before it when it rolls higher.
    auto back = melee({{"chains", "1"}, {"chain-length", "4"}, {"chain-start", "unit"}, {"chain-end", "mutual"}},
                      {1, 3, /*theirs*/ 1, 6});
    CHECK(back.result("losses") == 1);  // theirs3's 6 beats ours2's 3
    CHECK(back.result("kills") == 0);
    // Two chains of 3 from the enemy: our dice for both chains first, then theirs chain by chain.
    auto two = melee({{"chains", "2"}}, {4, 6, /*chain 1*/ 5, 3, /*chain 2*/ 1, 6});
    CHECK(two.result("losses") == 1);  // chain 1: 5 beats 4
    CHECK(two.result("kills") == 1);   // chain 1: 4 beats 3; chain 2: 6 against 6 kills no one
    // Modifiers are each side's: our +1 close order turns 4 against 4 into a kill.
    auto plus = melee({{"chains", "1"}, {"modifiers", "close-order"}}, {4, 1, 4});
    CHECK(plus.result("kills") == 1);
}

TEST_CASE("melee chains: exact odds match every face of every die") {
    struct Case {
        int length;
        bool unit_first, mutual;
        std::string modifiers;
        int ours, theirs;  // the modifiers' totals
    };
    for (const Case& c : {Case{3, false, false, "", 0, 0}, Case{4, true, true, "close-order", 1, 0},
                          Case{5, false, false, "close-order,rear-support", 2, 0}, Case{5, true, true, "", 0, 0}}) {
        std::map<std::string, std::string> in{{"chains", "1"},
                                              {"chain-length", std::to_string(c.length)},
                                              {"chain-start", c.unit_first ? "unit" : "enemy"},
                                              {"chain-end", c.mutual ? "mutual" : "open"}};
        if (!c.modifiers.empty()) in["modifiers"] = c.modifiers;
        auto r = preview(model::Battle{}, request("melee", in));
        std::map<std::pair<int, int>, double> expected;
        std::vector<int> faces(static_cast<std::size_t>(c.length), 1);
        for (;;) {
            std::vector<int> modified;
            for (std::size_t i = 0; i < faces.size(); ++i)
                modified.push_back(faces[i] + (((i % 2 == 0) == c.unit_first) ? c.ours : c.theirs));
            expected[text_chain(modified, c.unit_first, c.mutual)] += std::pow(1.0 / 6, c.length);
            std::size_t k = 0;
            while (k < faces.size() && faces[k] == 6) faces[k++] = 1;
            if (k == faces.size()) break;
            ++faces[k];
        }
        const auto* ours = odds(r, "The unit figures lost");
        const auto* theirs = odds(r, "The enemy figures lost");
        REQUIRE(ours);
        REQUIRE(theirs);
        double more_theirs = 0;
        for (int a = 0; a <= c.length; ++a) {
            double pa = 0, pb = 0;
            for (const auto& [k, p] : expected) {
                if (k.first == a) pa += p;
                if (k.second == a) pb += p;
                if (a == 0 && k.second > k.first) more_theirs += p;
            }
            CHECK(near(ours->p_exactly(a), pa));
            CHECK(near(theirs->p_exactly(a), pb));
        }
        CHECK(near(chance(r, "The enemy loses more"), more_theirs));
    }
}

TEST_CASE("melee chains: bounds and figures") {
    CHECK_THROWS_AS(melee({{"chains", "1"}, {"chain-length", "2"}}, {1, 2}), rules::InputError);
    CHECK_THROWS_AS(melee({{"chains", "1"}, {"chain-length", "9"}}, {}), rules::InputError);
    CHECK_THROWS_AS(melee({{"chains", "1"}, {"chain-start", "middle"}}, {}), rules::InputError);
    // 12 Lancers against the Pom-pom's 2 crew: a chain of 3 from the enemy needs 2 enemy figures
    // each, so two chains need 4 of them.
    auto b = veldt_battle();
    CHECK_NOTHROW(resolve(b, request("melee", {{"pairs", "0"}, {"chains", "1"}}, 2, 13), {3, 2, 1}));
    CHECK_THROWS_AS(resolve(b, request("melee", {{"pairs", "0"}, {"chains", "2"}}, 2, 13), {}), rules::InputError);
    // In a battle: A kills and is killed, both units take the casualty and check morale.
    auto r = resolve(b, request("melee", {{"pairs", "0"}, {"chains", "1"}, {"modifiers", ""}}, 2, 13), {4, 5, 3});
    CHECK(find_effect(r, 2, "figures")->after == 11);
    CHECK(find_effect(r, 13, "figures")->after == 1);
}
