#pragma once
// The ruleset is named the same way on every command that names one: as the command's first
// argument (`umpire sheet macduff`) or, anywhere on the line, as `--ruleset macduff`. CLI11
// sees only the first form: normalise_ruleset_flag() moves a `--ruleset ID` into that place.
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace umpire::cli {

// Declares the RULESET argument on `cmd`: required, or optional where another argument may
// name what the ruleset would (a battle, a roster, a deck).
void add_ruleset_argument(CLI::App* cmd, std::string& ruleset_id, bool required);

// For a command with a RULESET argument (args[0] names the command), `--ruleset ID` or
// `--ruleset=ID` becomes the command's first argument. Other commands are left alone.
void normalise_ruleset_flag(const CLI::App& app, std::vector<std::string>& args);

} // namespace umpire::cli
