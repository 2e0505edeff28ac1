#pragma once
// Internal to the store: the journal read as the desk shows it, a page at a time from the newest,
// and the follow-ups it still owes, by queries that read the rows they need and no others.
#include "store/battle_file.h"

#include <SQLiteCpp/Database.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace umpire::store::detail {

// BattleFile::journal_page: the newest `count` lines before `before` (0: no bound) that the
// filter lets through, oldest first, `undone` as it stands (one indexed look per line). With
// `check`, each line's row is read whole and checked against its checksum (line_from_row).
std::vector<JournalLine> read_page(SQLite::Database& db, std::int64_t before, std::size_t count, const LineFilter& filter,
                                   bool check = false);

// BattleFile::unit_actions_in_turn.
std::vector<JournalLine> read_unit_actions_in_turn(SQLite::Database& db, int unit, int turn);

// BattleFile::open_follow_ups. The entries that raised a follow-up are found by the partial
// index journal_raising, those that could answer one by journal_by_action (schema.cpp).
std::vector<OpenFollowUp> read_open_follow_ups(SQLite::Database& db);

} // namespace umpire::store::detail
