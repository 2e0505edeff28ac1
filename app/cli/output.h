#pragma once
// How the CLI prints results: plain text for people, JSON for scripts.
#include "model/battle.h"
#include "rules/resolution.h"
#include "store/battle_file.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace umpire::cli {

void print_resolution(std::ostream& out, const rules::Resolution& r, const model::Battle* battle);
void print_battle(std::ostream& out, const model::Battle& battle);
void print_journal_entry(std::ostream& out, const store::JournalEntry& entry);
void print_journal_entry(std::ostream& out, const store::JournalLine& line);

nlohmann::json battle_json(const model::Battle& battle);
nlohmann::json journal_entry_json(const store::JournalEntry& entry);

} // namespace umpire::cli
