#pragma once
// What each unit has done this turn and this phase, in one place for every ruleset: activated,
// ordered, moved (and how), fired (and with how many figures), reacted, charged, fought in melee,
// rallied, worked. Actions and the turn engine record deeds alike; rules and the limits read them
// (a second volley, a move without an order, fire from a gun that moved).
//
// A deed is kept in the unit's counters, stamped with the moment it happened (turn and phase),
// so nothing needs clearing when a phase or a turn begins: "fired this turn" is a stamp of this
// turn. The turn engine keeps the phase in the battle counter "phase" (0 before the turn engine
// starts, or in a battle played without it: a turn is then one phase).
#include "model/battle.h"
#include "rules/resolution.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::kit {

enum class Deed { Activated, Ordered, Moved, Fired, Reacted, Charged, Melee, Rallied, Worked };
inline constexpr Deed kAllDeeds[] = {Deed::Activated, Deed::Ordered, Deed::Moved, Deed::Fired, Deed::Reacted,
                                     Deed::Charged, Deed::Melee, Deed::Rallied, Deed::Worked};
std::string_view deed_id(Deed deed);                    // "fired"
std::optional<Deed> deed_from_id(std::string_view id);
std::string deed_past(Deed deed);                       // "has fired", "has been ordered"

// How it was done, where the rules care: a move's kind, fire as a reaction, a unit that stood.
enum class How { Plain, Half, Full, Charge, March, Maneuver, Stood, Reaction, Retreat, Pursuit };
std::string_view how_id(How how);
std::optional<How> how_from_id(std::string_view id);

enum class Within { Turn, Phase };
std::string_view within_id(Within within);  // "this turn", "this phase"

// The battle counter the turn engine keeps the current phase in (1-based; 0: none).
inline constexpr const char* kPhaseCounter = "phase";

struct Moment {
    int turn = 1;
    int phase = 0;
    int stamp() const { return turn * 100 + phase; }
};
Moment now(const model::Battle& battle);

// A deed as the resolution leaves it so far (effects in `out` count, so a rule that fires and then
// checks sees its own fire).
struct Done {
    bool happened = false;
    How how = How::Plain;
    int count = 0;  // figures (fired) or other quantity recorded with it
    Moment at;
};
Done done(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit, Deed deed,
          Within within);
// The same against the battle as it stands.
Done done(const model::Battle& battle, const model::Unit& unit, Deed deed, Within within);
bool did(const model::Battle& battle, const model::Unit& unit, Deed deed, Within within = Within::Turn);
// When the unit last did it, in any turn (the last deed of its kind is kept); nullopt if never.
// For rules that look back a turn: "impetuous in the previous turn".
std::optional<Moment> last_done(const model::Unit& unit, Deed deed);

// Records the deed now. `count` adds to what was recorded with the same deed in this phase
// (figures firing in two volleys of one phase); a deed of an earlier phase is replaced.
void record(const model::Battle& battle, rules::Resolution& out, const model::Unit& unit, Deed deed,
            How how = How::Plain, int count = 0, const std::string& reason = {});

// Activated or moved this turn: what the roster's "not activated" filter leaves out (MacDuff
// activates a unit by an order, Edwardian by its move in the sequence).
bool acted_this_turn(const model::Battle& battle, const model::Unit& unit);

// A unit made from another (a detachment) has done what its unit did: copies the deeds.
void carry_deeds(const model::Unit& from, model::Unit& to);

// What the unit has done this turn, as short words for badges and the unit card: "moved (charge)",
// "fired 12", "rally test taken" (passed or failed).
std::vector<std::string> deeds_this_turn(const model::Battle& battle, const model::Unit& unit);

} // namespace umpire::kit
