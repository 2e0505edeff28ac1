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
#include "store/journal.h"
#include "store/schema.h"
#include "store/seal.h"
#include "store/state.h"

#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace umpire::store {

namespace fs = std::filesystem;

namespace {

// The file itself, exclusively: SQLite has no "create only if absent".
void create_empty_file(const std::string& path) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == EEXIST)
            throw StoreError(path + " already exists; a new battle never overwrites a file");
        throw StoreError("cannot create " + path + ": " + std::strerror(errno), StoreProblem::Io);
    }
    ::close(fd);
}

// A file whose creation was interrupted and rolled back to nothing: said as it is, never taken
// for a foreign journal's doing.
class UnfinishedFile : public StoreError {
public:
    using StoreError::StoreError;
};

void remove_with_journal(const std::string& path) {
    std::error_code ec;
    fs::remove(path, ec);
    fs::remove(path + "-journal", ec);
}

} // namespace

struct BattleFile::Impl {
    std::string path;  // the name in messages (the file opened may be a scratch copy of it)
    OpenOptions options;
    SQLite::Database db;
    model::Battle battle;
    detail::JournalScan scan;  // the history, the last entry this connection has seen, the head
    std::string battle_uid;
    std::string damage;
    std::int64_t data_version = 0;

    Impl(std::string shown, const std::string& file, int flags, const OpenOptions& o)
        : path(std::move(shown)), options(o), db(file, flags) {
        detail::configure_connection(db, options.busy_timeout_ms);
    }

    std::int64_t read_data_version() { return db.execAndGet("PRAGMA data_version").getInt64(); }

    // The state, the seal and the journal in one read snapshot. With `from_start` false only the
    // rows after the last one seen are scanned (a reload): the earlier ones were checked already.
    void load(bool from_start = true) {
        try {
            SQLite::Transaction snapshot(db);  // deferred: a shared lock from the first read to commit
            model::Battle state = detail::load_state(db);
            const std::optional<detail::Seal> seal = detail::read_seal(db);
            const std::string uid = seal ? seal->battle_uid : std::string();
            if (!seal || uid != battle_uid || seal->journal_last < scan.last) from_start = true;
            if (from_start) {
                scan = detail::JournalScan{};
                scan.head = seal ? seal->origin_checksum : 0;
            }
            detail::scan_journal(db, scan);
            data_version = read_data_version();
            snapshot.commit();
            battle = std::move(state);
            battle_uid = uid;
            const std::string found = detail::describe_damage(seal, scan, detail::state_checksum(battle));
            if (!found.empty()) damage = found;  // once damaged, read-only until reopened
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("read", path, e, false);
        }
    }

    std::int64_t newest_entry() {
        return db.execAndGet("SELECT coalesce(max(id), 0) FROM journal").getInt64();
    }

    // Writes `next` (the in-memory state after every entry's effects) and the entries,
    // atomically. Returns the entries with their ids.
    std::vector<JournalEntry> commit(model::Battle next, std::vector<JournalEntry> entries) {
        if (!damage.empty())
            throw StoreError(path + " is damaged (" + damage + "), so it is open read-only: nothing was changed");
        detail::JournalScan after = scan;
        std::vector<model::Effect> effects;
        try {
            SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
            // Our effects were checked against our copy of the state. If another program (a
            // second window, the CLI) has written since we read it, that copy is stale and the
            // rows we would write could contradict the journal: refuse instead.
            if (newest_entry() != scan.last)
                throw StoreError(path + " was changed by another program since it was read, so nothing was done; "
                                        "read it again to see the changes",
                                 StoreProblem::Changed);
            for (auto& entry : entries) {
                entry.id = after.last + 1;
                const std::uint64_t sum = detail::append_entry(db, entry);
                after.head = detail::fold_head(after.head, sum);
                after.last = entry.id;
                ++after.rows;
                after.history.add(entry.kind, entry.id, entry.refers_to);
                effects.insert(effects.end(), entry.effects.begin(), entry.effects.end());
            }
            detail::write_changes(db, next, effects);
            detail::update_seal(db, after.head, after.last, detail::state_checksum(next));
            tx.commit();
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("write to", path, e, true);
        }
        battle = std::move(next);
        scan = std::move(after);
        return entries;
    }

