#pragma once
// Internal to the store: the battle's current state as rows (meta, sides, commanders, units and
// their flags, counters and traits), written in full at create and per touched row afterwards.
#include "model/battle.h"
#include "store/battle_store.h"

#include <SQLiteCpp/Database.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::store::detail {

// A column that may be NULL, read as an int.
std::optional<int> optional_int(const SQLite::Column& c);

// One row of the meta table, written or replaced.
void put_meta(SQLite::Database& db, const char* key, const std::string& value);

void insert_state(SQLite::Database& db, const model::Battle& battle, const std::string& created_at);

// Rewrites the rows of everything the effects touch, taking the values from `after`.
void write_changes(SQLite::Database& db, const model::Battle& after,
                   const std::vector<model::Effect>& effects);

// Unit::flags as a unit's row keeps them: the map's entries in its order, separated by single
// spaces, each the flag's id after a '!' when it is false ("needs-rally !routed"). False entries
// are kept, so that a reload is exact.
std::string flags_column(const model::Unit& u);
// The entries of `text` (flags_column) into `into`. Throws StoreError (the file is damaged) for an
// entry that names no flag.
void read_flags_column(std::string_view text, model::Unit& into);

// Throws StoreError when a row is missing or holds a value the model has no name for.
// `ruleset_read`, when given, is called with the ruleset id and house rules once they are read,
// before the rest (OpenOptions::ruleset_read).
model::Battle load_state(SQLite::Database& db, const RulesetRead& ruleset_read = {});

} // namespace umpire::store::detail
