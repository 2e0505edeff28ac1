// The memory of battle files checked whole (store/verified_files.h): a file opened again unchanged
// is not checked whole again, but any write to it since (SQLite's or another program's) is seen,
// and a memory that is missing, damaged or cannot be written costs a whole check, nothing else.
#include "store/battle_file.h"
#include "store/verified_files.h"

#include "store_support.h"
#include "support/bytes_read.h"

#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <fcntl.h>
#include <sys/stat.h>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;
using store::OpenOptions;

namespace {

// A battle of `entries` casualties (one figure each, on units 2 and 3 in turn, each put back by
// the next on the same unit so the figures never run out); entry 2 says "1 hits on unit 3 (2)".
std::string make_battle(const TempDir& dir, const std::string& name, int entries) {
    const std::string path = dir.file(name);
    BattleFile f = BattleFile::create(path, sample_battle());
    for (int i = 1; i <= entries; ++i) {
        const int unit = i % 2 ? 2 : 3;
        const int figures = f.battle().unit(unit)->figures;
        const int after = figures == f.battle().unit(unit)->start_figures ? figures - 1 : figures + 1;
        f.record({"casualties", unit, std::nullopt, {}, {}},
                 resolution_with("casualties", "1 hits on unit " + std::to_string(unit) + " (" + std::to_string(i) + ")",
                                 {unit_effect(unit, "figures", figures, after)}, {6}));
    }
    return path;
}

OpenOptions remembering(const TempDir& dir, bool defer = true) {
    OpenOptions o;
    o.verified_files = dir.file("verified-files");
    o.defer_verification = defer;
    return o;
}

std::int64_t mtime_ns(const std::string& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

// Waits until the file system's clock has moved past the file's modification time (a file
// written next gets a later one), as another program's write some time later would find it:
// on a kernel with coarse timestamps a write in the same tick keeps the same time.
void let_clock_pass(const TempDir& dir, const std::string& path) {
    const std::int64_t written = mtime_ns(path);
    const std::string probe = dir.file("clock-probe");
    for (int i = 0; i < 10000; ++i) {
        write_bytes(probe, "x");
        if (mtime_ns(probe) > written) return;
    }
    FAIL("the file system's clock did not move");
}

// Another program (not SQLite) changes one byte of the file in place, where `text` is.
void flip_byte_at(const std::string& path, const std::string& text, char to) {
    const std::string bytes = read_bytes(path);
    const auto at = bytes.find(text);
    REQUIRE(at != std::string::npos);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(at));
    f.put(to);
    REQUIRE(f.good());
}

} // namespace

TEST_CASE("store: a battle checked whole is remembered, and opened again unchanged it counts as checked without reading it whole") {
    TempDir dir;
    const std::string path = make_battle(dir, "battle.umpire", 400);
    const std::uint64_t at_start = test::bytes_read();
    { BattleFile first = BattleFile::open(path, remembering(dir, false)); }  // checked whole, remembered
    const std::uint64_t whole = test::bytes_read() - at_start;
    CHECK(whole >= std::filesystem::file_size(path));
    const std::uint64_t before = test::bytes_read();
    BattleFile again = BattleFile::open(path, remembering(dir));
    const std::uint64_t read = test::bytes_read() - before;
    CHECK(again.verified());  // no whole check owed before a write
    CHECK(again.damage().empty());
    CHECK(read < whole / 2);
    // Its own write keeps it remembered: the next opening too reads a fraction of it.
    again.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(again.battle(), 3, 1));
    CHECK(BattleFile::open(path, remembering(dir)).verified());
    // Without the memory, opening checks the whole file as before.
    OpenOptions forgetful;
    forgetful.defer_verification = true;
    CHECK_FALSE(BattleFile::open(path, forgetful).verified());
}

TEST_CASE("store: a byte another program flips in a remembered file is found at the next opening, and no write is accepted") {
    TempDir dir;
    const std::string path = make_battle(dir, "battle.umpire", 40);
    {
        BattleFile f = BattleFile::open(path, remembering(dir, false));
        f.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(f.battle(), 3, 1));  // remembered after its write
    }
    REQUIRE(BattleFile::open(path, remembering(dir)).verified());
    let_clock_pass(dir, path);
    flip_byte_at(path, "1 hits on unit 3 (2)", '7');  // entry 2, in the middle of the journal
    BattleFile damaged = BattleFile::open(path, remembering(dir, false));
    CHECK(damaged.read_only());
    CHECK_THAT(damaged.damage(), Catch::Contains("journal entry 2"));
    const std::string bytes = read_bytes(path);
    CHECK_THROWS_AS(damaged.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(damaged.battle(), 3, 1)),
                    store::StoreError);
    CHECK(read_bytes(path) == bytes);
    // Deferred, it is not taken as checked: the write checks it first, and is refused.
    BattleFile deferred = BattleFile::open(path, remembering(dir));
    CHECK_FALSE(deferred.verified());
    CHECK_THROWS_AS(deferred.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(deferred.battle(), 3, 1)),
                    store::StoreError);
    CHECK(read_bytes(path) == bytes);
}

TEST_CASE("store: a write by another program between ours leaves the file to be checked whole") {
    TempDir dir;
    const std::string path = make_battle(dir, "battle.umpire", 10);
    BattleFile ours = BattleFile::open(path, remembering(dir, false));
    {
        BattleFile other = BattleFile::open(path);  // a program that remembers nothing
        other.record({"casualties", 2, std::nullopt, {}, {}}, hits_on(other.battle(), 2, 1));
    }
    ours.reload();
    ours.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(ours.battle(), 3, 1));
    CHECK_FALSE(BattleFile::open(path, remembering(dir)).verified());
}

