// Big battles stay instant: generates the big battle (big_battle.h: 2,000 units, 200 commanders,
// up to 20,000 journal entries of casualties, undo, redo and turn steps) and measures each figure
// beside its floor, measured in the same run, then prints the table (min and median of --runs).
//
//   desk Apply / Undo / Redo at 0, 1k, 5k, 20k entries   floor: a bare one-row commit, same durability
//   the same on a PostgreSQL server, 0 / 20k entries     floor: a bare one-row commit to that server
//   one desk's Apply to another desk showing it, there   floor: a bare notice heard and the row read
//                                                         (min / median / worst of --samples, 200)
//   first frame after opening, 0 / 20k entries           floor: a bare GLFW + ImGui window's first frame
//   first frame and peak memory at 20k entries           floor: the same at 0 entries
//   one desk frame (roster unfolded, journal open)        limit: 4 ms of CPU
//   file size at 1k / 5k / 20k entries                    limit: 15 MB at 20k
//   umpire --version, umpire roll                         floor: a bare process start (bench_floors)
//   umpire apply, umpire undo at 0 / 20k                  floor: a bare process opening the same file
//                                                         and committing one row, same durability
//   umpire show --json at 20k                             floor: a bare process opening the same file
//                                                         and reading the state's rows; and show at 0
//   umpire new of 2,000 units                             floor: a bare process inserting the same rows
//
// The server figures need --server ADDRESS (a libpq URI: postgresql://USER@HOST:PORT/DB): the
// battle is copied there under a name of its own (bench-20k-PID), left there, and the bench's
// table umpire_bench_floor is dropped when done; big-battle.sh starts a throwaway server for them.
//
// Every command is timed as the process it is, from `umpire` (the desk's first frame too: `umpire
// FILE` starts the desk's program). Run: bash tests/bench/big-battle.sh (under xvfb-run for the
// first-frame rows). Timings are to read, never pass/fail: ctest only runs a small smoke run to
// keep this building and running.
#include "big_battle.h"
#include "child_process.h"
#include "samples.h"
#include "server_figures.h"

#include "desk/desk.h"
#include "gui_main.h"
#include "headless.h"
#include "panels/shell.h"
#include "roster/roster.h"
#include "rulesets/registry.h"
#include "store/backends.h"
#include "store/schema.h"
#include "store/state.h"

#include <GLFW/glfw3.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace umpire;
namespace fs = std::filesystem;

