#include "desk/journal_window.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace umpire::desk {

namespace {

// What a damaged row says is not to be trusted: its line says it is damaged instead.
void say_damaged(std::vector<store::JournalLine>& lines) {
    for (store::JournalLine& l : lines)
        if (l.damaged) l.summary = "DAMAGED: this entry's row does not match its checksum";
}

} // namespace

JournalWindow::JournalWindow(const store::BattleStore& battle, store::LineFilter filter)
    : filter_(filter), lines_(battle.journal_page(0, kPage, filter_)), complete_(lines_.size() < kPage) {
    say_damaged(lines_);
}

void JournalWindow::read_older(const store::BattleStore& battle) {
    if (complete_) return;
    std::vector<store::JournalLine> older = battle.journal_page(lines_.empty() ? 0 : lines_.front().id, kPage, filter_);
    complete_ = older.size() < kPage;
    say_damaged(older);
    lines_.insert(lines_.begin(), std::make_move_iterator(older.begin()), std::make_move_iterator(older.end()));
}

void JournalWindow::add(const std::vector<store::JournalLine>& added) {
    for (const store::JournalLine& l : added) {
        // An undo or redo marks the action it names, which may be among the earlier lines; it is
        // listed under the units that action touched (rows from before those were stored have none).
        store::JournalLine copy = l;
        if (l.kind != store::EntryKind::Action && l.refers_to)
            if (store::JournalLine* action = held(*l.refers_to)) {
                action->undone = l.kind == store::EntryKind::Undo;
                if (copy.units.empty()) copy.units = action->units;
            }
        // No reserve to the exact size: each Apply adds one line, and an exact reserve would move
        // every line held each time; the vector's own growth moves them rarely.
        if (!filter_.any() || store::line_matches(copy, filter_)) lines_.push_back(std::move(copy));
    }
}

void JournalWindow::mark_damaged(const std::vector<std::int64_t>& ids) {
    for (std::int64_t id : ids)
        if (store::JournalLine* l = held(id)) l->damaged = true;
    say_damaged(lines_);
}

const store::JournalLine* JournalWindow::line(std::int64_t id) const {
    const auto it = std::lower_bound(lines_.begin(), lines_.end(), id,
                                     [](const store::JournalLine& x, std::int64_t wanted) { return x.id < wanted; });
    return it != lines_.end() && it->id == id ? &*it : nullptr;
}

store::JournalLine* JournalWindow::held(std::int64_t id) { return const_cast<store::JournalLine*>(std::as_const(*this).line(id)); }

} // namespace umpire::desk
