#pragma once
// What every rule of the Featherstone-like set shares: the context a rule runs in, one resolve
// function per action, the unit's kept state, and the pieces of arithmetic several rules use
// (roll under and sum the pips, halving, saving rolls, casualties). Internal to the target.
#include "kit/context.h"
#include "kit/deeds.h"
#include "kit/dice_math.h"
#include "kit/effects.h"
#include "kit/text.h"
#include "rulesets/featherstone/tables.h"

#include <optional>
#include <string>

namespace umpire::featherstone {

using Context = kit::Context<Tables>;
using kit::Changes;
using kit::Deed;
using kit::How;
using kit::Within;
using kit::plural;
using kit::signed_text;

// ---- The state kept on a unit (counters; turn stamps hold the turn it happened) ----------------
namespace key {
inline constexpr const char* formation = "formation";          // the formation's code (tables.toml)
inline constexpr const char* no_move = "no-move-turn";          // morale: may not move this turn
inline constexpr const char* half_move = "half-move-turn";      // morale: half move this turn
inline constexpr const char* must_charge = "must-charge-turn";  // morale 7: charge if within reach
inline constexpr const char* first_fire = "first-fire-turn";    // morale: may fire first
inline constexpr const char* charged_at = "charged-turn";       // charged by the enemy this turn
inline constexpr const char* charged_by = "charged-by";         // ... by this unit
inline constexpr const char* lost_melee = "lost-melee-turn";    // lost a melee this turn
inline constexpr const char* won_melee = "won-melee-turn";      // won a melee this turn
inline constexpr const char* halted = "charge-halted-turn";     // its charge was halted by fire
// The fire a charge receives in a turn, judged whole (25% of its strength before the first shot):
inline constexpr const char* fire_turn = "charge-fire-turn";           // the turn it was last shot at
inline constexpr const char* fire_strength = "charge-fire-strength";   // its figures before that turn's fire
inline constexpr const char* fire_lost = "charge-fire-lost";           // casualties from that turn's fire
inline constexpr const char* shots = "shots";                   // artillery: shots fired this game
inline constexpr const char* fired_turn = "fired-turn";         // artillery: the turn it last fired
inline constexpr const char* destroyed = "gun-destroyed";       // artillery: the gun is destroyed
inline constexpr const char* leader_killed = "leader-killed";   // its unit commander was killed
} // namespace key

// "Featherstone Infantry shooting": the heading of the text (rulings.md, "Citations").
std::string cite(const std::string& where);

// ---- What a unit is ----------------------------------------------------------------------------
const TroopType* troop_of(const Tables& t, const model::Unit& u);
bool is_arm(const Tables& t, const model::Unit& u, Arm arm);
bool is_lancer(const Tables& t, const model::Unit& u);
bool is_armoured(const model::Unit& u);
int grade_of(const Tables& t, const model::Unit& u);
// The unit's formation: the kept one, else its type's usual one.
std::string formation_of(const Tables& t, const model::Unit& u);
bool stamped(const model::Battle& b, const model::Unit& u, const char* stamp);  // holds this turn
bool moved_this_turn(const model::Battle& b, const model::Unit& u);  // moved, not merely stood
// Charged this turn by a unit of cavalry: the charger, else null.
const model::Unit* cavalry_charger(const Tables& t, const model::Battle& b, const model::Unit& u);
// Whether the unit owes the obligation `id` (reference [[owed]]; kit/owed.h).
bool owes(const model::Unit& u, const char* id);

// ---- Arithmetic ----------------------------------------------------------------------------------
// `value` times the fraction, rounded as the halving option says (up by default, R9).
int scale(const Tables& t, int value, Fraction f);
std::string fraction_text(Fraction f);  // "1/2"
std::string on_faces(const std::vector<int>& faces);  // "on a 1", "on 1-2"
bool shows(const std::vector<int>& faces, int die);   // the die is one of the faces
// Dice for figures: 1 per 5, 3-4 left over roll one more (Infantry shooting).
int dice_for_figures(const Tables& t, int figures);
std::string dice_for_text(const Tables& t, int figures, int dice);

// Roll under and sum the pips: `dice` dice kept at or under `target`, pips summed as hits; with
// `reroll` one die rerolled to best effect (grenadiers and guards in melee). roll_pips shows the
// roll in the working and returns the hits; in a preview (no dice) it returns nullopt.
struct PipsRoll {
    int dice = 0;
    int target = 0;
    bool reroll = false;
    dice::Distribution odds;  // the hits before any halving
};
PipsRoll pips_roll(int dice, int target, bool reroll);
std::optional<int> roll_pips(const Context& ctx, const PipsRoll& roll, const std::string& label,
                             const std::string& citation, rules::Resolution& out);

// ---- Saving rolls ---------------------------------------------------------------------------------
enum class Against { Shooting, Melee };
// Who is saving, as the saving-roll table sorts troops.
struct Troops {
    Arm arm = Arm::Infantry;
    bool skirmish = false;
    bool heavy = false;
    bool armoured = false;
    bool lancers = false;
    std::string type_name = "Infantry";
};
Troops troops_of(const Tables& t, const std::string& type, bool armoured, bool lancers);
struct SaveRule {
    int number = 5;
    int die_bonus = 0;
    std::string text;  // "formed troops in the open save on 5+"
    double chance(bool exactly) const;  // one hit saved
    bool saves(int die, bool exactly) const;
};
SaveRule save_rule(const Tables& t, const Troops& troops, const std::string& cover, Against against);
// Casualties left from `hits` hits: the exact odds when hits follow `hits_odds`.
dice::Distribution casualty_odds(const Tables& t, const dice::Distribution& hits_odds, const SaveRule& rule);
// Rolls one saving die per hit; returns the casualties. nullopt in a preview.
std::optional<int> roll_saves(const Context& ctx, int hits, const SaveRule& rule, const std::string& who,
                              rules::Resolution& out);

// ---- Effects -------------------------------------------------------------------------------------
// Figures removed; any casualty disorders the unit and marks it to rally next turn (Morale).
void take_casualties(const Tables& t, Changes& changes, const model::Unit& u, int casualties,
                     const std::string& why, rules::Resolution& out);
void disorder(Changes& changes, const model::Unit& u, const std::string& why);
// When hits reach the leaders' check, the unit owes the dice for its leader or general.
void leader_check_due(const Context& ctx, const model::Unit& u, int hits, rules::Resolution& out);
// A charging unit taking casualties owes a morale check; the fire it has received this turn
// reaching a quarter of its figures (its strength before the turn's first shot) halts the charge:
// infantry return fire in disorder, cavalry withdraw a move.
void charge_under_fire(const Context& ctx, Changes& changes, const model::Unit& u, Arm arm, int casualties,
                       int strength, rules::Resolution& out);
void stamp(Changes& changes, const model::Unit& u, const char* key, const std::string& why);

// ---- The actions (files named after the rules) ------------------------------------------------------
void resolve_shoot(const Context& ctx, rules::Resolution& out);       // shooting.cpp
void resolve_artillery(const Context& ctx, rules::Resolution& out);   // artillery.cpp
// Each arm its own shooting: a battery does not fire muskets, nor foot a battery.
std::optional<std::string> refuses_shooter(const Tables& t, const model::Unit& unit);
std::optional<std::string> refuses_gunner(const Tables& t, const model::Unit& unit);
void resolve_save(const Context& ctx, rules::Resolution& out);        // saves.cpp
void resolve_melee(const Context& ctx, rules::Resolution& out);       // melee.cpp
void resolve_morale(const Context& ctx, rules::Resolution& out);      // morale.cpp
void resolve_move(const Context& ctx, rules::Resolution& out);        // movement.cpp
void resolve_charge(const Context& ctx, rules::Resolution& out);      // charge.cpp
// A unit's move before direction and formation change: the rate, roads, terrain, a half move
// from its rally (movement.cpp).
double base_allowance(const Context& ctx, const TroopType& tt, const Formation& f, bool road, bool terrain,
                      rules::Resolution& out);
void resolve_pursue(const Context& ctx, rules::Resolution& out);      // charge.cpp
void resolve_recall(const Context& ctx, rules::Resolution& out);      // charge.cpp
void resolve_leader_hit(const Context& ctx, rules::Resolution& out);  // leaders.cpp
void resolve_overrun(const Context& ctx, rules::Resolution& out);     // leaders.cpp
// The battle counter holding the turn a general was overrun (he influences no one that turn).
std::string overrun_key(int commander);

} // namespace umpire::featherstone
