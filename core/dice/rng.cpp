#include "dice/rng.h"

#include <stdexcept>

namespace umpire::dice {

namespace {

// SplitMix64 spreads a single seed over the full xoshiro state, so nearby seeds (0, 1, 2...)
// still give unrelated sequences and the all-zero state xoshiro cannot leave is never produced.
std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

} // namespace

Rng::Rng(std::uint64_t seed) {
    for (auto& word : state_) word = splitmix64(seed);
}

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
}

std::uint32_t Rng::below(std::uint32_t bound) {
    if (bound == 0) throw std::invalid_argument("Rng::below needs a bound of at least 1");
    // The high bits of xoshiro256** are its strongest, so 32-bit draws take the top half.
    auto draw = [this] { return static_cast<std::uint32_t>(next() >> 32); };
    std::uint64_t product = std::uint64_t{draw()} * bound;
    auto low = static_cast<std::uint32_t>(product);
    if (low < bound) {
        // 2^32 mod bound draws would map unevenly; rejecting exactly that many low parts
        // leaves every result with the same number of accepted draws (Lemire 2019).
        const std::uint32_t threshold = (0U - bound) % bound;
        while (low < threshold) {
            product = std::uint64_t{draw()} * bound;
            low = static_cast<std::uint32_t>(product);
        }
    }
    return static_cast<std::uint32_t>(product >> 32);
}

} // namespace umpire::dice
