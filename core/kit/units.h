#pragma once
// Units made and unmade by a resolution (a detachment split off, a claimed gun's new crew): a free
// id and name, the place in the roster, and the effect that carries the whole unit (model/effect.h)
// so that undo and redo restore the roster exactly.
#include "model/battle.h"
#include "rules/resolution.h"

#include <string>

namespace umpire::kit {

int next_unit_id(const model::Battle& battle);
// A name no unit has yet: "Long Tom (captured)", then "Long Tom (captured) 2".
std::string free_unit_name(const model::Battle& battle, const std::string& base);
// The 1-based place of the unit in Battle::units; 0 when it is not there.
int roster_place(const model::Battle& battle, int id);
// Appends the effect creating `unit` at `place` (1-based; the end when 0).
void create_unit(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit, int place,
                 std::string reason);

} // namespace umpire::kit
