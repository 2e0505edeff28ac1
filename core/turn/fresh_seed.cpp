#include "turn/fresh_seed.h"

#include <random>

namespace umpire::turn {

std::uint64_t fresh_seed() {
    std::random_device entropy;
    const std::uint64_t seed = (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
    return seed ? seed : 1;
}

} // namespace umpire::turn
