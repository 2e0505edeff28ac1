#pragma once
// Roster edits made at the table: add, remove, rename, figures, quality, a unit's commander,
// split off a detachment and rejoin it. Each edit is checked against the battle (and the
// ruleset for ruleset values) and comes back as a Resolution whose effects the store records
// under the action id "edit-roster": every edit is in the journal, undone like any roll, and
// still there when the battle is reopened. Nothing here changes the battle.
#include "model/battle.h"
#include "rules/resolution.h"
#include "rules/ruleset.h"

#include <optional>
#include <string>
#include <string_view>

namespace umpire::roster {

inline constexpr std::string_view kEditAction = "edit-roster";

struct NewUnit {
    std::string name;
    int side = 0;
    std::optional<int> commander;
    std::string troop_type;
    std::string quality;
    std::string weapon;
    bool formed = true;
    int figures = 0;
    bool reserve = false;  // a spare unit on hand, off the table until it arrives
};

// Every function throws rules::InputError(field, why) when the edit is refused: no such unit,
// a name already used (names are unique ignoring case, as units are found by name), figures out
// of range, a value the ruleset does not know (saying which it does), a commander of another
// side, a unit that is not a detachment.
rules::Resolution add_unit(const model::Battle& battle, const rules::Ruleset& ruleset, const NewUnit& unit);
// Commanders with the unit leave it first (their "attached-unit" is cleared).
rules::Resolution remove_unit(const model::Battle& battle, int unit);
rules::Resolution rename_unit(const model::Battle& battle, int unit, std::string_view name);
// Figures now. Starting figures follow when the new count is above them (a roster mistake, not a
// casualty coming back), so figures never exceed the starting strength.
rules::Resolution set_figures(const model::Battle& battle, int unit, int figures);
// Hits now, for a unit that counts hits against a capacity (0 to its capacity); a unit that
// counts figures is refused.
rules::Resolution set_hits(const model::Battle& battle, int unit, int hits);
rules::Resolution set_quality(const model::Battle& battle, const rules::Ruleset& ruleset, int unit,
                              std::string_view quality);
// Holds the unit off the table as a spare unit on hand, or brings a spare unit on: the umpire's way
// for reinforcements in any ruleset (MacDuff's We Marched All Night does it through its card).
rules::Resolution set_reserve(const model::Battle& battle, int unit, bool reserve);
// Hides the unit from the other side's page on the players' phones (the umpire and its own side
// still see it), or reveals it.
rules::Resolution set_hidden(const model::Battle& battle, int unit, bool hidden);
// Sectors (model/sectors.h), recorded under their own action (model::kSectorAction) so that any
// umpire may give or take back a sector whoever's it is. `umpire` nullopt or "": in no sector.
rules::Resolution assign_unit_sector(const model::Battle& battle, int unit, std::optional<std::string> umpire);
rules::Resolution assign_commander_sector(const model::Battle& battle, int commander, std::optional<std::string> umpire);
// nullopt: the unit answers to no commander.
rules::Resolution assign_commander(const model::Battle& battle, int unit, std::optional<int> commander);
// `figures` leave the unit as a new unit (at least one stays), named `name` or "<unit> detachment",
// placed after it, marked with the counter "detachment-of" so it can rejoin (the same mark
// MacDuff's detachment rule uses). The unit's starting strength drops by as many.
rules::Resolution split_detachment(const model::Battle& battle, int unit, int figures, std::string_view name = {});
// The detachment's figures return to the unit it came from (figures and starting strength) and
// the detachment leaves the roster; commanders with it go to the unit.
rules::Resolution rejoin_detachment(const model::Battle& battle, int detachment);

} // namespace umpire::roster
