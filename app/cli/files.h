#pragma once
// The files a command reads and writes: a battle opened with a word on stderr when it is
// damaged (and so read-only), and outputs that never replace a file unless told (--force) and
// never a battle file, whatever they are told.
#include "rules/ruleset.h"
#include "store/battle_store.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace umpire::cli {

// Opens a battle: a file, or a battle on a server (postgresql://USER@HOST:PORT/DB?battle=NAME),
// its entries recorded as applied by `umpire` (--as NAME; "" is the server's user name). A damaged
// one opens read-only, and stderr says what is damaged and how to check and rebuild it.
// `ruleset_read` as OpenOptions::ruleset_read.
std::unique_ptr<store::BattleStore> open_battle(const std::string& path, const std::string& umpire = "",
                                                store::RulesetRead ruleset_read = {});

// A battle opened as open_battle opens it, with its ruleset: a command that resolves an action
// needs both, and the ruleset (a millisecond to build) is built on a thread of its own while the
// battle's state is read (open_with_ruleset.cpp).
struct BattleWithRuleset {
    std::unique_ptr<store::BattleStore> store;
    std::unique_ptr<rules::Ruleset> ruleset;
};
BattleWithRuleset open_battle_with_ruleset(const std::string& path, const std::string& umpire = "");

// Lets a one-shot command's battle file (and its ruleset) live until the process ends, rather than
// be freed piece by piece as the command returns: 2,000 units, their flags and the ruleset's
// tables took a third of a millisecond to free, which the end of the process does at once. Only
// memory and a read-only descriptor are left to it (what was written was committed). A battle on
// a server is closed as usual, so that the server sees its client leave.
void keep_until_exit(std::unique_ptr<store::BattleStore> store);
void keep_until_exit(BattleWithRuleset opened);

// --as NAME: who applies what a command writes, recorded with each entry of a battle on a server.
CLI::Option* add_umpire_option(CLI::App* cmd, std::string& umpire);

// Refuses (InputError, exit 2, nothing written) an output path that exists, unless `force`; a
// folder; a missing folder; and, even with `force`, any Umpire battle file (the battle being
// read included), so an export can never destroy a battle.
void check_output(const std::string& path, bool force);

// Writes `text` to `path` whole: a fresh file made beside it with O_EXCL, synced, then linked
// into place (or, with `force`, renamed over the old file). check_output first. A full disk is
// StoreError (Io): exit 1, "the disk is full".
void write_output(const std::string& path, const std::string& text, bool force);
// The same for a file another writer makes: `fill(fresh)` writes the fresh file (a PDF writer).
void write_output_through(const std::string& path, bool force, const std::function<void(const std::string& fresh)>& fill);

// --seed for the app's dice: a whole number from `min` up to 2^64 - 1, refused otherwise (CLI11
// would wrap -1 and clamp 99999999999999999999 silently).
CLI::Option* add_seed_option(CLI::App* cmd, std::uint64_t& seed, const std::string& help, std::uint64_t min = 0);

} // namespace umpire::cli
