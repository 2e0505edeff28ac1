// How long one whole GUI frame takes to build with a 500-unit battle: every panel drawn by
// Dear ImGui in a headless context (the CPU side of a frame; the GPU's share is small and not
// measured here). Run: build/tests/bench/ui_frame_bench
#include "headless.h"
#include "ui_support.h"

#include "desk/roster_view.h"

#include <benchmark/benchmark.h>

using namespace umpire;

namespace {

void frame(benchmark::State& state, bool filtered, float width, float height) {
    test::ScratchDir dir;
    ui::Shell shell;
    shell.desk.emplace(test::demo_desk(dir, test::five_hundred_units));
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
    test::five_hundred_units(b);
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
