#pragma once
// Internal to the store: journal rows, and the undo/redo stacks derived from them.
#include "store/battle_file.h"

#include <SQLiteCpp/Database.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace umpire::store::detail {

// Inserts the entry (its id is ignored) and returns the new row id.
std::int64_t append_entry(SQLite::Database& db, const JournalEntry& entry);

// Every entry, oldest first; `undone` is left false (History fills it).
std::vector<JournalEntry> read_entries(SQLite::Database& db);
std::optional<JournalEntry> read_entry(SQLite::Database& db, std::int64_t id);

// The undo and redo stacks, rebuilt by walking the journal from the start. Nothing but the
// journal is needed, so undo history survives closing the file.
class History {
public:
    void add(EntryKind kind, std::int64_t id, std::optional<std::int64_t> refers_to);
    static History load(SQLite::Database& db);

    // The action an undo would revert / a redo would re-apply, if any.
    std::optional<std::int64_t> undo_target() const;
    std::optional<std::int64_t> redo_target() const;
    // An action is undone while it is not on the applied stack.
    bool is_undone(std::int64_t action_id) const;

private:
    std::vector<std::int64_t> applied_;  // actions in effect, oldest first
    std::vector<std::int64_t> undone_;   // the redo stack: most recently undone last
};

std::string utc_now();

} // namespace umpire::store::detail
