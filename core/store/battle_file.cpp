// BattleFile: opening and creating battle files, and the three writes (record, undo, redo).
//
// Every write follows the same order: compute the new state in memory on a copy (Battle::apply
// and revert check each effect's `before`, so a stale effect is refused before the file is
// touched), write the touched rows and the journal entry in one transaction, commit, and only
// then replace the in-memory battle. A crash at any point leaves either the old or the new
// state, never a mixture, and never an entry without its state change.
#include "store/battle_file.h"

#include "rules/resolution_json.h"
#include "store/file_check.h"
#include "store/journal.h"
#include "store/schema.h"
#include "store/state.h"

#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Transaction.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace umpire::store {

namespace {

[[noreturn]] void sqlite_failure(const std::string& doing, const std::string& path,
                                 const SQLite::Exception& e) {
    throw StoreError("cannot " + doing + " " + path + ": " + e.what());
}

// The file itself, exclusively: SQLite has no "create only if absent", and checking first then
// opening would let a file appearing in between be overwritten.
void create_empty_file(const std::string& path) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        if (errno == EEXIST)
            throw StoreError(path + " already exists; a new battle never overwrites a file");
        throw StoreError("cannot create " + path + ": " + std::strerror(errno));
    }
    ::close(fd);
}

} // namespace

struct BattleFile::Impl {
    std::string path;
    SQLite::Database db;
    model::Battle battle;
    detail::History history;
    std::int64_t last_entry = 0;  // the newest journal id this connection has seen

    Impl(std::string p, int flags) : path(std::move(p)), db(path, flags) {
        detail::configure_connection(db);
    }

    void load() {
        battle = detail::load_state(db);
        history = detail::History::load(db);
        last_entry = newest_entry();
    }

    std::int64_t newest_entry() {
        return db.execAndGet("SELECT coalesce(max(id), 0) FROM journal").getInt64();
    }

    // Writes `next` (the in-memory state after `entry.effects`) and the entry, atomically.
    JournalEntry commit(model::Battle next, JournalEntry entry) {
        try {
            SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
            // Our effects were checked against our copy of the state. If another program (a
            // second window, the CLI) has written since we loaded, that copy is stale and the
            // rows we would write could contradict the journal: refuse instead.
            if (newest_entry() != last_entry)
                throw StoreError(path + " was changed by another program since it was opened; "
                                        "open it again to see the changes");
            detail::write_changes(db, next, entry.effects);
            entry.id = detail::append_entry(db, entry);
            tx.commit();
        } catch (const SQLite::Exception& e) {
            sqlite_failure("write to", path, e);
        }
        battle = std::move(next);
        history.add(entry.kind, entry.id, entry.refers_to);
        last_entry = entry.id;
        return entry;
    }

