#include "damaged_set.h"

#include "store/checksum.h"
#include "store/inspect.h"
#include "store/journal.h"
#include "store/origin.h"
#include "store/page_salvage.h"
#include "store/seal.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

namespace umpire::testing {

namespace fs = std::filesystem;

namespace {

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string hex_byte(unsigned v) {
    const char* digits = "0123456789abcdef";
    return std::string("0x") + digits[(v >> 4) & 15] + digits[v & 15];
}

// The pages of each table and index (SQLite's dbstat), by name.
std::map<std::string, std::vector<std::int64_t>> pages_by_owner(const std::string& path) {
    std::map<std::string, std::vector<std::int64_t>> owners;
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement s(db, "SELECT name, pageno FROM dbstat ORDER BY name, pageno");
    while (s.executeStep()) owners[s.getColumn(0).getString()].push_back(s.getColumn(1).getInt64());
    return owners;
}

// A row read as the original wrote it, its stored checksum included: a row whose checksum (and
// head) are what was lost reads right by luck, and nothing in the file can tell it from a damaged
// one, so recover does not take it and neither does this count.
bool row_intact(SQLite::Statement& s, const Original& original) {
    const auto it = original.rows.find(s.getColumn(0).getInt64());
    return it != original.rows.end() && store::detail::row_checksum(store::detail::stored_cells(s)) == it->second &&
           store::detail::parse_hex64(s.getColumn(store::detail::kJournalColumnCount).getString()) == it->second;
}

// The journal rows of `db` equal to the original's.
std::int64_t rows_equal(SQLite::Database& db, const Original& original) {
    std::int64_t equal = 0;
    SQLite::Statement s(db, std::string("SELECT ") + store::detail::kJournalColumns + ", checksum FROM journal");
    while (s.executeStep())
        if (row_intact(s, original)) ++equal;
    return equal;
}

bool origin_equal(SQLite::Database& db, const Original& original) {
    SQLite::Statement s(db, "SELECT state FROM origin");
    return s.executeStep() && store::detail::origin_checksum(s.getColumn(0).getString()) == original.origin;
}

// What SQLite itself still reads: each original row asked for by its id, and the starting state.
void sqlite_reads(const std::string& path, const Original& original, Verdict& v, std::set<std::int64_t>& ids) {
    try {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        SQLite::Statement one(db, std::string("SELECT ") + store::detail::kJournalColumns + ", checksum FROM journal WHERE id = ?");
        for (const auto& entry : original.rows) {
            const std::int64_t id = entry.first;
            try {
                one.reset();
                one.bind(1, id);
                if (one.executeStep() && row_intact(one, original)) {
                    ++v.sqlite_rows;
                    ids.insert(id);
                }
            } catch (const std::exception&) {
            }
        }
        try {
            v.sqlite_origin = origin_equal(db, original);
        } catch (const std::exception&) {
        }
    } catch (const std::exception&) {
    }
}

bool shell_present() {
    static const bool present = std::system("command -v sqlite3 > /dev/null 2>&1") == 0;
    return present;
}

// The sqlite3 shell's .dump loaded into a new database (the statements it printed before an error
// kept, not rolled back), and the original rows found in it.
std::int64_t dump_rows(const std::string& path, const Original& original, const std::string& scratch) {
    const std::string loaded = scratch + "/dumped.db";
    fs::remove(loaded);
    const std::string command = "sqlite3 '" + path + "' .dump 2>/dev/null | sed 's/^ROLLBACK; -- due to errors$/COMMIT;/' | sqlite3 '" +
                                loaded + "' > /dev/null 2>&1";
    if (std::system(command.c_str()) == -1) return 0;
    try {
        SQLite::Database db(loaded, SQLite::OPEN_READONLY);
        return rows_equal(db, original);
    } catch (const std::exception&) {
        return 0;
    }
}

} // namespace

std::vector<DamagedCopy> make_damaged_set(const std::string& original, int copies, std::uint32_t seed) {
    const std::string bytes = bytes_of(original);
    const auto owners = pages_by_owner(original);
    std::vector<std::pair<std::string, std::vector<std::int64_t>>> tables(owners.begin(), owners.end());
    std::mt19937 rng(seed);
    std::vector<DamagedCopy> set;
    int zeroed = 0;
    for (int i = 0; i < copies; ++i) {
        DamagedCopy copy;
        copy.bytes = bytes;
        switch (i % 5) {
        case 3: {  // a page zeroed: each table's and index's in turn
            const auto& [name, pages] = tables[static_cast<std::size_t>(zeroed++) % tables.size()];
            const std::int64_t page = pages[rng() % pages.size()];
            const std::size_t at = static_cast<std::size_t>(page - 1) * 4096;
            for (std::size_t b = at; b < at + 4096 && b < copy.bytes.size(); ++b) copy.bytes[b] = '\0';
            copy.kind = "zeroed page";
            copy.what = "page " + std::to_string(page) + " (" + name + ")";
            break;
        }
        case 4: {  // cut short
            const std::size_t length = bytes.size() / 4 + rng() % (bytes.size() - bytes.size() / 4);
            copy.bytes.resize(length);
            copy.kind = "truncation";
            copy.what = "cut to " + std::to_string(length) + " of " + std::to_string(bytes.size()) + " bytes";
            break;
        }
        default: {  // a byte changed, anywhere
            const std::size_t at = rng() % bytes.size();
            const auto mask = static_cast<unsigned>(1 + rng() % 255);
            copy.bytes[at] = static_cast<char>(static_cast<unsigned char>(copy.bytes[at]) ^ mask);
            copy.kind = "flip";
            copy.what = "byte " + std::to_string(at) + " ^ " + hex_byte(mask);
            break;
        }
        }
        set.push_back(std::move(copy));
    }
    return set;
}

Original read_original(const std::string& path) {
    Original o;
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement s(db, std::string("SELECT ") + store::detail::kJournalColumns + " FROM journal");
    while (s.executeStep()) o.rows[s.getColumn(0).getInt64()] = store::detail::row_checksum(store::detail::stored_cells(s));
    SQLite::Statement origin(db, "SELECT state FROM origin");
    if (origin.executeStep()) o.origin = store::detail::origin_checksum(origin.getColumn(0).getString());
    return o;
}

namespace {

std::int64_t mtime_ns(const std::string& path) {
    const auto t = fs::last_write_time(path).time_since_epoch();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(t).count();
}

void write_in_place(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::in | std::ios::out | std::ios::trunc);  // the same inode
    out << bytes;
    if (!out) throw std::runtime_error("cannot write " + path);
}

} // namespace

