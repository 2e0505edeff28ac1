#pragma once
// Internal to the store, the same for every backend: the last step of `umpire recover`. Given what
// of a damaged battle is intact (store/salvage.h) and a starting state to trust, replays the intact
// entries in order (an entry that built on a lost one is dropped, and said so) and writes the new
// battle file at `output`, never over an existing file.
#include "store/inspect.h"
#include "store/salvage.h"

#include <string>

namespace umpire::store::detail {

// `report` comes with what the backend already noted (origin, notes); `path` names the damaged
// battle in messages.
RecoverReport rebuild(const Salvaged& salvaged, const model::Battle& origin, RecoverReport report,
                      const std::string& path, const std::string& output);

} // namespace umpire::store::detail
