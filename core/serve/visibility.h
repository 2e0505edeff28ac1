#pragma once
// What one side may see of a battle. The umpire sees everything; a side sees its own units and
// the enemy's as they stand on the table, except those the umpire has hidden (Flag::Hidden):
// those, and every journal entry about them, never reach the other side's page.
#include "model/battle.h"
#include "store/battle_file.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::serve {

inline constexpr int kUmpire = 0;  // the viewer "side" of the umpire's page

// The units hidden from one viewer: the other sides' units marked hidden.
class HiddenFrom {
public:
    HiddenFrom(const model::Battle& battle, int viewer);

    bool empty() const { return ids_.empty(); }
    bool hides(int unit) const { return ids_.count(unit) > 0; }
    // Whether the entry is about a hidden unit: it acts, is the target, is changed by an
    // effect, is asked for a follow-up, or is named anywhere in `text` (its payloads as JSON).
    bool hides(const store::JournalLine& line, std::string_view text) const;
    // Every string in `doc` with each hidden unit's name put as "a hidden unit": a last guard,
    // so a name that reached a sentence (a card's text, a note) still does not leave.
    void redact(nlohmann::json& doc) const;

private:
    std::set<int> ids_;
    std::vector<std::string> names_;
};

// The units a viewer may see, in the battle's order.
std::vector<const model::Unit*> visible_units(const model::Battle& battle, int viewer);

} // namespace umpire::serve
