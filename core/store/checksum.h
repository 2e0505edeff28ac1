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

#include <cstddef>
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

// state_checksum of one battle's successive states, each unit's bytes kept from the state before:
// after a write only the units its effects touched are taken again. A battle of 2,000 units is
// some 300 KB of bytes to make, a fifth of a command's own work and most of a desk's write on a
// server, where a write touches one unit or two. Equal to state_checksum always (a debug build
// checks every one against it); a holder calls forget() whenever the battle changes any other way
// than by the effects it passes (a write put back, a battle read again).
class StateChecksums {
public:
    // Every unit taken afresh.
    std::uint64_t of(const model::Battle& battle);
    // After `effects` were applied to the battle of the last call. Every unit is taken afresh
    // when there was no last call, when the effects move a unit in the roster, or when the units
    // are not the ones of the last call.
    std::uint64_t after(const model::Battle& battle, const std::vector<model::Effect>& effects);
    void forget();

private:
    std::uint64_t digest(const model::Battle& battle) const;
    std::vector<int> ids_;            // the units of the last call, in their order
    std::vector<std::size_t> ends_;   // where each one's bytes end in units_
    std::string units_;               // their bytes as state_checksum hashes them, one after another
};

// 16 lowercase hex digits, and back (nullopt for anything else).
std::string hex64(std::uint64_t value);
std::optional<std::uint64_t> parse_hex64(std::string_view text);

} // namespace umpire::store::detail
