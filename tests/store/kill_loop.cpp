// The kill loop: plays battles with kill_writer and SIGKILLs it at random moments, over and over.
// After every kill the battle must pass every check (a file: SQLite's integrity check too) and
// every checksum, give its stored state when its journal is replayed, open for writing, and hold
// every entry that was acknowledged before the kill. A fresh battle is started every 100 kills so
// the checks stay fast.
//
//   kill_loop WRITER ROSTER WHERE KILLS [SEED] [--crash-server COMMAND]
//
// WHERE is a folder (battle files) or a PostgreSQL server's address (postgresql://USER@HOST:PORT/DB;
// the battles are put there as kill-SEED-N). With --crash-server, every fourth round runs COMMAND
// while the writer writes (scripts/pg-test-server.sh crash-restart: the server stopped as by a
// power cut, mid-transaction, and started again), then kills the writer: the writer may have given
// up on the server meanwhile (saying so), but nothing it acknowledged may be lost, nothing doubled.
//
// Prints a summary line; exits 1 at the first failure, leaving the battle where it is.
#include "roster/roster.h"
#include "store/backends.h"
#include "store/battle_file.h"
#include "store/inspect.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <random>
#include <set>
#include <string>

using namespace umpire;

namespace {

struct Run {
    std::vector<std::int64_t> acks;  // in the order acknowledged (an id twice would be a double)
    bool killed = false;
    std::string output;
    std::size_t output_before_crash = std::string::npos;  // how much the writer had said when at_deadline ran
    // Whether the writer acknowledged a write after at_deadline ran (carried on after the restart).
    bool acked_after_crash() const {
        return output_before_crash != std::string::npos && output.find("ack ", output_before_crash) != std::string::npos;
    }
};

// Starts the writer, kills it `delay` after its start (or after its first ack), collects acks.
// `at_deadline`, when given, runs at that moment instead, and the writer is killed 1.5 s later
// (it may stop by itself meanwhile).
Run run_and_kill(const std::string& writer, const std::string& path, unsigned seed,
                 std::chrono::milliseconds delay, bool after_ack, std::function<void()> at_deadline = {}) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        const std::string s = std::to_string(seed);
        execl(writer.c_str(), writer.c_str(), path.c_str(), s.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    Run run;
    char buf[4096];
    auto deadline = std::chrono::steady_clock::now() + (after_ack ? std::chrono::seconds(30) : delay);
    for (;;) {
        if (after_ack && run.output.find('\n') != std::string::npos) {
            deadline = std::chrono::steady_clock::now() + delay;
            after_ack = false;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0 && at_deadline && !after_ack) {
            at_deadline();
            run.output_before_crash = run.output.size();
            deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
            at_deadline = {};
            continue;
        }
        if (left.count() <= 0) break;
        pollfd p{fds[0], POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) > 0) {
            const ssize_t n = read(fds[0], buf, sizeof buf);
            if (n <= 0) break;
            run.output.append(buf, static_cast<std::size_t>(n));
        }
    }
    kill(pid, SIGKILL);
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) run.output.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    run.killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
    // Only complete lines count: a line cut off by the kill was not acknowledged.
    std::size_t start = 0;
    for (std::size_t end; (end = run.output.find('\n', start)) != std::string::npos; start = end + 1)
        if (run.output.compare(start, 4, "ack ") == 0) run.acks.push_back(std::stoll(run.output.substr(start + 4, end - start - 4)));
    return run;
}

bool is_server(const std::string& where) { return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0; }

