#pragma once
// A ruleset's house-rule switches read in one list: each key of the table with the flag it sets;
// a key the table lacks leaves the flag at its default (its value before the read).
#include "kit/table_reader.h"

#include <initializer_list>
#include <string_view>

namespace umpire::kit {

struct FlagField {
    std::string_view key;
    bool* flag;
};

inline void read_flags(const TableReader& table, std::initializer_list<FlagField> fields) {
    for (const auto& f : fields) *f.flag = table.flag(f.key, *f.flag);
}

} // namespace umpire::kit
