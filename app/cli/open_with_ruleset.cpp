// A battle and its ruleset, the ruleset built while the battle's state is read. Building one
// (its reference tables laid out, the house rules over them) takes a millisecond, as long as
// reading 2,000 units; a command that resolves an action needs both and waited for each in turn.
//
// Two things a plain std::async got wrong, measured with the scheduler's own trace:
// - Linux puts a new thread on its parent's core, most times, and does not run it until the
//   parent sleeps: the build began when the reader waited for it, and nothing overlapped. So the
//   builder is kept off the reader's core when there is another one to run on.
// - When no other core is free, the builder may not have begun by the time the ruleset is
//   needed. Then the reader takes the build back and does it itself, rather than wait for a thread
//   that has not run.
#include "cli/files.h"

#include "rulesets/registry.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <sched.h>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

namespace umpire::cli {
namespace {

// The cores other than the one this thread runs on, or nothing when there is no other it may run
// on (or they cannot be read): where the builder goes. Only a hint to the scheduler.
std::optional<cpu_set_t> other_cores() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return std::nullopt;
    const int here = sched_getcpu();
    if (here < 0 || here >= CPU_SETSIZE || !CPU_ISSET(here, &allowed) || CPU_COUNT(&allowed) < 2) return std::nullopt;
    CPU_CLR(here, &allowed);
    return allowed;
}

void move_to(pthread_t thread, const std::optional<cpu_set_t>& cores) {
    if (cores) pthread_setaffinity_np(thread, sizeof *cores, &*cores);
}

// The ruleset for one id and house rules, built by a thread of its own unless the one that needs
// it gets there first.
class EarlyRuleset {
public:
    EarlyRuleset() = default;
    EarlyRuleset(const EarlyRuleset&) = delete;
    EarlyRuleset& operator=(const EarlyRuleset&) = delete;
    ~EarlyRuleset() {
        claim();  // a builder that has not begun need not
        if (builder_.joinable()) builder_.join();
    }

    // Starts the builder on `id` and `house_rules`; a second call is let be.
    void start(const std::string& id, const std::string& house_rules) {
        if (started_) return;
        started_ = true;
        id_ = id;
        house_rules_ = house_rules;
        const std::optional<cpu_set_t> cores = other_cores();
        try {
            // Moved by whichever of the two runs first: a builder that began at once on this core
            // moves itself; one not yet run is moved before it is.
            builder_ = std::thread([this, cores] {
                move_to(pthread_self(), cores);
                build_if_unclaimed();
            });
            move_to(builder_.native_handle(), cores);
        } catch (const std::system_error&) {
            stage_ = Stage::claimed;  // no thread to be had: built when it is needed
        }
    }

    // The ruleset for `id` and `house_rules`: the builder's when it has begun on exactly those,
    // else (never started, or not begun) built here. An error building it is thrown here, as rulesets::make throws it.
    std::unique_ptr<rules::Ruleset> take(const std::string& id, const std::string& house_rules) {
        if (!claim() && id == id_ && house_rules == house_rules_) {
            std::unique_lock lock(mutex_);
            built_.wait(lock, [this] { return stage_ == Stage::built; });
            if (error_) std::rethrow_exception(error_);
            return std::move(ruleset_);
        }
        return rulesets::make(id, house_rules);
    }

private:
    enum class Stage { not_begun, building, built, claimed };

    // True when this call stopped the builder before it began (or there is none).
    bool claim() {
        std::lock_guard lock(mutex_);
        if (stage_ != Stage::not_begun) return stage_ == Stage::claimed;
        stage_ = Stage::claimed;
        return true;
    }

    void build_if_unclaimed() {
        {
            std::lock_guard lock(mutex_);
            if (stage_ != Stage::not_begun) return;
            stage_ = Stage::building;
        }
        std::unique_ptr<rules::Ruleset> made;
        std::exception_ptr error;
        try {
            made = rulesets::make(id_, house_rules_);
        } catch (...) {
            error = std::current_exception();
        }
        {
            std::lock_guard lock(mutex_);
            ruleset_ = std::move(made);
            error_ = error;
            stage_ = Stage::built;
        }
        built_.notify_one();
    }

    bool started_ = false;  // read and set by the starting thread alone
    std::string id_, house_rules_;
    std::mutex mutex_;
    std::condition_variable built_;
    Stage stage_ = Stage::not_begun;
    std::unique_ptr<rules::Ruleset> ruleset_;
    std::exception_ptr error_;
    std::thread builder_;
};

} // namespace

BattleWithRuleset open_battle_with_ruleset(const std::string& path, const std::string& umpire) {
    EarlyRuleset early;
    BattleWithRuleset opened;
    opened.store = open_battle(path, umpire, [&](const std::string& id, const std::string& house_rules) {
        early.start(id, house_rules);
    });
    const model::Battle& battle = opened.store->battle();
    // Built for the ruleset and house rules the state holds: were they not the ones told early, it
    // is built again rather than trusted.
    opened.ruleset = early.take(battle.ruleset, battle.house_rules);
    return opened;
}

} // namespace umpire::cli
