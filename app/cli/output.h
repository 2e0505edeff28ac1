#pragma once
// How the CLI prints results: plain text for people, JSON for scripts.
#include "model/battle.h"
#include "rules/resolution.h"
#include "store/battle_file.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>
#include <map>
#include <string>
#include <vector>

namespace umpire::cli {

// A probability as the working shows it: 0.4167 -> "41.7%".
std::string percent(double p);
void print_resolution(std::ostream& out, const rules::Resolution& r, const model::Battle* battle);
void print_battle(std::ostream& out, const model::Battle& battle);
// "#9, turn 1: Shoot by Ansar riflemen: 1 hit on Heavy Camel Regiment" (report::entry_heading;
// the acting unit named from `battle` when the summary does not say it); action_names: the
// ruleset's names of its actions by id (rules::action_names).
void print_journal_entry(std::ostream& out, const store::JournalEntry& entry,
                         const std::map<std::string, std::string>& action_names, const model::Battle& battle);
void print_journal_entry(std::ostream& out, const store::JournalLine& line,
                         const std::map<std::string, std::string>& action_names, const model::Battle& battle);

// --json, worded the same on every command that reports something.
void add_json_flag(CLI::App* cmd, bool& json);
// What a command reports: `j` as JSON with --json, else `text` (a line or more, no newline at
// the end) on `text_out`.
void print_report(bool json, const nlohmann::json& j, const std::string& text, std::ostream& text_out);

// The battle as `umpire show --json` prints it, indented by two, with `journal_entries` (and
// `damaged_entries`, the journal rows that fail their checksum, when there are any): written
// as text straight from the battle (store/json_text.h), the bytes nlohmann's dump(2) gives the
// same document, without building one (it was four fifths of `show` at 2,000 units).
std::string battle_json_text(const model::Battle& battle, std::int64_t journal_entries,
                             const std::vector<std::int64_t>& damaged_entries = {});
nlohmann::json journal_entry_json(const store::JournalEntry& entry);

} // namespace umpire::cli
