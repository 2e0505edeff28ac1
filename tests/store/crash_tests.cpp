// Durability: a writer killed with SIGKILL at random moments (before, during and between
// transactions) never leaves a file that fails to open or lacks an action it acknowledged.
#include "store/battle_file.h"

#include "battle_diff.h"
#include "store_support.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>

using namespace umpire;
using namespace umpire::testing;
using store::BattleFile;

namespace {

struct Run {
    std::string output;  // everything the writer printed before it died
    int status = 0;      // waitpid status
};

// Starts crash_writer on `path`, lets it run for `delay`, kills it with SIGKILL. The delay counts
// from the start of the process (kills land in start-up, recovery and writes), or with
// `after_ack` from its first acknowledged action (kills land among writes however slowly a busy
// machine starts the process or syncs the disk).
Run run_and_kill(const std::string& path, std::chrono::milliseconds delay, bool after_ack) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        execl(UMPIRE_CRASH_WRITER, UMPIRE_CRASH_WRITER, path.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    Run run;
    char buf[4096];
    // Drain the pipe while waiting, so a full pipe never stalls the writer before the kill.
    auto start = std::chrono::steady_clock::now();
    auto deadline = start + (after_ack ? std::chrono::seconds(20) : delay);
    for (;;) {
        if (after_ack && run.output.find('\n') != std::string::npos) {
            deadline = std::chrono::steady_clock::now() + delay;
            after_ack = false;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) break;
        pollfd p{fds[0], POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) > 0) {
            ssize_t n = read(fds[0], buf, sizeof buf);
            if (n <= 0) break;  // the writer exited on its own: the status will say why
            run.output.append(buf, static_cast<std::size_t>(n));
        }
    }
    kill(pid, SIGKILL);
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) run.output.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    waitpid(pid, &run.status, 0);
    return run;
}

// The last complete "ack N" line; a line cut off by the kill does not count.
std::int64_t last_ack(const std::string& output) {
    std::int64_t last = 0;
    std::size_t start = 0;
    for (std::size_t end; (end = output.find('\n', start)) != std::string::npos; start = end + 1) {
        std::string line = output.substr(start, end - start);
        if (line.rfind("ack ", 0) == 0) last = std::stoll(line.substr(4));
    }
    return last;
}

// The first bytes of a rollback journal that still holds a transaction to roll back.
const std::string kHotJournalMagic = "\xd9\xd5\x05\xf9\x20\xa1\x63\xd7";

std::string integrity(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement check(db, "PRAGMA integrity_check");
    std::string out;
    while (check.executeStep()) out += check.getColumn(0).getString();
    return out;
}

} // namespace

TEST_CASE("a writer killed at random moments loses no acknowledged action") {
    TempDir dir;
    std::string path = dir.file("crash.umpire");
    BattleFile::create(path, sample_battle());

    std::mt19937 rng(1897);  // fixed: a failure can be rerun exactly
    std::uniform_int_distribution<int> delay_ms(0, 50);
    constexpr int kRuns = 50;
    std::int64_t acknowledged = 0;
    int runs_with_acks = 0, recoveries = 0;

    for (int i = 0; i < kRuns; ++i) {
        int delay = delay_ms(rng);
        bool after_ack = i % 2 == 1;
        Run run = run_and_kill(path, std::chrono::milliseconds(delay), after_ack);
        INFO("run " << i << ", killed " << delay << " ms after " << (after_ack ? "the first ack" : "start"));
        REQUIRE(WIFSIGNALED(run.status));  // it did not stop by itself (an error would)
        CHECK(WTERMSIG(run.status) == SIGKILL);
        if (std::int64_t ack = last_ack(run.output)) {
            acknowledged = ack;
            ++runs_with_acks;
        }
        if (std::filesystem::exists(path + "-journal")) ++recoveries;

        BattleFile file = BattleFile::open(path);
        // A hot journal was rolled back and removed. One that is not hot may remain: empty
        // (killed just after creating it) or with a zeroed header (killed between the commit
        // and the unlink). SQLite ignores those and removes them at the next write.
        if (std::filesystem::exists(path + "-journal"))
            CHECK(read_bytes(path + "-journal").substr(0, 8) != kHotJournalMagic);
        CHECK(integrity(path) == "ok");
        auto journal = file.journal();
        if (acknowledged > 0) {
            REQUIRE_FALSE(journal.empty());
            CHECK(journal.back().id >= acknowledged);
            auto acked = std::find_if(journal.begin(), journal.end(),
                                      [&](const auto& e) { return e.id == acknowledged; });
            REQUIRE(acked != journal.end());
            CHECK(acked->kind == store::EntryKind::Action);
            CHECK(acked->action == "crash-step");
        }
        CHECK(battle_diff(replay(sample_battle(), journal), file.battle()) == "");
    }
    // The kills must have landed among the writes for the test to mean anything.
    CHECK(runs_with_acks >= kRuns / 2);
    WARN("crash test: " << runs_with_acks << " of " << kRuns << " runs acknowledged actions (last "
                        << acknowledged << "), " << recoveries << " left a journal behind");
}
