// BattleFile: opening and creating battle files, and the writes (record, undo, redo).
//
// Every write follows the same order: compute the new state in memory on a copy (Battle::apply
// and revert check each effect's `before`, so a stale effect is refused before the file is
// touched), then in one transaction check that no other program has written since this one
// read the file, write the journal entries, the touched rows and the seal, commit, and only
// then replace the in-memory battle. A crash at any point leaves either the old or the new
// state, never a mixture, and never an entry without its state change.
//
// Reading is one snapshot too: the state, the seal and the journal are read inside one read
// transaction, so a write committed by another program can never fall between them.
#include "store/battle_file.h"

#include "rules/resolution_json.h"
#include "store/checksum.h"
#include "store/disk.h"
#include "store/file_check.h"
#include "store/inspect.h"
#include "store/journal.h"
#include "store/journal_pages.h"
#include "store/origin.h"
#include "store/schema.h"
#include "store/scratch_copy.h"
#include "store/seal.h"
#include "store/state.h"
#include "store/verified_files.h"

#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <sqlite3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <system_error>
#include <utility>

namespace umpire::store {

namespace fs = std::filesystem;

namespace {

// A file whose creation was interrupted and rolled back to nothing: said as it is, never taken
// for a foreign journal's doing.
class UnfinishedFile : public StoreError {
public:
    using StoreError::StoreError;
};

// A read transaction, unless the connection is already in one (a read made inside
// BattleFile::read_together joins the moment it began): every multi-part read is one moment.
class ReadMoment {
public:
    explicit ReadMoment(SQLite::Database& db) : db_(db), owner_(sqlite3_get_autocommit(db.getHandle()) != 0) {
        if (owner_) db_.exec("BEGIN");
    }
    ~ReadMoment() {
        if (owner_ && !done_) {
            try {
                db_.exec("ROLLBACK");
            } catch (...) {  // a failed read already ended it
            }
        }
    }
    ReadMoment(const ReadMoment&) = delete;
    ReadMoment& operator=(const ReadMoment&) = delete;
    void commit() {
        if (owner_) db_.exec("COMMIT");
        done_ = true;
    }

private:
    SQLite::Database& db_;
    bool owner_;
    bool done_ = false;
};

void remove_with_journal(const std::string& path) {
    std::error_code ec;
    fs::remove(path, ec);
    fs::remove(path + "-journal", ec);
}

} // namespace

struct BattleFile::Impl {
    std::unique_ptr<detail::ScratchCopy> scratch;  // the copy opened instead of the file, if any: outlives `db`
    std::string path;  // the name in messages (the file opened may be a scratch copy of it)
    OpenOptions options;
    detail::StateChecksums state_sums;  // of `battle`, kept unit by unit from write to write
    std::string opened;          // the file SQLite opens: `path`, or a copy of it
    detail::PathHandle handle;   // that file, taken before SQLite opens it (verified_files.h)
    SQLite::Database db;
    std::optional<SQLite::Statement> history_statement;  // read_history's, kept prepared (finalized before db closes)
    model::Battle battle;
    std::int64_t last = 0;   // the last entry this connection has seen
    std::uint64_t head = 0;  // the journal head through it
    std::optional<std::int64_t> undo_target, redo_target;
    std::string battle_uid;
    std::string damage;
    std::string read_only_reason;  // open read-only for another reason than damage
    std::optional<std::pair<dev_t, ino_t>> identity;  // the file the path named at opening
    std::int64_t data_version = 0;
    // The whole file has been checked in this session (at opening, or later for a caller that put
    // it off), and the rows added since each as they were read. No write is made before.
    bool verified = false;
    std::set<std::int64_t> damaged_rows;  // journal rows found damaged
    // The file's key when it was last known whole (checked, remembered, or written by us since):
    // a write that moves it on by exactly our own commit keeps it known whole.
    std::optional<detail::FileKey> verified_key;

