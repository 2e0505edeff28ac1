#pragma once
// What everything above the store sees of a battle, whichever backend keeps it: the battle file
// (SQLite, store/battle_file.h) or a battle on a PostgreSQL server (store/postgres/). Every
// applied action is committed together with its journal entry in one durable transaction before
// anyone is told it happened; the journal is append-only (undo and redo are entries too) and a
// write worked out on a reading that another writer has since changed is refused, nothing done.
#include "model/battle.h"
#include "rules/request.h"
#include "rules/resolution.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace umpire::store {

// What went wrong, so a caller can tell the user's mistake from the machine's trouble.
enum class StoreProblem {
    BadFile,   // not a usable battle file: missing, not ours, truncated, damaged, newer, exists
    Refused,   // the request does not fit the battle: a stale effect, a preview, read-only
    Changed,   // another program (or umpire) wrote to the battle since it was read: nothing was done
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

// A write for a unit in another umpire's sector (model/sectors.h) that the umpire applying it has
// not confirmed (Refused, nothing done): a caller asks, then sends the request again with
// `in_sector_of` set to `owner()`, and the journal says so.
class OtherSectorError : public StoreError {
public:
    OtherSectorError(const std::string& message, std::string owner, int unit)
        : StoreError(message, StoreProblem::Refused), owner_(std::move(owner)), unit_(unit) {}
    const std::string& owner() const { return owner_; }
    int unit() const { return unit_; }

private:
    std::string owner_;
    int unit_;
};

// Told the ruleset id and house rules of a battle being opened (OpenOptions::ruleset_read).
using RulesetRead = std::function<void(const std::string& ruleset, const std::string& house_rules)>;

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
    // Who applies the entries written through this store (an umpire's name, `--as NAME`): a battle
    // on PostgreSQL records it with each entry and names it when it refuses a stale write.
    std::string umpire;
    // Called once, while opening, with the battle's ruleset id and house rules as soon as they are
    // read and before the rest of the state is: a command that resolves an action builds its
    // ruleset on a thread of its own meanwhile (a millisecond of a command's few). A backend may
    // not call it (the server's reads the state in one go); the caller builds it after, then.
    RulesetRead ruleset_read;
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
    std::string umpire;            // who applied it, where the store keeps that ("" otherwise)
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
    std::string umpire;                       // who applied it, where the store keeps that
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

// One battle, open: its state in memory, its journal read on demand, and the writes. Each write
// is one transaction with its journal entries, checked against the reading it was worked out on.
class BattleStore {
public:
    BattleStore() = default;
    BattleStore(const BattleStore&) = delete;
    BattleStore& operator=(const BattleStore&) = delete;
    BattleStore(BattleStore&&) noexcept = default;
    BattleStore& operator=(BattleStore&&) noexcept = default;
    virtual ~BattleStore() = default;

    virtual const model::Battle& battle() const = 0;
    // Who applies the entries written through it, where the store keeps that (a battle on a
    // server: OpenOptions::umpire or the server's user name); "" for a battle file. Sectors are
    // kept only where it is known.
    virtual const std::string& umpire() const;
    // Where the battle is, as it was given (a file's path, a battle's address): for messages.
    virtual const std::string& path() const = 0;

    // Damage found when the battle was opened, checked or read again ("" when sound), and with it
    // read-only. It may be read-only for another reason too: read_only_reason() says why.
    virtual const std::string& damage() const = 0;
    virtual bool read_only() const = 0;
    virtual std::string read_only_reason() const = 0;
    // The journal entries found damaged, oldest first (journal() leaves them out).
    virtual std::vector<std::int64_t> damaged_entries() const = 0;

    // Applies the resolution's effects and appends its journal entry in one transaction; returns
    // the new entry's id. Effects that do not match the current state are refused (StoreError).
    std::int64_t record(const rules::ActionRequest& request, const rules::Resolution& resolution) {
        return record_all({{request, resolution}}).front();
    }
    // Several actions in one transaction, each checked against the state the ones before it
    // left: all are recorded or none. Returns their entry ids in order.
    std::vector<std::int64_t> record_all(const std::vector<Recording>& steps);

    bool can_undo() const { return undo_target().has_value(); }
    bool can_redo() const { return redo_target().has_value(); }
    // Reverts the latest action not yet undone; returns the undo entry, or nullopt if none.
    std::optional<JournalEntry> undo();
    // Re-applies the most recently undone action if nothing new happened since.
    std::optional<JournalEntry> redo();