TEST_CASE("store: the memory missing, damaged, or not writable costs a whole check and nothing else") {
    TempDir dir;
    const std::string path = make_battle(dir, "battle.umpire", 10);
    OpenOptions o;
    o.defer_verification = true;

    SECTION("missing, in a folder that does not exist (nothing can be written there)") {
        o.verified_files = dir.file("no-such-folder/verified-files");
        { BattleFile whole = BattleFile::open(path, [&] { auto w = o; w.defer_verification = false; return w; }()); }
        BattleFile f = BattleFile::open(path, o);
        CHECK_FALSE(f.verified());
        CHECK(f.damage().empty());
        f.record({"casualties", 3, std::nullopt, {}, {}}, hits_on(f.battle(), 3, 1));  // checked first, then written
        CHECK(f.verified());
        CHECK_FALSE(std::filesystem::exists(o.verified_files));
    }
    SECTION("damaged: every line of it altered") {
        o.verified_files = dir.file("verified-files");
        { BattleFile whole = BattleFile::open(path, remembering(dir, false)); }
        std::string memory = read_bytes(o.verified_files);
        REQUIRE_FALSE(memory.empty());
        for (char& c : memory)
            if (c == '1') c = '2';
        write_bytes(o.verified_files, memory);
        CHECK_FALSE(BattleFile::open(path, o).verified());
        write_bytes(o.verified_files, std::string("\0\xff garbage\n", 11));
        CHECK_FALSE(BattleFile::open(path, o).verified());
    }
    SECTION("a folder where the file should be") {
        o.verified_files = dir.file("verified-files");
        std::filesystem::create_directory(o.verified_files);
        { BattleFile whole = BattleFile::open(path, remembering(dir, false)); }
        BattleFile f = BattleFile::open(path, o);
        CHECK_FALSE(f.verified());
        CHECK(f.damage().empty());
    }
}

TEST_CASE("store: two files never share a key, even with the same bytes and times") {
    TempDir dir;
    const std::string a = make_battle(dir, "a.umpire", 10);
    const std::string b = dir.file("b.umpire");
    std::filesystem::copy_file(a, b);
    // The same modification time too.
    struct stat st {};
    REQUIRE(::stat(a.c_str(), &st) == 0);
    const timespec times[2] = {st.st_atim, st.st_mtim};
    REQUIRE(::utimensat(AT_FDCWD, b.c_str(), times, 0) == 0);
    { BattleFile whole = BattleFile::open(a, remembering(dir, false)); }
    CHECK(BattleFile::open(a, remembering(dir)).verified());
    CHECK_FALSE(BattleFile::open(b, remembering(dir)).verified());

    // The keys themselves, as read under a lock.
    const auto key_of = [](const std::string& path) {
        store::detail::PathHandle handle(path);
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        db.exec("BEGIN");
        db.execAndGet("SELECT count(*) FROM sqlite_schema");
        auto key = handle.key(db, path);
        db.exec("COMMIT");
        return key;
    };
    const auto ka = key_of(a), kb = key_of(b);
    REQUIRE(ka);
    REQUIRE(kb);
    CHECK(ka->size == kb->size);
    CHECK(ka->change_counter == kb->change_counter);
    CHECK(ka->mtime_ns == kb->mtime_ns);
    CHECK_FALSE(*ka == *kb);
}

TEST_CASE("store: the memory counts only a file's newest key, and written whole again when long keeps the newest files") {
    TempDir dir;
    const store::detail::VerifiedFiles memory(dir.file("verified-files"));
    using store::detail::FileKey;
    // Numbers as long as a real file's (a line some 85 bytes).
    const auto key = [](std::uint64_t inode, std::uint32_t counter) {
        const std::int64_t ns = 1'795'000'000'000'000'000ll + 1'000'000ll * counter;
        return FileKey{65024, 10'000'000 + inode, 14'000'000u + 8192u * counter, ns, ns + 1, counter};
    };

    SECTION("a key the file had before does not count once a newer one is remembered") {
        memory.remember(key(1, 1));
        memory.remember(key(2, 1));
        memory.remember(key(1, 2));
        CHECK(memory.remembers(key(1, 2)));
        CHECK(memory.remembers(key(2, 1)));
        CHECK_FALSE(memory.remembers(key(1, 1)));
        CHECK_FALSE(memory.remembers(key(1, 3)));
        // Each key was one line appended.
        const std::string text = read_bytes(dir.file("verified-files"));
        CHECK(std::count(text.begin(), text.end(), '\n') == 3);
    }
    SECTION("grown past what it keeps, it holds the newest key of each of the newest files") {
        const std::uint64_t files = store::detail::VerifiedFiles::kKept + 40;
        const std::uint32_t rounds = 5;
        for (std::uint32_t round = 1; round <= rounds; ++round)
            for (std::uint64_t inode = 1; inode <= files; ++inode) memory.remember(key(inode, round));
        // Compacted along the way: fewer lines than keys remembered, never much past the limit.
        const std::string text = read_bytes(dir.file("verified-files"));
        CHECK(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) < files * rounds / 2);
        CHECK(text.size() <= store::detail::VerifiedFiles::kCompactAt);
        for (std::uint64_t inode = files - store::detail::VerifiedFiles::kKept + 1; inode <= files; ++inode) {
            INFO("file " << inode);
            REQUIRE(memory.remembers(key(inode, rounds)));
            REQUIRE_FALSE(memory.remembers(key(inode, rounds - 1)));
        }
    }
}
