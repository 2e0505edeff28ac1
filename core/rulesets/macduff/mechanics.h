#pragma once
// The rules, one function per action, plus the pieces they share: dice counting with remainders,
// exact hit chances, effects chained within one resolution, casualties and the shaken threshold,
// losses (units and commanders) and army morale. Internal to the MacDuff target.
#include "kit/context.h"
#include "kit/deeds.h"
#include "kit/dice_math.h"
#include "kit/effects.h"
#include "kit/text.h"
#include "rulesets/macduff/tables.h"

#include <map>
#include <string>

namespace umpire::macduff {

// Everything a rule needs (kit/context.h): the tables, the battle, the acting unit and target,
// validated inputs, the dice (null for a preview) and the request.
using Context = kit::Context<Tables>;

// What each unit has done this turn (kit/deeds.h).
using kit::Deed;
using kit::How;
using kit::Within;

// The kit's counting, chances, wording and effects, as MacDuff's rules call them.
using kit::any_at_least;
using kit::change;
using kit::counter_now;
using kit::current;
using kit::dice_for;
using kit::dice_text;
using kit::flag_now;
using kit::hits_text;
using kit::natural_needed;
using kit::set_counter;
using kit::set_flag;
using kit::side_name;
using kit::signed_text;
using kit::success_chance;
using kit::table_distance;
using kit::turn_note;
using kit::who;
using kit::yes_no;

// Citation text for a section of the rules: cite("7.5 Dice") -> "MacDuff 7.5 Dice".
std::string cite(const std::string& section);

// What the unit did this turn, as the rules ask it (kit/deeds.h).
bool marched_this_turn(const model::Battle& battle, const model::Unit& unit);
bool charged_this_turn(const model::Battle& battle, const model::Unit& unit);
bool fired_this_turn(const model::Battle& battle, const model::Unit& unit);

// Turn-stamped markers ("marched-turn" = 3): true when the stamp is this turn, so nothing needs
// clearing when the turn changes.
bool this_turn(const model::Battle& battle, const model::Unit& unit, const std::string& key);

// The side active now (4.1), as the turn engine keeps it: the side whose card is in play, or under
// the initiative method the side activating. 0 when no side is (no turn under way, another phase).
int active_side(const model::Battle& battle);
// Whether the battle is played with the turn engine and its turn has begun: what "this turn" and
// "next turn" mean to a rule that would refuse for them.
bool turn_running(const model::Battle& battle);

// ---- What the text makes a unit do (the [[owed]] of tables.toml, kit/owed.h) ------------------

namespace owed {
inline constexpr const char* kSteadyMen = "steady-men";
inline constexpr const char* kShakenRally = "shaken-rally";
inline constexpr const char* kRallyNextTurn = "rally-next-turn";
inline constexpr const char* kRallyRetreat = "rally-retreat";
inline constexpr const char* kMeleeRetreat = "melee-retreat";
inline constexpr const char* kImpetuousPursuit = "impetuous-pursuit";
inline constexpr const char* kSquarePursuit = "square-pursuit";
inline constexpr const char* kTownRetreat = "town-retreat";
inline constexpr const char* kBlunderedAdvance = "blundered-advance";
inline constexpr const char* kAmmoFallBack = "ammo-fall-back";
} // namespace owed

// Raises the obligation `id` on `unit` as Context::owe does; the follow-up it opens also carries
// `hints`, values for the form that paying it does not ask (Ammo Shortage's fall back is a
// maneuver, limbering if artillery).
void owe(const Context& ctx, rules::Resolution& out, const model::Unit& unit, const std::string& id,
         const std::string& reason, const std::map<std::string, std::string>& hints);
// Whether `unit` owes the raised obligation `id`, as the resolution has left things so far.
bool owes(const Context& ctx, const rules::Resolution& out, const model::Unit& unit, const std::string& id);
// The unit no longer owes `id`: what raised it was undone (Steady Men! cancelling the hit that
// obliged the rally test); the caller's working says why.
void excuse(const Context& ctx, rules::Resolution& out, const model::Unit& unit, const std::string& id,
            const std::string& why);

// ---- Units, commanders, morale --------------------------------------------------------------

// True when `lost` of `start` figures is more than the quality's shaken fraction (9.2).
bool is_shaken_by_losses(const Quality& quality, int start, int lost);
const Quality& quality_of(const Tables& tables, const model::Unit& unit);

// Where the hits came from: decides whether a joined commander must roll Steady Men! (3.4).
enum class HitSource { Shooting, Melee, Other };

// Removes `hits` figures from `unit`: figures, removal at zero, shaken at the threshold. When
// `rally_if_shaken`, a unit shaken after the hits that took any is marked to rally (9.2) and a
// rally follow-up is queued. A joined commander's Steady Men! roll is queued (3.4); when the hits
// would take the unit's last figure and cancelling one would save it, that figure stands until the
// roll (key::kSteadyLast). Returns true if the unit is shaken after the hits.
bool take_casualties(const Context& ctx, const model::Unit& unit, int hits, bool rally_if_shaken,
                     HitSource source, rules::Resolution& out);

// Marks a shaken unit that took casualties to take a rally test and queues the test (9.2).
void require_rally(const Context& ctx, const model::Unit& unit, rules::Resolution& out);

enum class LossCause { Routed, Destroyed, OffTable, Captured, Withdrawn };
// A unit leaves the game: routed flag, its joined commander removed with it (3.2), and army
// morale (10) unless `cause` is Withdrawn (left the table of its own accord).
void unit_lost(const Context& ctx, const model::Unit& unit, LossCause cause, const std::string& why,
               rules::Resolution& out);
// A commander killed, wounded or captured: status, leaves his unit, army morale (10).
void commander_lost(const Context& ctx, const model::Commander& commander,
                    model::CommanderStatus status, const std::string& why, rules::Resolution& out);

// The army's morale level now (10): the side counter once set, else units / 2.
int army_level(const Context& ctx, const rules::Resolution& out, int side);
int army_start_level(const Tables& tables, const model::Battle& battle, int side);
// Units counted for army morale: the side's units from the start (not bands, hospitals or
// detachments made during the game).
int army_total_units(const Tables& tables, const model::Battle& battle, int side);
// A spare unit of the side is about to arrive (R60): the army's level is set up from the army as
// it stood, then raised for the newcomer only if the table says reinforcements count.
void army_reinforced(const Context& ctx, int side, const std::string& unit_name, rules::Resolution& out);
// Lowers the side's army morale by `amount`, setting it up first if this is its first loss.
void army_morale_loss(const Context& ctx, int side, int amount, const std::string& why,
                      rules::Resolution& out);

// The commander named by the input `id` ("commander"), or null when the input was not given.
// Throws InputError when the id names no commander of this battle.
const model::Commander* commander_input(const Context& ctx, const std::string& id = "commander");

// A unit's counter keys (stable ids shared by the actions that set and read them).
namespace key {
inline constexpr const char* kChargeBonusTurn = "charge-bonus-turn";
inline constexpr const char* kFirstFireUsed = "first-fire-used";
inline constexpr const char* kMountTurn = "mount-turn";
inline constexpr const char* kLimberTurn = "limber-turn";
inline constexpr const char* kDismounted = "dismounted";
inline constexpr const char* kLimbered = "limbered";
inline constexpr const char* kSquare = "square";
inline constexpr const char* kSquareBroken = "square-broken";
inline constexpr const char* kMeleeWith = "melee-with";
inline constexpr const char* kChargedBy = "charged-by";  // the charger that pinned it (5.7), until the melee
inline constexpr const char* kRepairsNeeded = "repairs-needed";
inline constexpr const char* kSteadyShootingTurn = "steady-men-shooting-turn";
inline constexpr const char* kSteadyHits = "steady-men-hits";
inline constexpr const char* kSteadyShaken = "steady-men-shaken";
inline constexpr const char* kSteadyRally = "steady-men-rally";
inline constexpr const char* kSteadyLast = "steady-men-last";  // the last figure stands until the roll
// The rally test the hits oblige, owed only if that last figure still stands after the roll.
inline constexpr const char* kSteadyRallyAfter = "steady-men-rally-after";
inline constexpr const char* kSeizedTurn = "seized-turn";       // Seizing the Moment: activated out of turn
inline constexpr const char* kOutOfTurn = "out-of-turn";        // ... and ordered so: it acts out of turn (R55)
inline constexpr const char* kJoinedTurn = "commander-joined-turn";  // a commander joined it this turn (3.2)
inline constexpr const char* kTownFire = "town-fire";
inline constexpr const char* kTownDamage = "town-damage";
inline constexpr const char* kTownDestroyed = "town-destroyed";
inline constexpr const char* kHospitalOperating = "hospital-operating";
inline constexpr const char* kDetachmentOf = "detachment-of";
inline constexpr const char* kCharges = "done:demolition-charge";
// Chance cards (chance_*.cpp), turn-stamped like the markers above.
inline constexpr const char* kHuzzahMoveInches = "huzzah-move-inches";  // inches still to add to a move
inline constexpr const char* kHuzzahMoveTurn = "huzzah-move-turn";
inline constexpr const char* kHuzzahMeleeTurn = "huzzah-melee-turn";
inline constexpr const char* kNoMoveTurn = "no-move-turn";              // For Want of a Nail
inline constexpr const char* kNoActivationTurn = "no-activation-turn";  // Ammo Shortage
inline constexpr const char* kExtraDieTurn = "extra-die-turn";          // I'll Try Sir!: extra die if it charges
inline constexpr const char* kOfficerCommands = "officer-commands";     // Rising to the Occasion (kept)
// Side counters.
inline constexpr const char* kArmyMorale = "army-morale";
inline constexpr const char* kArmyMoraleStart = "army-morale-start";
inline constexpr const char* kArmyMoraleZeroTurn = "army-morale-zero-turn";
inline constexpr const char* kHospitalTurn = "hospital-turn";
// Battle counters.
inline constexpr const char* kBreaches = "breaches";
} // namespace key

} // namespace umpire::macduff
