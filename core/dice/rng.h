#pragma once
// A seeded random number generator that gives the same sequence for the same seed on every
// platform and standard library. std::mt19937 is portable but the std distributions are not,
// so faces are drawn with our own unbiased mapping (Lemire's multiply-and-reject).
#include <cstdint>

namespace umpire::dice {

class Rng {
public:
    explicit Rng(std::uint64_t seed);

    // Next raw 64-bit value (xoshiro256**, state seeded through SplitMix64).
    std::uint64_t next();

    // Uniform integer in [0, bound), bound >= 1, without modulo bias.
    std::uint32_t below(std::uint32_t bound);

    // One six-sided die, 1..6.
    int d6() { return static_cast<int>(below(6)) + 1; }

private:
    std::uint64_t state_[4];
};

} // namespace umpire::dice
