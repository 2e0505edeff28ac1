#pragma once
// Internal to the store: journal rows, as written and as read back, and the undo/redo history.
//
// A row keeps what its entry changed once: the effects in effects_json (a long text's change as
// a patch), never again inside the resolution's JSON, and an undo or a redo keeps none of its
// own (they are its action's, read from the row it refers to). The follow-ups the resolution
// raised, the units its effects touched and the prompt it answered have columns of their own, so
// the desk can list and filter the journal and rebuild Pending without parsing a payload.
#include "store/battle_file.h"
#include "store/checksum.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace umpire::store::detail {

// The stored columns a row checksum covers, in order (schema 4); `checksum` holds it and `head`
// the journal head through this row: fold_head(the previous row's head, this row's checksum),
// the first row's previous head being the origin's checksum.
inline constexpr const char* kJournalColumns =
    "id, kind, turn, action, summary, unit, target, request_json, dice_json, resolution_json,"
    " effects_json, refers_to, created_at, units, follow_ups, answers";
inline constexpr int kJournalColumnCount = 16;

// The columns of a journal line (JournalLine), in order: the umpire who applied it last.
inline constexpr const char* kLineColumns =
    "id, kind, turn, action, summary, unit, target, dice_json, refers_to, created_at, units, follow_ups, answers, umpire";

// A journal line's columns read to check its checksum too: every stored column, the checksum, the
// umpire.
inline constexpr const char* kCheckedLineColumns =
    "id, kind, turn, action, summary, unit, target, request_json, dice_json, resolution_json,"
    " effects_json, refers_to, created_at, units, follow_ups, answers, checksum, umpire";
inline constexpr int kLineColumnCount = 14;
inline constexpr int kCheckedLineColumnCount = kJournalColumnCount + 2;

// An entry as its row stores it.
struct StoredRow {
    std::int64_t id = 0;
    std::string kind;
    std::int64_t turn = 0;
    std::string action, summary;
    std::optional<std::int64_t> unit, target;
    std::string request, dice, resolution, effects;
    std::optional<std::int64_t> refers_to;
    std::string created_at, units, follow_ups;
    std::optional<std::int64_t> answers;

    std::vector<Cell> cells() const;  // in the order of kJournalColumns
};
StoredRow stored_row(const JournalEntry& entry);

// Inserts the entry under its own id (the caller picks the next one, inside the write
// transaction) with its checksum and the head through it; returns that head.
std::uint64_t append_entry(SQLite::Database& db, const JournalEntry& entry, std::uint64_t head_before);
// Inserts a row as another store kept it, its checksum, head and umpire as they are (a copy).
void insert_row(SQLite::Database& db, const StoredRow& row, const std::string& checksum, const std::string& head,
                const std::string& umpire);

// The entry a row's stored columns hold. An undo's or a redo's effects are left empty
// (with_references fills them). Throws StoreError for a row that does not parse.
JournalEntry entry_from_stored(const StoredRow& row);
// The columns of a statement that selected kJournalColumns first, and the entry they hold.
StoredRow stored_from_statement(SQLite::Statement& row);
JournalEntry entry_from_row(SQLite::Statement& row);
// Gives each undo and redo the effects of the action it refers to, found among `entries`.
void with_references(std::vector<JournalEntry>& entries);