namespace {

using bench::Clock;
using bench::ms_since;
using bench::Samples;

double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// ---- The children of the first-frame measurement ------------------------------------------------

// The floor: a window, an OpenGL context, Dear ImGui with the app's fonts and style, one empty frame.
int bare_window() {
    if (!glfwInit()) return 1;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    GLFWwindow* window = glfwCreateWindow(1280, 800, "bare", nullptr, nullptr);
    if (!window) return 1;
    glfwMakeContextCurrent(window);
    glfwSwapInterval(0);
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    ui::load_fonts(io);
    ui::apply_style();
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 130");
    glfwPollEvents();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    ImGui::Begin("bare");
    ImGui::Text("a bare window");
    ImGui::End();
    ImGui::Render();
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glfwSwapBuffers(window);
    glFinish();
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return 0;
}

// ---- Files --------------------------------------------------------------------------------------

struct Battles {
    fs::path dir;
    std::map<int, std::string> at;  // entries -> a battle file with that many
    std::string roster;
};

// The copy is on the disk before it is timed: left in the page cache, the first commit's sync
// wrote the whole copy out (14 MB at 20k entries), which no battle opened in play has to do.
std::string copy_of(const Battles& b, int entries, const std::string& name) {
    const fs::path to = b.dir / name;
    fs::remove(to);
    fs::copy_file(b.at.at(entries), to);
    const int fd = ::open(to.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) throw std::runtime_error("cannot sync " + to.string());
    ::close(fd);
    return to.string();
}

model::Battle big_battle() {
    const std::string text = bench::big_roster();
    const model::Battle unchecked = roster::parse_roster(text, "big");
    const auto ruleset = rulesets::make(unchecked.ruleset);
    return roster::parse_roster(text, "big", [&](std::string_view field, std::string_view value) {
        return ruleset->check_unit_value(field, value);
    });
}

// Plays the battle once (in memory-backed scratch space when there is some: the fsyncs of 20,000
// commits would only make the wait longer) and keeps a copy at each size asked for.
Battles generate(const fs::path& dir, const std::vector<int>& sizes) {
    Battles b;
    b.dir = dir;
    b.roster = (dir / "big-roster.toml").string();
    std::ofstream(b.roster) << bench::big_roster();
    const fs::path scratch = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : dir;
    const fs::path playing = scratch / ("umpire-big-" + std::to_string(getpid()) + ".umpire");
    fs::remove(playing);
    {
        store::BattleFile file = store::BattleFile::create(playing.string(), big_battle());
        bench::BigBattlePlayer player(file, 1880);
        int played = 0;
        for (int size : sizes) {
            std::cerr << "  playing to " << size << " entries...\n";
            player.play(size - played);
            played = size;
            const fs::path kept = dir / ("big-" + std::to_string(size) + ".umpire");
            fs::remove(kept);
            fs::copy_file(playing, kept);
            b.at[size] = kept.string();
        }
    }
    fs::remove(playing);
    return b;
}

// ---- Floors measured in-process -----------------------------------------------------------------

// One row committed with the battle file's durability (DELETE journal, synchronous=EXTRA): the
// floor of a desk Apply, Undo or Redo, timed right beside each of them (the disk's load moves
// from second to second on a shared machine; timed in a batch of its own it moved the ratio).
class BareCommit {
public:
    explicit BareCommit(const fs::path& dir) : db_(open(dir)) { db_.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"); }
    double time_one() {
        const auto start = Clock::now();
        SQLite::Transaction tx(db_, SQLite::TransactionBehavior::IMMEDIATE);
        SQLite::Statement insert(db_, "INSERT INTO t (v) VALUES (?)");
        insert.bind(1, "one row");
        insert.exec();
        tx.commit();
        return ms_since(start);
    }

private:
    static SQLite::Database open(const fs::path& dir) {
        const std::string path = (dir / "bare-commit.db").string();
        fs::remove(path);
        SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        store::detail::configure_connection(db, 5000);
        return db;
    }
    SQLite::Database db_;
};

// The rows `umpire new` writes for the big battle (sides, commanders, units with their flags,
// their counters and traits), listed for `bench_floors insert` (floors.cpp says how): the floor of
// `umpire new` inserts them without reading a roster or building a battle.
void write_rows(const fs::path& path, const model::Battle& battle) {
    std::ofstream out(path);
    const auto text = [](const std::string& v) {
        if (v.find_first_of("\t\n") != std::string::npos || v == "\\N") throw std::runtime_error("a row value the list cannot hold: " + v);
        return v;
    };
    out << "TABLE sides iitt\n";
    int position = 0;
    for (const auto& s : battle.sides) out << s.id << '\t' << position++ << '\t' << text(s.name) << '\t' << text(s.colour) << '\n';
    out << "TABLE commanders iitiiit\n";
    position = 0;
    for (const auto& c : battle.commanders)
        out << c.id << '\t' << position++ << '\t' << text(c.name) << '\t' << c.side << '\t' << (c.is_general ? 1 : 0)
            << "\t\\N\tactive\n";
    out << "TABLE units iitiitttiiiiit\n";
    position = 0;
    for (const auto& u : battle.units) {
        out << u.id << '\t' << position++ << '\t' << text(u.name) << '\t' << u.side << '\t'
            << (u.commander ? std::to_string(*u.commander) : std::string("\\N")) << '\t' << text(u.troop_type) << '\t'
            << text(u.quality) << '\t' << text(u.weapon) << '\t' << (u.formed ? 1 : 0) << '\t' << u.start_figures << '\t'
            << u.figures << '\t' << u.hits << '\t' << u.hit_capacity << '\t' << store::detail::flags_column(u) << '\n';
    }
    out << "TABLE unit_counters iti\n";
    for (const auto& u : battle.units)
        for (const auto& [k, v] : u.counters) out << u.id << '\t' << text(k) << '\t' << v << '\n';
    out << "TABLE unit_traits itt\n";
    for (const auto& u : battle.units)
        for (const auto& [k, v] : u.traits) out << u.id << '\t' << text(k) << '\t' << text(v) << '\n';
    if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
}

// ---- The desk -----------------------------------------------------------------------------------

struct DeskOps {
    Samples apply, undo, redo;
    Samples apply_floor, undo_floor, redo_floor;  // a bare commit timed just before each
};

// The desk's Apply, Undo and Redo on `battle` (a file, or a battle on a server), each beside its
// floor (`floor` times one bare commit) just before it.
DeskOps desk_operations(const std::string& battle, const std::function<double()>& floor, int runs) {
    desk::Desk desk = desk::Desk::open(battle);
    DeskOps ops;
    for (int i = 0; i < runs; ++i) {
        bench::roll_casualty(desk, i);
        ops.apply_floor.add(floor());
        auto start = Clock::now();
        if (!desk.apply()) throw std::runtime_error("apply: " + desk.error());
        ops.apply.add(ms_since(start));
        ops.undo_floor.add(floor());
        start = Clock::now();
        if (!desk.undo()) throw std::runtime_error("undo: " + desk.error());
        ops.undo.add(ms_since(start));
        ops.redo_floor.add(floor());
        start = Clock::now();
        if (!desk.redo()) throw std::runtime_error("redo: " + desk.error());
        ops.redo.add(ms_since(start));
    }
    return ops;
}

// The time from one desk's Apply returning to a second desk on the same battle showing the new
// entry, `samples` times. The second desk looks as the window's frame does (watch_file), every
// kPoll, its clock moved on a whole watch interval each time: the figure is what the looking and
// the reading cost, not the once-a-second pace the window looks at (at most 1 s more).
Samples commit_to_visible(const std::string& battle, int samples) {
    desk::Desk a = desk::Desk::open(battle, false, {}, "bench-a");
    desk::Desk b = desk::Desk::open(battle, false, {}, "bench-b");
    auto clock = Clock::now();
    b.watch_file(clock);  // listening from now: its connection is made before the timing
    Samples s;
    for (int i = 0; i < samples; ++i) {
        bench::roll_casualty(a, i);
        if (!a.apply()) throw std::runtime_error("apply: " + a.error());
        const std::int64_t entry = a.journal().back().id;
        const auto start = Clock::now();
        while (b.journal().empty() || b.journal().back().id < entry) {
            clock += desk::Desk::kWatchInterval;
            if (b.watch_file(clock)) continue;
            if (Clock::now() - start > bench::kGiveUp)
                throw std::runtime_error("entry " + std::to_string(entry) + " not seen by a second desk in 10 s: " + b.error() +
                                         b.unreachable_reason());
            std::this_thread::sleep_for(bench::kPoll);
        }
        s.add(ms_since(start));
    }
    return s;
}

// One whole desk frame, headless (the CPU side), with the roster unfolded and the journal open.
Samples desk_frames(const std::string& battle, int frames) {
    ui::Shell shell;
    shell.desk.emplace(desk::Desk::open(battle));
    shell.desk->select_unit(shell.desk->battle().units.at(1000).id);
    shell.desk->choose_action("casualties");
    test::HeadlessUi ui(1280, 800);
    ui.frames(shell, 5);
    Samples s;
    for (int i = 0; i < frames; ++i) {
        const double start = thread_cpu_ms();
        ui.frame(shell);
        s.add(thread_cpu_ms() - start);
    }
    return s;
}

// ---- The table ----------------------------------------------------------------------------------

std::string fixed(double v, int digits = 1) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

struct Row {
    std::string what, now, floor, ratio, limit;
};

Row compare(const std::string& what, const Samples& now, const Samples& floor, const std::string& unit,
            double limit_ratio, int digits = 1) {
    const double ratio = floor.median() > 0 ? now.median() / floor.median() : 0;
    return {what, fixed(now.min(), digits) + " / " + fixed(now.median(), digits) + " " + unit,
            fixed(floor.min(), digits) + " / " + fixed(floor.median(), digits) + " " + unit, fixed(ratio, 2) + "x",
            "at most " + fixed(limit_ratio, limit_ratio == static_cast<int>(limit_ratio) ? 0 : 1) + "x" + (ratio <= limit_ratio ? "" : "  **OVER**")};
}

void print_table(const std::vector<Row>& rows, int runs) {
    std::cout << "\n| what | now (min / median) | floor (min / median) | ratio of medians | limit |\n"
              << "|---|---|---|---|---|\n";
    for (const Row& r : rows) std::cout << "| " << r.what << " | " << r.now << " | " << r.floor << " | " << r.ratio << " | " << r.limit << " |\n";
    std::cout << "\n(" << runs << " runs of each; times are wall clock unless marked CPU)\n";
}

// 20000 as "20k", 1000 as "1k", 300 as "300".
std::string count_label(int n) { return n >= 1000 && n % 1000 == 0 ? std::to_string(n / 1000) + "k" : std::to_string(n); }

std::string arg_value(int argc, char** argv, const std::string& name, const std::string& fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (argv[i] == name) return argv[i + 1];
    return fallback;
}

} // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::string(argv[1]) == "--child-bare-window") return bare_window();
    std::string dir_name = arg_value(argc, argv, "--work", "");
    fs::path dir;
    if (dir_name.empty()) {
        std::string pattern = (fs::temp_directory_path() / "umpire-big-XXXXXX").string();
        if (!mkdtemp(pattern.data())) return 1;
        dir = pattern;
    } else {
        dir = dir_name;
        fs::create_directories(dir);
    }
    // The desk and the commands keep their files (recent battles, settings) in the work folder,
    // never in the user's own.
    for (const char* xdg : {"XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"})
        setenv(xdg, (dir / "home" / xdg).c_str(), 1);
    bench::start_runner();  // now, while this process is small (child_process.h says why)

