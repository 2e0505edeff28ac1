// Battle files written by older schemas are brought forward when opened: schema 3 (whole texts in
// every turn step, effects stored twice) to what changed kept once, schema 4 (the action, unit,
// target and summary repeated inside the JSON payloads) to payloads without them, schema 5 (the
// starting state in the meta table) to a table of its own; the same battle, journal and undo
// history either way, and damage found before still found after. The
// schema 3 fixture was written by the schema 3 Umpire: the Kotal Pass with the turn started
// (options, the wind, the card phase, cards drawn), casualties, a rally, a shot undone, an undo
// and redo, a card draw undone and a last casualty.
#include "store/battle_file.h"

#include "battle_diff.h"
#include "store/inspect.h"
#include "store/state.h"
#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::EntryKind;

namespace {

std::int64_t number(const std::string& path, const std::string& query) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    return db.execAndGet(query).getInt64();
}

int figures(const BattleFile& f, const char* name) { return f.battle().find_unit(name)->figures; }

// The fixture damaged three ways before it is opened (and upgraded): a row changed, a row lost, the
// state changed; each is still found after the upgrade rather than sealed over.
void damage_stays_after_upgrade(const std::string& fixture, int changed_row, int lost_row) {
    TempDir dir;
    const std::string path = dir.file("kotal.umpire");
    std::filesystem::copy_file(UMPIRE_SOURCE_DIR "/tests/store/fixtures/" + fixture, path);
    SECTION("a row") {
        SQLite::Database(path, SQLite::OPEN_READWRITE)
            .exec("UPDATE journal SET summary = 'nothing' WHERE id = " + std::to_string(changed_row));
        BattleFile file = BattleFile::open(path);
        CHECK_THAT(file.verify_journal(), Catch::Contains("journal entry " + std::to_string(changed_row) + " is damaged"));
    }
    SECTION("a lost row") {
        SQLite::Database(path, SQLite::OPEN_READWRITE).exec("DELETE FROM journal WHERE id = " + std::to_string(lost_row));
        BattleFile file = BattleFile::open(path);
        CHECK_THAT(file.verify_journal(), Catch::Contains("not the ones the file was written with"));
    }
    SECTION("the state") {
        SQLite::Database(path, SQLite::OPEN_READWRITE).exec("UPDATE units SET figures = 1 WHERE name = 'Ghazis'");
        CHECK_THAT(BattleFile::open(path).damage(), Catch::Contains("state"));
    }
}

} // namespace

TEST_CASE("a schema 3 file is upgraded on opening: its battle, journal and undo kept, what changed kept once") {
    TempDir dir;
    const std::string path = dir.file("kotal.umpire");
    std::filesystem::copy_file(UMPIRE_SOURCE_DIR "/tests/store/fixtures/schema3-kotal-pass.umpire", path);
    REQUIRE(number(path, "PRAGMA user_version") == 3);
    const std::int64_t payload_before =
        number(path, "SELECT sum(length(resolution_json) + length(effects_json)) FROM journal");
    CHECK(store::check_file(path).sound());  // checks an upgraded copy; the file stays as it is
    CHECK(number(path, "PRAGMA user_version") == 3);

    model::Battle upgraded;
    {
        BattleFile file = BattleFile::open(path);
        CHECK_FALSE(file.read_only());
        CHECK(file.verify_journal().empty());
        const auto journal = file.journal();
        REQUIRE(journal.size() == 17);
        CHECK(journal[14].action == "turn-draw");
        CHECK(journal[14].undone);
        CHECK(journal[15].kind == EntryKind::Undo);
        CHECK(journal[15].refers_to == 15);
        CHECK(journal[15].effects.size() == journal[14].effects.size());  // read from the action's row
        CHECK(figures(file, "2nd Sikhs") == 13);
        CHECK(figures(file, "Khyber Rifles") == 10);
        CHECK(figures(file, "Ghazis") == 7);
        CHECK(file.can_undo());
        CHECK_FALSE(file.can_redo());  // a new action after the undo ended the redo chain
        upgraded = file.battle();
    }
    CHECK(number(path, "PRAGMA user_version") == store::kSchemaVersion);
    // Effects once: none inside a resolution, none in an undo's or redo's row; the turn state's
    // changes as patches.
    CHECK(number(path, "SELECT count(*) FROM journal WHERE resolution_json LIKE '%\"effects\"%'") == 0);
    CHECK(number(path, "SELECT count(*) FROM journal WHERE kind != 'action' AND effects_json != '[]'") == 0);
    CHECK(number(path, "SELECT count(*) FROM journal WHERE action LIKE 'turn-%' AND effects_json LIKE '%text_patch%'") == 7);
    CHECK(number(path, "SELECT count(*) FROM journal WHERE effects_json LIKE '%text_after%'") == 1);  // the options: a new text
    const std::int64_t payload_after =
        number(path, "SELECT sum(length(resolution_json) + length(effects_json)) FROM journal");
    CHECK(payload_after * 2 < payload_before);
    CHECK(store::check_file(path).sound());

    // The history plays back and forth through the patches.
    BattleFile file = BattleFile::open(path);
    CHECK(battle_diff(file.battle(), upgraded) == "");
    REQUIRE(file.undo());  // the last casualties
    CHECK(figures(file, "Khyber Rifles") == 12);
    const std::string turn_before = file.battle().texts.at("turn");
    REQUIRE(file.undo());  // a card drawn: the turn state goes back by its patch
    CHECK(file.battle().texts.at("turn") != turn_before);
    REQUIRE(file.redo());
    CHECK(file.battle().texts.at("turn") == turn_before);
    REQUIRE(file.redo());
    CHECK(battle_diff(file.battle(), upgraded) == "");
    CHECK(store::check_file(path).sound());
}