    Impl(std::string shown, const std::string& file, int flags, const OpenOptions& o)
        : path(std::move(shown)), options(o), opened(file), handle(file), db(file, flags | SQLite::OPEN_NOMUTEX) {
        detail::configure_connection(db, options.busy_timeout_ms);
    }

    std::int64_t read_data_version() { return db.execAndGet("PRAGMA data_version").getInt64(); }

    // The file's key now, inside a transaction that has read (its lock keeps SQLite writers out).
    // A copy shown under the file's name has none: it is not the file the memory would name.
    std::optional<detail::FileKey> current_key() {
        if (opened != path) return std::nullopt;
        return handle.key(db, opened);
    }
    detail::VerifiedFiles memory() const { return detail::VerifiedFiles(options.verified_files); }

    // After the whole file was found sound under `key`: remembered, for the next opening.
    void remember_whole(const std::optional<detail::FileKey>& key) {
        verified_key.reset();
        if (!key || !damage.empty()) return;
        verified_key = key;
        memory().remember(*key);
    }

    void read_history() {
        const detail::HistoryTargets targets = detail::history_targets(db, history_statement);
        undo_target = targets.undo;
        redo_target = targets.redo;
    }

    // The state, the seal and the journal in one read snapshot. With `whole`, everything is checked
    // (SQLite's integrity check of every page, every row against its checksum and the chain, the
    // starting state, the state), which costs what reading the whole file costs; without it, the
    // state's checksum and the last row (`from_start`: opening) or the rows after the last one seen
    // (a reload), a cost that does not grow with the journal.
    void load(bool from_start = true, bool whole = false) {
        try {
            ReadMoment snapshot(db);  // deferred: a shared lock from the first read to commit
            // The first opening tells the caller the ruleset as soon as it is read (OpenOptions).
            model::Battle state = detail::load_state(db, std::exchange(options.ruleset_read, {}));
            // At opening, a file remembered as checked whole and not written since (its key still
            // matches) is checked as a deferred one is, and counts as checked whole.
            std::optional<detail::FileKey> key;
            bool remembered = false;
            if (from_start) {
                key = current_key();
                remembered = key && memory().remembers(*key);
                if (remembered) whole = false;
            }
            const std::optional<detail::Seal> seal = detail::read_seal(db, whole);
            const std::string uid = seal ? seal->battle_uid : std::string();
            if (!seal || uid != battle_uid || seal->journal_last < last) from_start = true;
            detail::JournalScan scan;
            std::string integrity = "ok";
            if (whole) {
                integrity = detail::integrity_problems(db, true);
                scan.head = seal ? seal->origin_checksum : 0;
                detail::scan_journal(db, scan);
            } else if (from_start) {
                detail::check_tail(db, seal ? seal->origin_checksum : 0, scan);
            } else {
                scan.last = last;
                scan.head = head;
                detail::scan_journal(db, scan);
            }
            read_history();
            data_version = read_data_version();
            snapshot.commit();
            battle = std::move(state);
            battle_uid = uid;
            last = scan.last;
            head = scan.head;
            if (whole || remembered) {
                verified = true;
                damaged_rows.clear();
            }
            damaged_rows.insert(scan.damaged.begin(), scan.damaged.end());
            damaged_rows.insert(scan.unreadable_kind.begin(), scan.unreadable_kind.end());
            note_damage(integrity, detail::describe_damage(seal, scan, state_sums.of(battle)),
                        detail::bad_text_damage(battle));
            if (whole)
                remember_whole(key);
            else if (remembered && damage.empty())
                verified_key = key;
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("read", path, e, false);
        }
    }

