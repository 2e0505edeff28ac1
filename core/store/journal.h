#pragma once
// Internal to the store: journal rows, and the undo/redo stacks derived from them.
#include "store/battle_file.h"
#include "store/checksum.h"

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace umpire::store::detail {

// Inserts the entry under its own id (the caller picks the next one, inside the write
// transaction) with its row checksum, and returns that checksum.
std::uint64_t append_entry(SQLite::Database& db, const JournalEntry& entry);

// Every entry, oldest first; `undone` is left false (History fills it). A row that does not
// parse throws StoreError, or with `skip_unreadable` is left out (a damaged file shown as it is).
std::vector<JournalEntry> read_entries(SQLite::Database& db, bool skip_unreadable = false);
std::optional<JournalEntry> read_entry(SQLite::Database& db, std::int64_t id);

// One entry played forward on `state`: an undo reverts its effects, an action or a redo applies
// them. Throws std::logic_error (Battle::apply's) when they do not fit.
void play_entry(model::Battle& state, const JournalEntry& entry);

// The undo and redo stacks, rebuilt by walking the journal from the start. Nothing but the
// journal is needed, so undo history survives closing the file.
class History {
public:
    void add(EntryKind kind, std::int64_t id, std::optional<std::int64_t> refers_to);

    // The action an undo would revert / a redo would re-apply, if any.
    std::optional<std::int64_t> undo_target() const;
    std::optional<std::int64_t> redo_target() const;
    // An action is undone while it is not on the applied stack.
    bool is_undone(std::int64_t action_id) const;

private:
    std::vector<std::int64_t> applied_;  // actions in effect, oldest first
    std::vector<std::int64_t> undone_;   // the redo stack: most recently undone last
};

// One pass over the journal's rows as stored: the history, the last id, the head folded from
// every row's checksum, and the rows whose checksum does not match their columns. No JSON is
// parsed. A reload continues a scan from where it stopped (rows with ids after `last`).
struct JournalScan {
    History history;
    std::int64_t last = 0;
    std::int64_t rows = 0;
    std::uint64_t head = 0;  // start from the origin's checksum
    std::vector<std::int64_t> damaged;
    std::vector<std::int64_t> unreadable_kind;  // rows whose kind is none of action/undo/redo
};
void scan_journal(SQLite::Database& db, JournalScan& scan);

// The stored columns a row checksum covers, in order; `checksum` is the column holding it.
inline constexpr const char* kJournalColumns =
    "id, kind, turn, action, summary, unit, target, request_json, dice_json, resolution_json,"
    " effects_json, refers_to, created_at";

// Each row as stored, checked and parsed on its own, for rebuilding a damaged file: a row whose
// checksum fails or whose payload does not parse comes back without its entry and with the
// problem in words. A read that fails part way (a damaged page) stops there and says so in
// `stopped`.
struct CheckedRow {
    std::int64_t id = 0;
    std::optional<JournalEntry> entry;
    std::string problem;
};
std::vector<CheckedRow> read_checked_rows(SQLite::Database& db, bool has_checksums, std::string& stopped);

// The stored columns of a row read with kJournalColumns first, as its checksum sees them (the
// views point into the statement's current row).
std::vector<Cell> stored_cells(SQLite::Statement& row);

std::string utc_now();

} // namespace umpire::store::detail
