#pragma once
// Internal to the PostgreSQL backend: what a desk reads of a battle's journal, a part at a time
// (a page of lines, what a unit did this turn, the follow-ups still owed), as queries on a
// transaction PgBattle opens. The same answers as the battle file's (store/journal_pages.h).
#include "store/battle_store.h"

#include <pqxx/pqxx>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace umpire::store::postgres {

// The column to add to select_rows for lines_of: whether the action stands undone now.
std::string undone_column();
// The lines of rows read with select_rows(undone_column()), each row checked against its checksum.
std::vector<JournalLine> lines_of(const pqxx::result& rows);

// PgBattle::journal_page.
std::vector<JournalLine> read_page(pqxx::transaction_base& tx, const std::string& battle, std::int64_t before,
                                   std::size_t count, const LineFilter& filter);
// PgBattle::unit_actions_in_turn.
std::vector<JournalLine> read_unit_actions_in_turn(pqxx::transaction_base& tx, const std::string& battle, int unit,
                                                   int turn);
// PgBattle::open_follow_ups: the entries in effect that raised a follow-up, then those of the
// actions asked for (and dismissals) that could answer one, settled in order (follow_up_answers.h).
std::vector<OpenFollowUp> read_open_follow_ups(pqxx::transaction_base& tx, const std::string& battle);

} // namespace umpire::store::postgres
