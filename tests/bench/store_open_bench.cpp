// What opening a battle file costs as its journal grows, and what the checksums add: opening
// (the state, one pass over the journal verifying every row's checksum and the head, the
// history) against a floor measured in the same run, SQLite reading the same journal columns
// with nothing done to them. Also a commit, whose cost is the fsyncs (synchronous=EXTRA).
// Run: build/tests/bench/store_open_bench --benchmark_repetitions=5
#include "store/battle_file.h"

#include "../store/store_support.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <benchmark/benchmark.h>

#include <map>

using namespace umpire;

namespace {

// A battle with `entries` journal entries (shots with dice, a typical payload), made once per size.
const std::string& battle_with(int entries) {
    static testing::TempDir dir;
    static std::map<int, std::string> made;
    auto it = made.find(entries);
    if (it != made.end()) return it->second;
    const std::string path = dir.file("open-" + std::to_string(entries) + ".umpire");
    store::BattleFile file = store::BattleFile::create(path, testing::sample_battle());
    std::vector<store::Recording> batch;
    model::Battle b = file.battle();
    for (int i = 0; i < entries; ++i) {
        const int before = b.unit(1)->hits;
        rules::Resolution r = testing::resolution_with("shoot", "2nd Sikhs: 1 hit on Ghazis",
                                                       {testing::unit_effect(1, "hits", before, before + 1)},
                                                       {6, 5, 4, 3, 2, 1, 6, 5});
        b.apply(r.effects);
        batch.push_back({{"shoot", 1, 3, {{"range", "10"}, {"figures", "14"}}, {}}, r});
        if (batch.size() == 1000) {
            file.record_all(batch);
            batch.clear();
        }
    }
    if (!batch.empty()) file.record_all(batch);
    return made.emplace(entries, path).first->second;
}

void BM_Open(benchmark::State& state) {
    const std::string& path = battle_with(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        store::BattleFile file = store::BattleFile::open(path);
        benchmark::DoNotOptimize(file.can_undo());
    }
}

// The floor: SQLite reading every journal column the checksums cover, nothing else.
void BM_ReadJournalFloor(benchmark::State& state) {
    const std::string& path = battle_with(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        SQLite::Statement s(db, "SELECT id, kind, turn, action, summary, unit, target, request_json, dice_json,"
                                " resolution_json, effects_json, refers_to, created_at, checksum FROM journal");
        std::size_t bytes = 0;
        while (s.executeStep())
            for (int i = 0; i < 14; ++i) bytes += static_cast<std::size_t>(s.getColumn(i).getBytes());
        benchmark::DoNotOptimize(bytes);
    }
}

// The part of opening that is SQLite's quick_check of the whole file (not the checksums).
void BM_QuickCheck(benchmark::State& state) {
    const std::string& path = battle_with(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        benchmark::DoNotOptimize(db.execAndGet("PRAGMA quick_check").getString());
    }
}

void BM_Commit(benchmark::State& state) {
    testing::TempDir dir;
    store::BattleFile file = store::BattleFile::create(dir.file("commit.umpire"), testing::sample_battle());
    for (auto _ : state) {
        const int before = file.battle().unit(1)->hits;
        file.record({"shoot", 1, 3, {}, {}},
                    testing::resolution_with("shoot", "1 hit", {testing::unit_effect(1, "hits", before, before + 1)}, {6}));
    }
}

} // namespace

BENCHMARK(BM_Open)->Arg(1000)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadJournalFloor)->Arg(1000)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_QuickCheck)->Arg(1000)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Commit)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
