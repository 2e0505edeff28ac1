// The MacDuff ruleset: the declared actions (each mechanics file contributes its own, see
// action_def.h) and the roster values it knows; the path from a request to a resolution is the
// kit's (kit/ruleset_base.h).
#include "rulesets/macduff/macduff.h"

#include "rulesets/macduff/action_def.h"
#include "rulesets/macduff/chance.h"
#include "turn/places.h"

namespace umpire::macduff {

namespace {

std::vector<ActionDef> declare(const Tables& t) {
    // The slice's actions first, in their old order: front ends and tests list them so.
    std::vector<ActionDef> defs;
    add_shooting_actions(t, defs);
    add_melee_actions(t, defs);
    add_morale_actions(t, defs);
    add_commander_actions(t, defs);
    add_movement_actions(t, defs);
    add_reaction_actions(t, defs);
    add_artillery_actions(t, defs);
    add_army_morale_actions(t, defs);
    add_engineering_actions(t, defs);
    add_hospital_band_actions(t, defs);
    add_detachment_actions(t, defs);
    add_chance_actions(t, defs);
    return defs;
}

kit::RosterIds roster_ids(const Tables& t) {
    kit::RosterIds ids;
    for (const auto& [id, name] : t.troop_types) ids.types.push_back(id);
    for (const auto& q : t.qualities) ids.qualities.push_back(q.id);
    for (const auto& w : t.shooting.weapons) ids.weapons.push_back(w.id);
    for (const auto& [id, name] : t.traits) ids.traits.push_back(id);
    return ids;
}

} // namespace

MacDuff::MacDuff(Tables tables, const kit::Reference& reference)
    : DeclaredRuleset("macduff", "MacDuff", tables, reference, declare(tables), roster_ids(tables)) {
    set_turn_guard(turn::place_guard(reference, "MacDuff"));
}

std::string MacDuff::reserve_hint() const { return tables().chance.reinforce.name + " brings one on"; }

std::vector<int> MacDuff::target_candidates(const rules::ActionSpec& action, const model::Battle& battle,
                                            std::optional<int> unit) const {
    if (action.id == "nominate" && !unit) return nominate_candidates(tables(), battle);
    return DeclaredRuleset::target_candidates(action, battle, unit);
}

} // namespace umpire::macduff
