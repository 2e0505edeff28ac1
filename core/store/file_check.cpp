// Deciding whether a path is a battle file before anything may write to it.
//
// Two stages. First the 100-byte SQLite header is read as plain bytes: that identifies empty
// files, text files, truncated files, other applications' databases and newer schemas without
// SQLite touching the file at all (so no hot journal of a foreign file is ever rolled back).
// Then a read-only connection reads the schema (read-only, so it cannot create a journal beside
// the file or change it): enough to find an interrupted write to roll back. Opening does not run
// quick_check over the whole file, whose cost grows with the journal: a damaged page is found
// when it is read, and `umpire check` runs SQLite's full integrity check.
#include "store/file_check.h"

#include "store/battle_file.h"

#include <SQLiteCpp/Exception.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>

namespace umpire::store::detail {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kHeaderSize = 100;
constexpr char kMagic[] = "SQLite format 3";  // 16 bytes with its NUL

std::uint32_t big_endian(const std::array<unsigned char, kHeaderSize>& h, std::size_t at,
                         std::size_t bytes) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < bytes; ++i) v = (v << 8) | h[at + i];
    return v;
}

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", static_cast<unsigned>(v));
    return buf;
}

[[noreturn]] void not_ours(const std::string& path, const std::string& why) {
    throw StoreError(path + " is not an Umpire battle file (" + why + ")");
}

} // namespace

namespace {

// What the identity fields of a header say: nothing when they are ours and this build reads them.
std::optional<HeaderFacts> identity_problem(const std::string& path, std::uint32_t application_id, std::uint32_t schema) {
    if (application_id != static_cast<std::uint32_t>(kApplicationId))
        return HeaderFacts{HeaderVerdict::NotOurs,
                           path + " is not an Umpire battle file (" +
                               (application_id == 0 ? std::string("a SQLite database of some other program, with no application id")
                                                    : "a SQLite database of another application, application_id " +
                                                          hex(application_id)) +
                               ")",
                           0};
    if (schema > static_cast<std::uint32_t>(kSchemaVersion))
        return HeaderFacts{HeaderVerdict::Newer,
                           path + " was written by a newer version of Umpire (schema " + std::to_string(schema) +
                               ", this build reads up to " + std::to_string(kSchemaVersion) + ")",
                           static_cast<int>(schema)};
    if (schema == 0)
        return HeaderFacts{HeaderVerdict::Unfinished,
                           path + " is an unfinished Umpire battle file (schema version 0): it was never completely created",
                           0};
    return std::nullopt;
}

} // namespace

void check_identity(const std::string& path, SQLite::Database& db) {
    if (const auto problem = identity_problem(path, static_cast<std::uint32_t>(db.execAndGet("PRAGMA application_id").getInt()),
                                              static_cast<std::uint32_t>(db.execAndGet("PRAGMA user_version").getInt())))
        throw StoreError(problem->message);
}

HeaderFacts examine_header(const std::string& path) {
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) return {HeaderVerdict::Missing, "cannot open " + path + ": no such file", 0};
    if (fs::is_directory(status)) return {HeaderVerdict::NotOurs, path + " is not an Umpire battle file (it is a directory)", 0};
    std::uintmax_t size = fs::file_size(path, ec);
    if (ec) return {HeaderVerdict::Unreadable, "cannot open " + path + ": " + ec.message(), 0};
    if (size == 0) return {HeaderVerdict::NotOurs, path + " is not an Umpire battle file (the file is empty)", 0};

    std::array<unsigned char, kHeaderSize> h{};
    std::ifstream in(path, std::ios::binary);
    if (!in) return {HeaderVerdict::Unreadable, "cannot open " + path + ": permission denied or unreadable", 0};
    in.read(reinterpret_cast<char*>(h.data()), static_cast<std::streamsize>(h.size()));
    if (static_cast<std::size_t>(in.gcount()) < kHeaderSize ||
        !std::equal(std::begin(kMagic), std::end(kMagic), h.begin(),
                    [](char a, unsigned char b) { return static_cast<unsigned char>(a) == b; }))
        return {HeaderVerdict::NotOurs, path + " is not an Umpire battle file (not a SQLite database)", 0};

    if (const auto problem = identity_problem(path, big_endian(h, 68, 4), big_endian(h, 60, 4))) return *problem;
    const int schema = static_cast<int>(big_endian(h, 60, 4));
    // SQLite always writes whole pages, so anything else was cut short by a copy or a download.
    std::uint32_t page_size = big_endian(h, 16, 2);
    if (page_size == 1) page_size = 65536;
    if (page_size < 512 || size < page_size || size % page_size != 0)
        return {HeaderVerdict::Truncated,
                path + " is damaged: the file is truncated (" + std::to_string(size) + " bytes is not a whole number of " +
                    std::to_string(page_size) + "-byte pages)",
                schema};
    return {HeaderVerdict::Ours, "", schema};
}