    // Reads the battle and whatever `reads` reads of the journal as one moment, the battle read
    // again first if another writer has written since.
    virtual void read_together(const std::function<void(const model::Battle&)>& reads) = 0;

    // Every entry, oldest first, with `undone` filled in.
    virtual std::vector<JournalEntry> journal() const = 0;
    // Each entry in turn, oldest first, holding one at a time (`undone` is not filled in).
    virtual void each_entry(const std::function<void(const JournalEntry&)>& visit) const = 0;
    // One entry (an undo's or redo's with its action's effects); nullopt when there is none.
    virtual std::optional<JournalEntry> entry(std::int64_t id) const = 0;
    // The journal's lines after entry `after` (all of them from 0), oldest first, each line's
    // `undone` as it stands now.
    virtual std::vector<JournalLine> journal_lines(std::int64_t after = 0) const = 0;
    // The id of the last entry (0 when the journal is empty).
    virtual std::int64_t last_entry() const = 0;

    // ---- What a desk reads: a part of the journal at a time, never the whole ------------------
    // The newest `count` lines before entry `before` (0: the newest of all) that `filter` lets
    // through, oldest first, each line's `undone` as it stands now.
    virtual std::vector<JournalLine> journal_page(std::int64_t before, std::size_t count,
                                                  const LineFilter& filter = {}) const = 0;
    // The actions in effect that `unit` took in turn `turn`, the newest first.
    virtual std::vector<JournalLine> unit_actions_in_turn(int unit, int turn) const = 0;
    // The follow-ups the journal still owes, in the order they were raised (follow_up_answers.h
    // says which action answers which).
    virtual std::vector<OpenFollowUp> open_follow_ups() const = 0;

    // ---- Checking it whole, put off at opening (OpenOptions::defer_verification) --------------
    // Whether every journal row and the starting state have been checked.
    virtual bool verified() const = 0;
    // Checks every journal row (its checksum, its place in the chain); damage found turns the
    // battle read-only. Returns damage().
    virtual const std::string& verify_journal() = 0;

    // ---- Keeping up with the other writers ----------------------------------------------------
    // Whether another writer has committed since this one last read or wrote. Never waits on
    // anything: cheap enough to ask once a second (a file: SQLite's data_version; a server: the
    // notices already come in on the connection that listens for them).
    virtual bool changed_since_read() = 0;
    // Reads the battle again as one moment, the new entries' checksums checked (damage turns it
    // read-only). Returns the ids of the entries that are new since the last read or write.
    virtual std::vector<std::int64_t> read_again() = 0;
    // Whether the name the battle was opened by now names another battle or none (a file moved
    // away or replaced): once seen it is read-only, and read_only_reason() says so.
    virtual bool replaced() { return false; }
    // Why the battle cannot be reached now ("" when it can): a server's lost connection. While it
    // is lost every write and read is refused with this reason at once, nothing done;
    // reach_again() tries again.
    virtual std::string unreachable() const { return {}; }
    // Starts a try to reach the battle again, or looks whether the one under way has, never
    // waiting for the network. True once it is reachable; the caller then reads it again
    // (read_again) from the last entry seen.
    virtual bool reach_again() { return true; }
    // Whether a try started by reach_again is under way.
    virtual bool reaching() const { return false; }

protected:
    // What each backend does for the writes above, which work out their entries in memory the same
    // way on every backend (store/entries.h) before the backend's transaction.
    // The battle as last read, which a write changes in memory before it commits.
    virtual model::Battle& battle_in_memory() = 0;
    // Before any write works anything out (the battle file: the whole file checked once).
    virtual void before_write() {}
    // Writes `entries` (worked out on battle_in_memory(), already changed) in one transaction, the
    // reading they were worked out on checked first; on any failure `undo_in_memory` puts the
    // battle back, and the failure is thrown. Returns the entries with their ids.
    virtual std::vector<JournalEntry> commit(std::vector<JournalEntry> entries,
                                             const std::function<void()>& undo_in_memory) = 0;
    // Puts the battle in memory back as it was before a write that did not happen.
    virtual void put_back(const std::function<void()>& undo_in_memory) = 0;
    // The action entry `id`, with its effects (StoreError when it is missing or damaged).
    virtual JournalEntry original(std::int64_t id) = 0;
    // The undo and redo stacks' tops: the action an undo would revert, and a redo repeat.
    virtual std::optional<std::int64_t> undo_target() const = 0;
    virtual std::optional<std::int64_t> redo_target() const = 0;
};

} // namespace umpire::store
