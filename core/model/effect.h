#pragma once
// An Effect is one field of one thing changing from a value to a value: "unit 4 figures 12 -> 9",
// "unit 4 flag shaken 0 -> 1", "commander 2 status active -> wounded". Recording both ends makes
// every applied action exactly reversible, which is what undo and redo replay.
//
// Creating or removing a whole unit (a detachment leaving or rejoining its unit) is an effect on
// the unit's "roster-place": 0 means not in the battle, k its 1-based place in Battle::units.
// Such an effect carries the whole unit, so either direction can be replayed exactly: 0 -> k
// inserts the carried unit at place k, k -> 0 removes it (and is refused unless the unit there
// is still the one carried, so a stale removal can never drop a unit that has changed since).
//
// Text fields (a unit's name, quality, troop type, weapon and traits; a commander's or side's
// name; the battle's name and its texts, which hold structured state such as the turn engine's
// decks and wind) change from text_before to text_after instead; `before` and `after` stay 0.
// An absent text (a trait not yet given, a battle text not yet written) is nullopt. A change
// between two long texts (the turn engine's state) may instead be kept as a patch
// (model/text_patch.h): what changed, with both ends checked by size and hash. The journal
// keeps long changes that way, so an effect read back from it carries the patch, not the texts.
#include "model/text_patch.h"
#include "model/unit.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace umpire::model {

enum class Entity { Unit, Commander, Side, Battle };

struct Effect {
    Entity entity = Entity::Unit;
    int id = 0;             // unit, commander or side id; 0 for the battle
    std::string field;      // unit: "figures", "start-figures", "hits", "formed", "flag:shaken",
                            // "counter:KEY", "roster-place" (see above);
                            // commander: "status", "attached-unit" (-1 = none);
                            // unit "commander" (-1 = none); side: "counter:KEY" (army morale,
                            // say); battle: "turn", "counter:KEY"; text fields below
    std::int64_t before = 0;
    std::int64_t after = 0;
    std::string reason;     // one line for the journal: "3 hits from shooting"
    std::optional<Unit> unit = std::nullopt;  // the whole unit, for "roster-place" only
    std::optional<std::string> text_before = std::nullopt;  // text fields only (see above)
    std::optional<std::string> text_after = std::nullopt;
    std::optional<TextPatch> text_patch = std::nullopt;  // instead of both texts (see above)
};

// Whether the effect's field holds text: unit "name", "quality", "troop-type", "weapon",
// "trait:KEY"; commander and side "name"; battle "name" and "text:KEY".
bool is_text_field(const Effect& effect);

// A text effect, built with both ends: the usual way rules and editors make one.
Effect text_effect(Entity entity, int id, std::string field, std::optional<std::string> before,
                   std::optional<std::string> after, std::string reason);

std::string_view entity_id(Entity entity);

// The field name of unit creation and removal effects.
inline constexpr std::string_view kRosterPlace = "roster-place";

// Whether the effect changes one unit's own fields alone: not its place in the roster (a unit
// added or removed moves the units after it), nor anything of a commander, a side or the battle.
// What is worked out unit by unit (what each owes, Pending's verdicts, the state's checksum) is
// worked out again for that unit only after such an effect.
inline bool changes_one_unit(const Effect& effect) {
    return effect.entity == Entity::Unit && effect.field != kRosterPlace;
}

} // namespace umpire::model
