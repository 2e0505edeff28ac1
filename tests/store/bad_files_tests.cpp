// Opening things that are not (usable) battle files: each is refused with a message naming the
// problem, and neither the file nor its directory is changed in any way.
#include "store/battle_file.h"

#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::StoreError;

namespace {

// A real battle file with one recorded action, closed, for the bad copies to be made from.
std::string make_real_battle(const TempDir& dir) {
    std::string path = dir.file("real.umpire");
    BattleFile f = BattleFile::create(path, sample_battle());
    f.record({"shoot", 2, 3, {}, {}},
             resolution_with("shoot", "1 hit", {unit_effect(3, "figures", 12, 11)}, {6}));
    return path;
}

void expect_refused(const TempDir& dir, const std::string& path, const std::string& message) {
    auto before = snapshot(dir.path());
    try {
        BattleFile::open(path);
        FAIL("opened " << path);
    } catch (const StoreError& e) {
        INFO(e.what());
        CHECK_THAT(std::string(e.what()), Catch::Contains(path));
        CHECK_THAT(std::string(e.what()), Catch::Contains(message));
    }
    CHECK(snapshot(dir.path()) == before);
}

} // namespace

TEST_CASE("a missing path") {
    TempDir dir;
    expect_refused(dir, dir.file("nowhere.umpire"), "no such file");
    CHECK(snapshot(dir.path()).empty());
}

TEST_CASE("an empty file") {
    TempDir dir;
    write_bytes(dir.file("empty.umpire"), "");
    expect_refused(dir, dir.file("empty.umpire"),
                   "is not an Umpire battle file (the file is empty)");
}

TEST_CASE("a text file") {
    TempDir dir;
    write_bytes(dir.file("notes.umpire"), "Kotal Pass, turn 3: Ghazis charge the Sikhs.\n");
    expect_refused(dir, dir.file("notes.umpire"),
                   "is not an Umpire battle file (not a SQLite database)");
    // Long enough to have a header, still not SQLite.
    write_bytes(dir.file("long.umpire"), std::string(8192, 'x'));
    expect_refused(dir, dir.file("long.umpire"), "(not a SQLite database)");
}

TEST_CASE("a truncated battle file") {
    TempDir dir;
    std::string real = make_real_battle(dir);
    write_bytes(dir.file("truncated.umpire"), read_bytes(real).substr(0, 1000));
    expect_refused(dir, dir.file("truncated.umpire"), "is damaged: the file is truncated");
}

TEST_CASE("a battle file with a damaged page") {
    TempDir dir;
    std::string real = make_real_battle(dir);
    std::string bytes = read_bytes(real);
    REQUIRE(bytes.size() >= 3 * 4096);
    // Scribble over the b-tree page headers of pages 2 and 3 (whole pages stay the same size).
    for (std::size_t page : {1u, 2u})
        for (std::size_t i = 0; i < 12; ++i) bytes[page * 4096 + i] = '\x7f';
    write_bytes(dir.file("damaged.umpire"), bytes);
    expect_refused(dir, dir.file("damaged.umpire"), "is damaged");
}

TEST_CASE("another application's SQLite file") {
    TempDir dir;
    {
        SQLite::Database other(dir.file("other.db"), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        other.exec("PRAGMA application_id = 305419896");  // 0x12345678
        other.exec("CREATE TABLE t(x); INSERT INTO t VALUES (1)");
    }
    expect_refused(dir, dir.file("other.db"),
                   "is not an Umpire battle file (a SQLite database of another application, "
                   "application_id 0x12345678)");
    {
        SQLite::Database plain(dir.file("plain.db"), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        plain.exec("CREATE TABLE t(x)");
    }
    expect_refused(dir, dir.file("plain.db"), "is not an Umpire battle file (a SQLite database of "
                                              "some other program, with no application id)");
}

TEST_CASE("a battle file from a newer Umpire") {
    TempDir dir;
    std::string real = make_real_battle(dir);
    {
        SQLite::Database db(real, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA user_version = 99");
    }
    expect_refused(dir, real,
                   "was written by a newer version of Umpire (schema 99, this build reads up to " + std::to_string(store::kSchemaVersion) + ")");
}

TEST_CASE("a directory") {
    TempDir dir;
    std::filesystem::create_directory(dir.file("folder.umpire"));
    expect_refused(dir, dir.file("folder.umpire"), "it is a directory");
}