TEST_CASE("a damaged schema 3 file stays damaged after the upgrade: the damage is not sealed over") {
    damage_stays_after_upgrade("schema3-kotal-pass.umpire", 4, 4);
}

// The schema 4 fixture is the schema 3 one upgraded and played on by the schema 4 Umpire: a
// casualty, its undo and redo, and another casualty (rows 18 to 21).
TEST_CASE("a schema 4 file is upgraded on opening: each entry reads back as it was, its payloads without what the columns hold") {
    TempDir dir;
    const std::string path = dir.file("kotal.umpire");
    std::filesystem::copy_file(UMPIRE_SOURCE_DIR "/tests/store/fixtures/schema4-kotal-pass.umpire", path);
    REQUIRE(number(path, "PRAGMA user_version") == 4);
    const std::int64_t payload_before =
        number(path, "SELECT sum(length(request_json) + length(resolution_json)) FROM journal");
    std::vector<std::pair<nlohmann::json, nlohmann::json>> stored;  // request, resolution of each row as schema 4 kept them
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        SQLite::Statement rows(db, "SELECT request_json, resolution_json FROM journal ORDER BY id");
        while (rows.executeStep())
            stored.emplace_back(nlohmann::json::parse(rows.getColumn(0).getString()),
                                nlohmann::json::parse(rows.getColumn(1).getString()));
    }
    REQUIRE(stored.size() == 21);
    CHECK(store::check_file(path).sound());

    model::Battle upgraded;
    {
        BattleFile file = BattleFile::open(path);
        CHECK_FALSE(file.read_only());
        CHECK(file.verify_journal().empty());
        const auto journal = file.journal();
        REQUIRE(journal.size() == stored.size());
        for (std::size_t i = 0; i < journal.size(); ++i) {
            INFO("journal entry " << journal[i].id);
            CHECK(journal[i].request == stored[i].first);
            nlohmann::json resolution = journal[i].resolution;
            if (resolution.is_object() && !stored[i].second.contains("follow_ups")) resolution.erase("follow_ups");
            CHECK(resolution == stored[i].second);
        }
        CHECK(journal[19].kind == EntryKind::Redo);
        CHECK(figures(file, "Ghazis") == 6);
        CHECK(figures(file, "2nd Sikhs") == 12);
        upgraded = file.battle();
    }
    CHECK(number(path, "PRAGMA user_version") == store::kSchemaVersion);
    CHECK(number(path, "SELECT count(*) FROM journal WHERE resolution_json LIKE '%\"action\"%'"
                       " OR request_json LIKE '%\"action\"%' OR resolution_json LIKE '%\"rolled\"%'") == 0);
    CHECK(number(path, "SELECT sum(length(request_json) + length(resolution_json)) FROM journal") * 10 <
          payload_before * 8);
    CHECK(store::check_file(path).sound());

    // The state is still rebuilt from the journal, and the history plays back and forth.
    BattleFile file = BattleFile::open(path);
    REQUIRE(file.undo());
    CHECK(figures(file, "2nd Sikhs") == 13);
    REQUIRE(file.undo());
    CHECK(figures(file, "Ghazis") == 7);
    REQUIRE(file.redo());
    REQUIRE(file.redo());
    CHECK(battle_diff(file.battle(), upgraded) == "");
    CHECK(store::check_file(path).sound());
}

