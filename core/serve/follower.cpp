#include "serve/follower.h"

#include "rulesets/registry.h"
#include "store/backends.h"
#include "turn/turn_rules.h"

#include <algorithm>
#include <exception>

namespace umpire::serve {

Follower::Follower(const std::string& path, Pages& pages) : store_(store::open_store(path)), pages_(pages) {
    publish();
}

Follower::~Follower() { stop(); }

void Follower::publish() {
    const model::Battle& battle = store_->battle();
    const std::string key = battle.ruleset + '\n' + battle.house_rules;
    if (!ruleset_ || key != ruleset_key_) {
        ruleset_ = rulesets::make(battle.ruleset, battle.house_rules);
        turn_rules_ = turn::turn_rules(*ruleset_);
        ruleset_key_ = key;
    }
    const std::int64_t last = store_->last_entry();
    const std::int64_t after = std::max<std::int64_t>(0, last - kEntriesKept);
    // The lines again (their `undone` may have changed), the working read once per entry.
    std::vector<KnownEntry> known;
    for (store::JournalLine& line : store_->journal_lines(after)) {
        auto it = resolutions_.find(line.id);
        if (it == resolutions_.end()) {
            nlohmann::json working;
            if (line.kind == store::EntryKind::Action) {
                try {
                    if (auto e = store_->entry(line.id)) working = e->resolution;
                } catch (const store::StoreError&) {
                    // A damaged row: its line is shown, its working is not.
                }
            }
            it = resolutions_.emplace(line.id, std::move(working)).first;
        }
        known.push_back({std::move(line), it->second});
    }
    resolutions_.erase(resolutions_.begin(), resolutions_.lower_bound(after + 1));
    pages_.publish(build_views(battle, *ruleset_, turn_rules_, known, last), last);
}

bool Follower::refresh() {
    try {
        // A server lost is tried again on each look, beside it; nothing is read until it is back.
        bool back = false;
        if (!store_->unreachable().empty()) {
            if (!store_->reach_again()) {
                std::lock_guard lock(problem_mutex_);
                problem_ = store_->unreachable();
                return false;
            }
            back = true;  // what happened meanwhile is read now
        }
        if (!back && !store_->changed_since_read()) return false;
        store_->read_again();
        publish();
        std::lock_guard lock(problem_mutex_);
        problem_.clear();
        return true;
    } catch (const std::exception& e) {
        std::lock_guard lock(problem_mutex_);
        problem_ = e.what();
        return false;
    }
}

std::string Follower::last_problem() const {
    std::lock_guard lock(problem_mutex_);
    return problem_;
}

void Follower::start(std::chrono::milliseconds poll) {
    if (thread_.joinable()) return;
    stopping_ = false;
    thread_ = std::thread([this, poll] {
        std::unique_lock lock(mutex_);
        while (!stopping_) {
            wake_.wait_for(lock, poll, [&] { return poked_ || stopping_; });
            if (stopping_) break;
            poked_ = false;
            lock.unlock();
            refresh();
            lock.lock();
        }
    });
}

void Follower::poke() {
    {
        std::lock_guard lock(mutex_);
        poked_ = true;
    }
    wake_.notify_one();
}

void Follower::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

} // namespace umpire::serve
