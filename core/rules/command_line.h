#pragma once
// The short syntax an umpire types for an action: `shoot 2nd gh 10 6,5,4,3,2,1`.
//
//   ACTION UNIT [TARGET] [VALUE ...] [NAME=VALUE ...] [DICE]
//
// The action, unit and target are named by a unique start (or by id; a name that two share
// takes the next word too: `afridi sw`; "double quotes" keep a name with spaces together).
// Names come before numbers: where a unit may be named, a number that begins one unit's name is
// that unit (`shoot 5th 104 12`: at 104th Pennsylvania), else it is a number.
// Values without a name fill, in the declared order, first the inputs the unit does not already
// give (for shooting: the range), then the others. NAME=VALUE sets an input by its id or the
// start of it; a modifier's id alone turns it on, a yes/no input's id alone says yes. The line
// has four names of its own: unit= and target= (anywhere on the line), dice= and
// overrule="why" (apply although the rules refuse, journaled with the reason). Real dice are
// written with commas (6,5,4) or as dice=6,5,4; without them the app rolls. A lone die may be
// typed bare as the last value when it cannot be the input it would fill (a yes/no, a choice, a
// unit, a number out of range) or every input is filled: `orders brig 4`; a number that cannot
// be a die (7 or more, or the action rolls none) is the input it fills: `charge 8e 1/28 10`. When
// it could be either, the umpire is told to write dice=4 or the input's name=4. The command
// line and the desk's command line both read it here, so they can never disagree.
#include "model/battle.h"
#include "rules/inputs.h"
#include "rules/request.h"
#include "rules/ruleset.h"

#include <string>
#include <string_view>
#include <vector>

namespace umpire::rules {

struct TypedCommand {
    ActionRequest request;  // action, unit, target and the values typed (ids for id inputs)
    std::string dice;       // the real dice as typed, "" when the app rolls
};

// Splits a line into words at spaces; "double quotes" keep spaces inside one word.
std::vector<std::string> command_words(std::string_view line);

// Reads the words of one command. Throws InputError naming what is wrong (an unknown or
// ambiguous action, unit or input, more values than the action has inputs).
TypedCommand parse_command(const std::vector<std::string>& words, const Ruleset& ruleset,
                           const model::Battle& battle);

// What a line whose action the rules refuse says, wherever it is typed: the rule, its section and
// how to apply it anyway ("... (Rattle Shooting); to apply it anyway, add overrule=\"why\"").
std::string refused_on_line(const Refusal& refusal);

} // namespace umpire::rules