TEST_CASE("a damaged schema 4 file stays damaged after the upgrade to 5") {
    damage_stays_after_upgrade("schema4-kotal-pass.umpire", 18, 21);
}

// The schema 5 fixture is the schema 4 one upgraded and played on by the schema 5 Umpire: a
// casualty, its undo and redo, and another casualty (rows 22 to 25). Schema 5 kept the starting
// state in the meta table, where every lookup of a meta key could read all of it.
TEST_CASE("a schema 5 file is upgraded on opening: its starting state moves to a table of its own, the same") {
    TempDir dir;
    const std::string path = dir.file("kotal.umpire");
    std::filesystem::copy_file(UMPIRE_SOURCE_DIR "/tests/store/fixtures/schema5-kotal-pass.umpire", path);
    REQUIRE(number(path, "PRAGMA user_version") == 5);
    std::string origin;
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        origin = db.execAndGet("SELECT value FROM meta WHERE key = 'origin'").getString();
    }
    REQUIRE(origin.find("Ghazis") != std::string::npos);

    model::Battle upgraded;
    {
        BattleFile file = BattleFile::open(path);
        CHECK_FALSE(file.read_only());
        CHECK(file.verify_journal().empty());
        REQUIRE(file.journal().size() == 25);
        CHECK(figures(file, "Afridi Swordsmen") == 14);
        CHECK(figures(file, "Pathan Horse") == 7);
        upgraded = file.battle();
    }
    CHECK(number(path, "PRAGMA user_version") == store::kSchemaVersion);
    CHECK(number(path, "SELECT count(*) FROM meta WHERE key = 'origin'") == 0);
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        CHECK(db.execAndGet("SELECT state FROM origin WHERE id = 1").getString() == origin);
    }
    CHECK(store::check_file(path).sound());

    BattleFile file = BattleFile::open(path);
    REQUIRE(file.undo());
    CHECK(figures(file, "Pathan Horse") == 8);
    REQUIRE(file.redo());
    CHECK(battle_diff(file.battle(), upgraded) == "");
    CHECK(store::check_file(path).sound());
}

TEST_CASE("a damaged schema 5 file stays damaged after the upgrade to 6") {
    damage_stays_after_upgrade("schema5-kotal-pass.umpire", 22, 23);
}

TEST_CASE("a starting state changed in its own table is found, as it was in the meta table") {
    TempDir dir;
    const std::string path = dir.file("kotal.umpire");
    std::filesystem::copy_file(UMPIRE_SOURCE_DIR "/tests/store/fixtures/schema5-kotal-pass.umpire", path);
    SECTION("changed before the upgrade") {
        SQLite::Database(path, SQLite::OPEN_READWRITE)
            .exec("UPDATE meta SET value = replace(value, 'Ghazis', 'Ghazix') WHERE key = 'origin'");
    }
    SECTION("changed after it") {
        BattleFile::open(path);
        SQLite::Database(path, SQLite::OPEN_READWRITE).exec("UPDATE origin SET state = replace(state, 'Ghazis', 'Ghazix')");
    }
    CHECK_THAT(BattleFile::open(path).verify_journal(), Catch::Contains("starting state is damaged"));
    CHECK_FALSE(store::check_file(path).sound());
}

TEST_CASE("a schema 2 file whose side name is not UTF-8 (a fuzz finding) is damaged: shown read-only from an upgraded copy, never upgraded in place") {
    // The fixture is the schema 2 Kotal Pass with the second side's name given a byte 0xFF: the
    // upgrade could not keep its starting state as JSON and threw a raw JSON error.
    TempDir dir;
    const std::string path = dir.file("bad-name.umpire");
    std::filesystem::copy_file(UMPIRE_SOURCE_DIR "/tests/store/fixtures/schema2-side-name-not-utf8.umpire", path);
    const auto before = snapshot(dir.path());
    {
        BattleFile file = BattleFile::open(path);
        CHECK(file.read_only());
        CHECK_THAT(file.damage(), Catch::Contains("the name of side 2 is not UTF-8 text"));
        CHECK(file.battle().units.size() == 14);  // the battle is still shown
        CHECK(file.journal().size() == 14);
        const int figures = file.battle().unit(2)->figures;
        CHECK_THROWS_AS(file.record({"casualties", 2, std::nullopt, {}, {}},
                                    resolution_with("casualties", "1 hit", {unit_effect(2, "figures", figures, figures - 1)})),
                        store::StoreError);
    }
    CHECK(snapshot(dir.path()) == before);  // not upgraded, not written
    CHECK(number(path, "PRAGMA user_version") == 2);

    const store::CheckReport report = store::check_file(path);
    CHECK_FALSE(report.sound());
    CHECK_THAT(report.checksums, Catch::Contains("the name of side 2 is not UTF-8 text"));
    try {
        store::recover_file(path, dir.file("rebuilt.umpire"));
        FAIL("rebuilt a battle whose text is not UTF-8");
    } catch (const store::StoreError& e) {
        CHECK(e.problem() == store::StoreProblem::BadFile);
        CHECK_THAT(std::string(e.what()), Catch::Contains("not UTF-8"));
    }
    CHECK(snapshot(dir.path()) == before);
}

