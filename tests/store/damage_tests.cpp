// Damage SQLite cannot see: a changed byte inside a row, a journal row lost, a rollback journal
// from another battle. Opening checks what costs the same at any journal length (the state and
// the journal's last row); each row is checked when it is read; verify_journal checks every row
// (the desk runs it when it opens a battle, `umpire check` too). A damaged file turns read-only
// and says what is damaged; check reports it in full; recover rebuilds a battle from what is
// intact.
#include "store/battle_file.h"

#include "battle_diff.h"
#include "damaged_set.h"
#include "recording_vfs.h"
#include "store/inspect.h"
#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

#include <random>

#include <unistd.h>
#include <set>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::StoreError;

namespace {

// Five entries: hits on the Gordons (unit 2) and the Ghazis (unit 3), an undo and a redo.
std::string make_battle(const TempDir& dir, const std::string& name = "battle.umpire") {
    const std::string path = dir.file(name);
    BattleFile f = BattleFile::create(path, sample_battle());
    f.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(f.battle(), 2, 1));
    f.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(f.battle(), 3, 2));
    f.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(f.battle(), 2, 3));
    f.undo();
    f.redo();
    return path;
}

void sql(const std::string& path, const std::string& statement) {
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec(statement);
}

} // namespace

TEST_CASE("a journal entry changed behind SQLite's back is found on opening, and the file turns read-only, saying which") {
    TempDir dir;
    const std::string path = make_battle(dir);
    sql(path, "UPDATE journal SET summary = '9 hits on unit 3' WHERE id = 2");
    BattleFile file = BattleFile::open(path);
    CHECK(file.read_only());  // opening checks every row
    CHECK_THAT(file.damage(), Catch::Contains("journal entry 2 is damaged"));
    // The line of the forged entry is marked, never shown as if sound.
    const auto lines = file.journal_lines();
    REQUIRE(lines.size() == 5);
    CHECK(lines[1].damaged);
    CHECK_FALSE(lines[0].damaged);
    CHECK_THAT(file.damage(), Catch::Contains("journal entry 2 is damaged"));
    CHECK(file.battle().unit(2)->figures == 12);  // what it holds is still shown
    CHECK(file.journal().size() == 4);             // a damaged file shows what still reads
    const auto before = snapshot(dir.path());
    CHECK_THROWS_WITH(file.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(file.battle(), 2, 1)),
                      Catch::Contains("is damaged") && Catch::Contains("read-only") && Catch::Contains("nothing was changed"));
    CHECK_THROWS_WITH(file.undo(), Catch::Contains("read-only"));
    CHECK(snapshot(dir.path()) == before);

    const store::CheckReport report = store::check_file(path);
    CHECK_FALSE(report.sound());
    CHECK(report.integrity == "ok");  // SQLite sees nothing wrong
    CHECK_THAT(report.checksums, Catch::Contains("journal entry 2"));
    CHECK(snapshot(dir.path()) == before);  // check changes nothing
}

TEST_CASE("the journal's last entry changed behind SQLite's back is found on opening, and a damaged entry when it is read") {
    TempDir dir;
    const std::string path = make_battle(dir);
    SECTION("the last entry: opening checks it") {
        sql(path, "UPDATE journal SET summary = 'Redo: nothing' WHERE id = 5");
        BattleFile file = BattleFile::open(path);
        CHECK(file.read_only());
        CHECK_THAT(file.damage(), Catch::Contains("journal entry 5 is damaged"));
    }
    SECTION("the action an undo reads, in a file whose whole check was put off: refused, and the file turns read-only") {
        sql(path, "UPDATE journal SET effects_json = replace(effects_json, '15', '14') WHERE id = 3");
        store::OpenOptions later;
        later.defer_verification = true;
        BattleFile file = BattleFile::open(path, later);
        REQUIRE_FALSE(file.read_only());
        const auto before = snapshot(dir.path());
        CHECK_THROWS_WITH(file.undo(), Catch::Contains("journal entry 3") && Catch::Contains("damaged"));
        CHECK(file.read_only());
        CHECK(file.battle().unit(2)->figures == 12);
        CHECK(snapshot(dir.path()) == before);
        CHECK_THROWS_WITH(file.entry(3), Catch::Contains("journal entry 3") && Catch::Contains("damaged"));
    }
}

