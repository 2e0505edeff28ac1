#pragma once
// Each subcommand registers itself on the CLI11 app and sets `run` when it is chosen.
#include <CLI/CLI.hpp>

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::cli {

using Run = std::function<int()>;

void add_roll(CLI::App& app, Run& run);
void add_actions(CLI::App& app, Run& run);
void add_resolve(CLI::App& app, Run& run);
void add_battle_commands(CLI::App& app, Run& run);  // new, apply, undo, redo, show
void add_print(CLI::App& app, Run& run);  // sheet, cards, roster-sheet
void add_report(CLI::App& app, Run& run);
void add_check_commands(CLI::App& app, Run& run);  // check, recover, copy
void add_serve(CLI::App& app, Run& run);   // serve (the players' phones)
void add_hidden_commands(CLI::App& app, Run& run);  // hide, reveal
void add_sector(CLI::App& app, Run& run);  // sector (several umpires: who runs which units)
void add_host(CLI::App& app, Run& run);    // host (the umpires' own PostgreSQL server)
void add_turn(CLI::App& app, Run& run);    // turn (phases, deck, initiative, chance, wind)

// The functions above, each with the names of the commands it adds, in the order of `umpire --help`.
struct CommandGroup {
    std::string_view names;  // separated by spaces
    void (*add)(CLI::App& app, Run& run);
};
std::span<const CommandGroup> command_groups();

// Adds the commands `args` (the program's arguments) can need. CLI11 builds every option of
// every command it is given (some three hundred objects), which cost a command as much as its
// own work once the loader was done: so the first argument that names a command gets its
// group alone (its --help included), arguments naming none (the desk: a battle file,
// --screenshot, --version) get none, and a request for help that names none gets them all.
void add_commands(CLI::App& app, Run& run, const std::vector<std::string>& args);

} // namespace umpire::cli

#include "dice/dice_source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace umpire::cli {

// Typed dice ("6,5,1" or "6 5 1") when given, else the app's roller with `seed` or a fresh one.
std::unique_ptr<dice::DiceSource> make_dice(const std::string& typed, std::optional<std::uint64_t> seed);

} // namespace umpire::cli
