#include "dice/rng.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

using umpire::dice::Rng;

namespace {

// Pearson's statistic for counts that should all be equal.
double chi_square_uniform(const std::vector<long>& counts) {
    long total = 0;
    for (long c : counts) total += c;
    const double expected = static_cast<double>(total) / static_cast<double>(counts.size());
    double chi2 = 0.0;
    for (long c : counts) {
        const double diff = static_cast<double>(c) - expected;
        chi2 += diff * diff / expected;
    }
    return chi2;
}

std::vector<long> count_below(Rng& rng, std::uint32_t bound, int draws) {
    std::vector<long> counts(bound, 0);
    for (int i = 0; i < draws; ++i) {
        const std::uint32_t value = rng.below(bound);
        REQUIRE(value < bound);
        ++counts[value];
    }
    return counts;
}

// Lemire's method written the textbook way, from raw next() values: keep the high 32 bits of
// a 32x32 product, accepting only when its low half is at least 2^32 mod bound.
struct ReferenceBelow {
    Rng raw;
    long draws = 0;

    std::uint32_t operator()(std::uint32_t bound) {
        const std::uint64_t threshold = (std::uint64_t{1} << 32) % bound;
        for (;;) {
            ++draws;
            const std::uint64_t product = (raw.next() >> 32) * bound;
            if ((product & 0xffffffffULL) >= threshold) return static_cast<std::uint32_t>(product >> 32);
        }
    }
};

} // namespace

// Golden values computed once and checked against an independent Python transcription of
// SplitMix64 + xoshiro256** (the seed-0 raw values also match published references).
// If these change, every stored seed in every saved battle changes meaning.
TEST_CASE("Rng raw sequence for seed 42 is fixed", "[dice][rng]") {
    Rng rng(42);
    const std::array<std::uint64_t, 4> expected{0x15780b2e0c2ec716ULL, 0x6104d9866d113a7eULL,
                                                0xae17533239e499a1ULL, 0xecb8ad4703b360a1ULL};
    for (std::uint64_t value : expected) CHECK(rng.next() == value);
}

TEST_CASE("Rng raw sequence for seed 0 is fixed", "[dice][rng]") {
    Rng rng(0);
    const std::array<std::uint64_t, 4> expected{0x99ec5f36cb75f2b4ULL, 0xbf6e1f784956452aULL,
                                                0x1a5f849d4933e6e0ULL, 0x6aa594f1262d2d2cULL};
    for (std::uint64_t value : expected) CHECK(rng.next() == value);
}

TEST_CASE("Rng d6 sequence for seed 42 is fixed", "[dice][rng]") {
    Rng rng(42);
    const std::vector<int> expected{1, 3, 5, 6, 6, 5, 5, 6, 5, 4, 5, 2, 5, 2, 5, 6, 4, 6, 5, 5};
    std::vector<int> rolled;
    for (std::size_t i = 0; i < expected.size(); ++i) rolled.push_back(rng.d6());
    CHECK(rolled == expected);
}

TEST_CASE("Rng d6 sequence for seed 0 is fixed", "[dice][rng]") {
    Rng rng(0);
    const std::vector<int> expected{4, 5, 1, 3, 5, 6, 3, 4, 6, 6, 1, 1, 1, 4, 3, 2, 5, 2, 4, 1};
    std::vector<int> rolled;
    for (std::size_t i = 0; i < expected.size(); ++i) rolled.push_back(rng.d6());
    CHECK(rolled == expected);
}

TEST_CASE("Rng with the same seed repeats and with another seed differs", "[dice][rng]") {
    Rng a(7), b(7), c(8);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const std::uint64_t value = a.next();
        CHECK(value == b.next());
        differs = differs || value != c.next();
    }
    CHECK(differs);
}

TEST_CASE("Rng d6 is fair over 600000 rolls", "[dice][rng]") {
    Rng rng(20240601);
    std::vector<long> counts(6, 0);
    for (int i = 0; i < 600000; ++i) {
        const int face = rng.d6();
        REQUIRE(face >= 1);
        REQUIRE(face <= 6);
        ++counts[static_cast<std::size_t>(face - 1)];
    }
    // 5 degrees of freedom: 20.515 is the p = 0.001 critical value.
    CHECK(chi_square_uniform(counts) < 20.5);
}

TEST_CASE("Rng below a bound that is not a power of two is fair", "[dice][rng]") {
    Rng rng(99);
    // p = 0.001 critical values: 18.467 for 4 degrees of freedom, 22.458 for 6.
    CHECK(chi_square_uniform(count_below(rng, 5, 500000)) < 18.4);
    CHECK(chi_square_uniform(count_below(rng, 7, 700000)) < 22.4);
}

TEST_CASE("Rng below(1) is always 0", "[dice][rng]") {
    Rng rng(3);
    for (int i = 0; i < 1000; ++i) REQUIRE(rng.below(1) == 0);
}

TEST_CASE("Rng below stays under every bound", "[dice][rng]") {
    Rng rng(5);
    const std::vector<std::uint32_t> bounds{1, 2, 3, 5, 6, 7, 10, 12, 100, 1000, 65537,
                                            0x7fffffffU, 0x80000001U, 0xc0000000U, 0xfffffffeU,
                                            0xffffffffU};
    for (std::uint32_t bound : bounds) {
        for (int i = 0; i < 2000; ++i) REQUIRE(rng.below(bound) < bound);
    }
}

TEST_CASE("Rng below(0) is refused", "[dice][rng]") {
    Rng rng(1);
    CHECK_THROWS_AS(rng.below(0), std::invalid_argument);
}

TEST_CASE("Rng below matches a step-by-step multiply-and-reject", "[dice][rng]") {
    // 3 * 2^30 rejects a quarter of all draws, so this exercises the rejection loop often.
    const std::vector<std::uint32_t> bounds{6, 7, 0xc0000000U, 0x80000001U};
    for (std::uint32_t bound : bounds) {
        Rng rng(11);
        ReferenceBelow reference{Rng(11)};
        const int calls = 5000;
        for (int i = 0; i < calls; ++i) REQUIRE(rng.below(bound) == reference(bound));
        // Both generators must have consumed exactly the same raw values.
        REQUIRE(rng.next() == reference.raw.next());
        if (bound >= 0x80000000U) CHECK(reference.draws > calls);
    }
}

TEST_CASE("Rng below removes the bias a plain multiply-shift would have", "[dice][rng]") {
    // Without rejection, x * 3*2^30 >> 32 sends two of every four inputs to multiples of 3,
    // so value % 3 == 0 would come up half the time instead of a third.
    Rng rng(2024);
    std::vector<long> residues(3, 0);
    for (int i = 0; i < 60000; ++i) ++residues[rng.below(0xc0000000U) % 3];
    // 2 degrees of freedom: 13.816 is the p = 0.001 critical value.
    CHECK(chi_square_uniform(residues) < 13.8);
}
