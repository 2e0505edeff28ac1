// The players' phones under load: 60 phones follow a battle (each with its request held, as the
// page does) while the desk applies actions. Each desk Apply is timed beside the same desk's
// Apply with no phones and no server, in the same run (the floor), alternating blocks so the
// disk's mood is shared; every phone must receive every entry, and how long after its commit
// each one arrived is measured. Figures to read, never pass/fail; the missed count is checked.
//
//   phones_bench [--phones 60] [--actions 40] [--runs 3] [--pace-ms 100]
#include "desk/desk.h"
#include "roster/roster.h"
#include "rules/ruleset.h"
#include "rulesets/registry.h"
#include "serve/follower.h"
#include "serve/server.h"
#include "store/battle_file.h"

#include "../serve/raw_http.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace umpire;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

double ms_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

struct Samples {
    std::vector<double> v;
    double min() const { return v.empty() ? 0 : *std::min_element(v.begin(), v.end()); }
    double median() const {
        if (v.empty()) return 0;
        auto s = v;
        std::sort(s.begin(), s.end());
        return s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
    }
    double max() const { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); }
};

// One phone: asks for the changes since the entry it has, again and again, noting when each
// entry reached it. Reads the ids out of the answer's "entries" without parsing the page (a
// real phone's work is done on the phone, not on the umpire's laptop).
class Phone {
public:
    Phone(int port, std::string page, int n) : port_(port), page_(std::move(page)), tab_("phone" + std::to_string(n)) {}

    void run(const std::atomic<bool>& stop) {
        while (!stop) {
            std::string r;
            try {
                r = test::http(port_, "GET", page_ + "state?since=" + std::to_string(entry_) + "&tab=" + tab_, "",
                               std::chrono::milliseconds(20000));
            } catch (const std::exception&) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                continue;
            }
            const auto now = Clock::now();
            const std::string body = test::body_of(r);
            if (body.rfind("{\"entry\":", 0) != 0) continue;
            entry_ = std::stoll(body.substr(9));
            const auto list = body.rfind("\"entries\":[");
            if (list == std::string::npos) continue;
            const auto end = body.find("],\"missed\"", list);
            std::lock_guard lock(mutex_);
            for (auto at = body.find("\"id\":", list); at != std::string::npos && at < end; at = body.find("\"id\":", at + 5))
                received_.emplace(std::stoll(body.substr(at + 5)), now);
        }
    }
    std::int64_t entry() const { return entry_; }
    std::map<std::int64_t, Clock::time_point> received() const {
        std::lock_guard lock(mutex_);
        return received_;
    }

private:
    int port_;
    std::string page_, tab_;
    std::atomic<std::int64_t> entry_{-1};
    mutable std::mutex mutex_;
    std::map<std::int64_t, Clock::time_point> received_;
};

struct Block {
    Samples apply;
    std::map<std::int64_t, Clock::time_point> committed;  // entry -> when its Apply returned
};

// The desk applies `actions` casualties, one every `pace`, each Apply timed.
Block desk_block(desk::Desk& desk, int actions, std::chrono::milliseconds pace, int& turn) {
    Block b;
    for (int i = 0; i < actions; ++i, ++turn) {
        int unit = 0;
        const auto& units = desk.battle().units;
        for (std::size_t k = 0; k < units.size(); ++k) {
            const model::Unit& u = units[(static_cast<std::size_t>(turn) + k) % units.size()];
            if (u.on_table() && u.figures >= 2) {
                unit = u.id;
                break;
            }
        }
        if (!unit) throw std::runtime_error("no unit left with figures to lose");
        if (!desk.select_unit(unit) || !desk.choose_action("casualties")) throw std::runtime_error(desk.error());
        desk.set_value("hits", "1");
        if (!desk.roll()) throw std::runtime_error("roll: " + desk.error());
        const auto start = Clock::now();
        if (!desk.apply()) throw std::runtime_error("apply: " + desk.error());
        const auto done = Clock::now();
        b.apply.v.push_back(ms_between(start, done));
        b.committed[desk.journal().back().id] = done;
        std::this_thread::sleep_for(pace);
    }
    return b;
}

