#pragma once
// A battle is one SQLite file. Every applied action is committed together with its journal
// record in one durable transaction before anyone is told it happened. The journal is
// append-only: undo and redo are entries too, so history survives a restart.
#include "model/battle.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace umpire::store {

// What went wrong, so a caller can tell the user's mistake from the machine's trouble.
enum class StoreProblem {
    BadFile,   // not a usable battle file: missing, not ours, truncated, damaged, newer, exists
    Refused,   // the request does not fit the battle: a stale effect, a preview, read-only
    Changed,   // another program wrote to the file since it was read: nothing was done
    Busy,      // another program kept the file locked past the busy timeout: nothing was done
    Io,        // the disk: full, read-only, an I/O error; nothing was changed
};

// Every failure of the store. The file is never left half-changed by one.
class StoreError : public std::runtime_error {
public:
    explicit StoreError(const std::string& message, StoreProblem problem = StoreProblem::BadFile)
        : std::runtime_error(message), problem_(problem) {}
    StoreProblem problem() const { return problem_; }

private:
    StoreProblem problem_;
};

inline constexpr std::int32_t kApplicationId = 0x554D5052;  // "UMPR"
// 2: Battle::texts. 3: checksums (each journal row, the journal head, the state) and the origin.
// 4: what changed, once (no effects inside the resolution or in undo and redo rows, long texts as
// patches); each row's head; the journal's narrow columns and its indexes. 5: the payloads
// without what the columns hold. 6: the starting state in a table of its own, not in meta.
// 7: the indexes of the entries that raised a follow-up and of the entries by action.
inline constexpr std::int32_t kSchemaVersion = 7;

struct OpenOptions {
    // How long to wait for another program's write to finish before giving up (Busy).
    int busy_timeout_ms = 5000;
    // Opening checks the whole file (every page, every journal row, the starting state), a cost
    // that grows with the file. A caller that must show something first (the desk) puts it off:
    // opening then checks the state and the journal's last row, and verify_journal() the rest,
    // which any write does first if it has not been done.
    bool defer_verification = false;
    // A file (the user's state folder's) remembering the battle files checked whole, each by a key
    // that any write to the file changes (store/verified_files.h): opening a file whose key matches
    // checks what opening a deferred file checks, and counts as checked whole. Each checked write
    // remembers the file's new key when nothing else wrote meanwhile. "" remembers nothing.
    std::string verified_files;
};

// One action to record: what was asked and how it resolved.
struct Recording {
    rules::ActionRequest request;
    rules::Resolution resolution;
};

enum class EntryKind { Action, Undo, Redo };
std::string_view entry_kind_id(EntryKind kind);

struct JournalEntry {
    std::int64_t id = 0;
    EntryKind kind = EntryKind::Action;
    int turn = 0;
    std::string action;            // the action id ("shoot"); for undo/redo, the action reverted
    std::string summary;           // one line for the journal panel
    std::optional<int> unit;
    std::optional<int> target;
    nlohmann::json request;        // rules::to_json(ActionRequest)
    std::vector<int> dice;         // the dice values, never a seed
    nlohmann::json resolution;     // rules::to_json(Resolution)
    std::vector<model::Effect> effects;
    std::optional<std::int64_t> refers_to;  // for undo/redo: the action entry it reverts/repeats
    std::string created_at;        // UTC, ISO 8601
    bool undone = false;           // derived: an action currently reverted by an undo
};

// What the journal panel lists of an entry, read without its payloads (request, resolution,
// effects): a line, its place in the undo history, what it touched and what it asked next.
struct JournalLine {
    std::int64_t id = 0;
    EntryKind kind = EntryKind::Action;
    int turn = 0;
    std::string action;
    std::string summary;
    std::optional<int> unit;
    std::optional<int> target;
    std::vector<int> dice;
    std::optional<std::int64_t> refers_to;
    std::string created_at;
    bool undone = false;
    std::vector<int> units;                   // the units its effects touch, each once
    std::vector<rules::FollowUp> follow_ups;  // what its resolution asked the umpire to roll next
    std::optional<std::int64_t> answers;      // the entry whose follow-up it answered
    // Its row does not match its checksum (or is of no known kind): what it says is not to be
    // trusted, and is shown as damaged, not as what happened.
    bool damaged = false;
};

// Which journal lines to read: all of them, or those of one unit (it acted, was the target, or
// the effects touched it; an undo or redo goes with its action) and/or those of one turn.
struct LineFilter {
    std::optional<int> unit;
    std::optional<int> turn;
    bool any() const { return unit || turn; }
    bool operator==(const LineFilter&) const = default;
};
// Whether `filter` lets `line` through, as the journal_page query decides it.
bool line_matches(const JournalLine& line, const LineFilter& filter);

// The journal's action for a follow-up the umpire dismissed without resolving it; its request's
// value "follow-up" names the follow-up's action.
inline constexpr const char* kDismissAction = "dismiss-follow-up";

// A follow-up still owed: raised by an entry in effect (`raised_by`) and not answered since.
struct OpenFollowUp {
    rules::FollowUp follow_up;
    std::int64_t raised_by = 0;
};