void damage_remembered_file(const std::string& path, const std::string& sound, const std::string& damaged,
                            const std::string& verified_files) {
    { std::ofstream(path, std::ios::binary | std::ios::app); }  // there, to be written in place
    write_in_place(path, sound);
    {
        store::OpenOptions options;
        options.verified_files = verified_files;
        store::BattleFile remembered = store::BattleFile::open(path, options);
        if (!remembered.damage().empty()) throw std::runtime_error("the sound battle opened as damaged");
    }
    // Damage written in the timestamp tick of the last write keeps the file's times (the trade-off
    // the README's design notes state); damage comes later than that.
    const std::int64_t written = mtime_ns(path);
    const std::string probe = path + ".clock";
    do {
        std::ofstream(probe, std::ios::binary | std::ios::trunc) << "x";
    } while (mtime_ns(probe) <= written);
    fs::remove(probe);
    write_in_place(path, damaged);
}

Verdict examine_copy(const std::string& path, const Original& original,
                     const std::function<void(store::BattleFile&)>& write, const std::string& scratch,
                     const std::string& verified_files) {
    Verdict v;
    const std::string untouched = scratch + "/untouched.umpire";
    fs::remove(untouched);
    fs::copy_file(path, untouched);  // the copy as damaged, before anything opens it
    std::string found;
    try {
        const store::CheckReport r = store::check_file(path);
        v.damaged = !r.sound();
        found = r.integrity + " / " + r.checksums + " / " + r.replay + " / " + r.unchecked;
    } catch (const store::StoreError& e) {
        v.damaged = true;  // not a battle file any more
        found = e.what();
    }
    auto broken = [&](const std::string& what) {
        if (v.problem.empty()) v.problem = what + " (check: " + found + ")";
    };
    // As the desk opens it (the whole check put off, done before any write) and as a command does.
    for (const bool deferred : {true, false}) {
        try {
            store::OpenOptions options;
            options.defer_verification = deferred;
            options.verified_files = verified_files;
            store::BattleFile file = store::BattleFile::open(path, options);
            v.opened = true;
            if (deferred) file.verify_journal();
            v.shown_as_sound = v.shown_as_sound || !file.read_only();
            if (!file.read_only() && v.damaged) broken("opened as sound where check finds damage");
            for (const store::JournalLine& l : file.journal_lines())
                if (l.damaged && !file.read_only()) broken("a damaged journal line in a file open for writing");
            try {
                write(file);
                v.write_accepted = true;
                if (v.damaged) broken("a write was accepted on top of the damage");
            } catch (const store::StoreError&) {
            }
        } catch (const store::StoreError&) {
        }
    }
    if (v.damaged) {
        std::set<std::int64_t> recovered_ids, sqlite_ids;
        try {
            const store::detail::Salvaged s = store::detail::salvage_file(untouched);
            for (const auto& e : s.entries)
                if (original.rows.count(e.id)) {
                    ++v.recovered;
                    recovered_ids.insert(e.id);
                }
            v.recovered_origin = s.origin && store::detail::origin_checksum(store::detail::origin_text(*s.origin)) == original.origin;
            const std::string rebuilt = scratch + "/rebuilt.umpire";
            fs::remove(rebuilt);
            v.kept = store::recover_file(untouched, rebuilt).kept;
            SQLite::Database db(rebuilt, SQLite::OPEN_READONLY);
            if (rows_equal(db, original) != v.kept) broken("recover wrote rows that are not the original's");
        } catch (const store::StoreError&) {
        }
        sqlite_reads(untouched, original, v, sqlite_ids);
        if (shell_present()) v.dump_rows = dump_rows(untouched, original, scratch);
        for (std::int64_t id : sqlite_ids)
            if (!recovered_ids.count(id)) {
                broken("SQLite reads journal row " + std::to_string(id) + ", recover does not bring it back");
                break;
            }
        if (v.dump_rows && *v.dump_rows > v.recovered) broken("the sqlite3 shell's .dump reads more journal rows than recover");
        if (v.sqlite_origin && !v.recovered_origin) broken("SQLite reads the starting state, recover does not");
    }
    return v;
}

} // namespace umpire::testing
