#pragma once
// The ids a ruleset's roster fields may take, read from its tables: every ruleset whose tables
// list troop_types, qualities and weapons as rows and traits as a map names them so.
#include "kit/ruleset_base.h"

namespace umpire::kit {

template <typename Tables>
RosterIds roster_ids_from(const Tables& t) {
    RosterIds ids;
    for (const auto& tt : t.troop_types) ids.types.push_back(tt.id);
    for (const auto& q : t.qualities) ids.qualities.push_back(q.id);
    for (const auto& w : t.weapons) ids.weapons.push_back(w.id);
    for (const auto& [id, name] : t.traits) ids.traits.push_back(id);
    return ids;
}

} // namespace umpire::kit
