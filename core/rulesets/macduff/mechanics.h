#pragma once
// The rules of the slice, one function per action, plus the shared pieces (dice counting with
// remainders, casualties and the shaken threshold). Internal to the MacDuff target.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/inputs.h"
#include "rules/resolution.h"
#include "rulesets/macduff/tables.h"

#include <string>

namespace umpire::macduff {

// Everything a rule needs: the tables, the battle, the acting unit and target (either may be
// absent when resolving without a battle), validated inputs, and the dice (null for a preview).
struct Context {
    const Tables& tables;
    const model::Battle& battle;
    const model::Unit* unit;
    const model::Unit* target;
    const rules::Inputs& inputs;
    dice::DiceSource* dice;
};

void resolve_shooting(const Context& ctx, rules::Resolution& out);
void resolve_melee(const Context& ctx, rules::Resolution& out);
void resolve_rally(const Context& ctx, rules::Resolution& out);

// `count` things at `per` a die, remainders of 1/2 or more counting as a whole die (7.5, 8.1).
int dice_for(int count, int per);

// The natural score a die needs to reach `success_on` after `modifier`; 7 means it cannot.
int natural_needed(int success_on, int modifier);
// Chance one die succeeds, optionally rerolling a miss once.
double success_chance(int success_on, int modifier, bool reroll_misses = false);

// True when `lost` of `start` figures is more than the quality's shaken fraction (9.2).
bool is_shaken_by_losses(const Quality& quality, int start, int lost);
const Quality& quality_of(const Tables& tables, const model::Unit& unit);

// Removes `hits` figures from `unit`: figures, removal at zero, shaken at the threshold. When
// `rally_if_shaken`, a unit shaken after the hits that took any is marked to rally (9.2) and a
// rally follow-up is queued. Returns true if the unit is shaken after the hits.
bool take_casualties(const Tables& tables, const model::Unit& unit, int hits,
                     bool rally_if_shaken, rules::Resolution& out);

// Marks a shaken unit that took casualties to take a rally test and queues the test (9.2).
void require_rally(const model::Unit& unit, rules::Resolution& out);

// Citation text for a section of the rules.
std::string cite(const std::string& section);

} // namespace umpire::macduff
