// How long the Edwardian rules take to resolve the big cases of a 54mm battle, exact odds
// included: a 200-figure MG sweep and a 24-against-24 figure melee. Each must stay far below one
// 60 Hz frame (16.7 ms), since the GUI previews the odds as the umpire types.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rulesets/registry.h"

#include <benchmark/benchmark.h>

namespace {

using namespace umpire;

model::Battle battle() {
    model::Battle b;
    b.ruleset = "edwardian";
    b.sides = {{1, "British", "", {}}, {2, "Boers", "", {}}};
    auto unit = [](int id, int side, const char* type, const char* weapon, int figures) {
        model::Unit u;
        u.id = id;
        u.name = "Unit " + std::to_string(id);
        u.side = side;
        u.troop_type = type;
        u.quality = "average";
        u.weapon = weapon;
        u.start_figures = u.figures = figures;
        return u;
    };
    b.units = {unit(1, 1, "mg", "mg", 3), unit(2, 2, "infantry", "rifle", 200), unit(3, 1, "infantry", "rifle", 24),
               unit(4, 2, "infantry", "rifle", 24)};
    return b;
}

rules::ActionRequest mg_sweep() {
    rules::ActionRequest r;
    r.action = "mg-fire";
    r.unit = 1;
    r.target = 2;
    r.values = {{"short", "70"}, {"medium", "70"}, {"long", "60"}};
    return r;
}

rules::ActionRequest melee() {
    rules::ActionRequest r;
    r.action = "melee";
    r.unit = 3;
    r.target = 4;
    r.values = {{"pairs", "24"}, {"modifiers", "close-order,rear-support"}};
    return r;
}

void BM_MgSweep200Resolve(benchmark::State& state) {
    auto ruleset = rulesets::make("edwardian");
    const auto b = battle();
    const auto req = mg_sweep();
    std::uint64_t seed = 1;
    for (auto _ : state) {
        dice::RandomDice dice(seed++);
        benchmark::DoNotOptimize(ruleset->resolve(req, b, dice));
    }
}
BENCHMARK(BM_MgSweep200Resolve)->Unit(benchmark::kMicrosecond);

void BM_MgSweep200Odds(benchmark::State& state) {
    auto ruleset = rulesets::make("edwardian");
    const auto b = battle();
    const auto req = mg_sweep();
    for (auto _ : state) benchmark::DoNotOptimize(ruleset->preview(req, b));
}
BENCHMARK(BM_MgSweep200Odds)->Unit(benchmark::kMicrosecond);

void BM_Melee24v24Resolve(benchmark::State& state) {
    auto ruleset = rulesets::make("edwardian");
    const auto b = battle();
    const auto req = melee();
    std::uint64_t seed = 1;
    for (auto _ : state) {
        dice::RandomDice dice(seed++);
        benchmark::DoNotOptimize(ruleset->resolve(req, b, dice));
    }
}
BENCHMARK(BM_Melee24v24Resolve)->Unit(benchmark::kMicrosecond);

void BM_Melee24v24Odds(benchmark::State& state) {
    auto ruleset = rulesets::make("edwardian");
    const auto b = battle();
    const auto req = melee();
    for (auto _ : state) benchmark::DoNotOptimize(ruleset->preview(req, b));
}
BENCHMARK(BM_Melee24v24Odds)->Unit(benchmark::kMicrosecond);

// Groups make the joint odds wider: 8 groups of 3 on each side.
void BM_Melee24v24GroupsOdds(benchmark::State& state) {
    auto ruleset = rulesets::make("edwardian");
    const auto b = battle();
    auto req = melee();
    req.values = {{"groups", "4"}, {"group-size", "3"}, {"enemy-groups", "4"}, {"enemy-group-size", "3"},
                  {"pairs", "8"}};
    for (auto _ : state) benchmark::DoNotOptimize(ruleset->preview(req, b));
}
BENCHMARK(BM_Melee24v24GroupsOdds)->Unit(benchmark::kMicrosecond);

// Building the ruleset (parsing the embedded tables) happens once per battle opened.
void BM_MakeRuleset(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(rulesets::make("edwardian"));
}
BENCHMARK(BM_MakeRuleset)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
