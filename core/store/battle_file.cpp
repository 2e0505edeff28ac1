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
#include "store/journal_pages.h"
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
    std::int64_t last = 0;   // the last entry this connection has seen
    std::uint64_t head = 0;  // the journal head through it
    std::optional<std::int64_t> undo_target, redo_target;
    std::string battle_uid;
    std::string damage;
    std::int64_t data_version = 0;

    Impl(std::string shown, const std::string& file, int flags, const OpenOptions& o)
        : path(std::move(shown)), options(o), db(file, flags | SQLite::OPEN_NOMUTEX) {
        detail::configure_connection(db, options.busy_timeout_ms);
    }

    std::int64_t read_data_version() { return db.execAndGet("PRAGMA data_version").getInt64(); }

    void read_history() {
        undo_target = detail::undo_target(db);
        redo_target = detail::redo_target(db);
    }

    // The state, the seal and the journal's end in one read snapshot: the state's checksum and
    // the last row are checked, a cost that does not grow with the journal. With `from_start`
    // false (a reload) the rows after the last one seen are checked too, each against the chain.
    void load(bool from_start = true) {
        try {
            SQLite::Transaction snapshot(db);  // deferred: a shared lock from the first read to commit
            model::Battle state = detail::load_state(db);
            const std::optional<detail::Seal> seal = detail::read_seal(db);
            const std::string uid = seal ? seal->battle_uid : std::string();
            if (!seal || uid != battle_uid || seal->journal_last < last) from_start = true;
            detail::JournalScan scan;
            if (from_start) {
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
            const std::string found = detail::describe_damage(seal, scan, detail::state_checksum(battle));
            if (!found.empty()) damage = found;  // once damaged, read-only until reopened
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("read", path, e, false);
        }
    }

    // Every row against its checksum and the chain, and the starting state: the whole file.
    void verify() {
        try {
            SQLite::Transaction snapshot(db);
            const std::optional<detail::Seal> seal = detail::read_seal(db, true);
            detail::JournalScan scan;
            scan.head = seal ? seal->origin_checksum : 0;
            detail::scan_journal(db, scan);
            const std::uint64_t state = detail::state_checksum(detail::load_state(db));
            snapshot.commit();
            const std::string found = detail::describe_damage(seal, scan, state);
            if (!found.empty()) damage = found;
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("read", path, e, false);
        }
    }

    std::int64_t newest_entry() {
        return db.execAndGet("SELECT coalesce(max(id), 0) FROM journal").getInt64();
    }

    // Puts the in-memory battle back as it was before a write that did not happen; should that
    // fail, reads it again from the file, which the write never changed.
    void put_back(const std::function<void()>& undo_in_memory) {
        try {
            undo_in_memory();
        } catch (const std::exception&) {
            load();
        }
    }

    // Writes the entries and the rows their effects touched, taken from `battle`, which has
    // already been changed in memory, atomically; on any failure `undo_in_memory` puts `battle`
    // back. Returns the entries with their ids.
    std::vector<JournalEntry> commit(std::vector<JournalEntry> entries, const std::function<void()>& undo_in_memory) {
        if (!damage.empty()) {
            put_back(undo_in_memory);
            throw StoreError(path + " is damaged (" + damage + "), so it is open read-only: nothing was changed");
        }
        std::uint64_t new_head = head;
        std::int64_t new_last = last;
        std::vector<model::Effect> effects;
        try {
            SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
            // Our effects were checked against our copy of the state. If another program (a
            // second window, the CLI) has written since we read it, that copy is stale and the
            // rows we would write could contradict the journal: refuse instead.
            if (newest_entry() != last)
                throw StoreError(path + " was changed by another program since it was read, so nothing was done; "
                                        "read it again to see the changes",
                                 StoreProblem::Changed);
            for (auto& entry : entries) {
                entry.id = new_last + 1;
                new_head = detail::append_entry(db, entry, new_head);
                new_last = entry.id;
                effects.insert(effects.end(), entry.effects.begin(), entry.effects.end());
            }
            detail::write_changes(db, battle, effects);
            detail::update_seal(db, new_head, new_last, detail::state_checksum(battle));
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
        try {
            read_history();
        } catch (const SQLite::Exception& e) {
            detail::sqlite_failure("read", path, e, false);
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

    // The undo or redo entry for `action`, before its id is known.
    JournalEntry reference_to(const JournalEntry& action, EntryKind kind) const {
        JournalEntry e;
        e.kind = kind;
        e.turn = battle.turn;
        e.action = action.action;
        e.summary = std::string(kind == EntryKind::Undo ? "Undo: " : "Redo: ") + action.summary;
        e.unit = action.unit;
        e.target = action.target;
        // The effects are the action's own (its row keeps them); the kind says which way they ran.
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
            impl->verify();  // every row: a rollback journal from elsewhere may have changed any
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
    // The effects are applied to the battle in memory as each step is checked against what the
    // ones before it left (no copy of a battle of thousands of units), and reverted if anything
    // fails before the commit.
    model::Battle& battle = impl_->battle;
    std::size_t applied = 0;
    const auto revert_applied = [&] {
        for (std::size_t i = applied; i-- > 0;) battle.revert(steps[i].resolution.effects);
    };
    std::vector<JournalEntry> entries;
    try {
        for (const auto& [request, resolution] : steps) {
            if (!resolution.rolled)
                throw StoreError("cannot record " + request.action +
                                     ": it is a preview of the odds; roll (or type the dice) first",
                                 StoreProblem::Refused);
            JournalEntry entry;
            entry.turn = battle.turn;  // the turn it happened in, before any turn change it makes
            try {
                battle.apply(resolution.effects);
            } catch (const std::logic_error& e) {
                throw StoreError("cannot record " +
                                     (resolution.outcome.empty() ? request.action : "\"" + resolution.outcome + "\"") +
                                     ": " + e.what(),
                                 StoreProblem::Refused);
            }
            ++applied;
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
    } catch (...) {
        impl_->put_back(revert_applied);
        throw;
    }
    std::vector<std::int64_t> ids;
    for (const auto& e : impl_->commit(std::move(entries), revert_applied)) ids.push_back(e.id);
    return ids;
}

bool BattleFile::can_undo() const { return impl_->undo_target.has_value(); }
bool BattleFile::can_redo() const { return impl_->redo_target.has_value(); }

std::optional<JournalEntry> BattleFile::undo() {
    if (!impl_->undo_target) return std::nullopt;
    const JournalEntry action = impl_->original(*impl_->undo_target);
    try {
        impl_->battle.revert(action.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot undo \"" + action.summary + "\": " + e.what(), StoreProblem::Refused);
    }
    return impl_->commit({impl_->reference_to(action, EntryKind::Undo)},
                         [&] { impl_->battle.apply(action.effects); })
        .front();
}

std::optional<JournalEntry> BattleFile::redo() {
    if (!impl_->redo_target) return std::nullopt;
    const JournalEntry action = impl_->original(*impl_->redo_target);
    try {
        impl_->battle.apply(action.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot redo \"" + action.summary + "\": " + e.what(), StoreProblem::Refused);
    }
    return impl_->commit({impl_->reference_to(action, EntryKind::Redo)},
                         [&] { impl_->battle.revert(action.effects); })
        .front();
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
    impl_->load(false);
    std::vector<std::int64_t> added;
    try {
        SQLite::Statement ids(impl_->db, "SELECT id FROM journal WHERE id > ? AND id <= ? ORDER BY id");
        ids.bind(1, seen);
        ids.bind(2, impl_->last);
        while (ids.executeStep()) added.push_back(ids.getColumn(0).getInt64());
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
    return added;
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
        SQLite::Transaction snapshot(impl_->db);
        detail::each_entry(impl_->db, visit);
        snapshot.commit();
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::optional<JournalEntry> BattleFile::entry(std::int64_t id) const {
    try {
        return detail::read_entry(impl_->db, id);
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<JournalLine> BattleFile::journal_lines(std::int64_t after) const {
    try {
        return detail::read_lines(impl_->db, after);
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<JournalLine> BattleFile::journal_page(std::int64_t before, std::size_t count, const LineFilter& filter) const {
    try {
        return detail::read_page(impl_->db, before, count, filter);
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<JournalLine> BattleFile::unit_actions_in_turn(int unit, int turn) const {
    try {
        SQLite::Transaction snapshot(impl_->db);  // the ids and their lines, as one moment
        std::vector<JournalLine> lines = detail::read_unit_actions_in_turn(impl_->db, unit, turn);
        snapshot.commit();
        return lines;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::vector<OpenFollowUp> BattleFile::open_follow_ups() const {
    try {
        SQLite::Transaction snapshot(impl_->db);  // the entries that raise and answer, as one moment
        std::vector<OpenFollowUp> owed = detail::read_open_follow_ups(impl_->db);
        snapshot.commit();
        return owed;
    } catch (const SQLite::Exception& e) {
        detail::sqlite_failure("read", impl_->path, e, false);
    }
}

std::int64_t BattleFile::last_entry() const { return impl_->last; }

} // namespace umpire::store
