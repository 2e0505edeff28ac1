#pragma once
// The Rattle of Dice's rules, one file per part of the text, and the pieces they share: the
// unit's type, class and formation as the tables say, hits taken (figures off, the hits Steady
// Men! and the flag may cancel, the Shaken house rule), dice by figures. Internal to the target.
#include "kit/context.h"
#include "kit/deeds.h"
#include "kit/dice_math.h"
#include "kit/effects.h"
#include "kit/input_builders.h"
#include "kit/ruleset_base.h"
#include "kit/text.h"
#include "rulesets/rattle/tables.h"

#include <string>
#include <vector>

namespace umpire::rattle {

using Context = kit::Context<Tables>;
using ActionDef = kit::ActionDef<Tables>;
using ActionDefs = std::vector<ActionDef>;
using DefaultsContext = kit::DefaultsContext<Tables>;
using Defaults = kit::Defaults;

using kit::Deed;
using kit::How;
using kit::Within;
using kit::dice_text;
using kit::hits_text;
using kit::signed_text;
using kit::yes_no;

// Each file's actions, in the order `umpire actions rattle` lists them.
void add_movement_actions(const Tables& t, ActionDefs& out);  // move, general-move, crash
void add_charge_actions(const Tables& t, ActionDefs& out);    // charge, counter-charge, evade
void add_shooting_actions(const Tables& t, ActionDefs& out);  // shoot
void add_melee_actions(const Tables& t, ActionDefs& out);     // melee
void add_morale_actions(const Tables& t, ActionDefs& out);    // rally, steady-men, flag
void add_sapper_actions(const Tables& t, ActionDefs& out);    // work, blow-charges

// A yes/no input that is "yes" unless the umpire says otherwise (the charger sees its target).
rules::InputSpec yes_flag(std::string id, std::string label, std::string help);

// "Rattle Shooting: Dice (line 57)".
std::string cite(const std::string& section);

// A unit's counter keys.
namespace key {
inline constexpr const char* kFormation = "formation";          // Formation::code; 0: its type's
inline constexpr const char* kDismounted = "dismounted";        // cavalry on foot
inline constexpr const char* kLimbered = "limbered";            // a gun limbered to move
inline constexpr const char* kMeleeWith = "melee-with";         // the enemy unit it is in contact with
inline constexpr const char* kChargedFrontTurn = "charged-front-turn";  // charged from the front this turn
inline constexpr const char* kChargedBy = "charged-by";         // the unit that charged it ...
inline constexpr const char* kChargedByTurn = "charged-by-turn";  // ... this turn
inline constexpr const char* kDetachedFailedTurn = "detached-failed-turn";  // failed its roll to move this turn
inline constexpr const char* kObstacleTurn = "obstacle-turn";   // charged over an obstacle this turn
inline constexpr const char* kRecentHits = "recent-hits";       // hits of the latest shooting or melee
inline constexpr const char* kRecentHitsTurn = "recent-hits-turn";
inline constexpr const char* kSteadyTried = "steady-men-tried"; // Steady Men! rolled on those hits
inline constexpr const char* kFlagTried = "flag-tried";         // the flag rolled on those hits
inline constexpr const char* kDefeatedTurn = "defeated-turn";   // defeated in melee this turn
inline constexpr const char* kFlagLost = "flag-captured";       // the enemy has its colours
inline constexpr const char* kReactionHits = "reaction-hits";   // hits from fire out of turn ...
inline constexpr const char* kReactionHitsTurn = "reaction-hits-turn";  // ... this turn
inline constexpr const char* kUrgedBy = "urged-by";             // the General urging it on ...
inline constexpr const char* kUrgedTurn = "urged-turn";         // ... this turn
inline constexpr const char* kTrainSpeed = "train-speed";       // inches by rail last move
inline constexpr const char* kCharges = "charges";              // demolition charges laid
inline constexpr const char* kPontoons = "pontoon-sections";
inline constexpr const char* kFortified = "fortified";
inline constexpr const char* kWorkPrefix = "work:";             // work points toward a task
} // namespace key

// The unit's row of each table (the roster checked the ids; a unit of an unknown type is an
// input error naming it).
const TroopType& type_of(const Tables& t, const model::Unit& unit);
const Quality& quality_of(const Tables& t, const model::Unit& unit);
// Its formation now (null for troops without one: cavalry, guns, wagons).
const Formation* formation_of(const Tables& t, const model::Unit& unit);
bool is_mounted(const Tables& t, const model::Unit& unit);  // cavalry not dismounted
bool is_limbered(const model::Unit& unit);
// A turn-stamped counter holding this turn.
bool this_turn(const model::Battle& battle, const model::Unit& unit, const std::string& key);

// The figures the count input `input` says act, refused as bad input when more than the acting
// unit has ("16 figures, not 40").
int unit_figures(const Context& ctx, const std::string& input);

// `value` x the fraction.
double times(double value, const Fraction& f);
std::string fraction_text(const Fraction& f);  // "1/2"

// Dice for `count` things at `per` a die, the remainder rule as the options say, with the
// working's words: "10 figures, 1 die per 4, remainder of 1/2 or more counts: 3 dice".
int dice_for(const Tables& t, int count, int per);
std::string per_die_words(const Tables& t, int per);

// Where hits came from: melee hits count for Steady Men! and the flag like shooting's.
enum class HitSource { Shooting, Melee, Crash, Flag };

// Removes `hits` figures from `unit` (removed from the game at none); hits from shooting or
// melee are kept for Steady Men! and Rally Round the Flag to cancel, and said so; the Shaken
// house rule marks a unit that has lost too many.
void take_hits(const Context& ctx, kit::Changes& changes, const model::Unit& unit, int hits, HitSource source);

// The Shaken house rule's dice: `dice` halved when the rule is on and `shaken`.
int shaken_dice(const Context& ctx, int dice, bool shaken, const std::string& who, rules::Resolution& out);

// Refuses a commander who may not affect `unit`: a Brigade General only his own units (line 22).
void check_commands(const Context& ctx, const model::Commander& commander, const model::Unit& unit,
                    const std::string& rule, rules::Resolution& out);

} // namespace umpire::rattle
