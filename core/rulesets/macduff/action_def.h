#pragma once
// How the MacDuff actions are declared: each mechanics file contributes ActionDefs (the declared
// spec, the rule that resolves it and the defaults it takes from the selected unit), so adding an
// action is one entry in one file and no front end changes. Internal to the MacDuff target.
#include "rules/action_spec.h"
#include "rulesets/macduff/mechanics.h"

#include <map>
#include <string>
#include <vector>

namespace umpire::macduff {

// What defaults are computed from: the selected unit and target (either may be null).
struct DefaultsContext {
    const Tables& tables;
    const model::Battle& battle;
    const model::Unit* unit;
    const model::Unit* target;
};
using Defaults = std::map<std::string, std::string>;

struct ActionDef {
    rules::ActionSpec spec;
    void (*resolve)(const Context&, rules::Resolution&) = nullptr;
    void (*defaults)(const DefaultsContext&, Defaults&) = nullptr;  // may be null
    bool brings_on_reserve = false;  // its unit is a spare unit in reserve, off the table (reinforce)
};
using ActionDefs = std::vector<ActionDef>;

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

// ---- Input builders ---------------------------------------------------------------------------

// Largest figure count any input accepts: a 54mm battle has hundreds of figures, never more.
inline constexpr int kMaxFigures = 1000;
inline constexpr int kMaxDistance = 1000;
inline constexpr int kMaxId = 100000;

rules::InputSpec count_input(std::string id, std::string label, std::string help,
                             int min = 0, int max = kMaxFigures, std::string fallback = {});
rules::InputSpec flag_input(std::string id, std::string label, std::string help);
rules::InputSpec distance_input(std::string id, std::string label, std::string help,
                                bool required = true);
rules::InputSpec choice_input(std::string id, std::string label, std::vector<rules::Choice> choices,
                              std::string fallback, std::string help = {});
rules::InputSpec modifiers_input(std::string id, std::string label, const std::vector<Modifier>& from);
// The commander an action concerns, by id (`umpire show --json` lists them); defaults come from
// the selected unit.
rules::InputSpec commander_input_spec(std::string help);

std::string yes_no(bool b);

} // namespace umpire::macduff