void check_header(const std::string& path) {
    const HeaderFacts facts = examine_header(path);
    if (facts.verdict != HeaderVerdict::Ours)
        throw StoreError(facts.message, facts.verdict == HeaderVerdict::Unreadable ? StoreProblem::Io : StoreProblem::BadFile);
}

std::string integrity_problems(SQLite::Database& db, bool full) {
    SQLite::Statement check(db, full ? "PRAGMA integrity_check(20)" : "PRAGMA quick_check(20)");
    std::string problems;
    while (check.executeStep()) {
        // One finding a line; a row may hold several, under a heading naming the database.
        std::istringstream lines(check.getColumn(0).getString());
        for (std::string line; std::getline(lines, line);) {
            if (line == "ok" || line.empty() || line.rfind("*** in database", 0) == 0) continue;
            problems += (problems.empty() ? "" : "; ") + line;
        }
    }
    return problems.empty() ? "ok" : problems;
}

std::string shorten(const std::string& findings, int count) {
    std::size_t at = 0;
    for (int i = 0; i < count; ++i) {
        at = findings.find("; ", at);
        if (at == std::string::npos) return findings;
        at += 2;
    }
    int more = 1;
    for (std::size_t next = at; (next = findings.find("; ", next)) != std::string::npos; next += 2) ++more;
    return findings.substr(0, at - 2) + " and " + std::to_string(more) + " more";
}

FileCheck check_battle_file(const std::string& path, int busy_timeout_ms, bool quick_check) {
    check_header(path);
    // Only a rollback journal beside the file makes a read-only look first worth its cost (a
    // connection and the schema read, a tenth of a command-line apply): with none, there is
    // nothing SQLite would roll back, and the header has been checked.
    std::error_code ec;
    if (!quick_check && !fs::exists(path + "-journal", ec) && !ec) return FileCheck::Ok;
    try {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        db.setBusyTimeout(busy_timeout_ms);
        db.execAndGet("SELECT count(*) FROM sqlite_schema");
        if (quick_check) {
            const std::string problems = integrity_problems(db, false);
            if (problems != "ok") throw StoreError(path + " is damaged: " + problems);
        }
        return FileCheck::Ok;
    } catch (const SQLite::Exception& e) {
        switch (e.getExtendedErrorCode()) {
        case SQLITE_READONLY_ROLLBACK: return FileCheck::NeedsRecovery;
        case SQLITE_NOTADB: not_ours(path, "not a SQLite database");
        default: break;
        }
        if (e.getErrorCode() == SQLITE_CORRUPT)
            throw StoreError(path + " is damaged: " + e.getErrorStr());
        sqlite_failure("open", path, e, false);
    }
}

void sqlite_failure(const std::string& doing, const std::string& path, const SQLite::Exception& e,
                    bool writing) {
    const std::string nothing = writing ? "; nothing was changed" : "";
    switch (e.getErrorCode() & 0xff) {  // the primary code, whether or not extended codes are on
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        throw StoreError(path + " is busy: another program kept it locked too long, so Umpire could not " +
                             doing + " it" + nothing + " (try again)",
                         StoreProblem::Busy);
    case SQLITE_FULL:
        throw StoreError("cannot " + doing + " " + path + ": the disk is full" + nothing, StoreProblem::Io);
    case SQLITE_IOERR:
        throw StoreError("cannot " + doing + " " + path + ": the disk reported an I/O error (" +
                             e.getErrorStr() + ")" + nothing,
                         StoreProblem::Io);
    case SQLITE_READONLY:
        if (e.getExtendedErrorCode() == SQLITE_READONLY_DBMOVED)
            throw StoreError("cannot " + doing + " " + path + ": the file was moved or replaced by another program while it "
                                 "was open (open it again)" + nothing,
                             StoreProblem::Changed);
        [[fallthrough]];
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
    case SQLITE_AUTH:
        throw StoreError("cannot " + doing + " " + path + ": " + e.getErrorStr() +
                             " (is the file or its folder read-only?)" + nothing,
                         StoreProblem::Io);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        throw StoreError(path + " is damaged: " + e.getErrorStr() + nothing);
    case SQLITE_ERROR:
    case SQLITE_MISMATCH:
    case SQLITE_SCHEMA:
        // A statement of ours that fails on a file that passed the checks: its tables are not
        // the ones Umpire wrote (a damaged schema text, say).
        throw StoreError(path + " is damaged: its tables are not what Umpire wrote (" + e.what() + ")" + nothing);
    default:
        throw StoreError("cannot " + doing + " " + path + ": " + e.what() + nothing, StoreProblem::Io);
    }
}

} // namespace umpire::store::detail
