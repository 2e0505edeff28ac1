#pragma once
// Commanders as the rules name them: the one an input names by id, and whom a commander may
// affect (an army's General his whole side, a brigade's general only the units assigned to him).
#include "model/battle.h"
#include "rules/inputs.h"

#include <string>

namespace umpire::kit {

// The commander named by the input `id`, or null when the input was not given. Throws
// rules::InputError naming the battle's commanders when the id names none of them.
const model::Commander* named_commander(const model::Battle& battle, const rules::Inputs& inputs,
                                        const std::string& id = "commander");

// Whether `commander` commands `unit`: the General (army commander) every unit of his side, any
// other commander the units assigned to him.
bool commands(const model::Commander& commander, const model::Unit& unit);

} // namespace umpire::kit
