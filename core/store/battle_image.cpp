// A whole battle as its store keeps it: read from and written to a battle file, and judged as
// `umpire check` judges a file, for any backend.
#include "store/battle_image.h"

#include "store/battle_file.h"
#include "store/checksum.h"
#include "store/disk.h"
#include "store/file_check.h"
#include "store/origin.h"
#include "store/schema.h"
#include "store/state.h"
#include "store/state_difference.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>

#include <filesystem>

namespace umpire::store::detail {

namespace fs = std::filesystem;

BattleImage read_file_image(const std::string& path) {
    {
        // Opened as any command opens it: an older file brought up to date, the whole of it checked.
        const BattleFile file = BattleFile::open(path);
        if (!file.damage().empty())
            throw StoreError(path + " is damaged (" + file.damage() + "), so nothing of it was copied; `umpire recover` "
                                    "rebuilds it from its intact journal entries");
    }
    BattleImage image;
    try {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        db.setBusyTimeout(5000);
        SQLite::Transaction moment(db);  // the state, the seal and the rows of one moment
        image.state = load_state(db);
        const std::optional<Seal> seal = read_seal(db, true);
        if (!seal || !seal->origin) throw StoreError(path + " keeps no starting state (written by an older Umpire), so it "
                                                            "cannot be copied row for row");
        image.seal = *seal;
        SQLite::Statement created(db, "SELECT value FROM meta WHERE key = 'created_at'");
        if (created.executeStep()) image.created_at = created.getColumn(0).getString();
        SQLite::Statement rows(db, std::string("SELECT ") + kJournalColumns + ", checksum, head, umpire FROM journal ORDER BY id");
        while (rows.executeStep()) {
            StoredEntry e;
            e.row = stored_from_statement(rows);
            e.checksum = rows.getColumn(kJournalColumnCount).getString();
            e.head = rows.getColumn(kJournalColumnCount + 1).getString();
            e.umpire = rows.getColumn(kJournalColumnCount + 2).getString();
            image.rows.push_back(std::move(e));
        }
        moment.commit();
    } catch (const SQLite::Exception& e) {
        sqlite_failure("read", path, e, false);
    }
    return image;
}

void write_file_image(const std::string& path, const BattleImage& image) {
    refuse_new_file_at(path, "battle");
    std::error_code ec;
    const std::string partial = create_fresh_beside(path);
    const auto discard = [&] {
        fs::remove(partial, ec);
        fs::remove(partial + "-journal", ec);
    };
    try {
        {
            SQLite::Database db(partial, SQLite::OPEN_READWRITE);
            configure_connection(db, 5000);
            SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
            create_schema(db);
            insert_state(db, image.state, image.created_at.empty() ? utc_now() : image.created_at);
            for (const StoredEntry& e : image.rows) insert_row(db, e.row, e.checksum, e.head, e.umpire);
            write_seal(db, image.seal);
            tx.commit();
        }
        sync_file(partial);
        check_battle_file(partial, 5000, true);  // the copy is a sound battle file, or it is not kept
    } catch (const SQLite::Exception& e) {
        discard();
        sqlite_failure("write", path, e, false);
    } catch (...) {
        discard();
        throw;
    }
    publish(partial, path);
}

BattleImage new_image(const model::Battle& battle) {
    if (const std::string bad = bad_text_damage(battle); !bad.empty()) throw TextNotUtf8(bad);
    BattleImage image;
    image.seal.battle_uid = random_uid();
    image.seal.origin = origin_text(battle);
    image.seal.origin_checksum = origin_checksum(image.seal.origin);
    image.seal.journal_head = image.seal.origin_checksum;  // the head of an empty journal
    image.seal.journal_last = 0;
    image.seal.state_checksum = state_checksum(battle);
    image.created_at = utc_now();
    image.state = battle;
    return image;
}

std::vector<JournalEntry> image_entries(const BattleImage& image) {
    std::vector<JournalEntry> entries;
    entries.reserve(image.rows.size());
    History history;
    for (const StoredEntry& e : image.rows) {
        entries.push_back(entry_from_stored(e.row));
        entries.back().umpire = e.umpire;
        history.add(entries.back().kind, entries.back().id, entries.back().refers_to);
    }
    with_references(entries);
    for (auto& e : entries) e.undone = e.kind == EntryKind::Action && history.is_undone(e.id);
    return entries;
}

CheckReport check_image(const std::string& shown, const BattleImage& image) {
    CheckReport report;
    report.path = shown;
    report.schema = kSchemaVersion;
    report.integrity = "ok";  // the server keeps its own pages; what is judged here is what they hold
    report.has_checksums = true;
    report.entries = static_cast<std::int64_t>(image.rows.size());
    JournalScan scan;
    scan.head = image.seal.origin_checksum;
    for (const StoredEntry& e : image.rows)
        scan_one(scan, e.row.id, row_checksum(e.row.cells()), e.checksum, e.head, e.row.kind);
    report.checksums = describe_damage(image.seal, scan, state_checksum(image.state));
    if (const std::string bad = bad_text_damage(image.state); !bad.empty())
        report.checksums += (report.checksums.empty() ? "" : "; ") + bad;
    report.checksums_checked = true;
    try {
        const model::Battle start = battle_from_json(nlohmann::json::parse(image.seal.origin.value_or("null")));
        const model::Battle replayed = replay_journal(start, image_entries(image));
        if (state_checksum(replayed) != state_checksum(image.state)) report.replay = state_difference(image.state, replayed);
    } catch (const std::exception& e) {
        report.replay = e.what();
    }
    report.replayed = true;
    return report;
}

} // namespace umpire::store::detail
