#pragma once
// The ids a ruleset's roster fields may take, read from its tables: every ruleset whose tables
// list troop_types, qualities and weapons as rows and traits as a map names them so.
#include "kit/ruleset_base.h"

namespace umpire::kit {

template <typename Tables>
RosterIds roster_ids_from(const Tables& t) {
    return {ids_of(t.troop_types), ids_of(t.qualities), ids_of(t.weapons), keys_of(t.traits)};
}

} // namespace umpire::kit
