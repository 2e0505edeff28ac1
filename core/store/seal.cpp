#include "store/seal.h"

#include "store/battle_file.h"
#include "store/checksum.h"
#include "store/origin.h"

#include <SQLiteCpp/Statement.h>

#include <random>
#include <stdexcept>
#include <sstream>

namespace umpire::store::detail {

namespace {

void put(SQLite::Database& db, const char* key, const std::string& value) {
    SQLite::Statement s(db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
    s.bind(1, key);
    s.bind(2, value);
    s.exec();
}

std::string ids_text(const std::vector<std::int64_t>& ids) {
    std::ostringstream out;
    for (std::size_t i = 0; i < ids.size() && i < 10; ++i) out << (i ? ", " : "") << ids[i];
    if (ids.size() > 10) out << " and " << ids.size() - 10 << " more";
    return out.str();
}

// Schema 6 keeps the starting state in a table of its own; files being upgraded from an older
// schema keep it in the meta table until the step to 6 moves it.
bool origin_table(SQLite::Database& db) { return db.tableExists("origin"); }

std::optional<std::string> read_origin(SQLite::Database& db) {
    SQLite::Statement s(db, origin_table(db) ? "SELECT state FROM origin" : "SELECT value FROM meta WHERE key = 'origin'");
    if (!s.executeStep()) return std::nullopt;
    return s.getColumn(0).getString();
}

void write_origin(SQLite::Database& db, const std::optional<std::string>& origin) {
    if (origin_table(db)) {
        db.exec("DELETE FROM origin");
        if (!origin) return;
        SQLite::Statement s(db, "INSERT INTO origin(id, state) VALUES (1, ?)");
        s.bind(1, *origin);
        s.exec();
    } else if (origin) {
        put(db, "origin", *origin);
    } else {
        db.exec("DELETE FROM meta WHERE key = 'origin'");
    }
}

} // namespace

std::uint64_t origin_checksum(const std::optional<std::string>& origin) {
    if (!origin) return row_checksum({std::monostate{}});
    return row_checksum({std::string_view(*origin)});
}

std::optional<Seal> read_seal(SQLite::Database& db, bool with_origin) {
    SQLite::Statement s(db, "SELECT key, value FROM meta WHERE key IN ('battle_uid', 'origin_checksum', 'journal_head',"
                            " 'journal_last', 'state_checksum')");
    Seal seal;
    int found = 0;
    while (s.executeStep()) {
        const std::string key = s.getColumn(0).getString();
        const SQLite::Column value = s.getColumn(1);
        ++found;
        if (key == "battle_uid") seal.battle_uid = value.getString();
        else if (key == "origin_checksum") seal.origin_checksum = parse_hex64(value.getString()).value_or(0);
        else if (key == "journal_head") seal.journal_head = parse_hex64(value.getString()).value_or(0);
        else if (key == "journal_last") seal.journal_last = value.isInteger() ? value.getInt64() : -1;
        else if (key == "state_checksum") seal.state_checksum = parse_hex64(value.getString()).value_or(0);
    }
    if (found == 0) return std::nullopt;
    if (with_origin) seal.origin = read_origin(db);
    return seal;
}

void write_seal(SQLite::Database& db, const Seal& seal) {
    put(db, "battle_uid", seal.battle_uid);
    write_origin(db, seal.origin);
    put(db, "origin_checksum", hex64(seal.origin_checksum));
    update_seal(db, seal.journal_head, seal.journal_last, seal.state_checksum);
}

void update_seal(SQLite::Database& db, std::uint64_t head, std::int64_t last, std::uint64_t state) {
    put(db, "journal_head", hex64(head));
    SQLite::Statement s(db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('journal_last', ?)");
    s.bind(1, last);
    s.exec();
    put(db, "state_checksum", hex64(state));
}

std::string describe_damage(const std::optional<Seal>& seal, const JournalScan& scan,
                            std::uint64_t state_checksum) {
    if (!seal) return "its checksums are missing";
    std::string out;
    auto add = [&](const std::string& what) { out += (out.empty() ? "" : "; ") + what; };
    if (!scan.damaged.empty())
        add(std::string(scan.damaged.size() == 1 ? "journal entry " : "journal entries ") +
            ids_text(scan.damaged) + (scan.damaged.size() == 1 ? " is" : " are") +
            " damaged (the checksum does not match what is stored)");
    if (!scan.unreadable_kind.empty())
        add("journal entries of no known kind: " + ids_text(scan.unreadable_kind));
    if (seal->origin && origin_checksum(seal->origin) != seal->origin_checksum)
        add("the battle's starting state is damaged");
    if (scan.last != seal->journal_last)
        add("the journal ends at entry " + std::to_string(scan.last) + " but the file was last written with entry " +
            std::to_string(seal->journal_last) + " (entries are missing or were added by something else)");
    else if ((scan.head != seal->journal_head || !scan.out_of_chain.empty()) && scan.damaged.empty())
        add("the journal's entries are not the ones the file was written with (entries missing, moved or replaced)");
    if (state_checksum != seal->state_checksum)
        add("the battle's state (sides, commanders, units, counters) does not match its checksum");
    return out;
}

model::Battle revert_journal(model::Battle state, const std::vector<JournalEntry>& journal) {
    for (auto it = journal.rbegin(); it != journal.rend(); ++it) {
        try {
            if (it->kind == EntryKind::Undo)
                state.apply(it->effects);
            else
                state.revert(it->effects);
        } catch (const std::exception& e) {
            throw std::runtime_error("journal entry " + std::to_string(it->id) + " does not revert: " + e.what());
        }
    }
    return state;
}

Seal seal_file(SQLite::Database& db, const model::Battle& state, const std::optional<model::Battle>& origin,
               std::string* note, const std::set<std::int64_t>& damaged, bool keep_bad_text) {
    Seal seal;
    if (const auto kept = read_seal(db); kept && !kept->battle_uid.empty()) seal.battle_uid = kept->battle_uid;
    if (seal.battle_uid.empty()) seal.battle_uid = random_uid();
    std::optional<model::Battle> start = origin;
    if (!start) {
        try {
            if (!damaged.empty()) throw std::runtime_error("journal entries are damaged: " + ids_text({damaged.begin(), damaged.end()}));
            start = revert_journal(state, read_entries(db, false, false));
        } catch (const std::exception& e) {
            if (note) *note = e.what();
        }
    }
    if (start) {
        if (const std::string bad = not_utf8_text(*start); !bad.empty()) {
            const std::string what = bad + " is not UTF-8 text";
            if (!keep_bad_text) throw TextNotUtf8(bad_text_damage(*start));
            if (note) *note = "no starting state can be kept: " + what;
            start.reset();
        }
    }
    if (start) seal.origin = origin_text(*start);
    seal.origin_checksum = origin_checksum(seal.origin);
    // Every row's checksum and the head through it, written into the row.
    std::uint64_t head = seal.origin_checksum;
    std::int64_t last = 0;
    {
        SQLite::Statement rows(db, std::string("SELECT ") + kJournalColumns + " FROM journal ORDER BY id");
        SQLite::Statement set(db, "UPDATE journal SET checksum = ?, head = ? WHERE id = ?");
        std::vector<std::pair<std::int64_t, std::uint64_t>> sums;
        while (rows.executeStep()) sums.emplace_back(rows.getColumn(0).getInt64(), row_checksum(stored_cells(rows)));
        for (const auto& [id, sum] : sums) {
            const bool bad = damaged.count(id) > 0;
            head = fold_head(head, bad ? 0 : sum);
            set.bind(1, bad ? std::string() : hex64(sum));
            set.bind(2, hex64(head));
            set.bind(3, id);
            set.exec();
            set.reset();
            last = id;
        }
    }
    seal.journal_head = head;
    seal.journal_last = last;
    seal.state_checksum = state_checksum(state);
    write_seal(db, seal);
    return seal;
}

std::string random_uid() {
    // Opened once per thread: opening it (its device or its checks of the processor) for every
    // uid was a tenth of a server write's CPU, and each write takes one.
    thread_local std::random_device entropy;
    return hex64((static_cast<std::uint64_t>(entropy()) << 32) ^ entropy()) +
           hex64((static_cast<std::uint64_t>(entropy()) << 32) ^ entropy());
}

} // namespace umpire::store::detail
