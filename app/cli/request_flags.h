#pragma once
// The declared inputs of an action as command-line flags: `--figures 12 --range 14in
// --modifier difficult-target`. Flags come from the ActionSpec, so every action gets them free.
#include "rules/action_spec.h"
#include "rules/request.h"

#include <string>
#include <vector>

namespace umpire::cli {

// Fills request.values from the leftover arguments. Throws rules::InputError for an unknown
// flag or a flag without its value.
void parse_input_flags(const rules::ActionSpec& spec, const std::vector<std::string>& args,
                       rules::ActionRequest& request);

// Help text listing an action's inputs as flags.
std::string action_help(const rules::ActionSpec& spec);

} // namespace umpire::cli