TEST_CASE("a state row changed behind SQLite's back is found, and check says how it differs from the journal") {
    TempDir dir;
    const std::string path = make_battle(dir);
    sql(path, "UPDATE units SET figures = 3 WHERE id = 2");
    BattleFile file = BattleFile::open(path);
    CHECK(file.read_only());
    CHECK_THAT(file.damage(), Catch::Contains("state"));
    const store::CheckReport report = store::check_file(path);
    CHECK_THAT(report.replay, Catch::Contains("Gordon Highlanders") && Catch::Contains("figures: 3 stored, 12 from the journal"));

    // recover: the journal is the truth, so the rebuilt state has the Gordons at 12 again.
    const std::string rebuilt = dir.file("rebuilt.umpire");
    const store::RecoverReport r = store::recover_file(path, rebuilt);
    CHECK(r.kept == 5);
    CHECK(r.dropped.empty());
    BattleFile fixed = BattleFile::open(rebuilt);
    CHECK_FALSE(fixed.read_only());
    CHECK(fixed.battle().unit(2)->figures == 12);
    CHECK(fixed.journal().size() == 5);
    CHECK(store::check_file(rebuilt).sound());
    // The rebuilt battle carries on, undo history included.
    CHECK(fixed.can_undo());
    fixed.undo();
    CHECK(fixed.battle().unit(2)->figures == 15);
}

TEST_CASE("a unit's flags changed behind SQLite's back to a name that is no flag are found on opening, naming the unit") {
    TempDir dir;
    const std::string path = make_battle(dir);
    sql(path, "UPDATE units SET flags = 'fired !pinned shakn' WHERE id = 2");
    CHECK_THROWS_WITH(BattleFile::open(path), Catch::Contains("unit 2 has an unknown flag \"shakn\""));
    sql(path, "UPDATE units SET flags = 'fired  !pinned' WHERE id = 2");  // two spaces: an entry with no name
    CHECK_THROWS_WITH(BattleFile::open(path), Catch::Contains("unit 2 has an unknown flag \"\""));
    // A flag set that reads but is not the journal's (pinned, not fired) is damage to the state.
    sql(path, "UPDATE units SET flags = 'pinned' WHERE id = 2");
    BattleFile file = BattleFile::open(path);
    CHECK(file.read_only());
    CHECK_THAT(file.damage(), Catch::Contains("state"));
}

TEST_CASE("a lost journal row is found, and recover drops what depended on a damaged entry") {
    TempDir dir;
    const std::string path = make_battle(dir);
    {
        BattleFile f = BattleFile::open(path);
        REQUIRE(store::check_file(path).sound());
    }
    SECTION("a row deleted") {
        sql(path, "DELETE FROM journal WHERE id = 2");
        CHECK_THAT(BattleFile::open(path).verify_journal(), Catch::Contains("not the ones the file was written with"));
    }
    SECTION("the last rows cut off") {
        sql(path, "DELETE FROM journal WHERE id >= 4");
        CHECK_THAT(BattleFile::open(path).damage(), Catch::Contains("journal ends at entry 3") &&
                                                        Catch::Contains("last written with entry 5"));
    }
    SECTION("recover without a damaged action and its undo and redo") {
        sql(path, "UPDATE journal SET effects_json = replace(effects_json, '15', '14') WHERE id = 3");
        const std::string rebuilt = dir.file("rebuilt.umpire");
        const store::RecoverReport r = store::recover_file(path, rebuilt);
        CHECK(r.kept == 2);
        REQUIRE(r.dropped.size() == 3);
        CHECK_THAT(r.dropped[0], Catch::StartsWith("entry 3: damaged"));
        CHECK_THAT(r.dropped[1], Catch::StartsWith("entry 4: it undoes or redoes entry 3"));
        BattleFile fixed = BattleFile::open(rebuilt);
        CHECK(fixed.battle().unit(2)->figures == 15);
        CHECK(fixed.battle().unit(3)->figures == 10);
        CHECK(store::check_file(rebuilt).sound());
        CHECK_THROWS_WITH(store::recover_file(path, rebuilt), Catch::Contains("already exists"));
    }
}

