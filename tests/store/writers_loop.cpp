// The writers test at scale: WRITERS programs (the real `umpire` command line) write to one battle
// at once for SECONDS, casualties, undo and redo, while a reader lists it over and over with
// `umpire show --journal --json`. Afterwards every acknowledged entry is in the journal, once, and
// nothing else is (no write lost, none doubled), `check` finds the file sound, and every listing
// the reader got was of one moment: the journal it listed ends at the entry its state was read at.
//
//   writers_loop UMPIRE ROSTER FOLDER [SECONDS] [WRITERS]
//
// Prints a summary line; exits 1 at the first broken promise, leaving the battle in FOLDER.
#include "store/battle_file.h"
#include "store/inspect.h"

#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace {

std::string quote(const std::string& arg) {
    std::string q = "'";
    for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Runs a command, returning its exit code and standard output (standard error is dropped).
std::pair<int, std::string> run(const std::string& command) {
    std::string out;
    FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe) return {-1, out};
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
    const int status = ::pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: writers_loop UMPIRE ROSTER FOLDER [SECONDS] [WRITERS]\n");
        return 2;
    }
    const std::string umpire = argv[1], roster = argv[2], folder = argv[3];
    const int seconds = argc > 4 ? std::stoi(argv[4]) : 60;
    const int writers = argc > 5 ? std::stoi(argv[5]) : 3;
    const std::string battle = folder + "/writers.umpire";
    std::remove(battle.c_str());
    if (run(quote(umpire) + " new --roster " + quote(roster) + " -o " + quote(battle)).first != 0) {
        std::fprintf(stderr, "writers_loop: cannot create %s\n", battle.c_str());
        return 1;
    }
    std::vector<std::string> units;
    const nlohmann::json shown = nlohmann::json::parse(run(quote(umpire) + " show " + quote(battle) + " --json").second);
    for (const auto& u : shown["units"]) units.push_back(u["name"].get<std::string>());

    std::mutex m;
    std::multiset<std::int64_t> acks;
    std::map<int, long> exits;
    std::string broken;
    long listings = 0;
    std::atomic<bool> stop{false};
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w)
        threads.emplace_back([&, w] {
            for (long i = 0; std::chrono::steady_clock::now() < until && !stop; ++i) {
                std::string args;
                switch ((i + w) % 4) {
                case 0:
                case 1: args = " apply " + quote(battle) + " casualties --unit " + quote(units[(i * 7 + w) % units.size()]) + " --hits 1"; break;
                case 2: args = " undo " + quote(battle); break;
                default: args = " redo " + quote(battle); break;
                }
                const auto [code, out] = run(quote(umpire) + args + " --json");
                std::lock_guard<std::mutex> lock(m);
                ++exits[code];
                if (code != 0) continue;  // refused (nothing to undo, no figures left) or busy: nothing written
                try {
                    const auto j = nlohmann::json::parse(out);
                    acks.insert(j["journal_entry"].is_object() ? j["journal_entry"]["id"].get<std::int64_t>()
                                                               : j["journal_entry"].get<std::int64_t>());
                } catch (const std::exception& e) {
                    broken = "an acknowledged write whose output does not say its entry: " + out;
                    stop = true;
                }
            }
        });
    threads.emplace_back([&] {
        while (std::chrono::steady_clock::now() < until && !stop) {
            const auto [code, out] = run(quote(umpire) + " show " + quote(battle) + " --journal --json");
            if (code != 0) continue;  // busy
            const auto j = nlohmann::json::parse(out);
            const std::int64_t at = j["journal_entries"].get<std::int64_t>();
            const std::int64_t listed = j["journal"].empty() ? 0 : j["journal"].back()["id"].get<std::int64_t>();
            std::lock_guard<std::mutex> lock(m);
            ++listings;
            if (listed != at || static_cast<std::int64_t>(j["journal"].size()) != at) {
                broken = "a listing of two moments: its state was read at entry " + std::to_string(at) +
                         ", its journal lists " + std::to_string(j["journal"].size()) + " entries, the last " +
                         std::to_string(listed);
                stop = true;
            }
        }
    });
    for (auto& t : threads) t.join();

    std::string why = broken;
    if (why.empty()) {
        const umpire::store::BattleFile file = umpire::store::BattleFile::open(battle);
        std::set<std::int64_t> journal;
        for (const auto& e : file.journal()) journal.insert(e.id);
        for (std::int64_t id : acks)
            if (acks.count(id) > 1) why = "entry " + std::to_string(id) + " acknowledged twice";
            else if (!journal.count(id)) why = "acknowledged entry " + std::to_string(id) + " is missing";
        if (why.empty() && journal.size() != acks.size())
            why = std::to_string(journal.size()) + " journal entries for " + std::to_string(acks.size()) + " acknowledged writes";
        const umpire::store::CheckReport report = umpire::store::check_file(battle);
        if (why.empty() && !report.sound())
            why = "check: " + report.integrity + "; " + report.checksums + "; " + report.replay + report.unchecked;
    }
    std::string codes;
    for (const auto& [code, n] : exits) codes += (codes.empty() ? "" : ", ") + std::to_string(n) + " exited " + std::to_string(code);
    if (!why.empty()) {
        std::printf("writers_loop: BROKEN after %zu acknowledged writes: %s (battle kept in %s)\n", acks.size(), why.c_str(),
                    folder.c_str());
        return 1;
    }
    std::printf("writers_loop: %d writers for %d s: %zu acknowledged writes, none lost, none doubled (%s); %ld listings "
                "by a reader, each of one moment; the file checks sound\n",
                writers, seconds, acks.size(), codes.c_str(), listings);
    return 0;
}