// Every entry, oldest first, each row's checksum checked (unless `verify` is false: a file being
// sealed); `undone` filled in. A row that is damaged or does not parse throws StoreError, or
// with `skip_unreadable` is left out.
std::vector<JournalEntry> read_entries(SQLite::Database& db, bool skip_unreadable = false, bool verify = true);
// One entry (an undo's or redo's with its action's effects), its checksum checked: StoreError
// when it is damaged.
std::optional<JournalEntry> read_entry(SQLite::Database& db, std::int64_t id);
// Calls `visit` with each entry in order, one at a time (memory does not grow with the journal).
void each_entry(SQLite::Database& db, const std::function<void(const JournalEntry&)>& visit);
// The journal's lines after `after`, oldest first, with `undone` as of now for those lines. With
// `check`, each row's checksum is checked as it is read (its payloads are read for it) and a row
// that fails is marked damaged; a row of no known kind is marked damaged either way.
std::vector<JournalLine> read_lines(SQLite::Database& db, std::int64_t after, bool check);
// A row's follow_ups column read back ('' is none). Throws StoreError when it does not parse.
std::vector<rules::FollowUp> follow_ups_from_text(std::int64_t id, const std::string& text);
// The line a statement read (`undone` left false): one that selected kLineColumns first, or with
// `check`, one that selected every stored column, the checksum and the umpire (kCheckedLineColumns;
// its checksum checked). A row of
// no known kind, or failing its checksum, is marked damaged.
JournalLine line_from_row(SQLite::Statement& row, bool check = false);
// The line a row holds, however its store read it (`undone` left false); `checksum_holds` says
// whether its checksum was found to match (a row of no known kind is damaged either way).
JournalLine line_from_stored(const StoredRow& row, bool checksum_holds);

// One entry played forward on `state`: an undo reverts its effects, an action or a redo applies
// them. Throws std::logic_error (Battle::apply's) when they do not fit.
void play_entry(model::Battle& state, const JournalEntry& entry);
// Replays `entries` over `start`, in order. Throws std::runtime_error naming the entry that does
// not apply.
model::Battle replay_journal(model::Battle start, const std::vector<JournalEntry>& entries);

// The undo and redo stacks, from the journal as it stands, by two indexed queries: the latest
// action not undone, and the action of the latest undo since the last action whose undo still
// stands (a new action ends the redo chain, as in any editor). An action is undone while the
// latest undo or redo that names it is an undo. Both by one statement, which a connection that
// asks again after each write keeps prepared (`prepared`, filled in on first use): compiling the
// two queries cost more than running them.
struct HistoryTargets {
    std::optional<std::int64_t> undo, redo;
};
HistoryTargets history_targets(SQLite::Database& db, std::optional<SQLite::Statement>& prepared);

// Walks entries in order and says which actions stand undone (for reads of the whole journal).
class History {
public:
    void add(EntryKind kind, std::int64_t id, std::optional<std::int64_t> refers_to);
    bool is_undone(std::int64_t action_id) const;

private:
    std::vector<std::pair<std::int64_t, bool>> undone_;  // action id, undone; sorted by id
};

// A pass over rows as stored, checking each one's checksum against its columns and its head
// against the chain, without parsing any JSON. A reload continues a scan from where it stopped
// (rows with ids after `last`); opening checks only the last row (check_tail).
struct JournalScan {
    std::int64_t last = 0;
    std::int64_t rows = 0;
    std::uint64_t head = 0;  // start from the origin's checksum
    std::vector<std::int64_t> damaged;          // the checksum does not match the row
    std::vector<std::int64_t> out_of_chain;     // the row's head does not follow from the one before
    std::vector<std::int64_t> unreadable_kind;  // rows whose kind is none of action/undo/redo
};
void scan_journal(SQLite::Database& db, JournalScan& scan);
// One row of a scan, however its store read it: its checksum as computed from its columns and as
// stored, its head as stored and its kind.
void scan_one(JournalScan& scan, std::int64_t id, std::uint64_t computed, const std::string& checksum,
              const std::string& head, const std::string& kind);
// The last row alone: its checksum, and its head against the row before it. Fills `last`,
// `head` (the last row's stored head; `origin_head` for an empty journal) and the lists.
void check_tail(SQLite::Database& db, std::uint64_t origin_head, JournalScan& scan);

// The first `count` stored columns of a row read with kJournalColumns first, as its checksum sees
// them (the views point into the statement's current row).
std::vector<Cell> stored_cells(SQLite::Statement& row, int count = kJournalColumnCount);

std::string utc_now();

} // namespace umpire::store::detail
