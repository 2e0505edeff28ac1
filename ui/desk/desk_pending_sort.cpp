// Pending sorted again after every change: a follow-up its unit can no longer do, or no longer
// owes, or owes again by a later entry, leaves Pending for the dropped list with the reason, and
// comes back when an undo makes it due again. A long battle keeps a thousand and more items
// here: asking the rules about each of them after every Apply was most of an Apply's work, so
// only the items the change can have moved are asked (desk.h, note_effects says which).
#include "desk/desk.h"

#include <algorithm>
#include <map>
#include <utility>

namespace umpire::desk {

void Desk::note_effects(const std::vector<model::Effect>& effects, std::int64_t entry) {
    owed_ledger_.note(effects);
    owed_noted_to_ = entry;
    for (const model::Effect& e : effects) {
        // A unit's own field changes that unit alone; a unit added or removed, or anything of a
        // commander, a side or the battle, may change what any follow-up is.
        if (model::changes_one_unit(e))
            units_changed_.insert(e.id);
        else
            sort_all_pending_ = true;
    }
}

void Desk::note_pending_changed(const PendingItem& item) {
    // An item of no unit is asked about at every sorting anyway.
    if (item.follow_up.unit) units_changed_.insert(*item.follow_up.unit);
}

void Desk::add_pending(PendingItem item) {
    note_pending_changed(item);
    pending_.push_back(std::move(item));
}

void Desk::erase_pending(const std::function<bool(const PendingItem&)>& which) {
    const auto erased = [&](const PendingItem& p) {
        if (!which(p)) return false;
        note_pending_changed(p);
        return true;
    };
    std::erase_if(pending_, erased);
    std::erase_if(dropped_, [&](const Dropped& d) { return erased(d.item); });
}

void Desk::drop_void_pending() {
    // The items as one list, Pending's first, then the dropped: where each is after the sorting
    // is its place in it among those of its kind (in Pending, or dropped), as when every item was
    // sorted again, so the lists read the same either way.
    const std::size_t in_pending = pending_.size();
    const std::size_t total = in_pending + dropped_.size();
    const auto item_at = [&](std::size_t i) -> const PendingItem& {
        return i < in_pending ? pending_[i] : dropped_[i - in_pending].item;
    };
    const auto asked_again = [&](const PendingItem& item) {
        return sort_all_pending_ || !item.follow_up.unit || units_changed_.count(*item.follow_up.unit) > 0;
    };
    // An obligation raised again (a test that pays it and owes it anew) is one item: the latest.
    // Every item of a unit asked about is asked about, so the latest of each of its obligations
    // is found among them.
    std::vector<std::size_t> asked;
    std::map<std::pair<std::string_view, std::optional<int>>, std::int64_t> latest;
    for (std::size_t i = 0; i < total; ++i) {
        const PendingItem& item = item_at(i);
        if (!asked_again(item)) continue;
        asked.push_back(i);
        if (!item.follow_up.owed.empty()) {
            std::int64_t& raised = latest[{item.follow_up.owed, item.follow_up.unit}];
            raised = std::max(raised, item.raised_by);
        }
    }
    units_changed_.clear();
    sort_all_pending_ = false;

    // The verdict of each item asked about: nullopt while it is owed, else why it is dropped.
    std::vector<std::optional<std::string>> verdicts;
    verdicts.reserve(asked.size());
    bool moves = false;  // an item leaves Pending or comes back to it
    for (std::size_t i : asked) {
        const PendingItem& item = item_at(i);
        const rules::FollowUp& f = item.follow_up;
        std::optional<std::string> why = ruleset_->follow_up_void(battle(), f);
        if (!why && !f.owed.empty() && latest.at({f.owed, f.unit}) > item.raised_by)
            why = "owed again by a later entry: one item";
        moves = moves || (i < in_pending) == why.has_value();
        verdicts.push_back(std::move(why));
    }

    // A follow-up being resolved that is dropped is no longer being resolved.
    const auto let_go = [&](const PendingItem& item) {
        if (taking_ && same_item(*taking_, item)) taking_.reset();
    };
    if (!moves) {
        // Everything stays where it is: only the reasons of the dropped asked about may change.
        for (std::size_t k = 0; k < asked.size(); ++k)
            if (asked[k] >= in_pending) dropped_[asked[k] - in_pending].reason = std::move(*verdicts[k]);
        if (taking_)
            for (const Dropped& d : dropped_) let_go(d.item);
        last_dropped_.clear();
        return;
    }

    // Some item moves: the lists are made again from the one list, in its order.
    std::vector<PendingItem> all = std::move(pending_);
    pending_.clear();
    std::vector<std::optional<std::string>> why(total);
    for (std::size_t i = in_pending; i < total; ++i) {
        all.push_back(std::move(dropped_[i - in_pending].item));
        why[i] = std::move(dropped_[i - in_pending].reason);
    }
    dropped_.clear();
    for (std::size_t k = 0; k < asked.size(); ++k) why[asked[k]] = std::move(verdicts[k]);
    std::string newly;
    for (std::size_t i = 0; i < total; ++i) {
        PendingItem& item = all[i];
        if (!why[i]) {
            pending_.push_back(std::move(item));
            continue;
        }
        let_go(item);
        if (i < in_pending) {  // the status line names only the ones it drops now
            const rules::FollowUp& f = item.follow_up;
            const rules::ActionSpec* spec = ruleset_->action(f.action);
            newly += (newly.empty() ? "" : "; ") + (spec && !spec->name.empty() ? spec->name : f.action) + " for " +
                     unit_name(f.unit) + ": " + *why[i];
        }
        dropped_.push_back({std::move(item), std::move(*why[i])});
    }
    last_dropped_ = newly;
}

} // namespace umpire::desk
