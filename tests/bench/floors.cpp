// bench_floors: the floors of the command line's figures, each a bare process doing only the part
// of a command's work that cannot be avoided, so that a figure is read as "N times what it must
// cost" (big_battle_bench runs each beside the command it is the floor of):
//
//   bench_floors start                  a C++ process that starts, prints a line and exits
//   bench_floors commit FILE            opens FILE and commits one row in its table bench_floor,
//                                       with the battle file's durability (store/schema.h)
//   bench_floors prepare FILE           creates that table (before the timing)
//   bench_floors read FILE              opens FILE and reads the rows a battle's state is (every
//                                       column of every row `umpire show` reads), building nothing
//   bench_floors insert ROWS OUT        creates OUT with the battle file's schema and inserts the
//                                       rows listed in ROWS (write_rows: what `umpire new` inserts)
//   bench_floors_toml insert ROWS OUT ROSTER
//                                       the same after parsing the roster file ROSTER with toml++
//                                       (the library `umpire new` reads it with), keeping the parsed
//                                       document to the end as a program that reads, then writes would
//
// It links SQLite and the store's schema and nothing else of Umpire, as a program written for the
// one job would. bench_floors_toml is the same program built with toml++ too
// (UMPIRE_FLOORS_WITH_TOML), so that the other floors, the bare start above all, load no library
// they do not use.
#include "store/schema.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#ifdef UMPIRE_FLOORS_WITH_TOML
#include <toml++/toml.h>
#endif

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr int kBusyTimeoutMs = 5000;

SQLite::Database open_battle(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    umpire::store::detail::configure_connection(db, kBusyTimeoutMs);
    return db;
}

int commit(const std::string& path) {
    SQLite::Database db = open_battle(path);
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement insert(db, "INSERT INTO bench_floor (v) VALUES (?)");
    insert.bind(1, "one row");
    insert.exec();
    tx.commit();
    return 0;
}

int prepare(const std::string& path) {
    SQLite::Database db = open_battle(path);
    db.exec("CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, v TEXT)");
    return 0;
}

// Every column of every row of the state's tables, read in one read transaction as a battle is.
int read(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    db.setBusyTimeout(kBusyTimeoutMs);
    SQLite::Transaction snapshot(db, SQLite::TransactionBehavior::DEFERRED);
    std::uint64_t seen = 0;
    for (const char* query : {"SELECT key, value FROM meta", "SELECT id, name, colour FROM sides ORDER BY position",
                              "SELECT id, name, side, is_general, attached_unit, status FROM commanders ORDER BY position",
                              "SELECT id, name, side, commander, troop_type, quality, weapon, formed, start_figures,"
                              " figures, hits, hit_capacity, flags FROM units ORDER BY position",
                              "SELECT unit, key, value FROM unit_counters",
                              "SELECT scope, owner, key, value FROM counters", "SELECT key, value FROM texts",
                              "SELECT unit, key, value FROM unit_traits"}) {
        SQLite::Statement rows(db, query);
        while (rows.executeStep())
            for (int c = 0; c < rows.getColumnCount(); ++c) {
                const SQLite::Column column = rows.getColumn(c);
                seen += column.isInteger() ? static_cast<std::uint64_t>(column.getInt64()) : column.getString().size();
            }
    }
    snapshot.commit();
    std::cout << seen << "\n";
    return 0;
}

// ROWS: for each table a line "TABLE name types" (one letter a column: i integer, t text), then its
// rows, one a line, the values separated by tabs; \N is NULL.
int insert(const std::string& rows_path, const std::string& out, const std::string& roster) {
#ifdef UMPIRE_FLOORS_WITH_TOML
    toml::table parsed;
    if (!roster.empty()) parsed = toml::parse_file(roster);
    const bool read_roster = !parsed.empty();
#else
    if (!roster.empty()) throw std::runtime_error("built without toml++: bench_floors_toml reads a roster");
    const bool read_roster = false;
#endif
    std::ifstream rows(rows_path);
    if (!rows) throw std::runtime_error("cannot read " + rows_path);
    SQLite::Database db(out, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    umpire::store::detail::configure_connection(db, kBusyTimeoutMs);
    SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
    umpire::store::detail::create_schema(db);
    std::unique_ptr<SQLite::Statement> statement;
    std::string types, line;
    while (std::getline(rows, line)) {
        if (line.rfind("TABLE ", 0) == 0) {
            const std::size_t space = line.find(' ', 6);
            types = line.substr(space + 1);
            std::string sql = "INSERT INTO " + line.substr(6, space - 6) + " VALUES (";
            for (std::size_t i = 0; i < types.size(); ++i) sql += i ? ", ?" : "?";
            statement = std::make_unique<SQLite::Statement>(db, sql + ")");
            continue;
        }
        std::size_t start = 0;
        for (std::size_t i = 0; i < types.size(); ++i) {
            const std::size_t tab = line.find('\t', start);
            const std::string value = line.substr(start, tab == std::string::npos ? std::string::npos : tab - start);
            const int index = static_cast<int>(i) + 1;
            if (value == "\\N") statement->bind(index);
            else if (types[i] == 'i') statement->bind(index, static_cast<std::int64_t>(std::stoll(value)));
            else statement->bind(index, value);
            start = tab + 1;
        }
        statement->exec();
        statement->reset();
    }
    statement.reset();
    tx.commit();
    return read_roster == !roster.empty() ? 0 : 1;  // a roster given was read
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (args.size() == 1 && args[0] == "start") {
            std::cout << "bench_floors\n";
            return 0;
        }
        if (args.size() == 2 && args[0] == "commit") return commit(args[1]);
        if (args.size() == 2 && args[0] == "prepare") return prepare(args[1]);
        if (args.size() == 2 && args[0] == "read") return read(args[1]);
        if (args.size() == 3 && args[0] == "insert") return insert(args[1], args[2], "");
        if (args.size() == 4 && args[0] == "insert") return insert(args[1], args[2], args[3]);
    } catch (const std::exception& e) {
        std::cerr << "bench_floors: " << e.what() << "\n";
        return 1;
    }
    std::cerr << "usage: bench_floors start | commit FILE | prepare FILE | read FILE | insert ROWS OUT [ROSTER]\n";
    return 2;
}
