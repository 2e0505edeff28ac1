#pragma once
// Internal to the store: the records of a SQLite database file read straight from its pages, for
// salvaging a damaged battle file that SQLite itself refuses to read past. Knows SQLite's file
// format (https://sqlite.org/fileformat2.html) and nothing of Umpire's tables: every leaf page of
// every b-tree is read on its own, whether or not the pages above it still lead to it, so a zeroed
// interior page, a damaged header or a file cut short costs only the pages actually lost. What a
// record means, and whether it is intact, is for the caller to say (store/salvage.h).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace umpire::store::detail::sqlite_pages {

// A stored value as the record holds it: NULL, an integer, a real, text or a blob.
struct Text {
    std::string bytes;
};
struct Blob {
    std::string bytes;
};
using Value = std::variant<std::monostate, std::int64_t, double, Text, Blob>;

struct Record {
    std::uint32_t page = 0;  // the leaf page the record was found on (1 is the first)
    bool has_rowid = false;  // a table's row (rowid set), or an index or WITHOUT ROWID table entry
    std::int64_t rowid = 0;
    std::vector<Value> values;  // in the order of the record (an INTEGER PRIMARY KEY reads as NULL)
};

struct Scan {
    std::uint32_t page_size = 0;          // from the header, or guessed when it is damaged
    std::optional<std::uint32_t> user_version, application_id;  // when the header reads
    std::uint32_t pages = 0;              // whole pages in the file (a cut-off last one counted)
    std::vector<Record> records;          // every record of every leaf page, in page order
    std::vector<std::string> problems;    // what could not be read, one line each
};

// Reads every leaf page of `file` (its whole bytes). Pages on the free list are skipped when the
// header still says which they are. Never throws for damage: what does not read is in `problems`.
Scan scan(std::string_view file);

} // namespace umpire::store::detail::sqlite_pages