    // Every page, every row against its checksum and the chain, the starting state and the state:
    // the whole file, as `umpire check` sees it, without changing the battle in memory (a write
    // may be under way on it). Damage found turns the file read-only.
    void verify() {
        try {
            ReadMoment snapshot(db);
            const std::string integrity = detail::integrity_problems(db, true);
            const std::optional<detail::FileKey> key = current_key();
            const std::optional<detail::Seal> seal = detail::read_seal(db, true);
            detail::JournalScan scan;
            scan.head = seal ? seal->origin_checksum : 0;
            detail::scan_journal(db, scan);
            // The state in memory is the file's, unless another program has written since.
            const std::uint64_t state = read_data_version() == data_version
                                            ? detail::state_checksum(battle)
                                            : detail::state_checksum(detail::load_state(db));
            snapshot.commit();
            verified = true;
            damaged_rows.clear();
            damaged_rows.insert(scan.damaged.begin(), scan.damaged.end());
            damaged_rows.insert(scan.unreadable_kind.begin(), scan.unreadable_kind.end());
            note_damage(integrity, detail::describe_damage(seal, scan, state), "");
            remember_whole(key);
        } catch (const SQLite::Exception& e) {
            // Pages SQLite cannot read are damage like any other: the file turns read-only.
            const int code = e.getErrorCode() & 0xff;
            if (code != SQLITE_CORRUPT && code != SQLITE_NOTADB) detail::sqlite_failure("read", path, e, false);
            verified = true;
            damage = std::string("SQLite cannot read it whole (") + e.getErrorStr() + ")";
        }
    }

    // Damage found, in words: SQLite's findings first, then the checksums'. Once damaged, the file
    // stays read-only until it is opened again.
    void note_damage(const std::string& integrity, const std::string& checksums, const std::string& text) {
        std::string found;
        if (integrity != "ok") found = "SQLite finds its pages damaged: " + detail::shorten(integrity, 3);
        for (const std::string* part : {&checksums, &text})
            if (!part->empty()) found += (found.empty() ? "" : "; ") + *part;
        if (!found.empty()) damage = found;
    }

    std::int64_t newest_entry() {
        return db.execAndGet("SELECT coalesce(max(id), 0) FROM journal").getInt64();
    }

    // Puts the in-memory battle back as it was before a write that did not happen; should that
    // fail, reads it again from the file, which the write never changed.
    void put_back(const std::function<void()>& undo_in_memory) {
        state_sums.forget();  // the units it kept were the write's
        try {
            undo_in_memory();
        } catch (const std::exception&) {
            load();
        }
    }

    // Writes the entries and the rows their effects touched, taken from `battle`, which has
    // already been changed in memory, atomically; on any failure `undo_in_memory` puts `battle`
    // back. Returns the entries with their ids.
    // Before any write: the whole file checked (once), while the battle in memory is still the file's.
    void ensure_verified() {
        if (!verified) verify();
    }

