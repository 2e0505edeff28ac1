#pragma once
// Internal to the store: the checksums that let a battle file notice damage SQLite cannot see
// (a flipped byte inside a row, a row lost, a rollback journal from another file merged in).
//
// Three kinds, all 64-bit XXH64 hashes written as 16 hex digits:
//   - each journal row carries the hash of its own stored columns (id included, so a row moved
//     elsewhere does not verify), checked without parsing its JSON;
//   - the journal head folds every row's hash in id order (head = fold(head, row)); each row keeps
//     the head through itself, and the meta table the last one with the last entry's id, so a
//     lost, truncated or reordered row shows too, and any one row can be checked against the row
//     before it without reading the rest;
//   - the state hash covers the battle as the store keeps it, by meaning (absent flags and zero
//     counters are the same as false and 0), so a state replayed from the journal compares
//     equal to the stored one.
// Opening a file checks the state's hash and the journal's last row against the meta table: a
// cost that does not grow with the journal. Every row a command reads is checked as it is read;
// the whole journal (one pass over its bytes, no JSON parsed) is checked by `umpire check` and by
// the desk when it opens a battle.
#include "model/battle.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace umpire::store::detail {

// One stored column value as SQLite holds it: NULL, an integer, or text.
using Cell = std::variant<std::monostate, std::int64_t, std::string_view>;

// The hash of a journal row from its stored columns, in the order of kJournalColumns.
std::uint64_t row_checksum(const std::vector<Cell>& cells);

// The journal head after one more row.
std::uint64_t fold_head(std::uint64_t head, std::uint64_t row);

// The battle's state, as state.cpp stores it. The head of an empty journal is the origin's
// state checksum, so the journal is tied to the battle it started from.
std::uint64_t state_checksum(const model::Battle& battle);

// 16 lowercase hex digits, and back (nullopt for anything else).
std::string hex64(std::uint64_t value);
std::optional<std::uint64_t> parse_hex64(std::string_view text);

} // namespace umpire::store::detail
