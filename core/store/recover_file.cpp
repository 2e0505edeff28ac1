// `umpire recover`: a new battle from the starting state and the intact journal entries of a
// damaged one. The rows are read page by page (store/page_salvage.h), so a damaged page loses
// only what it held and a file cut short only its end; each row is kept only if its checksum
// holds, and replayed in order, so an entry that built on a lost one is dropped, and said so.
#include "store/inspect.h"
#include "store/rebuild.h"

#include "store/battle_file.h"
#include "store/checksum.h"
#include "store/disk.h"
#include "store/file_check.h"
#include "store/journal.h"
#include "store/page_salvage.h"
#include "store/schema.h"
#include "store/scratch_copy.h"
#include "store/seal.h"
#include "store/state.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Transaction.h>

#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <set>

namespace umpire::store {

namespace fs = std::filesystem;

namespace {

// The copy to rebuild from: the file with its interrupted write rolled back and brought up to this
// version's schema when SQLite can do that, else as it is. A rollback journal that would damage a
// file sound without it belongs to another file and is left out.
std::unique_ptr<detail::ScratchCopy> copy_to_rebuild_from(const std::string& path, RecoverReport& report) {
    auto copy = std::make_unique<detail::ScratchCopy>(path);
    if (copy->rollback_pending()) {
        const CheckReport with = check_file(path);
        if (with.foreign_journal) {
            report.notes.push_back("the rollback journal beside it was left out: rolling it back would damage the battle "
                                   "(it may belong to another file)");
            copy = std::make_unique<detail::ScratchCopy>(path, false);
        }
    }
    try {
        SQLite::Database db(copy->file(), SQLite::OPEN_READWRITE);
        detail::configure_connection(db, 5000);
        db.execAndGet("SELECT count(*) FROM sqlite_schema");  // rolls an interrupted write back
        detail::check_identity(path, db);
        detail::migrate_schema(db, path, true);  // text that is not UTF-8 kept, to be said where it stops the rebuild
    } catch (const StoreError& e) {
        if (e.problem() != StoreProblem::BadFile) throw;
        report.notes.push_back(std::string("read as it is: ") + e.what());
    } catch (const SQLite::Exception& e) {
        report.notes.push_back(std::string("read as it is, past what SQLite cannot read (") + e.what() + ")");
    }
    return copy;
}

// With no intact starting state: the current state with the journal reverted, when SQLite reads
// the state, its checksum holds, and every entry is intact.
model::Battle reverted_origin(const std::string& path, const std::string& file, const detail::Salvaged& salvaged) {
    if (!salvaged.lost.empty())
        throw StoreError("cannot rebuild " + path + ": " + salvaged.origin_source + ", and journal entry " +
                         std::to_string(salvaged.lost.front().first) + " is " + salvaged.lost.front().second +
                         ", so the start cannot be found from the state either");
    try {
        SQLite::Database db(file, SQLite::OPEN_READONLY);
        const model::Battle state = detail::load_state(db);
        const std::optional<detail::Seal> seal = detail::read_seal(db);
        if (seal && detail::state_checksum(state) != seal->state_checksum)
            throw StoreError("cannot rebuild " + path + ": both its starting state and its current state are damaged");
        return detail::revert_journal(state, salvaged.entries);
    } catch (const StoreError&) {
        throw;
    } catch (const std::exception& e) {
        throw StoreError("cannot rebuild " + path + ": " + salvaged.origin_source + ", and " + e.what());
    }
}

// Writes the new battle under a fresh name beside `output`, then links it into place.
void write_battle(const std::string& output, const model::Battle& origin, const model::Battle& state,
                  const std::vector<JournalEntry>& kept) {
    const fs::path target(output);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw StoreError("cannot write " + output + ": the folder " + dir.string() + " does not exist");
    const std::string partial = detail::create_fresh_beside(output);
    try {
        {
            SQLite::Database db(partial, SQLite::OPEN_READWRITE);
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
    } catch (...) {
        fs::remove(partial, ec);
        fs::remove(partial + "-journal", ec);
        throw;
    }
    detail::publish(partial, output);
}

} // namespace

RecoverReport recover_file(const std::string& path, const std::string& output) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(output, ec)))
        throw StoreError(output + " already exists; recover writes a new file and never replaces one");
    const detail::HeaderFacts header = detail::examine_header(path);
    if (header.verdict != detail::HeaderVerdict::Ours && header.verdict != detail::HeaderVerdict::Truncated &&
        header.verdict != detail::HeaderVerdict::NotOurs)
        detail::check_header(path);
    RecoverReport report;
    if (header.verdict == detail::HeaderVerdict::Truncated) report.notes.push_back(header.message);
    const std::unique_ptr<detail::ScratchCopy> copy = copy_to_rebuild_from(path, report);
    // Rows are told intact by their checksums: a file from before them is rebuilt only once SQLite
    // has brought it up to date (which checksums what it reads).
    if (const detail::HeaderFacts now = detail::examine_header(copy->file()); now.verdict == detail::HeaderVerdict::Ours && now.schema < 3)
        throw StoreError("cannot rebuild " + path + ": it was written by an older Umpire, before journal rows carried "
                         "checksums, and it cannot be brought up to date (" +
                         (report.notes.empty() ? std::string("unknown") : report.notes.back()) + ")");
    std::vector<std::string> problems;
    const detail::Salvaged salvaged = detail::salvage_file(copy->file(), &problems);
    // A header that is not ours is a battle's only if something of a battle is found behind it.
    if (header.verdict == detail::HeaderVerdict::NotOurs && salvaged.entries.empty() && !salvaged.origin)
        detail::check_header(path);
    for (const auto& p : problems) report.notes.push_back("unreadable: " + p);

    model::Battle origin;
    if (salvaged.origin) {
        origin = *salvaged.origin;
        report.origin = "the starting state kept in the file";
    } else {
        origin = reverted_origin(path, copy->file(), salvaged);
        report.origin = "the current state with the journal reverted (" + salvaged.origin_source + ")";
    }
    return detail::rebuild(salvaged, origin, std::move(report), path, output);
}