// Schema 7 kept no umpire beside a journal row; schema 8 does (a battle copied from a server keeps
// who applied each entry). The upgrade adds the column: every entry says nobody, every checksum
// still holds (the umpire is not covered by it), and the file takes writes.
TEST_CASE("a schema 7 file is upgraded on opening: its entries name no umpire, and it checks sound") {
    TempDir dir;
    const std::string path = dir.file("seven.umpire");
    {
        BattleFile file = BattleFile::create(path, sample_battle());
        file.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(file.battle(), 2, 1));
        file.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(file.battle(), 3, 2));
    }
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("ALTER TABLE journal DROP COLUMN umpire");
        db.exec("PRAGMA user_version = 7");
    }
    {
        BattleFile file = BattleFile::open(path);
        CHECK_FALSE(file.read_only());
        CHECK(file.verify_journal().empty());
        const auto journal = file.journal();
        REQUIRE(journal.size() == 2);
        CHECK(journal[0].umpire.empty());
        CHECK(journal[1].umpire.empty());
        file.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(file.battle(), 2, 1));
    }
    CHECK(number(path, "PRAGMA user_version") == store::kSchemaVersion);
    CHECK(number(path, "SELECT count(*) FROM journal WHERE umpire = ''") == 3);
    CHECK(store::check_file(path).sound());
}

TEST_CASE("a schema 8 file is upgraded on opening: its units' flags move into their rows, false ones kept, and it checks sound") {
    TempDir dir;
    const std::string path = dir.file("eight.umpire");
    model::Battle before;
    {
        BattleFile file = BattleFile::create(path, sample_battle());
        file.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(file.battle(), 2, 1));
        before = file.battle();
    }
    {
        // Back to schema 8: the flags in a table of their own, as that version kept them.
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("CREATE TABLE unit_flags (unit INTEGER NOT NULL REFERENCES units(id), flag TEXT NOT NULL,"
                " value INTEGER NOT NULL CHECK (value IN (0, 1)), PRIMARY KEY (unit, flag)) WITHOUT ROWID");
        SQLite::Statement units(db, "SELECT id, flags FROM units WHERE flags != ''");
        int kept = 0;
        while (units.executeStep()) {
            model::Unit u;
            u.id = units.getColumn(0).getInt();
            store::detail::read_flags_column(units.getColumn(1).getString(), u);
            for (const auto& [flag, on] : u.flags) {
                SQLite::Statement row(db, "INSERT INTO unit_flags VALUES (?, ?, ?)");
                row.bind(1, u.id);
                row.bind(2, std::string(model::flag_id(flag)));
                row.bind(3, on ? 1 : 0);
                row.exec();
                ++kept;
            }
        }
        REQUIRE(kept == 2);  // the Gordons: fired, and not pinned
        db.exec("ALTER TABLE units DROP COLUMN flags");
        db.exec("PRAGMA user_version = 8");
    }
    {
        BattleFile file = BattleFile::open(path);
        CHECK_FALSE(file.read_only());
        CHECK(file.damage().empty());
        for (const model::Unit& u : before.units) {
            INFO(u.name);
            CHECK(file.battle().unit(u.id)->flags == u.flags);  // the false entry too: a reload is exact
        }
        file.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(file.battle(), 3, 1));
    }
    CHECK(number(path, "PRAGMA user_version") == store::kSchemaVersion);
    CHECK(number(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'unit_flags'") == 0);
    CHECK(store::check_file(path).sound());
    const std::map<model::Flag, bool> gordons{{model::Flag::Fired, true}, {model::Flag::Pinned, false}};
    CHECK(BattleFile::open(path).battle().unit(2)->flags == gordons);
}