    std::vector<JournalEntry> commit(std::vector<JournalEntry> entries, const std::function<void()>& undo_in_memory) {
        if (!verified) {  // a write path that skipped ensure_verified: never written unchecked
            put_back(undo_in_memory);
            throw StoreError(path + " has not been checked yet, so nothing was changed (try again)", StoreProblem::Refused);
        }
        if (!damage.empty()) {
            put_back(undo_in_memory);
            throw StoreError(path + " is damaged (" + damage + "), so it is open read-only: nothing was changed");
        }
        if (!read_only_reason.empty()) {
            put_back(undo_in_memory);
            throw StoreError(path + " is open read-only (" + read_only_reason + "): nothing was changed",
                             StoreProblem::Refused);
        }
        std::uint64_t new_head = head;
        std::int64_t new_last = last;
        std::vector<model::Effect> effects;
        std::optional<detail::FileKey> before;  // the file's key as this write found it
        try {
            SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
            // Our effects were checked against our copy of the state. If another program (a
            // second window, the CLI) has written since we read it, that copy is stale and the
            // rows we would write could contradict the journal: refuse instead.
            if (newest_entry() != last)
                throw StoreError(path + " was changed by another program since it was read, so nothing was done; "
                                        "read it again to see the changes",
                                 StoreProblem::Changed);
            if (verified_key) before = current_key();
            for (auto& entry : entries) {
                entry.id = new_last + 1;
                new_head = detail::append_entry(db, entry, new_head);
                new_last = entry.id;
                effects.insert(effects.end(), entry.effects.begin(), entry.effects.end());
            }
            detail::write_changes(db, battle, effects);
            detail::update_seal(db, new_head, new_last, state_sums.after(battle, effects));
            tx.commit();
        } catch (const SQLite::Exception& e) {
            put_back(undo_in_memory);
            detail::sqlite_failure("write to", path, e, true);
        } catch (...) {
            put_back(undo_in_memory);
            throw;
        }
        head = new_head;
        last = new_last;
        std::optional<detail::FileKey> after;
        try {
            ReadMoment moment(db);  // the undo and the redo targets, of one moment
            read_history();
            if (before) after = current_key();
            moment.commit();
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("read", path, e, false);
        }
        // Still known whole only if the file was as last known when this write began, and its
        // counter moved by this write alone: any other write in between (SQLite's, which moves the
        // counter, or anything else's, which moves the times) leaves it to the next whole check.
        if (before && before == verified_key && after && after->change_counter == before->change_counter + 1) {
            verified_key = after;
            memory().remember(*after);
        } else {
            verified_key.reset();
        }
        return entries;
    }

    JournalEntry original(std::int64_t id) {
        std::optional<JournalEntry> e;
        try {
            e = detail::read_entry(db, id);
        } catch (const SQLite::Exception& ex) {
            detail::sqlite_failure("read", path, ex, false);
        } catch (const StoreError& ex) {
            damage = ex.what();  // a damaged row turns the file read-only, as at opening
            throw;
        }
        if (!e) throw StoreError("the battle file is damaged: journal entry " + std::to_string(id) + " is missing");
        return *e;
    }


    // Opens `file` (shown as `path`), rolling back an interrupted write, upgrading an older
    // schema, and loading.
    static std::unique_ptr<Impl> open_checked(const std::string& shown, const std::string& file,
                                              detail::FileCheck check, const OpenOptions& options) {
        std::unique_ptr<Impl> impl;
        try {
            // No OPEN_CREATE: if the file vanished since the check, fail rather than make one.
            impl = std::make_unique<Impl>(shown, file, SQLite::OPEN_READWRITE, options);
            if (check == detail::FileCheck::NeedsRecovery) {
                // The first read rolls the interrupted transaction back; then check what is left,
                // header included: a create cut short rolls back to an empty file.
                std::string problems = detail::integrity_problems(impl->db, false);
                if (problems != "ok") throw StoreError(shown + " is damaged: " + problems);
                if (impl->db.execAndGet("PRAGMA page_count").getInt64() == 0)
                    throw UnfinishedFile(shown + " is an unfinished Umpire battle file: its creation was interrupted "
                                             "and has been rolled back, so there is no battle in it");
            }
            detail::check_identity(shown, impl->db);
            detail::migrate_schema(impl->db, shown);
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("open", shown, e, false);
        }
        impl->load(true, !options.defer_verification);
        return impl;
    }

