#pragma once
// What every ruleset's tables.cpp does around its own sections: the top of the reference checked
// against the newest format version it reads, the ruleset's name, then each section read into
// the tables in turn. A ruleset names its sections; the order is the order they are read.
#include "kit/table_reader.h"

namespace umpire::kit {

template <typename Tables, typename... Sections>
Tables read_sections(const Reference& reference, int newest_version, Sections... sections) {
    const TableReader top = TableReader::top(reference, newest_version);
    Tables tables;
    tables.name = top.text("name");
    (sections(top, tables), ...);
    return tables;
}

} // namespace umpire::kit