TEST_CASE("bytes flipped at random: a file either opens sound, is found damaged and read-only, or is refused") {
    TempDir dir;
    const std::string path = make_battle(dir);
    const std::string bytes = read_bytes(path);
    std::mt19937 rng(18);
    int sound = 0, read_only = 0, refused = 0;
    for (int i = 0; i < 80; ++i) {
        std::string damaged = bytes;
        std::uniform_int_distribution<std::size_t> at(100, damaged.size() - 1);
        for (int k = 0; k < 3; ++k) damaged[at(rng)] ^= static_cast<char>(1 << (rng() % 8));
        const std::string copy = dir.file("flip" + std::to_string(i) + ".umpire");
        write_bytes(copy, damaged);
        INFO("flip " << i);
        try {
            BattleFile f = BattleFile::open(copy);
            f.verify_journal();  // as the desk does on opening
            if (f.read_only()) {
                ++read_only;
                CHECK_THROWS_AS(f.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(f.battle(), 2, 1)), StoreError);
            } else {
                // Opened for writing: then it truly is sound (the flips fell in unused space).
                ++sound;
                const store::CheckReport report = store::check_file(copy);
                INFO(report.integrity << " / " << report.checksums << " / " << report.replay);
                CHECK(report.sound());
                CHECK(battle_diff(f.battle(), BattleFile::open(path).battle()) == "");
            }
        } catch (const StoreError& e) {
            ++refused;
            INFO(e.what());
            CHECK(e.problem() == store::StoreProblem::BadFile);
        }
    }
    WARN("flipped files: " << sound << " sound, " << read_only << " read-only, " << refused << " refused");
    CHECK(read_only > 0);
}

TEST_CASE("a rollback journal from another battle beside the file is refused, not merged") {
    TempDir dir;
    const std::string kotal = make_battle(dir, "kotal.umpire");
    // Another battle, killed an instant before committing a write: its hot journal.
    const std::string modder = dir.file("modder.umpire");
    model::Battle other = sample_battle();
    other.name = "Modder River";
    for (auto& u : other.units) u.name += " (Modder)";
    BattleFile::create(modder, other);
    {
        RecordingVfs vfs;
        capture_before_commit(vfs, modder, dir.file("caught.umpire"));
        BattleFile m = BattleFile::open(modder);
        m.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(m.battle(), 3, 4));
    }
    std::filesystem::rename(dir.file("caught.umpire-journal"), kotal + "-journal");
    std::filesystem::remove(dir.file("caught.umpire"));
    const auto before = snapshot(dir.path());
    try {
        BattleFile::open(kotal);
        FAIL("opened with a foreign journal");
    } catch (const StoreError& e) {
        CHECK_THAT(std::string(e.what()), Catch::Contains("rollback journal") && Catch::Contains("another file") &&
                                              Catch::Contains("Nothing was changed"));
    }
    CHECK(snapshot(dir.path()) == before);
    // check gives the advice opening gives: the file is sound, the journal is a stranger's.
    const store::CheckReport report = store::check_file(kotal);
    CHECK(report.foreign_journal);
    CHECK_FALSE(report.sound());
    CHECK_FALSE(report.damaged());
    CHECK(report.integrity == "ok");
    CHECK_FALSE(report.journal_problem.empty());
    // recover leaves the stranger's journal out and rebuilds the battle as it was last written.
    const store::RecoverReport rebuilt = store::recover_file(kotal, dir.file("rebuilt.umpire"));
    CHECK(rebuilt.kept == 5);
    CHECK_THAT(rebuilt.notes.front(), Catch::Contains("rollback journal beside it was left out"));
    CHECK(BattleFile::open(dir.file("rebuilt.umpire")).battle().name == sample_battle().name);
    std::filesystem::remove(dir.file("rebuilt.umpire"));
    CHECK(snapshot(dir.path()) == before);
    // Moved away, the battle opens as it was last written.
    std::filesystem::remove(kotal + "-journal");
    BattleFile file = BattleFile::open(kotal);
    CHECK_FALSE(file.read_only());
    CHECK(file.battle().name == sample_battle().name);
    CHECK(file.journal().size() == 5);
}