    // A rollback journal beside the file is rolled back by the first connection that reads it,
    // whether it belongs to this file or was copied there from another battle. So the rollback is
    // tried first on a scratch copy of the two; the file itself is touched only if the copy comes out
    // a sound battle whose checksums agree. Returns the copy, rolled back and checked, for a caller
    // that cannot roll back the file itself; nullptr when the journal went away meanwhile.
    static std::unique_ptr<Impl> try_rollback_on_a_copy(const std::string& path, const OpenOptions& options) {
        std::string problem;
        try {
            auto scratch = std::make_unique<detail::ScratchCopy>(path);
            if (!scratch->rollback_pending()) return nullptr;  // another program finished it meanwhile
            // Checked whole: a rollback journal from elsewhere may have changed any row.
            OpenOptions whole = options;
            whole.defer_verification = false;
            auto impl = open_checked(path, scratch->file(), detail::FileCheck::NeedsRecovery, whole);
            problem = impl->damage;
            impl->scratch = std::move(scratch);
            if (problem.empty()) return impl;
        } catch (const UnfinishedFile&) {
            throw;
        } catch (const StoreError& e) {
            if (e.problem() != StoreProblem::BadFile) throw;
            problem = e.what();
        } catch (const std::exception& e) {
            problem = e.what();
        }
        throw StoreError(path + " has a rollback journal beside it (" + path +
                         "-journal) from an interrupted write, and rolling it back would not give a sound battle (" +
                         problem + "): it may belong to another file. Nothing was changed; move " + path +
                         "-journal elsewhere to open the battle as it was last saved");
    }

    // A file whose upgrade meets text that is not UTF-8 (damage: no Umpire wrote it) is not
    // upgraded in place: a copy is, without a starting state, and shown read-only as damaged.
    static std::unique_ptr<Impl> open_upgraded_copy(const std::string& path, const OpenOptions& options,
                                                    const std::string& why) {
        auto scratch = std::make_unique<detail::ScratchCopy>(path);
        std::unique_ptr<Impl> impl;
        try {
            impl = std::make_unique<Impl>(path, scratch->file(), SQLite::OPEN_READWRITE, options);
            detail::check_identity(path, impl->db);
            detail::migrate_schema(impl->db, path, true);
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("open", path, e, false);
        }
        impl->load(true, true);
        impl->scratch = std::move(scratch);
        impl->damage = why + (impl->damage.empty() || impl->damage == why ? "" : "; " + impl->damage);
        return impl;
    }
};

namespace {

// The file a path names now (its device and inode), or nullopt when it names none.
std::optional<std::pair<dev_t, ino_t>> identity_of(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return std::make_pair(st.st_dev, st.st_ino);
}

// Whether this program may write the file and make and remove the rollback journal beside it.
bool writable_with_journal(const std::string& path) {
    const fs::path p(path);
    const std::string dir = p.has_parent_path() ? p.parent_path().string() : std::string(".");
    return ::access(path.c_str(), W_OK) == 0 && ::access(dir.c_str(), W_OK) == 0;
}

} // namespace

BattleFile::BattleFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
BattleFile::BattleFile(BattleFile&&) noexcept = default;
BattleFile& BattleFile::operator=(BattleFile&&) noexcept = default;
BattleFile::~BattleFile() = default;

BattleFile BattleFile::create(const std::string& path, const model::Battle& battle, const OpenOptions& options) {
    write_new(path, battle, options);
    return open(path, options);
}

void BattleFile::write_new(const std::string& path, const model::Battle& battle, const OpenOptions& options) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(path, ec)))
        throw StoreError(path + " already exists; a new battle never overwrites a file");
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        throw StoreError("cannot create " + path + ": the folder " + dir.string() + " does not exist");
    // Built under a temporary name and linked into place whole: a create killed at any moment
    // leaves nothing under `path` (at worst a hidden partial file beside it).
    const std::string partial = detail::create_fresh_beside(path);  // SQLite has no "create only if absent"
    try {
        SQLite::Database db(partial, SQLite::OPEN_READWRITE);
        detail::configure_connection(db, options.busy_timeout_ms);
        SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
        detail::create_schema(db);
        detail::insert_state(db, battle, detail::utc_now());
        detail::seal_file(db, battle, battle);
        tx.commit();
    } catch (const SQLite::Exception& e) {
        remove_with_journal(partial);
        try {
            detail::sqlite_failure("create", path, e, false);
        } catch (const StoreError& wrapped) {
            throw StoreError(wrapped.what(), wrapped.problem() == StoreProblem::BadFile ? StoreProblem::Io
                                                                                        : wrapped.problem());
        }
    } catch (const std::exception& e) {
        remove_with_journal(partial);
        throw StoreError("cannot create " + path + ": " + e.what(), StoreProblem::Io);
    }
    try {
        detail::sync_file(partial);
        detail::publish(partial, path);
    } catch (...) {
        remove_with_journal(partial);
        throw;
    }
}

