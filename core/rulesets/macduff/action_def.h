#pragma once
// How the MacDuff actions are declared: each mechanics file contributes ActionDefs (the declared
// spec, the rule that resolves it and the defaults it takes from the selected unit: kit/
// ruleset_base.h), so adding an action is one entry in one file and no front end changes.
// Internal to the MacDuff target.
#include "kit/input_builders.h"
#include "kit/ruleset_base.h"
#include "rulesets/macduff/mechanics.h"

#include <string>
#include <vector>

namespace umpire::macduff {

using ActionDef = kit::ActionDef<Tables>;
using ActionDefs = std::vector<ActionDef>;
using DefaultsContext = kit::DefaultsContext<Tables>;
using Defaults = kit::Defaults;

// Each file's actions, in the order `umpire actions macduff` lists them.
void add_shooting_actions(const Tables& t, ActionDefs& out);    // shoot
void add_melee_actions(const Tables& t, ActionDefs& out);       // melee
void add_morale_actions(const Tables& t, ActionDefs& out);      // rally, casualties, off-table
void add_commander_actions(const Tables& t, ActionDefs& out);   // activate, join, ...
void add_movement_actions(const Tables& t, ActionDefs& out);    // move
void add_reaction_actions(const Tables& t, ActionDefs& out);    // charge-reaction
void add_artillery_actions(const Tables& t, ActionDefs& out);   // overhead-fire, breach, fight-fire
void add_army_morale_actions(const Tables& t, ActionDefs& out); // army-morale
void add_engineering_actions(const Tables& t, ActionDefs& out); // engineer, blow-charges
void add_hospital_band_actions(const Tables& t, ActionDefs& out);  // hospital, capture-unit
void add_detachment_actions(const Tables& t, ActionDefs& out);  // detach, rejoin
void add_chance_actions(const Tables& t, ActionDefs& out);      // sniper, never-say-die, huzzah, nominate, rising, reinforce

// ---- Input builders (kit/input_builders.h) ------------------------------------------------------

using kit::choice_input;
using kit::count_input;
using kit::distance_input;
using kit::flag_input;
using kit::kMaxDistance;
using kit::kMaxFigures;
using kit::kMaxId;
using kit::modifiers_input;

// The commander an action concerns, by id (`umpire show --json` lists them); defaults come from
// the selected unit.
inline rules::InputSpec commander_input_spec(std::string help) {
    return kit::id_input("commander", "Commander", std::move(help), rules::IdOf::Commander);
}

} // namespace umpire::macduff
