#pragma once
// The whole state of one battle: sides, commanders, units, the turn, and the options the
// umpire chose. Plain data; the store keeps it on disk and rules read it.
#include "model/effect.h"
#include "model/unit.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace umpire::model {

struct Side {
    int id = 0;
    std::string name;
    std::string colour;  // "red" / "black" for MacDuff's card deck
    std::map<std::string, int> counters;  // side-wide state by stable id: army morale, ...
};

enum class CommanderStatus { Active, Wounded, Captured, Killed };
std::string_view commander_status_id(CommanderStatus status);
std::optional<CommanderStatus> commander_status_from_id(std::string_view id);

struct Commander {
    int id = 0;
    std::string name;
    int side = 0;
    bool is_general = false;
    std::optional<int> attached_unit;  // the unit he has joined this turn, if any
    CommanderStatus status = CommanderStatus::Active;
};

struct Battle {
    std::string name;
    std::string ruleset;            // registry id, e.g. "macduff"
    std::string distance_unit = "in";  // how the umpire measures on this table: "in" or "cm"
    double distance_scale = 1.0;    // multiplies every rulebook distance (x1.5 for 54mm, say)
    std::string house_rules;        // TOML overriding the ruleset's reference tables
    int turn = 1;
    std::map<std::string, int> counters;  // battle-wide state by stable id
    // Battle-wide structured state as text by stable id ("turn": the turn engine's state as
    // JSON, "chance-deck": the battle's own chance deck as TOML, ...). Changed by text effects.
    std::map<std::string, std::string> texts;
    std::vector<Side> sides;
    std::vector<Commander> commanders;
    std::vector<Unit> units;

    const Unit* unit(int id) const;
    Unit* unit(int id);
    // Case-insensitive exact name match first, then a unique prefix; nullptr otherwise.
    const Unit* find_unit(std::string_view wanted) const;
    const Commander* commander(int id) const;
    Commander* commander(int id);
    const Side* side(int id) const;
    Side* side(int id);
    // The active commander who has joined this unit, if any.
    const Commander* joined_commander(int unit_id) const;

    // Applies effects in order. Each effect's `before` must match the current value, so a
    // stale or replayed effect is refused (std::logic_error) before anything changes.
    void apply(const std::vector<Effect>& effects);
    // Reverts effects applied earlier (in reverse order, after -> before).
    void revert(const std::vector<Effect>& effects);
};

} // namespace umpire::model
