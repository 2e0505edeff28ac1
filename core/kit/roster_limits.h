#pragma once
// What a side may field, as data: the [[roster_limits]] list of a ruleset's reference tables. A
// roster (and the roster editor) is checked against it unit by unit, so the text's "each army may
// have 1 band" refuses the second band where it stands in the file:
//
//   [[roster_limits]]
//   id = "one-band-one-hospital"
//   types = ["band", "hospital"]  # the troop types it limits, each counted on its own
//   per_side = 1                  # at most this many of a type on one side
//   text = "each army may have 1 band and 1 hospital"
//   citation = "12 Hospitals and Bands"
#include "kit/table_reader.h"
#include "model/battle.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace umpire::kit {

struct RosterLimit {
    std::string id;
    std::vector<std::string> types;
    int per_side = 1;
    std::string text;
    std::string citation;  // cited: "MacDuff 12 Hospitals and Bands"
};

// Reads [[roster_limits]] (absent: none); `cite` turns a section into the ruleset's citation.
std::vector<RosterLimit> read_roster_limits(const TableReader& top,
                                            const std::function<std::string(const std::string&)>& cite);

// Why `unit` may not join its side next to the units `battle` already has (one over a limit),
// naming the rule and the unit it would be one too many with; nullopt when it may.
std::optional<std::string> roster_limit_refusal(const std::vector<RosterLimit>& limits, const model::Battle& battle,
                                                const model::Unit& unit);

} // namespace umpire::kit
