#pragma once
// Units, commanders and sides named by the umpire (on the command line or the desk's command
// line): by id, by whole name (any case) or by
// the start of a name that only one of them has. Two that share the start are refused, not
// guessed. Errors are rules::InputError naming the input and listing what the battle has.
#include "model/battle.h"
#include "rules/action_spec.h"
#include "rules/request.h"

#include <string>

namespace umpire::rules {

int unit_id(const model::Battle& battle, const std::string& name, const char* input);
int commander_id(const model::Battle& battle, const std::string& name, const char* input = "commander");
// A side may also be named by its colour.
int side_id(const model::Battle& battle, const std::string& name, const char* input);

// The request's inputs that are ids (InputSpec::id_of) given as names become ids.
void names_to_ids(const ActionSpec& spec, const model::Battle& battle, ActionRequest& request);

} // namespace umpire::rules
