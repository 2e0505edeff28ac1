#pragma once
// Units, commanders and sides named by the umpire (on the command line or the desk's command
// line): by whole name (any case), by a number that begins one name ("104": 104th Pennsylvania)
// else by id, by the start of a name that only one of them has, or when no name starts so by the
// start of a word only one name has ("burn": Colonel Burnaby).
// Two that share the start are refused, not guessed. Errors are rules::InputError naming the
// input and listing the candidates (or what the battle has), with a word on quoting names.
#include "model/battle.h"
#include "rules/action_spec.h"
#include "rules/request.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace umpire::rules {

int unit_id(const model::Battle& battle, const std::string& name, const char* input);
int commander_id(const model::Battle& battle, const std::string& name, const char* input = "commander");
// A side may also be named by its colour.
int side_id(const model::Battle& battle, const std::string& name, const char* input);

// How many units, commanders or sides `typed` may name by a start (of the name or, when none
// starts so, of a word): 1 names one, more is ambiguous. Whole names and ids are not counted.
std::size_t how_many_named(const model::Battle& battle, IdOf of, std::string_view typed);

// A number typed where a unit may be named names the unit whose name begins with that whole
// number ("104" is "104th Pennsylvania"; "10" is not, nor "04"), when exactly one does among
// `among` (every unit when empty): names come before numbers. nullopt when it is no name's number.
std::optional<int> unit_by_number(const model::Battle& battle, std::string_view digits,
                                  const std::vector<int>& among = {});

// The request's inputs that are ids (InputSpec::id_of) given as names become ids.
void names_to_ids(const ActionSpec& spec, const model::Battle& battle, ActionRequest& request);

} // namespace umpire::rules