    JournalEntry original(std::int64_t id) {
        std::optional<JournalEntry> e;
        try {
            e = detail::read_entry(db, id);
        } catch (const SQLite::Exception& ex) {
            detail::sqlite_failure("read", path, ex, false);
        }
        if (!e) throw StoreError("the battle file is damaged: journal entry " + std::to_string(id) + " is missing");
        return *e;
    }

    // The undo or redo entry for `action`, before its id is known.
    JournalEntry reference_to(const JournalEntry& action, EntryKind kind) const {
        JournalEntry e;
        e.kind = kind;
        e.turn = battle.turn;
        e.action = action.action;
        e.summary = std::string(kind == EntryKind::Undo ? "Undo: " : "Redo: ") + action.summary;
        e.unit = action.unit;
        e.target = action.target;
        // The effects are the action's own, as recorded; the kind says which way they ran.
        e.effects = action.effects;
        e.request = nullptr;
        e.resolution = nullptr;
        e.dice = {};
        e.refers_to = action.id;
        e.created_at = detail::utc_now();
        return e;
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
        impl->load();
        return impl;
    }

    // A rollback journal beside the file is rolled back by the first connection that reads it,
    // whether it belongs to this file or was copied there from another battle. So the rollback is
    // tried first on a scratch copy of the two; the file itself is touched only if the copy comes out
    // a sound battle whose checksums agree.
    static void try_rollback_on_a_copy(const std::string& path, const OpenOptions& options) {
        std::string scratch = (fs::temp_directory_path() / "umpire-rollback-XXXXXX").string();
        if (!::mkdtemp(scratch.data()))
            throw StoreError("cannot make a scratch folder to check " + path + "-journal: " + std::strerror(errno),
                             StoreProblem::Io);
        const std::string copy = scratch + "/battle.umpire";
        std::string problem;
        try {
            fs::copy_file(path, copy);
            fs::copy_file(path + "-journal", copy + "-journal");
            auto impl = open_checked(path, copy, detail::FileCheck::NeedsRecovery, options);
            problem = impl->damage;
        } catch (const UnfinishedFile&) {
            std::error_code ec;
            fs::remove_all(scratch, ec);
            throw;
        } catch (const StoreError& e) {
            if (e.problem() != StoreProblem::BadFile) {
                std::error_code ec;
                fs::remove_all(scratch, ec);
                throw;
            }
            problem = e.what();
        } catch (const std::exception& e) {
            problem = e.what();
        }
        std::error_code ec;
        fs::remove_all(scratch, ec);
        if (!problem.empty())
            throw StoreError(path + " has a rollback journal beside it (" + path +
                             "-journal) from an interrupted write, and rolling it back would not give a sound battle (" +
                             problem + "): it may belong to another file. Nothing was changed; move " + path +
                             "-journal elsewhere to open the battle as it was last saved");
    }
};

BattleFile::BattleFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
BattleFile::BattleFile(BattleFile&&) noexcept = default;
BattleFile& BattleFile::operator=(BattleFile&&) noexcept = default;
BattleFile::~BattleFile() = default;

BattleFile BattleFile::create(const std::string& path, const model::Battle& battle, const OpenOptions& options) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(path, ec)))
        throw StoreError(path + " already exists; a new battle never overwrites a file");
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        throw StoreError("cannot create " + path + ": the folder " + dir.string() + " does not exist");
    // Built under a temporary name and linked into place whole: a create killed at any moment
    // leaves nothing under `path` (at worst a hidden partial file beside it).
    const std::string partial = detail::temporary_name_beside(path);
    create_empty_file(partial);
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
    return open(path, options);
}

BattleFile BattleFile::open(const std::string& path, const OpenOptions& options) {
    const detail::FileCheck check = detail::check_battle_file(path, options.busy_timeout_ms);
    if (check == detail::FileCheck::NeedsRecovery) Impl::try_rollback_on_a_copy(path, options);
    return BattleFile(Impl::open_checked(path, path, check, options));
}

