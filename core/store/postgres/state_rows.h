#pragma once
// Internal to the PostgreSQL backend: the battle's state on the server as rows, so that a write
// sends only what its effects changed. Each unit is a row of umpire_units keyed by (battle, unit
// id), holding its place in the roster and the unit as the battle file's origin writes it
// (store/origin.h: unit_text); the rest of the battle (its settings, turn, texts, sides and
// commanders: a few hundred rows' worth at most) is the battle row's `remainder`. A battle of the
// first server schema kept its whole state as one JSON text in the battle row's `state` column:
// while that column is not NULL, it is the state (read_state reads both).
#include "model/battle.h"
#include "store/postgres/statements.h"

#include <pqxx/pqxx>

#include <optional>
#include <string>
#include <vector>

namespace umpire::store::postgres {

// The battle's state read back: the first schema's whole text when `whole` holds one, else the
// remainder with the battle's unit rows in roster order. Throws std::exception (nlohmann's or
// std::invalid_argument) when what is stored does not read.
model::Battle read_state(pqxx::transaction_base& tx, const std::string& battle, const std::optional<std::string>& whole,
                         const std::optional<std::string>& remainder);

// Every unit's row written afresh from `state` (a copy onto the server, a battle of the first
// schema upgraded): the battle's old unit rows go first. The remainder is the caller's to write,
// in the battle row (remainder_text).
void write_unit_rows(pqxx::transaction_base& tx, const std::string& battle, const model::Battle& state);

// Adds to a write's statements the rows of the units `effects` touched, from `after` (the state
// they led to): a changed unit's row rewritten, a unit created inserted, one removed deleted, and
// every unit's place in the roster set again when one was created or removed. Returns whether the
// effects touched the rest of the battle (a commander, a side, the battle itself), whose remainder
// the caller then writes.
bool write_changed_rows(Statements& statements, const std::string& battle, const model::Battle& after,
                        const std::vector<model::Effect>& effects);

// How many rows a copy sends to the server at once (Statements): a round trip each batch, not each
// row, in statements of a few hundred kilobytes.
inline constexpr std::size_t kRowsABatch = 500;

} // namespace umpire::store::postgres
