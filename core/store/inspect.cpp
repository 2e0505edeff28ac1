// check and recover. Both copy the file (and a rollback journal beside it) to a scratch folder
// and open the copy, so the file examined is never written, not even by SQLite's rollback.
#include "store/inspect.h"

#include "store/battle_file.h"
#include "store/checksum.h"
#include "store/disk.h"
#include "store/file_check.h"
#include "store/journal.h"
#include "store/origin.h"
#include "store/schema.h"
#include "store/seal.h"
#include "store/state.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <sqlite3.h>

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace umpire::store {

namespace fs = std::filesystem;

namespace {

// The first bytes of a rollback journal that still holds a transaction to roll back.
bool hot_journal_beside(const std::string& path) {
    std::ifstream in(path + "-journal", std::ios::binary);
    char magic[8] = {};
    if (!in.read(magic, sizeof magic)) return false;
    static const unsigned char kMagic[8] = {0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7};
    return std::memcmp(magic, kMagic, sizeof magic) == 0;
}

// A copy of the file (and its hot journal) in a scratch folder, removed with it.
class ScratchCopy {
public:
    explicit ScratchCopy(const std::string& path) {
        detail::check_header(path);
        std::string dir = (fs::temp_directory_path() / "umpire-inspect-XXXXXX").string();
        if (!::mkdtemp(dir.data()))
            throw StoreError("cannot make a scratch folder to examine " + path + ": " + std::strerror(errno),
                             StoreProblem::Io);
        dir_ = dir;
        copy_ = dir + "/battle.umpire";
        rollback_pending_ = hot_journal_beside(path);
        std::error_code ec;
        fs::copy_file(path, copy_, ec);
        if (!ec && rollback_pending_) fs::copy_file(path + "-journal", copy_ + "-journal", ec);
        if (ec) throw StoreError("cannot read " + path + ": " + ec.message(), StoreProblem::Io);
    }
    ~ScratchCopy() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    ScratchCopy(const ScratchCopy&) = delete;
    ScratchCopy& operator=(const ScratchCopy&) = delete;

    const std::string& file() const { return copy_; }
    bool rollback_pending() const { return rollback_pending_; }

private:
    std::string dir_, copy_;
    bool rollback_pending_ = false;
};

std::string flags_text(const model::Unit& u) {
    std::string out;
    for (auto f : model::kAllFlags)
        if (u.has(f)) out += (out.empty() ? "" : " ") + std::string(model::flag_id(f));
    return out.empty() ? "none" : out;
}

std::uint64_t unit_checksum(const model::Unit& u) {
    model::Battle alone;
    alone.units = {u};
    return detail::state_checksum(alone);
}

// The first few differences between the stored state and the replayed one, by meaning.
std::string state_difference(const model::Battle& stored, const model::Battle& replayed) {
    std::vector<std::string> found;
    auto differ = [&](const std::string& what, const auto& a, const auto& b) {
        if (a != b) {
            std::ostringstream out;
            out << what << ": " << a << " stored, " << b << " from the journal";
            found.push_back(out.str());
        }
    };
    differ("turn", stored.turn, replayed.turn);
    if (stored.units.size() != replayed.units.size())
        differ("units", stored.units.size(), replayed.units.size());
    for (const auto& u : stored.units) {
        const model::Unit* r = replayed.unit(u.id);
        const std::string who = "unit " + std::to_string(u.id) + " (" + u.name + ")";
        if (!r) {
            found.push_back(who + ": stored, not in the journal's battle");
            continue;
        }
        differ(who + " figures", u.figures, r->figures);
        differ(who + " hits", u.hits, r->hits);
        differ(who + " flags", flags_text(u), flags_text(*r));
        if (unit_checksum(u) != unit_checksum(*r) &&
            u.figures == r->figures && u.hits == r->hits && flags_text(u) == flags_text(*r))
            found.push_back(who + ": its counters, traits or other fields differ");
    }
    for (const auto& c : stored.commanders)
        if (const model::Commander* r = replayed.commander(c.id))
            differ("commander " + c.name + " status", std::string(model::commander_status_id(c.status)),
                   std::string(model::commander_status_id(r->status)));
    if (found.empty()) found.push_back("the sides', the battle's counters or texts differ");
    std::string out;
    for (std::size_t i = 0; i < found.size() && i < 5; ++i) out += (i ? "; " : "") + found[i];
    if (found.size() > 5) out += "; and " + std::to_string(found.size() - 5) + " more";
    return out;
}

// Replays `entries` over `start`, in order: an undo reverts, an action or redo applies.
model::Battle replay(model::Battle start, const std::vector<JournalEntry>& entries) {
    for (const auto& e : entries) {
        try {
            detail::play_entry(start, e);
        } catch (const std::exception& ex) {
            throw std::runtime_error("journal entry " + std::to_string(e.id) + " does not apply: " + ex.what());
        }
    }
    return start;
}

// An older file is examined as this build will open it: its scratch copy is upgraded first (the
// upgrade keeps damage visible: store/upgrade.h). Returns the version the file had.
int upgraded(SQLite::Database& db, const std::string& path) {
    const int schema = db.execAndGet("PRAGMA user_version").getInt();
    detail::migrate_schema(db, path);
    return schema;
}

} // namespace

CheckReport check_file(const std::string& path) {
    CheckReport report;
    report.path = path;
    ScratchCopy scratch(path);
    report.rollback_pending = scratch.rollback_pending();
    try {
        SQLite::Database db(scratch.file(), SQLite::OPEN_READWRITE);
        detail::configure_connection(db, 5000);
        report.integrity = detail::integrity_problems(db, true);  // rolls a pending write back first
        detail::check_identity(path, db);
        report.schema = upgraded(db, path);
        report.entries = db.execAndGet("SELECT count(*) FROM journal").getInt64();
        report.has_checksums = report.schema >= 3;
        const model::Battle state = detail::load_state(db);
        const std::optional<detail::Seal> seal = detail::read_seal(db, true);
        detail::JournalScan scan;
        scan.head = seal ? seal->origin_checksum : 0;
        detail::scan_journal(db, scan);
        if (report.has_checksums) report.checksums = detail::describe_damage(seal, scan, detail::state_checksum(state));
        const std::vector<JournalEntry> entries = detail::read_entries(db, true);
        if (static_cast<std::int64_t>(entries.size()) != report.entries)
            report.replay = std::to_string(report.entries - static_cast<std::int64_t>(entries.size())) +
                            " journal entries do not read, so the journal cannot be replayed";
        else if (seal && seal->origin) {
            try {
                const model::Battle replayed = replay(detail::battle_from_json(nlohmann::json::parse(*seal->origin)), entries);
                if (detail::state_checksum(replayed) != detail::state_checksum(state))
                    report.replay = state_difference(state, replayed);
            } catch (const std::exception& e) {
                report.replay = e.what();
            }
        } else {
            // No starting state kept (upgraded from schema 2, whose journal did not revert): the
            // journal must at least revert cleanly from the state, the same test run backwards.
            try {
                detail::revert_journal(state, entries);
                report.note = "no starting state is kept (written by an older Umpire): the journal was checked by "
                              "reverting it from the state";
            } catch (const std::exception& e) {
                report.replay = e.what();
            }
            SQLite::Statement note(db, "SELECT value FROM meta WHERE key = 'origin_note'");
            if (note.executeStep()) report.note = note.getColumn(0).getString();
        }
    } catch (const StoreError& e) {
        if (e.problem() != StoreProblem::BadFile) throw;
        if (report.integrity.empty() || report.integrity == "ok") report.integrity = e.what();
    } catch (const SQLite::Exception& e) {
        if (e.getErrorCode() != SQLITE_CORRUPT && e.getErrorCode() != SQLITE_NOTADB)
            detail::sqlite_failure("read", path, e, false);
        if (report.integrity.empty() || report.integrity == "ok") report.integrity = e.what();
    }
    return report;
}

RecoverReport recover_file(const std::string& path, const std::string& output) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(output, ec)))
        throw StoreError(output + " already exists; recover writes a new file and never replaces one");
    RecoverReport report;
    ScratchCopy scratch(path);
    std::optional<model::Battle> origin;
    std::vector<detail::CheckedRow> rows;
    std::string stopped;
    try {
        SQLite::Database db(scratch.file(), SQLite::OPEN_READWRITE);
        detail::configure_connection(db, 5000);
        detail::integrity_problems(db, false);  // rolls a pending write back first
        detail::check_identity(path, db);
        upgraded(db, path);
        rows = detail::read_checked_rows(db, stopped);
        const std::optional<detail::Seal> seal = detail::read_seal(db, true);
        if (seal && seal->origin && detail::origin_checksum(seal->origin) == seal->origin_checksum) {
            origin = detail::battle_from_json(nlohmann::json::parse(*seal->origin));
            report.origin = "the starting state kept in the file";
        } else {
            // No sound origin: the state reverted through the journal, if both are intact.
            std::vector<JournalEntry> entries;
            for (const auto& r : rows) {
                if (!r.entry) throw StoreError("cannot rebuild " + path + ": its starting state is missing or damaged "
                                               "and journal entry " + std::to_string(r.id) + " is " + r.problem);
                entries.push_back(*r.entry);
            }
            const model::Battle state = detail::load_state(db);
            if (seal && detail::state_checksum(state) != seal->state_checksum)
                throw StoreError("cannot rebuild " + path + ": both its starting state and its current state are damaged");
            origin = detail::revert_journal(state, entries);
            report.origin = "the current state with the journal reverted";
        }
    } catch (const SQLite::Exception& e) {
        if (e.getErrorCode() != SQLITE_CORRUPT && e.getErrorCode() != SQLITE_NOTADB)
            detail::sqlite_failure("read", path, e, false);
        throw StoreError("cannot rebuild " + path + ": " + e.what());
    } catch (const StoreError&) {
        throw;
    } catch (const std::exception& e) {
        throw StoreError("cannot rebuild " + path + ": " + e.what());
    }

    // Replay what is intact, in order; what no longer applies (it built on a dropped entry) goes.
    model::Battle state = *origin;
    std::vector<JournalEntry> kept;
    std::set<std::int64_t> kept_ids;
    for (const auto& row : rows) {
        const std::string entry = "entry " + std::to_string(row.id) + ": ";
        if (!row.entry) {
            report.dropped.push_back(entry + row.problem);
            continue;
        }
        const JournalEntry& e = *row.entry;
        if (e.refers_to && !kept_ids.count(*e.refers_to)) {
            report.dropped.push_back(entry + "it undoes or redoes entry " + std::to_string(*e.refers_to) + ", which was dropped");
            continue;
        }
        model::Battle next = state;
        try {
            detail::play_entry(next, e);
        } catch (const std::exception& ex) {
            report.dropped.push_back(entry + "no longer applies (" + ex.what() + ")");
            continue;
        }
        state = std::move(next);
        kept.push_back(e);
        kept_ids.insert(e.id);
    }
    if (!stopped.empty()) report.dropped.push_back(stopped);
    report.kept = static_cast<std::int64_t>(kept.size());

    const fs::path target(output);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        throw StoreError("cannot write " + output + ": the folder " + dir.string() + " does not exist");
    const std::string partial = detail::temporary_name_beside(output);
    try {
        {
            SQLite::Database db(partial, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            detail::configure_connection(db, 5000);
            SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
            detail::create_schema(db);
            detail::insert_state(db, state, detail::utc_now());
            std::uint64_t head = 0;  // seal_file computes every row's checksum and head again
            for (const auto& e : kept) head = detail::append_entry(db, e, head);
            detail::seal_file(db, state, origin);
            tx.commit();
        }
        detail::sync_file(partial);
    } catch (const SQLite::Exception& e) {
        fs::remove(partial, ec);
        fs::remove(partial + "-journal", ec);
        detail::sqlite_failure("write", output, e, false);
    }
    detail::publish(partial, output);
    return report;
}

} // namespace umpire::store