BattleFile BattleFile::open(const std::string& path, const OpenOptions& options) {
    BattleFile file = open_file(path, options);
    if (!file.impl_->scratch) file.impl_->identity = identity_of(path);
    return file;
}

BattleFile BattleFile::open_file(const std::string& path, const OpenOptions& options) {
    const detail::FileCheck check = detail::check_battle_file(path, options.busy_timeout_ms);
    if (check == detail::FileCheck::NeedsRecovery) {
        std::unique_ptr<Impl> rolled_back = Impl::try_rollback_on_a_copy(path, options);
        // A read-only battle (a stick write-protected after a crash) cannot be rolled back in place:
        // it is shown as its rolled-back copy says, and written never.
        if (rolled_back && !writable_with_journal(path)) {
            rolled_back->read_only_reason = "an interrupted write waits to be rolled back, and the file or its folder "
                                            "is read-only; shown as it was last saved";
            return BattleFile(std::move(rolled_back));
        }
    }
    try {
        return BattleFile(Impl::open_checked(path, path, check, options));
    } catch (const detail::TextNotUtf8& e) {
        return BattleFile(Impl::open_upgraded_copy(path, options, e.what()));
    }
}



const model::Battle& BattleFile::battle() const { return impl_->battle; }
const std::string& BattleFile::path() const { return impl_->path; }
const std::string& BattleFile::damage() const { return impl_->damage; }
bool BattleFile::read_only() const { return !impl_->damage.empty() || !impl_->read_only_reason.empty(); }
std::vector<std::int64_t> BattleFile::damaged_entries() const {
    return {impl_->damaged_rows.begin(), impl_->damaged_rows.end()};
}
std::string BattleFile::read_only_reason() const {
    return impl_->damage.empty() ? impl_->read_only_reason : "it is damaged: " + impl_->damage;
}

model::Battle& BattleFile::battle_in_memory() { return impl_->battle; }
void BattleFile::before_write() { impl_->ensure_verified(); }
std::vector<JournalEntry> BattleFile::commit(std::vector<JournalEntry> entries, const std::function<void()>& undo_in_memory) {
    return impl_->commit(std::move(entries), undo_in_memory);
}
void BattleFile::put_back(const std::function<void()>& undo_in_memory) { impl_->put_back(undo_in_memory); }
JournalEntry BattleFile::original(std::int64_t id) { return impl_->original(id); }
std::optional<std::int64_t> BattleFile::undo_target() const { return impl_->undo_target; }
std::optional<std::int64_t> BattleFile::redo_target() const { return impl_->redo_target; }

bool BattleFile::replaced_on_disk() {
    if (impl_->scratch || !impl_->identity) return false;  // a copy shown under the name: nothing to compare
    if (identity_of(impl_->path) == impl_->identity) return false;
    if (impl_->read_only_reason.empty())
        impl_->read_only_reason = "the file was moved or replaced by another program while it was open; what is shown is the "
                                  "battle as it was; open it again";
    return true;
}

bool BattleFile::verified() const { return impl_->verified; }

BattleFile BattleFile::open_what_reads(const std::string& path) {
    auto scratch = std::make_unique<detail::ScratchCopy>(path, false);
    const std::string rebuilt = scratch->file() + "-rebuilt.umpire";
    const RecoverReport report = recover_file(path, rebuilt);
    std::unique_ptr<Impl> impl;
    try {
        impl = std::make_unique<Impl>(path, rebuilt, SQLite::OPEN_READWRITE, OpenOptions{});
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("open", path, e, false);
    }
    impl->load(true, true);
    impl->scratch = std::move(scratch);
    impl->read_only_reason = "shown as `umpire recover` rebuilds it: " + std::to_string(report.kept) + " of " +
                             std::to_string(report.found) + " journal entries replayed; the file itself is unchanged";
    return BattleFile(std::move(impl));
}

