#pragma once
// A seed for the turn's shuffles when the umpire gives none: never 0, which means "options not
// set" in the turn state. The desk and the command line both ask here.
#include <cstdint>

namespace umpire::turn {

std::uint64_t fresh_seed();

} // namespace umpire::turn