const model::Battle& BattleFile::battle() const { return impl_->battle; }
const std::string& BattleFile::path() const { return impl_->path; }
const std::string& BattleFile::damage() const { return impl_->damage; }
bool BattleFile::read_only() const { return !impl_->damage.empty(); }

std::int64_t BattleFile::record(const rules::ActionRequest& request, const rules::Resolution& resolution) {
    return record_all({{request, resolution}}).front();
}

std::vector<std::int64_t> BattleFile::record_all(const std::vector<Recording>& steps) {
    model::Battle next = impl_->battle;
    std::vector<JournalEntry> entries;
    for (const auto& [request, resolution] : steps) {
        if (!resolution.rolled)
            throw StoreError("cannot record " + request.action +
                                 ": it is a preview of the odds; roll (or type the dice) first",
                             StoreProblem::Refused);
        JournalEntry entry;
        entry.turn = next.turn;  // the turn it happened in, before any turn change it makes
        try {
            next.apply(resolution.effects);
        } catch (const std::logic_error& e) {
            throw StoreError("cannot record " +
                                 (resolution.outcome.empty() ? request.action : "\"" + resolution.outcome + "\"") +
                                 ": " + e.what(),
                             StoreProblem::Refused);
        }
        entry.kind = EntryKind::Action;
        entry.action = resolution.action.empty() ? request.action : resolution.action;
        entry.summary = resolution.outcome;
        entry.unit = resolution.unit ? resolution.unit : request.unit;
        entry.target = resolution.target ? resolution.target : request.target;
        entry.request = rules::to_json(request);
        entry.dice = resolution.all_dice();
        entry.resolution = rules::to_json(resolution);
        entry.effects = resolution.effects;
        entry.created_at = detail::utc_now();
        entries.push_back(std::move(entry));
    }
    std::vector<std::int64_t> ids;
    for (const auto& e : impl_->commit(std::move(next), std::move(entries))) ids.push_back(e.id);
    return ids;
}

bool BattleFile::can_undo() const { return impl_->scan.history.undo_target().has_value(); }
bool BattleFile::can_redo() const { return impl_->scan.history.redo_target().has_value(); }

std::optional<JournalEntry> BattleFile::undo() {
    auto target = impl_->scan.history.undo_target();
    if (!target) return std::nullopt;
    JournalEntry action = impl_->original(*target);
    model::Battle next = impl_->battle;
    try {
        next.revert(action.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot undo \"" + action.summary + "\": " + e.what(), StoreProblem::Refused);
    }
    return impl_->commit(std::move(next), {impl_->reference_to(action, EntryKind::Undo)}).front();
}

std::optional<JournalEntry> BattleFile::redo() {
    auto target = impl_->scan.history.redo_target();
    if (!target) return std::nullopt;
    JournalEntry action = impl_->original(*target);
    model::Battle next = impl_->battle;
    try {
        next.apply(action.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot redo \"" + action.summary + "\": " + e.what(), StoreProblem::Refused);
    }
    return impl_->commit(std::move(next), {impl_->reference_to(action, EntryKind::Redo)}).front();
}

bool BattleFile::changed_on_disk() {
    try {
        return impl_->read_data_version() != impl_->data_version;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<std::int64_t> BattleFile::reload() {
    const std::int64_t seen = impl_->scan.last;
    impl_->load(false);
    std::vector<std::int64_t> added;
    try {
        SQLite::Statement ids(impl_->db, "SELECT id FROM journal WHERE id > ? AND id <= ? ORDER BY id");
        ids.bind(1, seen);
        ids.bind(2, impl_->scan.last);
        while (ids.executeStep()) added.push_back(ids.getColumn(0).getInt64());
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
    return added;
}

std::vector<JournalEntry> BattleFile::journal() const {
    std::vector<JournalEntry> entries;
    try {
        // A damaged file shows what still reads; a sound one refuses to hide a bad row.
        entries = detail::read_entries(impl_->db, !impl_->damage.empty());
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
    for (auto& e : entries)
        e.undone = e.kind == EntryKind::Action && impl_->scan.history.is_undone(e.id);
    return entries;
}

} // namespace umpire::store
