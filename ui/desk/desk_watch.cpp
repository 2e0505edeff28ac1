// The desk noticing that another program (the CLI, a script, a second window) or another umpire
// changed the battle while it is open: a cheap look once a second or when the window gets the
// focus (a file: SQLite's data_version; a server: the notices come in on the desk's own
// connection), and on a change, the battle and the journal read again and a word in the status
// line. A roll not yet applied was worked out on the old state, so it is dropped; what was typed
// in the form is kept. A server out of reach is said, and tried again every few seconds.
#include "desk/desk.h"
#include "desk/guarded.h"

#include <set>

namespace umpire::desk {

namespace {

constexpr const char* kServerLost = "Server lost: retrying... nothing can be applied until it is back";

} // namespace

std::string Desk::unreachable() const { return store_->unreachable().empty() ? std::string() : kServerLost; }

std::string Desk::unreachable_reason() const { return store_->unreachable(); }

bool Desk::watch_file(std::chrono::steady_clock::time_point now, bool focus_gained) {
    if (!focus_gained && now - last_watch_ < kWatchInterval) return false;
    last_watch_ = now;
    if (!store_->unreachable().empty()) {
        // A new try every kRetryInterval; one under way is looked at every time.
        if (!store_->reaching()) {
            if (now - last_reach_ < kRetryInterval) return false;
            last_reach_ = now;
        }
        if (!store_->reach_again()) return false;
        reload_if_changed(Known::ServerBack);  // what the others did meanwhile: the notices of it were lost
        return true;
    }
    const bool changed = reload_if_changed();
    if (store_->unreachable().empty()) return changed;
    last_reach_ = now;  // found lost now: the first try again is a retry interval away
    status_ = kServerLost;
    return true;
}

bool Desk::check_file() {
    if (store_->verified()) return false;
    try {
        store_->verify_journal();
    } catch (const store::StoreError& e) {
        error_ = store_label() + e.what();
        return true;
    }
    mark_damaged_lines();
    if (!store_->damage().empty())
        error_ = store_label() + store_->path() + " is damaged (" + store_->damage() + "): it is open read-only";
    return true;
}

bool Desk::reload_if_changed(Known known) {
    const bool server_back = known == Known::ServerBack;
    std::vector<std::int64_t> added;
    const bool was_read_only = store_->read_only();
    // A file replaced under its name (moved, or a sync tool's copy put in its place) is not the
    // battle shown any more: said once, and the desk turns read-only.
    if (!was_read_only && store_->replaced()) {
        error_ = store_label() + store_->read_only_reason();
        return true;
    }
    try {
        if (known == Known::No && !store_->changed_since_read()) return false;
        added = store_->read_again();
    } catch (const store::StoreError& e) {
        error_ = store_label() + e.what();
        return false;
    }
    const bool dropped_roll = rolled_ && !rolled_->applied();
    owed_ledger_.note_everything();  // what was read again is not known unit by unit
    refresh_journal();
    restore_pending();
    after_battle_changed();
    std::string what;
    for (std::int64_t id : added) {
        const store::JournalLine* e = line(id);
        if (what.size() > 80) {
            what += ", ...";
            break;
        }
        what += (what.empty() ? "" : ", ") + ("#" + std::to_string(id)) + (e ? " " + e->summary : std::string());
    }
    std::set<std::string> umpires;  // who wrote them, where the battle records it
    for (std::int64_t id : added)
        if (const store::JournalLine* e = line(id); e && !e->umpire.empty()) umpires.insert(e->umpire);
    std::string by;
    for (const std::string& u : umpires) by += (by.empty() ? "" : ", ") + u;
    if (server_back && added.empty())
        status_ = "Server back: nothing changed meanwhile";
    else
        status_ = std::string(server_back ? "Server back. " : "") + "Changed by " +
                  (by.empty() ? std::string("another program") : by) + ": " +
                  (added.empty() ? std::string("read again")
                                 : std::to_string(added.size()) + (added.size() == 1 ? " new entry (" : " new entries (") +
                                       what + ")");
    if (dropped_roll) status_ += "; the roll not yet applied was dropped (roll again)";
    mark_damaged_lines();
    if (store_->read_only() && !was_read_only)
        error_ = store_label() + store_->path() + " is damaged (" + store_->damage() + "): it is open read-only";
    return true;
}

void Desk::read_whole(const std::function<void(const model::Battle&, const std::vector<store::JournalEntry>&)>& use) {
    reload_if_changed();  // the desk's own views brought up to date first
    store_->read_together([&](const model::Battle& battle) { use(battle, store_->journal()); });
    // The read may have taken in writes made since the look above, units unknown: the next
    // sorting of Pending asks about every item.
    sort_all_pending_ = true;
    owed_ledger_.note_everything();
}

} // namespace umpire::desk