    const int runs = std::stoi(arg_value(argc, argv, "--runs", "7"));
    const int most = std::stoi(arg_value(argc, argv, "--entries", "20000"));
    const std::string umpire = arg_value(argc, argv, "--umpire", UMPIRE_BINARY);
    const std::string floors = arg_value(argc, argv, "--floors", UMPIRE_BENCH_FLOORS);
    const std::string floors_toml = arg_value(argc, argv, "--floors-toml", UMPIRE_BENCH_FLOORS_TOML);
    // One group of figures alone, for a quicker look at one of them.
    constexpr const char* kGroups[] = {"desk", "server", "first-frame", "frames", "file-size", "start", "show", "apply", "new"};
    const std::string only = arg_value(argc, argv, "--only", "");
    const auto wanted = [&](const char* group) { return only.empty() || only == group; };
    if (!only.empty() && std::none_of(std::begin(kGroups), std::end(kGroups), [&](const char* g) { return only == g; })) {
        std::cerr << "big_battle_bench: --only takes one of";
        for (const char* g : kGroups) std::cerr << " " << g;
        std::cerr << "\n";
        return 2;
    }
    // The server group's server (a libpq URI; big-battle.sh starts a throwaway one) and how many
    // times one desk's write is timed until another desk shows it.
    const std::string server = arg_value(argc, argv, "--server", "");
    const int visible_samples = std::stoi(arg_value(argc, argv, "--samples", "200"));
    if (only == "server" && server.empty()) {
        std::cerr << "big_battle_bench: --only server needs --server postgresql://USER@HOST:PORT/DB (the server to "
                     "measure on; tests/bench/big-battle.sh starts one of its own)\n";
        return 2;
    }
    std::vector<int> sizes;
    if (only != "new" && only != "start") {  // these alone play no journal
        for (int s : {1000, 5000, 20000})
            if (s < most) sizes.push_back(s);
        sizes.push_back(most);
    }

