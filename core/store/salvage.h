#pragma once
// Internal to the store, and the same for every backend: what of a damaged battle can still be
// trusted. A backend gathers what it can still read by its own means (journal rows as stored,
// copies of the starting state, the seal's values: the SQLite file's are read page by page,
// store/page_salvage.h); this decides what of it is intact by the checksums the rows carry, and
// says of every entry that is not why.
#include "model/battle.h"
#include "store/journal.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace umpire::store::detail {

// A journal row as its store holds it, found by whatever means the backend has.
struct FoundRow {
    StoredRow row;
    std::string checksum;               // as stored
    std::string head;                   // as stored; "" in a file from before schema 4
    std::string umpire;                 // who applied it, as stored ("" where nobody is recorded)
    int covered = kJournalColumnCount;  // how many of kJournalColumns its checksum covers (13: schema 3)
};

struct Found {
    std::vector<FoundRow> rows;        // in any order; a row found twice is there twice
    std::vector<std::string> origins;  // each copy of the starting state's text found
    std::optional<std::uint64_t> origin_checksum;  // the seal's, when it still reads
    std::optional<std::int64_t> journal_last;      // the seal's
    std::vector<std::string> problems;             // what the backend could not read, in words
};

struct Salvaged {
    std::optional<model::Battle> origin;
    std::string origin_source;        // "the starting state is intact", or what is wrong with it
    std::vector<JournalEntry> entries;  // the intact rows' entries, oldest first (undo and redo with
                                        // their action's effects, when that action is intact)
    std::vector<std::pair<std::int64_t, std::string>> lost;  // entries not intact, and why; by id
    std::int64_t journal_rows = 0;    // the journal's length as far as can be told
};

// Whether a found row's stored checksum matches its columns.
bool intact(const FoundRow& row);

Salvaged salvage(const Found& found);

// What a salvage brings back, in a line: "318 of 322 journal entries are intact (entries 120 to
// 123: not found ...); the starting state is intact".
std::string salvage_words(const Salvaged& salvaged);

} // namespace umpire::store::detail