class BattleFile {
public:
    // Creates a new battle file; refuses to overwrite an existing file (StoreError). The file is
    // built under a temporary name beside `path` and appears under its own name only whole, so a
    // create killed at any moment leaves no file at `path` or a complete battle.
    static BattleFile create(const std::string& path, const model::Battle& battle,
                             const OpenOptions& options = {});
    // The same file, written and not opened: for a caller that only makes it (`umpire new`),
    // which would otherwise read the whole battle straight back.
    static void write_new(const std::string& path, const model::Battle& battle, const OpenOptions& options = {});
    // Opens an existing file after checking application_id and user_version, rolling back an
    // interrupted write (refused when that rollback would not give a sound battle: a rollback
    // journal from another file) and upgrading an older schema. What is checked costs the same
    // whatever the journal's length: the state against its checksum and the journal's last row
    // against the seal (verify_journal checks every row). A file whose checksums show damage opens
    // read-only: read_only() and damage() say so and every write is refused.
    static BattleFile open(const std::string& path, const OpenOptions& options = {});

    BattleFile(BattleFile&&) noexcept;
    BattleFile& operator=(BattleFile&&) noexcept;
    ~BattleFile();

    const model::Battle& battle() const;
    const std::string& path() const;

    // Damage found when the file was opened, checked or reloaded ("" when sound), and with it
    // read-only. A file may be read-only for another reason too: read_only_reason() says why.
    const std::string& damage() const;
    bool read_only() const;
    std::string read_only_reason() const;
    // The journal entries found damaged, oldest first: their rows are shown as damaged, never as
    // what happened (journal() leaves them out).
    std::vector<std::int64_t> damaged_entries() const;

    // Applies the resolution's effects and appends its journal entry in one transaction.
    // Returns the new entry's id. Effects that do not match the current state are refused
    // (StoreError) and nothing changes.
    std::int64_t record(const rules::ActionRequest& request, const rules::Resolution& resolution);
    // Several actions in one transaction, each checked against the state the ones before it
    // left: all are recorded or none. Returns their entry ids in order.
    std::vector<std::int64_t> record_all(const std::vector<Recording>& steps);

    // Whether another program has committed to the file since this one last read or wrote it.
    // Cheap (SQLite's data_version: no table is read), for polling once a second.
    bool changed_on_disk();
    // Whether the name the file was opened by now names another file, or none (moved away, or
    // replaced by a sync tool): what is open is no longer the battle under that name. Once seen,
    // the file is read-only (read_only_reason says so). Cheap: one stat.
    bool replaced_on_disk();

    // Whether the whole file has been checked (at opening, or by verify_journal for a caller that
    // put it off).
    bool verified() const;

    // What can still be read of a battle file that cannot be opened (damaged past what SQLite
    // reads, cut short): rebuilt as `umpire recover` would rebuild it, into a private copy, and
    // shown read-only under `path`'s name; the file itself is not touched. Throws StoreError when
    // nothing of a battle can be read from it.
    static BattleFile open_what_reads(const std::string& path);
    // Reads the state and history again, as one snapshot, and checks the new entries' checksums
    // (damage turns the file read-only). Returns the ids of the entries that are new.
    std::vector<std::int64_t> reload();

    // Reads the battle and whatever `reads` reads from the file (journal_lines, each_entry,
    // journal, entry) as one moment: one read transaction, in which the battle is read again
    // first if another program has written since (its new rows checked). Every read made inside
    // joins the moment, so a listing never names an entry whose effect the state lacks.
    void read_together(const std::function<void(const model::Battle&)>& reads);

    bool can_undo() const;
    bool can_redo() const;
    // Reverts the latest action not yet undone; returns the undo entry, or nullopt if none.
    std::optional<JournalEntry> undo();
    // Re-applies the most recently undone action if nothing new happened since.
    std::optional<JournalEntry> redo();

    // Checks every journal row (its checksum, its place in the chain) and the starting state,
    // without parsing any JSON; damage found turns the file read-only. Returns damage().
    const std::string& verify_journal();

    // Every entry, oldest first, with `undone` filled in.
    std::vector<JournalEntry> journal() const;
    // Each entry in turn, oldest first, holding one at a time (`undone` is not filled in).
    void each_entry(const std::function<void(const JournalEntry&)>& visit) const;
    // One entry (an undo's or redo's with its action's effects); nullopt when there is none.
    // Throws StoreError when its row is damaged.
    std::optional<JournalEntry> entry(std::int64_t id) const;
    // The journal's lines after entry `after` (all of them from 0), oldest first; each line's
    // `undone` as it stands now. An undo or redo among them changes the `undone` of the line it
    // names, which may be an earlier one.
    std::vector<JournalLine> journal_lines(std::int64_t after = 0) const;
    // The newest `count` lines before entry `before` (0: the newest of all) that `filter` lets
    // through, oldest first, each line's `undone` as it stands now. The desk reads the journal
    // this way, a page at a time from the newest, never whole; the filter runs in SQL.
    std::vector<JournalLine> journal_page(std::int64_t before, std::size_t count, const LineFilter& filter = {}) const;
    // The actions in effect that `unit` took in turn `turn`, the newest first. Read back from the
    // newest entry only as far as that turn goes (a turn's entries follow one another; those of a
    // later turn, left by an undone turn step, are passed over), not the whole journal.
    std::vector<JournalLine> unit_actions_in_turn(int unit, int turn) const;
    // The follow-ups the journal still owes, in the order they were raised: each action in effect
    // answers the first owed follow-up of its own action (a dismissal, the one it names) for its
    // unit, or the one it says it answers; then owes what it raised. Read by SQL from the entries
    // that raise or could answer a follow-up, not from the whole journal.
    std::vector<OpenFollowUp> open_follow_ups() const;

    // The id of the last entry (0 when the journal is empty).
    std::int64_t last_entry() const;

private:
    struct Impl;
    explicit BattleFile(std::unique_ptr<Impl> impl);
    static BattleFile open_file(const std::string& path, const OpenOptions& options);
    std::unique_ptr<Impl> impl_;
};

} // namespace umpire::store
