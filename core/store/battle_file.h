#pragma once
// The battle file: a battle in one SQLite file, the store's default backend (battle_store.h has
// what every backend promises). Every applied action is committed together with its journal
// record in one durable transaction before anyone is told it happened. The journal is
// append-only: undo and redo are entries too, so history survives a restart.
#include "store/battle_store.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace umpire::store {

inline constexpr std::int32_t kApplicationId = 0x554D5052;  // "UMPR"
// 2: Battle::texts. 3: checksums (each journal row, the journal head, the state) and the origin.
// 4: what changed, once (no effects inside the resolution or in undo and redo rows, long texts as
// patches); each row's head; the journal's narrow columns and its indexes. 5: the payloads
// without what the columns hold. 6: the starting state in a table of its own, not in meta.
// 7: the indexes of the entries that raised a follow-up and of the entries by action.
inline constexpr std::int32_t kSchemaVersion = 9;

class BattleFile : public BattleStore {
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
    ~BattleFile() override;

    const model::Battle& battle() const override;
    const std::string& path() const override;

    // Damage found when the file was opened, checked or reloaded ("" when sound), and with it
    // read-only. A file may be read-only for another reason too: read_only_reason() says why.
    const std::string& damage() const override;
    bool read_only() const override;
    std::string read_only_reason() const override;
    // The journal entries found damaged, oldest first: their rows are shown as damaged, never as
    // what happened (journal() leaves them out).
    std::vector<std::int64_t> damaged_entries() const override;

    // The writes (record, record_all, undo, redo) are BattleStore's: each is one SQLite
    // transaction, made only once the whole file has been checked.

    // Whether another program has committed to the file since this one last read or wrote it.
    // Cheap (SQLite's data_version: no table is read), for polling once a second.
    bool changed_on_disk();
    // Whether the name the file was opened by now names another file, or none (moved away, or
    // replaced by a sync tool): what is open is no longer the battle under that name. Once seen,
    // the file is read-only (read_only_reason says so). Cheap: one stat.
    bool replaced_on_disk();
    // The same three as every backend names them (battle_store.h): changed_on_disk, reload and
    // replaced_on_disk.
    bool changed_since_read() override { return changed_on_disk(); }
    std::vector<std::int64_t> read_again() override { return reload(); }
    bool replaced() override { return replaced_on_disk(); }

    // Whether the whole file has been checked (at opening, or by verify_journal for a caller that
    // put it off).
    bool verified() const override;

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
    void read_together(const std::function<void(const model::Battle&)>& reads) override;

    // Checks every journal row (its checksum, its place in the chain) and the starting state,
    // without parsing any JSON; damage found turns the file read-only. Returns damage().
    const std::string& verify_journal() override;

    // Every entry, oldest first, with `undone` filled in.
    std::vector<JournalEntry> journal() const override;
    // Each entry in turn, oldest first, holding one at a time (`undone` is not filled in).
    void each_entry(const std::function<void(const JournalEntry&)>& visit) const override;
    // One entry (an undo's or redo's with its action's effects); nullopt when there is none.
    // Throws StoreError when its row is damaged.
    std::optional<JournalEntry> entry(std::int64_t id) const override;
    // The journal's lines after entry `after` (all of them from 0), oldest first; each line's
    // `undone` as it stands now. An undo or redo among them changes the `undone` of the line it
    // names, which may be an earlier one.
    std::vector<JournalLine> journal_lines(std::int64_t after = 0) const override;
    // The newest `count` lines before entry `before` (0: the newest of all) that `filter` lets
    // through, oldest first, each line's `undone` as it stands now. The desk reads the journal
    // this way, a page at a time from the newest, never whole; the filter runs in SQL.
    std::vector<JournalLine> journal_page(std::int64_t before, std::size_t count, const LineFilter& filter = {}) const override;
    // The actions in effect that `unit` took in turn `turn`, the newest first. Read back from the
    // newest entry only as far as that turn goes (a turn's entries follow one another; those of a
    // later turn, left by an undone turn step, are passed over), not the whole journal.
    std::vector<JournalLine> unit_actions_in_turn(int unit, int turn) const override;
    // The follow-ups the journal still owes, in the order they were raised: each action in effect
    // answers the first owed follow-up of its own action (a dismissal, the one it names) for its
    // unit, or the one it says it answers; then owes what it raised. Read by SQL from the entries
    // that raise or could answer a follow-up, not from the whole journal.
    std::vector<OpenFollowUp> open_follow_ups() const override;

    // The id of the last entry (0 when the journal is empty).
    std::int64_t last_entry() const override;

protected:
    model::Battle& battle_in_memory() override;
    void before_write() override;
    std::vector<JournalEntry> commit(std::vector<JournalEntry> entries, const std::function<void()>& undo_in_memory) override;
    void put_back(const std::function<void()>& undo_in_memory) override;
    JournalEntry original(std::int64_t id) override;
    std::optional<std::int64_t> undo_target() const override;
    std::optional<std::int64_t> redo_target() const override;

private:
    struct Impl;
    explicit BattleFile(std::unique_ptr<Impl> impl);
    static BattleFile open_file(const std::string& path, const OpenOptions& options);
    std::unique_ptr<Impl> impl_;
};

} // namespace umpire::store
