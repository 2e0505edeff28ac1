#pragma once
// Internal to the SQLite store: what a damaged battle file still holds, read page by page
// (store/sqlite_pages.h) and told apart by the shape of its records, for store/salvage.h to judge.
// The journal's rows are found in every schema that carries checksums (3 to 6), the starting
// state in its own table (6) or the meta table (3 to 5), and the seal's values in the meta table.
#include "store/salvage.h"
#include "store/sqlite_pages.h"

#include <optional>
#include <string>
#include <vector>

namespace umpire::store::detail {

// `schema` is the file's version when known (the header's user_version); nullopt: told from the
// rows' shape.
Found find_in_pages(const sqlite_pages::Scan& scan, std::optional<int> schema);

// The battle file at `file` read page by page, and judged: what of it is intact. `problems` gets
// what could not be read. Throws StoreError (Io) when the file cannot be read at all.
Salvaged salvage_file(const std::string& file, std::vector<std::string>* problems = nullptr);

} // namespace umpire::store::detail
