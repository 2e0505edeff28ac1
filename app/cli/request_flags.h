#pragma once
// The declared inputs of an action as command-line flags: `--figures 12 --range 14in
// --modifier difficult-target`. Flags come from the ActionSpec, so every action gets them free.
#include "rules/action_spec.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <string>
#include <vector>

namespace umpire::cli {

// Fills request.values from the leftover arguments. Throws rules::InputError for an unknown
// flag or a flag without its value.
void parse_input_flags(const rules::ActionSpec& spec, const std::vector<std::string>& args,
                       rules::ActionRequest& request);

// A result that asks the player a choice the text leaves to him (rules::Question): what to add
// to the command to make it, with the dice already rolled, in the text's words. Nothing applies
// until it is made.
std::string choice_to_make(const rules::Question& question, const std::vector<int>& dice);

// Help text listing an action's inputs as flags.
std::string action_help(const rules::ActionSpec& spec);

} // namespace umpire::cli
