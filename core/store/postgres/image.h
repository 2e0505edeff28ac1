#pragma once
// Internal to the store: a whole battle carried to and from a PostgreSQL server, row for row (its
// checksums and heads as they are), for `umpire copy` and `umpire check`.
#include "store/battle_image.h"

#include <string>

namespace umpire::store::postgres {

// The battle at `address`, read as one moment. Throws StoreError when there is none.
detail::BattleImage read_image(const std::string& address);
// Puts `image` on the server under the address's battle name, in one transaction (the tables made
// first if the server has none). Refuses (StoreError, nothing written) a name already taken.
void write_image(const std::string& address, const detail::BattleImage& image);

} // namespace umpire::store::postgres