// The battle's name in `where`: a file in the folder, or a battle on the server.
std::string battle_at(const std::string& where, unsigned seed, long n) {
    const std::string name = "kill-" + std::to_string(seed) + "-" + std::to_string(n);
    if (!is_server(where)) return where + "/" + name + ".umpire";
    return where + (where.find('?') == std::string::npos ? "?" : "&") + "battle=" + name;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string crash_command;
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i] == "--crash-server" && i + 1 < args.size()) {
            crash_command = args[i + 1];
            args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 2);
            break;
        }
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: kill_loop WRITER ROSTER WHERE KILLS [SEED] [--crash-server COMMAND]\n");
        return 2;
    }
    const std::string writer = args[0], roster_path = args[1], where = args[2];
    const int kills = std::stoi(args[3]);
    const unsigned seed = args.size() > 4 ? static_cast<unsigned>(std::stoul(args[4])) : 1897u;
    const bool server = is_server(where);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> from_start(0, server ? 800 : 400), from_ack(0, 60);
    long total_acks = 0, runs_with_acks = 0, rollbacks = 0, battles = 0, crashes = 0, gave_up = 0, carried_on = 0;
    std::set<std::int64_t> acknowledged;
    std::string path;
    const auto began = std::chrono::steady_clock::now();
    try {
        const model::Battle start = roster::load_roster_file(roster_path);
        for (int i = 0; i < kills; ++i) {
            if (i % 100 == 0) {
                path = battle_at(where, seed, battles++);
                if (!server) std::filesystem::remove(path);
                store::create_battle(path, start);
                acknowledged.clear();
            }
            const bool after_ack = i % 2 == 1;
            const bool crash = !crash_command.empty() && i % 4 == 3;
            const int delay = after_ack ? from_ack(rng) : from_start(rng);
            std::function<void()> crash_server;
            if (crash)
                crash_server = [&] {
                    if (std::system(crash_command.c_str()) != 0) throw std::runtime_error("the server did not restart: " + crash_command);
                    ++crashes;
                };
            Run run = run_and_kill(writer, path, static_cast<unsigned>(rng()), std::chrono::milliseconds(delay), after_ack,
                                   crash_server);
            auto fail = [&](const std::string& why) {
                std::fprintf(stderr, "kill_loop: kill %d (%d ms after %s%s) of %s: %s\nwriter said:\n%s\n", i, delay,
                             after_ack ? "the first ack" : "start", crash ? ", the server crashed" : "",
                             store::shown(path).c_str(), why.c_str(), run.output.c_str());
                std::exit(1);
            };
            // A writer may give up on a server that stays down past its retries; a file's never stops.
            if (!run.killed && !crash) fail("the writer stopped by itself");
            if (!run.killed) ++gave_up;
            if (run.acked_after_crash()) ++carried_on;
            if (!run.acks.empty()) ++runs_with_acks;
            total_acks += static_cast<long>(run.acks.size());
            for (std::int64_t id : run.acks)
                if (!acknowledged.insert(id).second) fail("entry " + std::to_string(id) + " was acknowledged twice");

            const store::CheckReport report = store::check_battle(path);
            if (report.rollback_pending) ++rollbacks;
            if (!report.sound())
                fail("check: integrity " + report.integrity + "; checksums " + report.checksums + "; replay " + report.replay +
                     "; unchecked " + report.unchecked);
            const auto battle = store::open_store(path);
            if (battle->read_only()) fail("opened read-only: " + battle->read_only_reason());
            std::set<std::int64_t> in_journal;
            for (const auto& e : battle->journal()) in_journal.insert(e.id);
            for (std::int64_t id : acknowledged)
                if (!in_journal.count(id)) fail("acknowledged entry " + std::to_string(id) + " is missing");
            if ((i + 1) % 100 == 0 || (server && (i + 1) % 20 == 0))
                std::printf("kill_loop: %d kills, %ld acknowledged writes, %ld rollbacks, %ld server crashes\n", i + 1,
                            total_acks, rollbacks, crashes),
                    std::fflush(stdout);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kill_loop: %s\n", e.what());
        return 1;
    }
    // Each writer is given 1.5 s after its server's restart: some must have written on in that time
    // (the write under way when the server went down tried again, and the next ones after it).
    if (crashes > 0 && carried_on == 0) {
        std::fprintf(stderr, "kill_loop: after none of the %ld server restarts did the writer write again\n", crashes);
        return 1;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::printf("kill_loop: %d kills in %.0f s, none lost anything: %ld acknowledged writes (%ld runs acknowledged "
                "some), %ld interrupted writes rolled back, %ld battles",
                kills, seconds, total_acks, runs_with_acks, rollbacks, battles);
    if (!crash_command.empty())
        std::printf("; %ld server crashes mid-write and restarts: the writer wrote on after %ld of them, gave up after %ld",
                    crashes, carried_on, gave_up);
    std::printf("\n");
    return 0;
}