int arg(int argc, char** argv, const std::string& name, int fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (argv[i] == name) return std::atoi(argv[i + 1]);
    return fallback;
}

} // namespace

int main(int argc, char** argv) {
    const int phones = arg(argc, argv, "--phones", 60);
    const int actions = arg(argc, argv, "--actions", 40);
    const int runs = arg(argc, argv, "--runs", 3);
    const auto pace = std::chrono::milliseconds(arg(argc, argv, "--pace-ms", 100));

    const fs::path dir = fs::temp_directory_path() / ("umpire-phones-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "battle.umpire").string();
    {
        model::Battle battle = roster::parse_roster(roster::demo_roster(), "demo");
        auto ruleset = rulesets::make(battle.ruleset, battle.house_rules);
        rules::prepare_battle(*ruleset, battle);
        store::BattleFile::create(path, battle);
    }
    desk::Desk desk = desk::Desk::open(path);

    Samples floor, loaded, latency;
    std::size_t missed = 0, expected = 0;
    int turn = 0;
    // The floor: the same desk, no server, no phones. The undos give the figures back, so the
    // battle never runs out (not timed).
    auto floor_block = [&] {
        for (double v : desk_block(desk, actions, pace, turn).apply.v) floor.v.push_back(v);
        for (int i = 0; i < actions; ++i) desk.undo();
    };
    auto phones_block = [&] {
        serve::Pages pages;
        serve::Follower follower(path, pages);
        serve::ServeOptions o;
        o.bind = "127.0.0.1";
        o.port = 0;
        serve::Server server(pages, o);
        server.start();
        follower.start();
        const auto addresses = server.addresses();
        std::vector<std::unique_ptr<Phone>> list;
        std::atomic<bool> stop{false};
        std::vector<std::thread> threads;
        for (int i = 0; i < phones; ++i) {
            list.push_back(std::make_unique<Phone>(server.port(), addresses[static_cast<std::size_t>(i) % addresses.size()].path, i));
            threads.emplace_back([&, p = list.back().get()] { p->run(stop); });
        }
        // Every phone has the page before the desk starts.
        const std::int64_t start_entry = pages.entry();
        for (auto& p : list)
            while (p->entry() < start_entry) std::this_thread::sleep_for(std::chrono::milliseconds(5));

        const Block b = desk_block(desk, actions, pace, turn);
        for (double v : b.apply.v) loaded.v.push_back(v);
        const std::int64_t last = b.committed.rbegin()->first;
        const auto wait_until = Clock::now() + std::chrono::seconds(10);
        for (auto& p : list)
            while (p->entry() < last && Clock::now() < wait_until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        stop = true;
        follower.stop();
        server.stop();
        for (auto& t : threads) t.join();
        for (auto& p : list) {
            const auto got = p->received();
            for (const auto& [entry, when] : b.committed) {
                ++expected;
                auto it = got.find(entry);
                if (it == got.end()) {
                    ++missed;
                    continue;
                }
                latency.v.push_back(ms_between(when, it->second));
            }
        }
        for (int i = 0; i < actions; ++i) desk.undo();
    };
    // Alternating which block comes first, so neither always follows the other's undos.
    for (int run = 0; run < runs; ++run) {
        if (run % 2 == 0) {
            floor_block();
            phones_block();
        } else {
            phones_block();
            floor_block();
        }
    }
    fs::remove_all(dir);

    std::printf("| what | now (min / median) | floor (min / median) | ratio of medians |\n|---|---|---|---|\n");
    std::printf("| desk Apply with %d phones following | %.1f / %.1f ms | %.1f / %.1f ms (no phones, no server) | %.2fx |\n",
                phones, loaded.min(), loaded.median(), floor.min(), floor.median(),
                floor.median() > 0 ? loaded.median() / floor.median() : 0.0);
    std::printf("| entry on every phone after its commit | %.0f / %.0f ms (max %.0f) | - | - |\n", latency.min(),
                latency.median(), latency.max());
    std::printf("\n(%d runs of %d actions, one every %lld ms; %zu entries to %d phones: %zu missed)\n", runs, actions,
                static_cast<long long>(pace.count()), expected / static_cast<std::size_t>(std::max(phones, 1)), phones, missed);
    return missed == 0 ? 0 : 1;
}
