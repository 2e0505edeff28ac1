#pragma once
// What each page shows, built once per change of the battle: one JSON document for the umpire
// and one for each side, each already filtered (serve/visibility.h), so the HTTP threads only
// hand out what was built here. No rule is worked out: a unit's notes are the ruleset's
// unit_notes, the turn is turn_status, the working is the journal's resolution.
#include "model/battle.h"
#include "rules/ruleset.h"
#include "store/battle_file.h"
#include "turn/turn_rules.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace umpire::serve {

// A journal entry as the pages know it: its line, and the resolution with its working (null
// for an undo or redo, which repeat their action's).
struct KnownEntry {
    store::JournalLine line;
    nlohmann::json resolution;
};

// One page's content.
struct View {
    int viewer = 0;          // kUmpire or a side's id
    std::string name;        // "Umpire", or the side's name
    std::string document;    // the page's JSON
    // The journal lines this viewer may see among those known, oldest first, each as JSON: a
    // page that last saw entry N is sent those after N.
    std::vector<std::pair<std::int64_t, std::string>> lines;
    std::int64_t oldest_kept = 0;  // the first entry known (seen or not): earlier ones are not kept
};

// How many of the latest results a page shows with their working.
inline constexpr std::size_t kResultsShown = 6;

// The umpire's view first, then one per side in the battle's order. `known` holds the latest
// entries, oldest first (each line's `undone` as it stands now); `last_entry` is the journal's
// last id.
std::vector<View> build_views(const model::Battle& battle, const rules::Ruleset& ruleset,
                              const turn::TurnRules& turn_rules, const std::vector<KnownEntry>& known,
                              std::int64_t last_entry);

} // namespace umpire::serve
