// `umpire check`: a battle file's health in full, on a private copy. SQLite's integrity check,
// every checksum, and the journal replayed against the state, each as far as the file reads; where
// it does not read whole, what `recover` can still bring back of it, read page by page. A rollback
// journal that would damage a file sound without it is named as what it is, not as damage.
#include "store/inspect.h"

#include "store/battle_file.h"
#include "store/checksum.h"
#include "store/file_check.h"
#include "store/journal.h"
#include "store/origin.h"
#include "store/page_salvage.h"
#include "store/schema.h"
#include "store/scratch_copy.h"
#include "store/seal.h"
#include "store/state.h"
#include "store/state_difference.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

namespace umpire::store {

namespace {

// The journal replayed over the starting state, compared with the stored state; "" when they agree.
std::string replay_against(const model::Battle& state, const std::optional<detail::Seal>& seal,
                           const std::vector<JournalEntry>& entries, SQLite::Database& db, CheckReport& report) {
    if (seal && seal->origin) {
        try {
            const model::Battle replayed = detail::replay_journal(detail::battle_from_json(nlohmann::json::parse(*seal->origin)), entries);
            if (detail::state_checksum(replayed) != detail::state_checksum(state)) return detail::state_difference(state, replayed);
        } catch (const std::exception& e) {
            return e.what();
        }
        return "";
    }
    // No starting state kept (upgraded from schema 2, whose journal did not revert): the journal
    // must at least revert cleanly from the state, the same test run backwards.
    std::string problem;
    try {
        detail::revert_journal(state, entries);
        report.note = "no starting state is kept (written by an older Umpire): the journal was checked by "
                      "reverting it from the state";
    } catch (const std::exception& e) {
        problem = e.what();
    }
    SQLite::Statement note(db, "SELECT value FROM meta WHERE key = 'origin_note'");
    if (note.executeStep()) report.note = note.getColumn(0).getString();
    return problem;
}

// Every check SQLite's reading of `file` (a private copy of `shown`) allows, into `report`. A
// step the file's damage stops is named in `unchecked`, and the steps after it are not made.
void examine_with_sqlite(const std::string& file, const std::string& shown, CheckReport& report) {
    std::string step = "opening it";
    try {
        SQLite::Database db(file, SQLite::OPEN_READWRITE);
        detail::configure_connection(db, 5000);
        step = "SQLite's integrity check";
        report.integrity = detail::integrity_problems(db, true);  // rolls a pending write back first
        detail::check_identity(shown, db);
        report.schema = db.execAndGet("PRAGMA user_version").getInt();
        step = "bringing it up to this version's schema";
        // Examined as this build will open it: the upgrade keeps damage visible, and keeps text that is not
        // UTF-8 (said below) where opening would show the file read-only.
        detail::migrate_schema(db, shown, true);
        report.has_checksums = report.schema >= 3;
        step = "reading the journal";
        report.entries = db.execAndGet("SELECT count(*) FROM journal").getInt64();
        step = "reading the state";
        const model::Battle state = detail::load_state(db);
        step = "reading the checksums";
        const std::optional<detail::Seal> seal = detail::read_seal(db, true);
        detail::JournalScan scan;
        scan.head = seal ? seal->origin_checksum : 0;
        step = "checking the journal's rows";
        detail::scan_journal(db, scan);
        if (report.has_checksums) report.checksums = detail::describe_damage(seal, scan, detail::state_checksum(state));
        if (const std::string bad = detail::bad_text_damage(state); !bad.empty())
            report.checksums += (report.checksums.empty() ? "" : "; ") + bad;
        report.checksums_checked = true;
        step = "replaying the journal";
        const std::vector<JournalEntry> entries = detail::read_entries(db, true);
        if (static_cast<std::int64_t>(entries.size()) != report.entries)
            report.replay = std::to_string(report.entries - static_cast<std::int64_t>(entries.size())) +
                            " journal entries do not read, so the journal cannot be replayed";
        else
            report.replay = replay_against(state, seal, entries, db, report);
        report.replayed = true;
    } catch (const StoreError& e) {
        if (e.problem() != StoreProblem::BadFile) throw;
        if (step == "SQLite's integrity check") throw;  // not a battle file after all (check_identity)
        report.unchecked = step + ": " + e.what();
    } catch (const SQLite::Exception& e) {
        const int code = e.getErrorCode() & 0xff;
        if (code != SQLITE_CORRUPT && code != SQLITE_NOTADB && code != SQLITE_ERROR && code != SQLITE_MISMATCH)
            detail::sqlite_failure("read", shown, e, false);
        if (report.integrity.empty()) report.integrity = std::string("SQLite cannot read it: ") + e.what();
        report.unchecked = step + ": SQLite cannot read the file (" + e.what() + ")";
    }
}

// What a check of the file with its rollback journal found, in a line.
std::string findings(const CheckReport& r) {
    std::string out;
    for (const std::string* part : {&r.integrity, &r.checksums, &r.replay, &r.unchecked})
        if (!part->empty() && *part != "ok") out += (out.empty() ? "" : "; ") + *part;
    return out;
}

} // namespace

CheckReport check_file(const std::string& path) {
    CheckReport report;
    report.path = path;
    const detail::HeaderFacts header = detail::examine_header(path);
    switch (header.verdict) {
    case detail::HeaderVerdict::Missing:
    case detail::HeaderVerdict::Unreadable:
    case detail::HeaderVerdict::Newer:
    case detail::HeaderVerdict::Unfinished: detail::check_header(path); break;
    case detail::HeaderVerdict::NotOurs:
    case detail::HeaderVerdict::Truncated:
    case detail::HeaderVerdict::Ours: break;
    }
    detail::ScratchCopy scratch(path);
    report.rollback_pending = scratch.rollback_pending();
    if (header.verdict == detail::HeaderVerdict::NotOurs) {
        // A header that is not ours may be a battle's whose first page is damaged: its journal says.
        std::vector<std::string> problems;
        const detail::Salvaged found = detail::salvage_file(scratch.file(), &problems);
        if (found.entries.empty() && !found.origin) detail::check_header(path);
        report.integrity = "the file's first page is damaged: SQLite does not know it as a database";
        report.unchecked = "nothing else can be checked through SQLite";
        report.entries = found.journal_rows;
        report.salvage = detail::salvage_words(found);
        return report;
    }
    examine_with_sqlite(scratch.file(), path, report);
    if (header.verdict == detail::HeaderVerdict::Truncated)
        report.integrity = report.integrity == "ok" ? header.message : header.message + "; " + report.integrity;
    if (report.rollback_pending && !report.sound()) {
        // Is the journal the file's own? A file that is sound without it has a stranger's beside it.
        detail::ScratchCopy alone(path, false);
        CheckReport without;
        without.path = path;
        examine_with_sqlite(alone.file(), path, without);
        if (without.sound()) {
            without.rollback_pending = true;
            without.foreign_journal = true;
            without.journal_problem = findings(report);
            return without;
        }
    }
    if (report.integrity != "ok" || !report.unchecked.empty()) {
        std::vector<std::string> problems;
        report.salvage = detail::salvage_words(detail::salvage_file(scratch.file(), &problems));
    }
    return report;
}

} // namespace umpire::store
