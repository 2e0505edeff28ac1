#pragma once
// A window on the journal: its newest lines that a filter lets through, oldest first, read from
// the battle a page at a time, the newest first, as the Journal panel scrolls back, and
// kept in step with the entries added since. Opening a battle reads one page of its journal,
// however long it is; a filter runs in SQL (BattleStore::journal_page).
#include "store/battle_store.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace umpire::desk {

class JournalWindow {
public:
    static constexpr std::size_t kPage = 200;

    JournalWindow() = default;
    // The newest page of lines `filter` lets through. Throws what BattleStore::journal_page throws.
    JournalWindow(const store::BattleStore& battle, store::LineFilter filter);

    const store::LineFilter& filter() const { return filter_; }
    // Oldest first: the newest lines of the journal (that the filter lets through), as far back
    // as read so far.
    const std::vector<store::JournalLine>& lines() const { return lines_; }
    // Whether they reach back to the first (there is nothing older to read).
    bool complete() const { return complete_; }
    // Reads the page before the oldest line held; nothing when complete.
    void read_older(const store::BattleStore& battle);
    // The lines added to the journal since (all of them, oldest first, as journal_lines gives
    // them): keeps those the filter lets through, and marks the line held that an undo or redo
    // among them names.
    void add(const std::vector<store::JournalLine>& added);

    // Marks the lines held of these entries damaged (a check of the whole file found them), and
    // has every damaged line held say so in place of what its row says, which is not to be trusted.
    void mark_damaged(const std::vector<std::int64_t>& ids);

    // The line of entry `id` if held, else nullptr.
    const store::JournalLine* line(std::int64_t id) const;

private:
    store::JournalLine* held(std::int64_t id);

    store::LineFilter filter_;
    std::vector<store::JournalLine> lines_;
    bool complete_ = true;
};

} // namespace umpire::desk