    JournalEntry original(std::int64_t id) {
        std::optional<JournalEntry> e;
        try {
            e = detail::read_entry(db, id);
        } catch (const SQLite::Exception& ex) {
            sqlite_failure("read", path, ex);
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
};

BattleFile::BattleFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
BattleFile::BattleFile(BattleFile&&) noexcept = default;
BattleFile& BattleFile::operator=(BattleFile&&) noexcept = default;
BattleFile::~BattleFile() = default;

BattleFile BattleFile::create(const std::string& path, const model::Battle& battle) {
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        throw StoreError(path + " already exists; a new battle never overwrites a file");
    create_empty_file(path);
    std::unique_ptr<Impl> impl;
    try {
        impl = std::make_unique<Impl>(path, SQLite::OPEN_READWRITE);
        SQLite::Transaction tx(impl->db, SQLite::TransactionBehavior::IMMEDIATE);
        detail::create_schema(impl->db);
        detail::insert_state(impl->db, battle, detail::utc_now());
        tx.commit();
        // Read back what was written, so battle() is exactly what a later open() will give.
        impl->load();
    } catch (const std::exception& e) {
        impl.reset();  // close before removing
        std::filesystem::remove(path, ec);
        std::filesystem::remove(path + "-journal", ec);
        throw StoreError("cannot create " + path + ": " + e.what());
    }
    return BattleFile(std::move(impl));
}

BattleFile BattleFile::open(const std::string& path) {
    detail::FileCheck check = detail::check_battle_file(path);
    std::unique_ptr<Impl> impl;
    try {
        // No OPEN_CREATE: if the file vanished since the check, fail rather than make a new one.
        impl = std::make_unique<Impl>(path, SQLite::OPEN_READWRITE);
        if (check == detail::FileCheck::NeedsRecovery) {
            // The first read rolls the interrupted transaction back; then check what is left.
            std::string problems = detail::integrity_problems(impl->db, false);
            if (problems != "ok") throw StoreError(path + " is damaged: " + problems);
        }
        detail::migrate_schema(impl->db);
        impl->load();
    } catch (const SQLite::Exception& e) {
        sqlite_failure("open", path, e);
    }
    return BattleFile(std::move(impl));
}

const model::Battle& BattleFile::battle() const { return impl_->battle; }
const std::string& BattleFile::path() const { return impl_->path; }

std::int64_t BattleFile::record(const rules::ActionRequest& request,
                                const rules::Resolution& resolution) {
    if (!resolution.rolled)
        throw StoreError("cannot record " + request.action +
                         ": it is a preview of the odds; roll (or type the dice) first");
    model::Battle next = impl_->battle;
    try {
        next.apply(resolution.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot record " + (resolution.outcome.empty() ? request.action
                                                                       : "\"" + resolution.outcome + "\"") +
                         ": " + e.what());
    }
    JournalEntry entry;
    entry.kind = EntryKind::Action;
    entry.turn = impl_->battle.turn;  // the turn it happened in, before any turn change it makes
    entry.action = resolution.action.empty() ? request.action : resolution.action;
    entry.summary = resolution.outcome;
    entry.unit = resolution.unit ? resolution.unit : request.unit;
    entry.target = resolution.target ? resolution.target : request.target;
    entry.request = rules::to_json(request);
    entry.dice = resolution.all_dice();
    entry.resolution = rules::to_json(resolution);
    entry.effects = resolution.effects;
    entry.created_at = detail::utc_now();
    return impl_->commit(std::move(next), std::move(entry)).id;
}

bool BattleFile::can_undo() const { return impl_->history.undo_target().has_value(); }
bool BattleFile::can_redo() const { return impl_->history.redo_target().has_value(); }

std::optional<JournalEntry> BattleFile::undo() {
    auto target = impl_->history.undo_target();
    if (!target) return std::nullopt;
    JournalEntry action = impl_->original(*target);
    model::Battle next = impl_->battle;
    try {
        next.revert(action.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot undo \"" + action.summary + "\": " + e.what());
    }
    return impl_->commit(std::move(next), impl_->reference_to(action, EntryKind::Undo));
}

std::optional<JournalEntry> BattleFile::redo() {
    auto target = impl_->history.redo_target();
    if (!target) return std::nullopt;
    JournalEntry action = impl_->original(*target);
    model::Battle next = impl_->battle;
    try {
        next.apply(action.effects);
    } catch (const std::logic_error& e) {
        throw StoreError("cannot redo \"" + action.summary + "\": " + e.what());
    }
    return impl_->commit(std::move(next), impl_->reference_to(action, EntryKind::Redo));
}

std::vector<JournalEntry> BattleFile::journal() const {
    std::vector<JournalEntry> entries;
    try {
        entries = detail::read_entries(impl_->db);
    } catch (const SQLite::Exception& e) {
        sqlite_failure("read", impl_->path, e);
    }
    for (auto& e : entries)
        e.undone = e.kind == EntryKind::Action && impl_->history.is_undone(e.id);
    return entries;
}

} // namespace umpire::store
