// The kill loop: plays battles with kill_writer and SIGKILLs it at random moments, over and over.
// After every kill the battle file must pass SQLite's integrity check and every checksum, give
// its stored state when its journal is replayed, open for writing, and hold every entry that was
// acknowledged before the kill. A fresh battle is started every 100 kills so the checks stay fast.
//
//   kill_loop WRITER ROSTER FOLDER KILLS [SEED]
//
// Prints a summary line; exits 1 at the first failure, leaving the battle file in FOLDER.
#include "roster/roster.h"
#include "store/battle_file.h"
#include "store/inspect.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <set>
#include <string>

using namespace umpire;

namespace {

struct Run {
    std::set<std::int64_t> acks;
    bool killed = false;
    std::string output;
};

// Starts the writer, kills it `delay` after its start (or after its first ack), collects acks.
Run run_and_kill(const std::string& writer, const std::string& path, unsigned seed,
                 std::chrono::milliseconds delay, bool after_ack) {
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
        if (run.output.compare(start, 4, "ack ") == 0) run.acks.insert(std::stoll(run.output.substr(start + 4, end - start - 4)));
    return run;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: kill_loop WRITER ROSTER FOLDER KILLS [SEED]\n");
        return 2;
    }
    const std::string writer = argv[1], roster_path = argv[2], folder = argv[3];
    const int kills = std::stoi(argv[4]);
    const unsigned seed = argc > 5 ? static_cast<unsigned>(std::stoul(argv[5])) : 1897u;
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> from_start(0, 400), from_ack(0, 60);
    long total_acks = 0, runs_with_acks = 0, rollbacks = 0, battles = 0;
    std::set<std::int64_t> acknowledged;
    std::string path;
    const auto began = std::chrono::steady_clock::now();
    try {
        const model::Battle start = roster::load_roster_file(roster_path);
        for (int i = 0; i < kills; ++i) {
            if (i % 100 == 0) {
                path = folder + "/kill-" + std::to_string(battles++) + ".umpire";
                std::filesystem::remove(path);
                store::BattleFile::create(path, start);
                acknowledged.clear();
            }
            const bool after_ack = i % 2 == 1;
            const int delay = after_ack ? from_ack(rng) : from_start(rng);
            Run run = run_and_kill(writer, path, static_cast<unsigned>(rng()), std::chrono::milliseconds(delay), after_ack);
            auto fail = [&](const std::string& why) {
                std::fprintf(stderr, "kill_loop: kill %d (%d ms after %s) of %s: %s\nwriter said:\n%s\n", i, delay,
                             after_ack ? "the first ack" : "start", path.c_str(), why.c_str(), run.output.c_str());
                std::exit(1);
            };
            if (!run.killed) fail("the writer stopped by itself");
            if (!run.acks.empty()) ++runs_with_acks;
            total_acks += static_cast<long>(run.acks.size());
            acknowledged.insert(run.acks.begin(), run.acks.end());

            const store::CheckReport report = store::check_file(path);
            if (report.rollback_pending) ++rollbacks;
            if (!report.sound())
                fail("check: integrity " + report.integrity + "; checksums " + report.checksums + "; replay " + report.replay);
            store::BattleFile file = store::BattleFile::open(path);
            if (file.read_only()) fail("opened read-only: " + file.damage());
            std::set<std::int64_t> in_journal;
            for (const auto& e : file.journal()) in_journal.insert(e.id);
            for (std::int64_t id : acknowledged)
                if (!in_journal.count(id)) fail("acknowledged entry " + std::to_string(id) + " is missing");
            if ((i + 1) % 100 == 0)
                std::printf("kill_loop: %d kills, %ld acknowledged writes, %ld rollbacks\n", i + 1, total_acks, rollbacks), std::fflush(stdout);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kill_loop: %s\n", e.what());
        return 1;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::printf("kill_loop: %d kills in %.0f s, none lost anything: %ld acknowledged writes (%ld runs acknowledged "
                "some), %ld interrupted writes rolled back, %ld battles\n",
                kills, seconds, total_acks, runs_with_acks, rollbacks, battles);
    return 0;
}
