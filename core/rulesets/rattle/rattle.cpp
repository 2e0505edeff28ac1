// The Rattle of Dice: the declared actions (each part of the rules adds its own) and the roster
// values it knows; the path from a request to a resolution is the kit's (kit/ruleset_base.h).
#include "rulesets/rattle/rattle.h"

#include "kit/roster_ids.h"
#include "rulesets/rattle/mechanics.h"
#include "turn/places.h"

namespace umpire::rattle {

namespace {

std::vector<ActionDef> declare(const Tables& t) {
    std::vector<ActionDef> defs;
    add_movement_actions(t, defs);
    add_charge_actions(t, defs);
    add_shooting_actions(t, defs);
    add_melee_actions(t, defs);
    add_morale_actions(t, defs);
    add_sapper_actions(t, defs);
    return defs;
}

} // namespace

Rattle::Rattle(Tables tables, const kit::Reference& reference)
    : DeclaredRuleset("rattle", "Rattle", tables, reference, declare(tables),
                      kit::roster_ids_from(tables)) {
    set_turn_guard(turn::place_guard(reference, "Rattle"));
}

} // namespace umpire::rattle