TEST_CASE("a read-only battle with an interrupted write's journal (a stick after a crash) is checked, shown and rebuilt elsewhere, never written") {
    TempDir dir;
    const std::string path = make_battle(dir);
    {
        RecordingVfs vfs;
        capture_before_commit(vfs, path, dir.file("caught.umpire"));
        BattleFile f = BattleFile::open(path);
        f.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(f.battle(), 3, 4));
    }
    std::filesystem::rename(dir.file("caught.umpire"), path);
    std::filesystem::rename(dir.file("caught.umpire-journal"), path + "-journal");
    TempDir out;
    namespace fs = std::filesystem;
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read, fs::perm_options::replace);
    const auto before = snapshot(dir.path());
    const store::CheckReport report = store::check_file(path);
    CHECK(report.rollback_pending);
    CHECK(report.sound());
    if (::access(path.c_str(), W_OK) != 0) {  // as root every file is writable: the look is not read-only then
        BattleFile file = BattleFile::open(path);
        CHECK(file.read_only());
        CHECK_THAT(file.read_only_reason(), Catch::Contains("read-only"));
        CHECK(file.journal().size() == 5);
        CHECK_THROWS_AS(file.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(file.battle(), 2, 1)), StoreError);
    }
    const store::RecoverReport r = store::recover_file(path, out.file("rebuilt.umpire"));
    CHECK(r.kept == 5);
    CHECK(snapshot(dir.path()) == before);
    CHECK(BattleFile::open(out.file("rebuilt.umpire")).battle().unit(3)->figures == 10);
    fs::permissions(path, fs::perms::owner_write, fs::perm_options::add);
}

TEST_CASE("the battle's own rollback journal is still rolled back: the unacknowledged write is gone") {
    TempDir dir;
    const std::string path = make_battle(dir);
    {
        RecordingVfs vfs;
        capture_before_commit(vfs, path, dir.file("caught.umpire"));
        BattleFile f = BattleFile::open(path);
        f.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(f.battle(), 3, 4));
    }
    std::filesystem::rename(dir.file("caught.umpire"), path);
    std::filesystem::rename(dir.file("caught.umpire-journal"), path + "-journal");
    const store::CheckReport report = store::check_file(path);
    CHECK(report.rollback_pending);
    CHECK(report.sound());
    BattleFile file = BattleFile::open(path);
    CHECK_FALSE(file.read_only());
    CHECK(file.journal().size() == 5);
    CHECK(file.battle().unit(3)->figures == 10);
}

TEST_CASE("a schema 2 file from an older Umpire is upgraded: its battle, journal and undo kept, checksums added") {
    TempDir dir;
    const std::string path = dir.file("old.umpire");
    std::filesystem::copy_file(UMPIRE_SOURCE_DIR "/tests/store/fixtures/schema2-kotal-pass.umpire", path);
    model::Battle before;
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        REQUIRE(db.execAndGet("PRAGMA user_version").getInt() == 2);
    }
    store::CheckReport old = store::check_file(path);
    CHECK(old.schema == 2);
    CHECK(old.sound());  // nothing to compare checksums with; the journal reverts cleanly
    {
        BattleFile file = BattleFile::open(path);
        CHECK_FALSE(file.read_only());
        CHECK(file.journal().size() == 14);
        CHECK(file.battle().units.size() == 14);  // the detachment of entry 14 included
        CHECK(file.battle().find_unit("Gordon Highlanders")->figures == 14);
        CHECK(file.battle().find_unit("Ghazis")->figures == 0);
        CHECK(file.battle().find_unit("1st Gurkha Rifles")->figures == 12);
        CHECK(file.can_undo());
        CHECK(file.can_redo() == false);
        before = file.battle();
    }
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("PRAGMA user_version").getInt() == store::kSchemaVersion);
    const store::CheckReport report = store::check_file(path);
    CHECK(report.sound());
    CHECK(report.note.empty());  // the origin was found by reverting, so replay is checked in full
    BattleFile again = BattleFile::open(path);
    CHECK(battle_diff(again.battle(), before) == "");
    again.undo();  // the detachment rejoins
    CHECK(again.battle().units.size() == 13);
    CHECK(store::check_file(path).sound());
}

