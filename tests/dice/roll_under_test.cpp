// Roll under and sum the pips: the exact odds against every outcome of the dice counted out.
#include "dice/roll_under.h"

#include "outcomes.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <vector>

using namespace umpire::dice;
using umpire::test::each_outcome;

namespace {

// Exact probabilities by counting: each outcome of n dice weighs 6^-n and may spread its weight
// further (a reroll: six outcomes of one more die).
std::map<int, double> counted(int n, int target, bool reroll) {
    std::map<int, double> p;
    const double weight = 1.0 / std::pow(6.0, n);
    each_outcome(n, [&](const std::vector<int>& faces) {
        const auto which = reroll ? best_reroll(faces, target) : std::nullopt;
        if (!which) {
            p[pips_kept(faces, target)] += weight;
            return;
        }
        for (int again = 1; again <= 6; ++again) {
            std::vector<int> after = faces;
            after[*which] = again;
            p[pips_kept(after, target)] += weight / 6;
        }
    });
    return p;
}

void check_matches(const Distribution& d, const std::map<int, double>& expected) {
    double total = 0;
    for (int k = d.min() - 1; k <= d.max() + 1; ++k) {
        INFO("value " << k);
        const auto it = expected.find(k);
        const double want = it == expected.end() ? 0.0 : it->second;
        CHECK(std::abs(d.p_exactly(k) - want) < 1e-12);
        total += d.p_exactly(k);
    }
    CHECK(std::abs(total - 1.0) < 1e-12);
    for (const auto& [value, p] : expected) CHECK((value >= d.min() && value <= d.max()));
}

} // namespace

TEST_CASE("roll under: the text's examples counted on real dice", "[dice][roll-under]") {
    // 3 dice at short range (4 or less): 1, 4 and 5 give 1 + 4 = 5 hits.
    CHECK(pips_kept({1, 4, 5}, 4) == 5);
    // 5 dice needing 3 or less: 5, 5, 4, 2 and 1 give 2 + 1 = 3 hits.
    CHECK(pips_kept({5, 5, 4, 2, 1}, 3) == 3);
}

TEST_CASE("roll under: one die keeps its pips at or under the target", "[dice][roll-under]") {
    const Distribution four = pips_at_most(4);
    CHECK(four.p_exactly(0) == Approx(2.0 / 6));
    for (int k = 1; k <= 4; ++k) CHECK(four.p_exactly(k) == Approx(1.0 / 6));
    CHECK(four.max() == 4);
    CHECK(four.mean() == Approx(10.0 / 6));
    CHECK(pips_at_most(0).max() == 0);
    CHECK(pips_at_most(9).mean() == Approx(3.5));
}

TEST_CASE("roll under: the sum of 1 to 5 dice matches enumeration at every target", "[dice][roll-under]") {
    for (int target = 0; target <= 6; ++target)
        for (int n = 1; n <= 5; ++n) {
            INFO(n << " dice at or under " << target);
            check_matches(roll_under_sum(n, target), counted(n, target, false));
        }
    CHECK(roll_under_sum(0, 4).p_exactly(0) == 1.0);
    CHECK_THROWS(roll_under_sum(-1, 4));
}

TEST_CASE("roll under: many dice are exact too (a 54mm battalion)", "[dice][roll-under]") {
    // 40 dice at 4: mean 40 * 10/6, and every pip total from 0 to 160 has its chance.
    const Distribution d = roll_under_sum(40, 4);
    CHECK(d.max() == 160);
    CHECK(d.mean() == Approx(400.0 / 6));
    CHECK(d.p_exactly(0) == Approx(std::pow(2.0 / 6, 40)));
    CHECK(d.p_exactly(160) == Approx(std::pow(1.0 / 6, 40)));
}

TEST_CASE("roll under: one die rerolled to best effect matches enumeration", "[dice][roll-under]") {
    for (int target = 1; target <= 6; ++target)
        for (int n = 1; n <= 4; ++n) {
            INFO(n << " dice at or under " << target << ", one rerolled");
            check_matches(roll_under_sum_reroll_one(n, target), counted(n, target, true));
        }
    CHECK(roll_under_sum_reroll_one(0, 4).p_exactly(0) == 1.0);
}

TEST_CASE("roll under: which die is rerolled", "[dice][roll-under]") {
    // A miss first; at target 4 a fresh die is worth 10/6, so a 1 is rerolled but not a 2.
    CHECK(best_reroll({3, 6, 5}, 4) == std::optional<std::size_t>(1));
    CHECK(best_reroll({3, 1, 2}, 4) == std::optional<std::size_t>(1));
    CHECK(best_reroll({3, 2, 4}, 4) == std::nullopt);
    // At target 2 a fresh die is worth only 1/2: keep a 1.
    CHECK(best_reroll({1, 2}, 2) == std::nullopt);
    CHECK(best_reroll({}, 4) == std::nullopt);
}

TEST_CASE("Distribution map and compound", "[dice][distribution]") {
    const Distribution d6 = Distribution::die(6);
    // Halved rounding up: 1,2 -> 1; 3,4 -> 2; 5,6 -> 3.
    const Distribution half = d6.map([](int k) { return (k + 1) / 2; });
    CHECK(half.min() == 1);
    CHECK(half.max() == 3);
    for (int k = 1; k <= 3; ++k) CHECK(half.p_exactly(k) == Approx(2.0 / 6));
    // A die of hits, then a saving roll per hit on 5+: each hit stays a casualty with chance 4/6,
    // so no casualty at all is the average of (2/6)^k over the die.
    const Distribution casualties = d6.compound([](int k) { return Distribution::successes(k, 4.0 / 6); });
    double none = 0;
    for (int k = 1; k <= 6; ++k) none += std::pow(2.0 / 6, k) / 6;
    CHECK(casualties.p_exactly(0) == Approx(none));
    CHECK(casualties.mean() == Approx(3.5 * 4 / 6));
    CHECK(casualties.max() == 6);
}
