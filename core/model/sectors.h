#pragma once
// Sectors: in a big game run by several umpires, units and commanders can be given to one umpire
// each. A unit is in the sector of the umpire it is given to, else of its commander's umpire, else
// in none (anyone acts for it). Kept in the battle's texts ("sector:unit:12" = "Bob"), so giving
// and taking back a sector is an effect like any other: journaled, undone, copied with the battle.
#include "model/battle.h"
#include "model/effect.h"

#include <optional>
#include <string>
#include <string_view>

namespace umpire::model {

// The journal's action for giving or taking back a sector: anyone's to do, whoever's it was.
inline constexpr std::string_view kSectorAction = "sector";

// The battle text that holds the sector of a unit or a commander.
std::string sector_key(Entity entity, int id);

// The umpire a unit or commander is given to itself, if any.
std::optional<std::string> assigned_sector(const Battle& battle, Entity entity, int id);

// Whose sector the unit is in: its own umpire, else its commander's; nullopt when in none.
std::optional<std::string> unit_sector(const Battle& battle, int unit);

// Whether `umpire` may act for `unit` without confirming: it is in no sector, or in his (names
// compared ignoring case: "Bob" typed once and "bob" the next time are one umpire).
bool in_own_sector(const Battle& battle, int unit, const std::string& umpire);

} // namespace umpire::model
