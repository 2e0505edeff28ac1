#pragma once
// Internal to the store: the seal, the meta rows that say what the file must hold, so damage
// SQLite cannot see is found when the file is opened (checksum.h has the hashes):
//   battle_uid       a random id given at create: a file's own, for telling two battles apart
//   origin           the battle as created, as JSON (origin.h); absent in a file upgraded from
//                    schema 2 whose journal did not revert cleanly to a start
//   origin_checksum  the hash of the origin's text: the journal head before any entry
//   journal_head     the head through the last row (each row keeps its own), and journal_last
//                    the last id
//   state_checksum   the hash of the state the rows hold
// Every write updates the seal in the transaction that writes the rows it describes.
#include "model/battle.h"
#include "store/battle_file.h"
#include "store/journal.h"

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace umpire::store::detail {

struct Seal {
    std::string battle_uid;
    std::optional<std::string> origin;  // JSON text; read only when asked (read_origin)
    std::uint64_t origin_checksum = 0;
    std::uint64_t journal_head = 0;
    std::int64_t journal_last = 0;
    std::uint64_t state_checksum = 0;
};

// The hash of the origin's stored text (a null origin hashes too).
std::uint64_t origin_checksum(const std::optional<std::string>& origin);

// nullopt when the file has no seal at all; a seal row that does not parse reads as 0 and so
// fails the comparison that uses it. The origin (the whole battle as created: large) is read
// only with `with_origin`.
std::optional<Seal> read_seal(SQLite::Database& db, bool with_origin = false);
void write_seal(SQLite::Database& db, const Seal& seal);
// After a write: the new head, last id and state checksum.
void update_seal(SQLite::Database& db, std::uint64_t head, std::int64_t last, std::uint64_t state);

// What is damaged, in words, comparing the seal with a scan of the journal (the whole of it, or
// its last row: check_tail) and the state as loaded; "" when everything agrees. The origin is
// compared when the seal was read with it.
std::string describe_damage(const std::optional<Seal>& seal, const JournalScan& scan,
                            std::uint64_t state_checksum);

// A fresh seal for a file that has `state` and the journal already in it: computes every row's
// checksum and head (written into the rows) and the origin. Used by create (empty journal), by
// recover and by the upgrade of older files; files from before schema 3 had no origin: it is
// found by reverting the journal from the state, and when that fails it stays absent and `note`
// says why. Rows in `damaged` keep an empty checksum, so the damage found before an upgrade is
// still found after it.
// Text that is not UTF-8 (only a damaged or hand-edited file has it) cannot be kept as the
// starting state's JSON: seal_file throws TextNotUtf8 saying which, or with `keep_bad_text` leaves
// the file without a starting state and says why in `note`.
class TextNotUtf8 : public StoreError {
public:
    using StoreError::StoreError;
};
Seal seal_file(SQLite::Database& db, const model::Battle& state, const std::optional<model::Battle>& origin,
               std::string* note = nullptr, const std::set<std::int64_t>& damaged = {}, bool keep_bad_text = false);

// The battle before any entry: the state with the journal reverted, newest first. Throws
// std::exception (naming the entry) when an entry does not revert from what follows it.
model::Battle revert_journal(model::Battle state, const std::vector<JournalEntry>& journal);

std::string random_uid();

} // namespace umpire::store::detail