TEST_CASE("the damaged set: no write on top of damage, nothing damaged shown as sound, recover brings back all SQLite reads") {
    TempDir dir;
    const std::string original = dir.file("original.umpire");
    {
        BattleFile f = BattleFile::create(original, sample_battle());
        for (int i = 0; i < 40; ++i) {
            const int unit = 2 + i % 2;
            const int figures = f.battle().unit(unit)->figures;
            // Figures go down and come back up, so the battle never runs out of them.
            const int after = figures > 4 ? figures - 1 : figures + 6;
            f.record({"casualties", unit, std::nullopt, {}, {}},
                     resolution_with("casualties", "turn of " + std::to_string(i), {unit_effect(unit, "figures", figures, after)}, {6}));
            if (i % 7 == 3) f.undo();
            if (i % 7 == 4) f.redo();
        }
    }
    const testing::Original rows = testing::read_original(original);
    REQUIRE(rows.rows.size() > 45);
    const auto write = [](BattleFile& f) {
        const int figures = f.battle().unit(2)->figures;
        f.record({"casualties", 2, std::nullopt, {}, {}},
                 resolution_with("casualties", "one more", {unit_effect(2, "figures", figures, figures + 1)}, {6}));
    };
    int damaged = 0, refused = 0, recovered = 0, sqlite_read = 0, copies = 0;
    std::set<std::string> kinds;
    for (const testing::DamagedCopy& copy : testing::make_damaged_set(original, 60, 29)) {
        // Damaged in place after it was checked whole and remembered (damaged_set.h).
        const std::string path = dir.file("copy.umpire"), memory = dir.file("verified-files");
        testing::damage_remembered_file(path, read_bytes(original), copy.bytes, memory);
        const testing::Verdict v = testing::examine_copy(path, rows, write, dir.path().string(), memory);
        INFO(copy.kind << ", " << copy.what);
        CHECK(v.problem == "");
        ++copies;
        kinds.insert(copy.kind);
        if (!v.damaged) continue;
        ++damaged;
        refused += !v.write_accepted;
        recovered += static_cast<int>(v.recovered);
        sqlite_read += static_cast<int>(v.sqlite_rows);
    }
    CHECK(kinds == std::set<std::string>{"flip", "truncation", "zeroed page"});
    CHECK(damaged > copies / 3);
    CHECK(refused == damaged);
    CHECK(recovered >= sqlite_read);
    WARN(copies << " damaged copies: check found " << damaged << ", every write on them refused; recover brought back "
                << recovered << " journal rows, SQLite reads " << sqlite_read);
}

TEST_CASE("who applied each entry (kept beside its row, as a copy from a server brings it) survives a recover") {
    TempDir dir;
    const std::string path = make_battle(dir);
    // Not covered by the row's checksum, as on a server: naming the umpires leaves the file sound.
    sql(path, "UPDATE journal SET umpire = CASE WHEN id % 2 = 1 THEN 'alice' ELSE 'bob' END");
    REQUIRE(store::check_file(path).sound());
    {
        BattleFile f = BattleFile::open(path);
        const auto journal = f.journal();
        REQUIRE(journal.size() == 5);
        CHECK(journal[0].umpire == "alice");
        CHECK(journal[1].umpire == "bob");
        const auto page = f.journal_page(0, 10, {});
        REQUIRE(page.size() == 5);
        CHECK(page[1].umpire == "bob");
        CHECK(f.verify_journal().empty());
    }
    // Entry 2 damaged: the file is read page by page, and the entries kept keep their umpires.
    sql(path, "UPDATE journal SET summary = 'changed' WHERE id = 2");
    const std::string rebuilt = dir.file("rebuilt.umpire");
    const store::RecoverReport r = store::recover_file(path, rebuilt);
    CHECK(r.kept == 4);
    BattleFile fixed = BattleFile::open(rebuilt);
    const auto kept = fixed.journal();
    REQUIRE(kept.size() == 4);
    CHECK(kept[0].umpire == "alice");
    CHECK(kept[1].umpire == "alice");  // entry 3
    CHECK(kept[2].umpire == "bob");    // entry 4
    CHECK(store::check_file(rebuilt).sound());
}
