// The desk noticing that another program (the CLI, a script, a second window) changed the battle
// file while it is open: a cheap look at SQLite's data_version once a second or when the window
// gets the focus, and on a change, the battle and the journal read again and a word in the
// status line. A roll not yet applied was worked out on the old state, so it is dropped.
#include "desk/desk.h"
#include "desk/guarded.h"

namespace umpire::desk {

bool Desk::watch_file(std::chrono::steady_clock::time_point now, bool focus_gained) {
    if (!focus_gained && now - last_watch_ < kWatchInterval) return false;
    last_watch_ = now;
    return reload_if_changed();
}

bool Desk::check_file() {
    if (file_.verified()) return false;
    try {
        file_.verify_journal();
    } catch (const store::StoreError& e) {
        error_ = std::string("Battle file: ") + e.what();
        return true;
    }
    mark_damaged_lines();
    if (!file_.damage().empty())
        error_ = "Battle file: " + file_.path() + " is damaged (" + file_.damage() + "): it is open read-only";
    return true;
}

bool Desk::reload_if_changed() {
    std::vector<std::int64_t> added;
    const bool was_read_only = file_.read_only();
    // A file replaced under its name (moved, or a sync tool's copy put in its place) is not the
    // battle shown any more: said once, and the desk turns read-only.
    if (!was_read_only && file_.replaced_on_disk()) {
        error_ = "Battle file: " + file_.read_only_reason();
        return true;
    }
    try {
        if (!file_.changed_on_disk()) return false;
        added = file_.reload();
    } catch (const store::StoreError& e) {
        error_ = std::string("Battle file: ") + e.what();
        return false;
    }
    const bool dropped_roll = rolled_ && !rolled_->applied();
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
    status_ = "Changed by another program: " +
              (added.empty() ? std::string("read again")
                             : std::to_string(added.size()) + (added.size() == 1 ? " new entry (" : " new entries (") + what + ")");
    if (dropped_roll) status_ += "; the roll not yet applied was dropped (roll again)";
    mark_damaged_lines();
    if (file_.read_only() && !was_read_only)
        error_ = "Battle file: " + file_.path() + " is damaged (" + file_.damage() + "): it is open read-only";
    return true;
}

void Desk::read_whole(const std::function<void(const model::Battle&, const std::vector<store::JournalEntry>&)>& use) {
    reload_if_changed();  // the desk's own views brought up to date first
    file_.read_together([&](const model::Battle& battle) { use(battle, file_.journal()); });
}

} // namespace umpire::desk