bool BattleFile::changed_on_disk() {
    try {
        return impl_->read_data_version() != impl_->data_version;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<std::int64_t> BattleFile::reload() {
    const std::int64_t seen = impl_->last;
    std::vector<std::int64_t> added;
    try {
        ReadMoment moment(impl_->db);  // the battle and the ids of the entries it gained
        impl_->load(false);
        SQLite::Statement ids(impl_->db, "SELECT id FROM journal WHERE id > ? AND id <= ? ORDER BY id");
        ids.bind(1, seen);
        ids.bind(2, impl_->last);
        while (ids.executeStep()) added.push_back(ids.getColumn(0).getInt64());
        moment.commit();
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
    return added;
}

void BattleFile::read_together(const std::function<void(const model::Battle&)>& reads) {
    try {
        ReadMoment moment(impl_->db);
        impl_->db.execAndGet("SELECT count(*) FROM sqlite_schema");  // the shared lock, from now to the end
        if (impl_->read_data_version() != impl_->data_version) impl_->load(false);  // checking the rows added
        reads(impl_->battle);
        moment.commit();
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

const std::string& BattleFile::verify_journal() {
    impl_->verify();
    return impl_->damage;
}

std::vector<JournalEntry> BattleFile::journal() const {
    try {
        // A damaged file shows what still reads; a sound one refuses to hide a bad row.
        return detail::read_entries(impl_->db, !impl_->damage.empty());
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

void BattleFile::each_entry(const std::function<void(const JournalEntry&)>& visit) const {
    try {
        ReadMoment snapshot(impl_->db);
        detail::each_entry(impl_->db, visit);
        snapshot.commit();
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::optional<JournalEntry> BattleFile::entry(std::int64_t id) const {
    try {
        ReadMoment moment(impl_->db);  // the entry and the action it refers to
        std::optional<JournalEntry> e = detail::read_entry(impl_->db, id);
        moment.commit();
        return e;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<JournalLine> BattleFile::journal_lines(std::int64_t after) const {
    try {
        // Rows of a file checked whole were checked then (and rows added since, as they came); those
        // of a file not checked yet are checked as they are read.
        std::vector<JournalLine> lines = detail::read_lines(impl_->db, after, !impl_->verified);
        for (JournalLine& l : lines) l.damaged = l.damaged || impl_->damaged_rows.count(l.id) > 0;
        return lines;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<JournalLine> BattleFile::journal_page(std::int64_t before, std::size_t count, const LineFilter& filter) const {
    try {
        // As journal_lines: rows of a file checked whole were checked then, others as they are read.
        std::vector<JournalLine> lines = detail::read_page(impl_->db, before, count, filter, !impl_->verified);
        for (JournalLine& l : lines) l.damaged = l.damaged || impl_->damaged_rows.count(l.id) > 0;
        return lines;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<JournalLine> BattleFile::unit_actions_in_turn(int unit, int turn) const {
    try {
        ReadMoment snapshot(impl_->db);  // the ids and their lines, as one moment
        std::vector<JournalLine> lines = detail::read_unit_actions_in_turn(impl_->db, unit, turn);
        snapshot.commit();
        return lines;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<OpenFollowUp> BattleFile::open_follow_ups() const {
    try {
        ReadMoment snapshot(impl_->db);  // the entries that raise and answer, as one moment
        std::vector<OpenFollowUp> owed = detail::read_open_follow_ups(impl_->db);
        snapshot.commit();
        return owed;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::int64_t BattleFile::last_entry() const { return impl_->last; }

} // namespace umpire::store