namespace detail {

RecoverReport rebuild(const Salvaged& salvaged, const model::Battle& origin, RecoverReport report,
                      const std::string& path, const std::string& output) {
    // Replay what is intact, in order; what no longer applies (it built on a dropped entry) goes.
    std::map<std::int64_t, std::string> lost(salvaged.lost.begin(), salvaged.lost.end());
    model::Battle state = origin;
    std::vector<JournalEntry> kept;
    std::set<std::int64_t> kept_ids;
    auto drop_lost_before = [&](std::int64_t id) {
        while (!lost.empty() && lost.begin()->first < id) {
            report.dropped.push_back("entry " + std::to_string(lost.begin()->first) + ": " + lost.begin()->second);
            lost.erase(lost.begin());
        }
    };
    for (const JournalEntry& e : salvaged.entries) {
        drop_lost_before(e.id);
        const std::string name = "entry " + std::to_string(e.id) + ": ";
        if (e.refers_to && !kept_ids.count(*e.refers_to)) {
            report.dropped.push_back(name + "it undoes or redoes entry " + std::to_string(*e.refers_to) + ", which was dropped");
            continue;
        }
        model::Battle next = state;
        try {
            detail::play_entry(next, e);
        } catch (const std::exception& ex) {
            report.dropped.push_back(name + "no longer applies (" + ex.what() + ")");
            continue;
        }
        state = std::move(next);
        kept.push_back(e);
        kept_ids.insert(e.id);
    }
    drop_lost_before(std::numeric_limits<std::int64_t>::max());
    report.found = salvaged.journal_rows;
    report.kept = static_cast<std::int64_t>(kept.size());
    std::error_code ec;
    if (fs::exists(fs::symlink_status(output, ec)))
        throw StoreError(output + " already exists; recover writes a new file and never replaces one");
    try {
        write_battle(output, origin, state, kept);
    } catch (const detail::TextNotUtf8& e) {
        throw StoreError("cannot rebuild " + path + ": " + e.what() + ", and a battle is kept as UTF-8 text");
    }
    return report;
}

} // namespace detail

} // namespace umpire::store
