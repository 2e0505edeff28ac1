// How long one whole GUI frame takes to build with a 500-unit battle: every panel drawn by
// Dear ImGui in a headless context (the CPU side of a frame; the GPU's share is small and not
// measured here). Run: build/tests/bench/ui_frame_bench
#include "headless.h"
#include "ui_support.h"

#include "desk/roster_view.h"

#include <benchmark/benchmark.h>

using namespace umpire;

namespace {

// The demo's sides and commanders with 500 units spread over them, some in trouble.
void five_hundred(model::Battle& b) {
    const std::vector<model::Unit> originals = b.units;
    b.units.clear();
    for (int i = 1; i <= 500; ++i) {
        model::Unit u = originals[static_cast<std::size_t>(i) % originals.size()];
        u.id = i;
        u.name = u.name + " " + std::to_string(i);
        if (i % 7 == 0) u.set(model::Flag::Shaken, true);
        if (i % 11 == 0) u.set(model::Flag::NeedsRally, true);
        if (i % 5 == 0) u.set(model::Flag::Activated, true);
        if (i % 13 == 0) u.figures = u.figures / 2;
        b.units.push_back(u);
    }
}

void frame(benchmark::State& state, bool filtered, float width, float height) {
    test::ScratchDir dir;
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir, five_hundred));
    shell.desk->select_unit(250);
    shell.desk->choose_action("shoot");
    if (filtered) shell.roster_options.needs_rally = true;
    test::HeadlessUi ui(width, height);
    ui.frames(shell, 3);
    for (auto _ : state) {
        ui.frame(shell);
        benchmark::DoNotOptimize(shell.unit_rows.size());
    }
    state.counters["rows_drawn"] = static_cast<double>(shell.unit_rows.size());
}

void BM_Frame500(benchmark::State& state) { frame(state, false, 1280, 800); }
void BM_Frame500_1080p(benchmark::State& state) { frame(state, false, 1920, 1080); }
void BM_Frame500_NeedsRally(benchmark::State& state) { frame(state, true, 1280, 800); }

void BM_RosterRows500(benchmark::State& state) {
    model::Battle b = roster::parse_roster(roster::demo_roster(), "demo");
    five_hundred(b);
    desk::RosterQuery q;
    q.sort = desk::RosterSort::Status;
    for (auto _ : state) benchmark::DoNotOptimize(desk::roster_rows(b, q, {}));
}

} // namespace

BENCHMARK(BM_Frame500)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Frame500_1080p)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Frame500_NeedsRally)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RosterRows500)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