    try {
        std::cerr << "Generating the big battle (" << bench::kUnits << " units) in " << dir << "\n";
        const model::Battle start = big_battle();
        Battles battles = generate(dir, sizes);
        {
            const std::string zero = (dir / "big-0.umpire").string();
            fs::remove(zero);
            store::BattleFile::create(zero, start);
            battles.at[0] = zero;
        }
        std::vector<Row> rows;
        const std::string big = count_label(most);

        if (wanted("desk")) {
            std::cerr << "Desk Apply, Undo, Redo...\n";
            for (int size : std::vector<int>{0, 1000, 5000, most}) {
                if (!battles.at.count(size)) continue;
                BareCommit bare(dir);
                const DeskOps ops = desk_operations(copy_of(battles, size, "desk.umpire"), [&] { return bare.time_one(); }, runs);
                const std::string at = " at " + count_label(size) + " entries";
                rows.push_back(compare("desk Apply" + at, ops.apply, ops.apply_floor, "ms", 3));
                rows.push_back(compare("desk Undo" + at, ops.undo, ops.undo_floor, "ms", 3));
                rows.push_back(compare("desk Redo" + at, ops.redo, ops.redo_floor, "ms", 3));
            }
        }

        if (wanted("server") && !server.empty()) {
            // The battle copied onto the server as it is in the file, at 0 and at the most entries:
            // the desk's Apply, Undo and Redo there, each beside a bare one-row commit to the same
            // server just before it; then the time from one desk's Apply to another desk showing it.
            bench::ServerFloors floors_on_server(server);
            for (int size : {0, most}) {
                const std::string at = " at " + count_label(size) + " entries";
                std::cerr << "The desk on a server" << at << "...\n";
                const std::string battle =
                    bench::battle_on(server, "bench-" + count_label(size) + "-" + std::to_string(getpid()));
                store::copy_battle(battles.at.at(size), battle);
                const std::string floor_words =
                    " (floor: a bare one-row commit to the same server, " + floors_on_server.durability() + " for both)";
                // Straight after the copy, before the server has gathered statistics of the rows it
                // took in (its autovacuum does within about a minute): what the first minute costs.
                const DeskOps copied = desk_operations(battle, [&] { return floors_on_server.commit_one(); }, runs);
                rows.push_back(compare("desk Apply on a server" + at + ", straight after the copy (no statistics yet)" +
                                           floor_words,
                                       copied.apply, copied.apply_floor, "ms", 3));
                bench::analyse_now(server);
                const DeskOps ops = desk_operations(battle, [&] { return floors_on_server.commit_one(); }, runs);
                rows.push_back(compare("desk Apply on a server" + at + floor_words, ops.apply, ops.apply_floor, "ms", 3));
                rows.push_back(compare("desk Undo on a server" + at + floor_words, ops.undo, ops.undo_floor, "ms", 3));
                rows.push_back(compare("desk Redo on a server" + at + floor_words, ops.redo, ops.redo_floor, "ms", 3));
                const Samples shown = commit_to_visible(battle, visible_samples);
                const Samples bare = floors_on_server.notice_and_read(visible_samples);
                Row r = compare("one desk's Apply to another desk showing it" + at +
                                    " (floor: a bare notice heard and the new row read, two plain connections)",
                                shown, bare, "ms", 1);
                r.now = fixed(shown.min()) + " / " + fixed(shown.median()) + " ms, worst " + fixed(shown.max()) + " of " +
                        std::to_string(visible_samples);
                r.floor = fixed(bare.min()) + " / " + fixed(bare.median()) + " ms, worst " + fixed(bare.max());
                r.limit = std::string("worst within 1 s") + (shown.max() <= 1000 ? "" : "  **OVER**");
                rows.push_back(r);
            }
        } else if (wanted("server")) {
            rows.push_back({"the desk on a server", "not measured: no server (--server ADDRESS; big-battle.sh starts one)", "", "",
                            ""});
        }

        const char* display = std::getenv("DISPLAY");
        if (wanted("first-frame") && display && *display) {
            // `umpire FILE` as the umpire starts it: the command line checks the battle and starts
            // the desk's program, which draws one frame and quits. Each run times the bare window,
            // then the desk on the empty and on the long battle, in turn.
            std::cerr << "First frame...\n";
            Samples floor, frame0, frame_big, rss0, rss_big;
            const std::string empty = copy_of(battles, 0, "frame0.umpire"), long_one = copy_of(battles, most, "framebig.umpire");
            for (int i = 0; i < runs; ++i) {
                floor.add(bench::run_process({argv[0], "--child-bare-window"}).wall_ms);
                const bench::ProcessRun a = bench::run_process({umpire, empty, "--frames", "1"});
                const bench::ProcessRun b = bench::run_process({umpire, long_one, "--frames", "1"});
                frame0.add(a.wall_ms);
                rss0.add(a.max_rss_mb);
                frame_big.add(b.wall_ms);
                rss_big.add(b.max_rss_mb);
            }
            rows.push_back(compare("first frame after opening, 0 entries (umpire FILE: process start to frame shown)", frame0,
                                   floor, "ms", 2, 0));
            rows.push_back(compare("first frame after opening, " + big + " entries (umpire FILE: process start to frame shown)",
                                   frame_big, floor, "ms", 2, 0));
            rows.push_back(compare("first frame at " + big + " entries (floor: at 0 entries)", frame_big, frame0, "ms", 1.2, 0));
            rows.push_back(compare("desk's peak memory at its first frame, " + big + " entries (floor: at 0 entries)", rss_big,
                                   rss0, "MB", 1.2));
        } else if (wanted("first-frame")) {
            rows.push_back({"first frame after opening", "not measured: no display (run under xvfb-run)", "", "", ""});
        }

        if (wanted("frames")) {
            std::cerr << "Desk frames...\n";
            for (int size : {0, most}) {
                const Samples frames = desk_frames(copy_of(battles, size, "frames.umpire"), runs * 10);
                Samples limit;
                limit.add(4.0);
                Row r = compare("one desk frame, " + std::to_string(bench::kUnits) + " units, journal " + std::to_string(size) +
                                    " (CPU, roster unfolded, journal open)",
                                frames, limit, "ms", 1, 2);
                r.floor = "4 ms (60 Hz: 16.7 ms)";
                rows.push_back(r);
            }
        }

        // The limit is 15 MB at 20,000 entries. The smaller files say how the file grows: what an
        // entry adds, beside the starting state every file holds (the 0-entry file).
        if (wanted("file-size")) {
            const double start_mb = static_cast<double>(fs::file_size(battles.at.at(0))) / 1e6;
            for (int size : sizes) {
                Samples bytes;
                const double mb = static_cast<double>(fs::file_size(battles.at.at(size))) / 1e6;
                bytes.add(mb);
                Samples limit;
                limit.add(15.0);
                Row r = compare("file size at " + std::to_string(size) + " entries", bytes, limit, "MB", 1, 2);
                const std::string growth = "start " + fixed(start_mb, 2) + " MB + " +
                                           fixed(size ? (mb - start_mb) * 1000.0 / size : 0.0, 2) + " KB an entry";
                if (size == 20000) {
                    r.floor = "15 MB (" + growth + ")";
                } else {
                    r.floor = growth;
                    r.ratio = "-";
                    r.limit = "(15 MB at 20k)";
                }
                rows.push_back(r);
            }
        }

        // The command line: each command beside its floor (bench_floors, floors.cpp), in turn, so
        // that both see the same load on a shared machine. Wall clock: a command's time is what
        // its user waits, the dynamic loader's and the disk's included.
        std::cerr << "The command line...\n";
        if (wanted("start")) {
            Samples version, roll, bare;
            for (int i = 0; i < runs; ++i) {
                bare.add(bench::run_process({floors, "start"}).wall_ms);
                version.add(bench::run_process({umpire, "--version"}).wall_ms);
                roll.add(bench::run_process({umpire, "roll", "2d6", "--seed", "7"}).wall_ms);
            }
            rows.push_back(compare("umpire --version (floor: a bare process's start)", version, bare, "ms", 2));
            rows.push_back(compare("umpire roll 2d6 (floor: a bare process's start)", roll, bare, "ms", 2));
        }
        if (wanted("show")) {
            Samples show0, show_big, rss0, rss_big, read_big;
            const std::string zero = copy_of(battles, 0, "show0.umpire"), many = copy_of(battles, most, "showbig.umpire");
            for (int i = 0; i < runs; ++i) {
                read_big.add(bench::run_process({floors, "read", many}).wall_ms);
                bench::ProcessRun a = bench::run_process({umpire, "show", zero, "--json"});
                bench::ProcessRun b = bench::run_process({umpire, "show", many, "--json"});
                show0.add(a.wall_ms);
                show_big.add(b.wall_ms);
                rss0.add(a.max_rss_mb);
                rss_big.add(b.max_rss_mb);
            }
            rows.push_back(compare("umpire show B --json, " + std::to_string(bench::kUnits) + " units at " + big +
                                       " (floor: a bare process opening B and reading its state's rows)",
                                   show_big, read_big, "ms", 2));
            rows.push_back(compare("umpire show B --json at " + big + " (time; floor: at 0 entries)", show_big, show0, "ms", 2));
            rows.push_back(compare("umpire show B --json at " + big + " (peak memory; floor: at 0 entries)", rss_big, rss0, "MB", 2));
        }
        if (wanted("apply")) {
            // Each apply and undo beside a bare commit to a copy of the same battle.
            for (int size : {0, most}) {
                Samples apply, undo, commit_before_apply, commit_before_undo;
                const std::string battle = copy_of(battles, size, "apply.umpire"), bare = copy_of(battles, size, "bare.umpire");
                bench::run_process({floors, "prepare", bare});
                for (int i = 0; i < runs; ++i) {
                    commit_before_apply.add(bench::run_process({floors, "commit", bare}).wall_ms);
                    apply.add(bench::run_process({umpire, "apply", battle, "casualties", "--unit", bench::unit_name(2 * i + 1), "--hits", "1"})
                                  .wall_ms);
                    commit_before_undo.add(bench::run_process({floors, "commit", bare}).wall_ms);
                    undo.add(bench::run_process({umpire, "undo", battle}).wall_ms);
                }
                const std::string at = " at " + count_label(size) + " entries";
                rows.push_back(compare("umpire apply" + at + " (floor: a bare process committing one row to the same file)", apply,
                                       commit_before_apply, "ms", 2));
                rows.push_back(compare("umpire undo" + at + " (floor: the same)", undo, commit_before_undo, "ms", 2));
            }
        }
        if (wanted("new")) {
            const fs::path listed = dir / "big-rows.tsv";
            write_rows(listed, big_battle());
            Samples made, floor, parsed_floor;
            for (int i = 0; i < runs; ++i) {
                const std::string out = (dir / "new.umpire").string(), bare = (dir / "bare-insert.umpire").string();
                fs::remove(out);
                fs::remove(bare);
                floor.add(bench::run_process({floors, "insert", listed.string(), bare}).wall_ms);
                made.add(bench::run_process({umpire, "new", "--roster", battles.roster, "-o", out}).wall_ms);
                fs::remove(bare);
                parsed_floor.add(bench::run_process({floors_toml, "insert", listed.string(), bare, battles.roster}).wall_ms);
            }
            rows.push_back(compare("umpire new of " + std::to_string(bench::kUnits) +
                                       " units (floor: a bare process inserting the same rows)",
                                   made, floor, "ms", 2));
            // What the library that reads the roster costs, apart from what Umpire does with it.
            rows.push_back(compare("umpire new of " + std::to_string(bench::kUnits) +
                                       " units (floor: the same, after parsing the roster with toml++)",
                                   made, parsed_floor, "ms", 2));
        }
        print_table(rows, runs);
    } catch (const std::exception& e) {
        std::cerr << "big_battle_bench: " << e.what() << "\n";
        return 1;
    }
    if (dir_name.empty()) fs::remove_all(dir);
    return 0;
}
