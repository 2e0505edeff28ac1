#include "dice/distribution.h"

#include "outcomes.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

using umpire::dice::Distribution;
using umpire::test::each_outcome;

namespace {

// Exact probabilities by counting outcomes, keyed by the value `score` gives each outcome.
template <typename Score>
std::map<int, double> enumerate(int n, Score score) {
    std::map<int, long> ways;
    long total = 0;
    each_outcome(n, [&](const std::vector<int>& faces) {
        ++ways[score(faces)];
        ++total;
    });
    std::map<int, double> p;
    for (const auto& [value, count] : ways) p[value] = static_cast<double>(count) / static_cast<double>(total);
    return p;
}

void check_matches(const Distribution& d, const std::map<int, double>& expected) {
    CHECK(d.min() == expected.begin()->first);
    CHECK(d.max() == expected.rbegin()->first);
    for (int k = d.min() - 2; k <= d.max() + 2; ++k) {
        INFO("value " << k);
        const auto it = expected.find(k);
        const double want = it == expected.end() ? 0.0 : it->second;
        CHECK(std::abs(d.p_exactly(k) - want) < 1e-12);
    }
}

int sum_of(const std::vector<int>& faces) {
    int total = 0;
    for (int f : faces) total += f;
    return total;
}

} // namespace

TEST_CASE("Distribution of 1 to 4 d6 summed matches enumeration", "[dice][distribution]") {
    for (int n = 1; n <= 4; ++n) {
        INFO(n << "d6");
        check_matches(Distribution::die(6).times(n), enumerate(n, sum_of));
    }
}

TEST_CASE("Distribution operator+ matches enumeration of d6+d6+d6", "[dice][distribution]") {
    const Distribution d6 = Distribution::die(6);
    check_matches(d6 + d6 + d6, enumerate(3, sum_of));
}

TEST_CASE("Distribution successes matches enumeration of hits on 5+", "[dice][distribution]") {
    // A hit on 5 or 6 is exactly p = 2/6, so counting hits over every outcome is the truth.
    for (int n = 1; n <= 5; ++n) {
        INFO(n << " dice");
        const auto hits = [](const std::vector<int>& faces) {
            int count = 0;
            for (int f : faces) count += f >= 5 ? 1 : 0;
            return count;
        };
        check_matches(Distribution::successes(n, 2.0 / 6.0), enumerate(n, hits));
    }
}

TEST_CASE("Distribution successes edge cases", "[dice][distribution]") {
    const Distribution none = Distribution::successes(0, 0.5);
    CHECK(none.min() == 0);
    CHECK(none.max() == 0);
    CHECK(none.p_exactly(0) == 1.0);
    CHECK(Distribution::successes(3, 1.0).p_exactly(3) == 1.0);
    CHECK(Distribution::successes(3, 0.0).p_exactly(0) == 1.0);
    CHECK(Distribution::successes(10, 0.5).mean() == Approx(5.0));
    CHECK_THROWS_AS(Distribution::successes(-1, 0.5), std::invalid_argument);
    CHECK_THROWS_AS(Distribution::successes(2, 1.5), std::invalid_argument);
    CHECK_THROWS_AS(Distribution::successes(2, -0.01), std::invalid_argument);
    CHECK(Distribution::successes(2, 1.0 + 1e-15).p_exactly(2) == 1.0);
    CHECK_THROWS_AS(Distribution::successes(2, std::nan("")), std::invalid_argument);
}

TEST_CASE("Distribution of 2d6: mean 7 and 12 one time in 36", "[dice][distribution]") {
    const Distribution d = Distribution::die(6).times(2);
    CHECK(d.mean() == Approx(7.0).epsilon(1e-12));
    CHECK(d.p_at_least(12) == Approx(1.0 / 36.0).epsilon(1e-12));
    CHECK(d.p_at_least(7) == Approx(21.0 / 36.0).epsilon(1e-12));
    CHECK(d.p_at_most(4) == Approx(6.0 / 36.0).epsilon(1e-12));
    CHECK(d.p_exactly(7) == Approx(6.0 / 36.0).epsilon(1e-12));
}

TEST_CASE("Distribution answers outside its range exactly", "[dice][distribution]") {
    const Distribution d = Distribution::die(6).times(2);
    CHECK(d.p_at_least(2) == 1.0);
    CHECK(d.p_at_least(-100) == 1.0);
    CHECK(d.p_at_least(13) == 0.0);
    CHECK(d.p_at_most(12) == 1.0);
    CHECK(d.p_at_most(1000) == 1.0);
    CHECK(d.p_at_most(1) == 0.0);
    CHECK(d.p_exactly(1) == 0.0);
    CHECK(d.p_exactly(13) == 0.0);
}

TEST_CASE("Distribution p_at_least and p_at_most are complementary", "[dice][distribution]") {
    const Distribution d = Distribution::die(6).times(3) + Distribution::constant(-4);
    for (int k = d.min(); k <= d.max() + 1; ++k) {
        INFO(k);
        CHECK(std::abs(d.p_at_least(k) + d.p_at_most(k - 1) - 1.0) < 1e-12);
    }
}

TEST_CASE("Distribution default, constant and die", "[dice][distribution]") {
    const Distribution zero;
    CHECK((zero.min() == 0 && zero.max() == 0 && zero.p_exactly(0) == 1.0));
    const Distribution five = Distribution::constant(5);
    CHECK((five.min() == 5 && five.max() == 5 && five.mean() == 5.0));
    const Distribution d3 = Distribution::die(3);
    CHECK((d3.min() == 1 && d3.max() == 3));
    CHECK(d3.p_exactly(2) == Approx(1.0 / 3.0));
    CHECK(Distribution::die().max() == 6);
    CHECK_THROWS_AS(Distribution::die(0), std::invalid_argument);
}

TEST_CASE("Distribution times agrees with repeated addition", "[dice][distribution]") {
    const Distribution base = Distribution::from_probabilities(-1, {0.2, 0.5, 0.3});
    Distribution added;
    for (int n = 0; n <= 9; ++n) {
        INFO(n);
        const Distribution squared = base.times(n);
        REQUIRE(squared.min() == added.min());
        REQUIRE(squared.max() == added.max());
        for (int k = added.min(); k <= added.max(); ++k)
            CHECK(std::abs(squared.p_exactly(k) - added.p_exactly(k)) < 1e-12);
        added = added + base;
    }
    CHECK_THROWS_AS(base.times(-1), std::invalid_argument);
}

TEST_CASE("Distribution from_probabilities keeps its offset and refuses nonsense", "[dice][distribution]") {
    const Distribution d = Distribution::from_probabilities(-2, {0.25, 0.5, 0.25});
    CHECK(d.min() == -2);
    CHECK(d.max() == 0);
    CHECK(d.p_exactly(-1) == 0.5);
    CHECK(d.mean() == Approx(-1.0));
    CHECK_THROWS_AS(Distribution::from_probabilities(0, {}), std::invalid_argument);
    CHECK_THROWS_AS(Distribution::from_probabilities(0, {0.5, -0.1}), std::invalid_argument);
}
