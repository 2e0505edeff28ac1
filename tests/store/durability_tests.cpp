// Power cuts and kills at the worst moment: the commit is made durable (the directory entry of
// the deleted journal included), a new battle appears whole or not at all, and a file whose
// creation was cut short is refused plainly.
#include "store/battle_file.h"

#include "recording_vfs.h"
#include "store/disk.h"
#include "store/journal.h"
#include "store/schema.h"
#include "store/seal.h"
#include "store/state.h"
#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::StoreError;

TEST_CASE("a commit syncs the directory after deleting the journal, so a power cut cannot undo it") {
    TempDir dir;
    const std::string path = dir.file("power.umpire");
    BattleFile file = BattleFile::create(path, sample_battle());
    RecordingVfs vfs;
    BattleFile writer = BattleFile::open(path);
    writer.record({"shoot", 2, 3, {}, {}}, resolution_with("shoot", "1 hit", {unit_effect(3, "figures", 12, 11)}, {6}));
    bool journal_deleted = false;
    for (const auto& d : vfs.deletions())
        if (d.path == path + "-journal") {
            journal_deleted = true;
            // In DELETE mode the unlink is the commit: without a directory sync it may be lost.
            CHECK(d.sync_dir);
        }
    CHECK(journal_deleted);
}

TEST_CASE("a new battle never appears under its name until it is whole") {
    TempDir dir;
    const std::string path = dir.file("new.umpire");
    // Watch the folder at every file deletion SQLite makes while creating: the battle's name must
    // not exist yet at any of them (a kill there would leave a half-made file under it).
    RecordingVfs vfs;
    bool seen_early = false;
    int looked = 0;
    vfs.before_delete([&](const std::string&) {
        ++looked;
        seen_early = seen_early || std::filesystem::exists(path);
    });
    BattleFile::create(path, sample_battle());
    CHECK(looked > 0);
    CHECK_FALSE(seen_early);
    CHECK(BattleFile::open(path).battle().units.size() == 4);
    // Nothing is left beside it: no journal, no partial file.
    CHECK(snapshot(dir.path()).size() == 1);
}

TEST_CASE("a battle file whose creation was cut short before its commit is refused plainly") {
    TempDir dir;
    const std::string path = dir.file("cut.umpire");
    const std::string left = dir.file("left.umpire");
    {
        // What an older Umpire did in place, killed an instant before the commit: the file holds
        // the new pages (its header says Umpire, schema 3) and a hot journal that rolls it back
        // to nothing.
        RecordingVfs vfs;
        capture_before_commit(vfs, path, left);
        ::close(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644));
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        store::detail::configure_connection(db, 5000);
        SQLite::Transaction tx(db, SQLite::TransactionBehavior::IMMEDIATE);
        store::detail::create_schema(db);
        store::detail::insert_state(db, sample_battle(), "2024-01-01T00:00:00Z");
        store::detail::seal_file(db, sample_battle(), sample_battle());
        tx.commit();
    }
    std::filesystem::remove(path);
    std::filesystem::rename(left, path);
    std::filesystem::rename(left + "-journal", path + "-journal");
    REQUIRE(read_bytes(path).substr(0, 15) == "SQLite format 3");
    try {
        BattleFile::open(path);
        FAIL("opened a file whose creation never finished");
    } catch (const StoreError& e) {
        CHECK_THAT(std::string(e.what()), Catch::Contains("unfinished Umpire battle file"));
        CHECK(e.problem() == store::StoreProblem::BadFile);
    }
    // The same refusal on the next try (the rollback left an empty file, not a half schema).
    CHECK_THROWS_WITH(BattleFile::open(path), Catch::Contains("unfinished Umpire battle file"));
}

TEST_CASE("an output written whole: a full disk is said so, and nothing is left behind by a refusal") {
    CHECK(store::detail::io_error_words(ENOSPC) == "the disk is full");
    CHECK(store::detail::io_error_words(EDQUOT) == "the disk is full");
    CHECK(store::detail::io_error_words(EACCES) == std::strerror(EACCES));
    TempDir dir;
    const std::string out = dir.file("out.txt");
    store::detail::write_whole(out, "first", false);
    CHECK(read_bytes(out) == "first");
    try {
        store::detail::write_whole(out, "second", false);
        FAIL("replaced a file unasked");
    } catch (const store::StoreError& e) {
        CHECK(e.problem() == store::StoreProblem::BadFile);
    }
    store::detail::write_whole(out, "second", true);
    CHECK(read_bytes(out) == "second");
    CHECK(snapshot(dir.path()).size() == 1);  // no partial file left beside it
}

TEST_CASE("an output another writer fills is moved into place whole, never over a file that appeared while it was drawn") {
    TempDir dir;
    const std::string out = dir.file("sheet.pdf");
    std::string fresh_name;
    store::detail::write_whole_through(out, false, [&](const std::string& fresh) {
        fresh_name = fresh;
        std::ofstream(fresh, std::ios::binary) << "%PDF-1.5 first";
    });
    CHECK(read_bytes(out) == "%PDF-1.5 first");
    CHECK(fresh_name.find(dir.path()) == 0);  // drawn in the target's own folder, under a name of its own
    CHECK(fresh_name != out);

    // Another program makes the name while the document is drawn: it is left as it was.
    const std::string raced = dir.file("raced.pdf");
    CHECK_THROWS_AS(store::detail::write_whole_through(raced, false, [&](const std::string& fresh) {
        std::ofstream(fresh, std::ios::binary) << "%PDF-1.5 ours";
        std::ofstream(raced, std::ios::binary) << "theirs";
    }), StoreError);
    CHECK(read_bytes(raced) == "theirs");

    // A writer that fails leaves nothing behind; with replace, the old file is replaced whole.
    CHECK_THROWS_AS(store::detail::write_whole_through(out, true, [](const std::string&) {
        throw std::runtime_error("the layout does not fit");
    }), std::runtime_error);
    CHECK(read_bytes(out) == "%PDF-1.5 first");
    store::detail::write_whole_through(out, true, [](const std::string& fresh) {
        std::ofstream(fresh, std::ios::binary) << "%PDF-1.5 second";
    });
    CHECK(read_bytes(out) == "%PDF-1.5 second");
    CHECK(snapshot(dir.path()).size() == 2);  // sheet.pdf and raced.pdf: no partial file left
}
