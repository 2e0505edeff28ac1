// The damaged set at scale: a battle played through the real rules to ENTRIES journal entries
// (322 by default) and COPIES damaged copies of it (200 by default: 120 bytes flipped, 40 pages
// zeroed, each table's in turn, 40 truncations). For each copy: `check` must find the damage, no
// write may be accepted on top of it, nothing damaged may open as sound, and `recover` must bring
// back every journal row and starting state that SQLite itself still reads (each row asked for
// by its id; and the sqlite3 shell's .dump, when the shell is installed).
//
//   damage_set ROSTER FOLDER [COPIES] [SEED] [ENTRIES]
//
// Prints a line per kind of damage; exits 1 when any promise is broken, naming the copy.
#include "damaged_set.h"
#include "random_play.h"

#include "roster/roster.h"
#include "store/battle_file.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

using namespace umpire;

namespace {

struct Totals {
    int copies = 0, damaged = 0, refused_writes = 0, opened_read_only = 0;
    long recovered = 0, kept = 0, sqlite_rows = 0, dump_rows = 0;
    int origins = 0, sqlite_origins = 0, dumps = 0;
};

void write_one(store::BattleFile& file) {
    testing::RandomPlay play(file, 7);
    for (int tries = 0; tries < 100; ++tries)
        if (play.step()) return;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: damage_set ROSTER FOLDER [COPIES] [SEED] [ENTRIES]\n");
        return 2;
    }
    const std::string roster = argv[1], folder = argv[2];
    const int copies = argc > 3 ? std::stoi(argv[3]) : 200;
    const auto seed = static_cast<std::uint32_t>(argc > 4 ? std::stoul(argv[4]) : 1880);
    const std::int64_t entries = argc > 5 ? std::stoll(argv[5]) : 322;
    const auto began = std::chrono::steady_clock::now();
    try {
        const std::string original = folder + "/original.umpire";
        std::filesystem::remove(original);
        {
            store::BattleFile file = store::BattleFile::create(original, roster::load_roster_file(roster));
            testing::RandomPlay play(file, seed);
            while (file.last_entry() < entries) play.step();
        }
        const testing::Original rows = testing::read_original(original);
        std::map<std::string, Totals> by_kind;
        int broken = 0;
        const std::string copy = folder + "/copy.umpire", memory = folder + "/verified-files";
        std::string sound;
        {
            std::ifstream in(original, std::ios::binary);
            sound.assign(std::istreambuf_iterator<char>(in), {});
        }
        for (const testing::DamagedCopy& damaged : testing::make_damaged_set(original, copies, seed)) {
            // Damaged in place after it was checked whole and remembered, as damage finds a battle in
            // use; opened with that memory, it must be checked whole again.
            testing::damage_remembered_file(copy, sound, damaged.bytes, memory);
            const testing::Verdict v = testing::examine_copy(copy, rows, write_one, folder, memory);
            Totals& t = by_kind[damaged.kind];
            ++t.copies;
            if (!v.problem.empty()) {
                ++broken;
                std::printf("BROKEN: %s, %s: %s\n", damaged.kind.c_str(), damaged.what.c_str(), v.problem.c_str());
                std::filesystem::copy_file(copy, folder + "/broken-" + std::to_string(broken) + ".umpire");
            }
            if (!v.damaged) continue;
            ++t.damaged;
            if (!v.write_accepted) ++t.refused_writes;
            if (v.opened && !v.shown_as_sound) ++t.opened_read_only;
            t.recovered += v.recovered;
            t.kept += v.kept;
            t.sqlite_rows += v.sqlite_rows;
            t.origins += v.recovered_origin;
            t.sqlite_origins += v.sqlite_origin;
            if (v.dump_rows) {
                ++t.dumps;
                t.dump_rows += *v.dump_rows;
            }
        }
        std::printf("damage_set: %d copies of a %lld-entry battle (seed %u), %.0f s\n", copies,
                    static_cast<long long>(rows.rows.size()), seed,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
        std::printf("%-12s %6s %8s %15s %12s | %-28s | %-24s | %-14s\n", "damage", "copies", "damaged", "writes refused",
                    "read-only", "rows back: recover (kept)", "rows SQLite reads by id", ".dump rows");
        for (const auto& [kind, t] : by_kind) {
            const std::string ours = std::to_string(t.recovered) + " (" + std::to_string(t.kept) + "), start " +
                                     std::to_string(t.origins);
            const std::string theirs = std::to_string(t.sqlite_rows) + ", start " + std::to_string(t.sqlite_origins);
            const std::string dump = t.dumps ? std::to_string(t.dump_rows) : std::string("no sqlite3");
            std::printf("%-12s %6d %8d %15d %12d | %-28s | %-24s | %-14s\n", kind.c_str(), t.copies, t.damaged, t.refused_writes,
                        t.opened_read_only, ours.c_str(), theirs.c_str(), dump.c_str());
        }
        if (broken) {
            std::printf("damage_set: %d promises broken; the copies are kept in %s\n", broken, folder.c_str());
            return 1;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "damage_set: %s\n", e.what());
        return 1;
    }
    return 0;
}
