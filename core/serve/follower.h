#pragma once
// Follows a battle and publishes its pages after every commit, whoever made it: the desk,
// `umpire apply` in another terminal, an undo, another umpire on a server. It reads through a
// connection of its own, looking every poll for a commit by the store's cheapest means (a file:
// SQLite's data_version, no table read; a server: its notices of new entries) and reading the
// battle again only when there was one, so it never writes and never slows a writer more than
// one read does.
#include "serve/pages.h"
#include "store/battle_store.h"
#include "turn/turn_rules.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace umpire::rules { class Ruleset; }

namespace umpire::serve {

// How many of the latest journal entries the pages keep: a phone that slept through more is
// told it missed some.
inline constexpr std::int64_t kEntriesKept = 500;

class Follower {
public:
    // Opens the battle, a file or a server's (store::StoreError as store::open_store), and
    // publishes its pages at once.
    Follower(const std::string& path, Pages& pages);
    ~Follower();
    Follower(const Follower&) = delete;
    Follower& operator=(const Follower&) = delete;

    // Looks for a commit every `poll` on a thread of its own until stop().
    void start(std::chrono::milliseconds poll = std::chrono::milliseconds(100));
    // Something was just committed here: look now rather than at the next poll.
    void poke();
    void stop();

    // Looks once: when the battle changed, reads it again and publishes. Returns whether it did.
    // What went wrong reading (a damaged file, a lock held too long, a server lost) is kept in
    // last_problem() and the pages stay as they were.
    bool refresh();
    std::string last_problem() const;
    const store::BattleStore& file() const { return *store_; }

private:
    void publish();

    std::unique_ptr<store::BattleStore> store_;
    Pages& pages_;
    std::unique_ptr<rules::Ruleset> ruleset_;
    std::string ruleset_key_;  // ruleset id and house rules it was made from
    turn::TurnRules turn_rules_;  // read from the ruleset's tables once, with it
    std::map<std::int64_t, nlohmann::json> resolutions_;  // the kept entries' working, by id

    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool poked_ = false;
    bool stopping_ = false;
    mutable std::mutex problem_mutex_;
    std::string problem_;
};

} // namespace umpire::serve
