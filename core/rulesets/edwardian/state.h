#pragma once
// The Edwardian state the shared model has no field for, kept in named counters (Unit::counters,
// Side::counters, Battle::counters), and the one way rules change it: Changes, which stages
// effects with the right `before` even when a resolution touches a field twice.
#include "kit/effects.h"
#include "model/battle.h"
#include "rules/resolution.h"
#include "rulesets/edwardian/tables.h"

#include <map>
#include <string>

namespace umpire::edwardian {

// Counter ids. Turn-stamped counters hold the turn number an event happened in, so nothing has
// to be reset at the end of a turn: "moved this turn" is moved-turn == battle.turn.
namespace key {
// Morale bookkeeping.
// Figures lost in the phase of the unit's latest casualties, until its morale check: a phase count
// (kit/phase_counts.h) stamped in "phase-losses:at", so losses of an earlier phase are not summed in.
inline constexpr const char* phase_losses = "phase-losses";
inline constexpr const char* loss_cause = "loss-cause";      // 1 fire, 2 melee
inline constexpr const char* full_size = "full-size";        // when drafting grew the unit
inline constexpr const char* quality_grade = "quality-grade";  // averaged quality, in points
inline constexpr const char* side = "side";  // a claimed gun's side, in files written before claim-gun created units
inline constexpr const char* captured_from = "captured-from";  // the new unit of a claimed gun: the old unit's id
inline constexpr const char* claimed_as = "claimed-as";        // the abandoned gun's unit: its new unit's id
// Charges (I Charges): the unit that charged this one, and the turn it did (a turn stamp); the
// unit a charger charged (read with its charged deed of this turn).
inline constexpr const char* charged_by = "charged-by";
inline constexpr const char* charged_at = "charged-at";
inline constexpr const char* charging = "charging";
// Turn stamps.
inline constexpr const char* jammed_turn = "jammed-turn";
inline constexpr const char* formed_turn = "formed-turn";     // a claimed gun's new unit
inline constexpr const char* loaded_turn = "loaded-turn";
inline constexpr const char* mad_minute_turn = "mad-minute-turn";
inline constexpr const char* mad_minute_until = "mad-minute-until";  // last turn without fire
// Phase stamps (kit::Moment::stamp): the phase a sweep of several actions began in.
inline constexpr const char* mad_minute_at = "mad-minute-at";  // the Mad Minute's sweep
inline constexpr const char* canister_at = "canister-at";      // a canister shot's sweep
// Artillery firing state.
inline constexpr const char* firing_count = "firing-count";  // firings at the same point
inline constexpr const char* target_range = "target-range";  // tenths of a rulebook inch
inline constexpr const char* crew_firing = "crew-firing";
inline constexpr const char* loaded = "loaded";              // round code; -1 empty; 0 as set up
// Guns.
inline constexpr const char* gun_destroyed = "gun-destroyed";
inline constexpr const char* spiked = "spiked";
inline constexpr const char* abandoned = "abandoned";
// Officers and standards.
inline constexpr const char* officer_killed = "officer-killed";
inline constexpr const char* standard_lost = "standard-lost";
inline constexpr const char* standards_held = "standards-held";
// The Campaign Game (III Campaign Game).
inline constexpr const char* failed_morale = "failed-morale";  // turn stamp: failed morale this battle
inline constexpr const char* newcomers = "newcomers";          // reinforcements and lower-grade transfers
inline constexpr const char* diluted = "diluted";              // dropped a grade for its newcomers
inline constexpr const char* reinforced = "reinforced";        // rolled its reinforcement die
// Revolutionaries (III Bolshevik Revolutionaries and Bomb-Throwing Anarchists).
inline constexpr const char* swayed_at = "swayed-at";          // a leader's phase stamp: its oratory
inline constexpr const char* loyalty_contested = "loyalty-contested";  // a gun's swayed crewmen still fighting
inline constexpr const char* swayed_to = "swayed-to";          // ... and the unit they joined
// Side and battle.
inline constexpr const char* units_formed = "units-formed";
inline constexpr const char* guns_lost = "guns-lost";
inline constexpr const char* game_over = "game-over";
inline constexpr const char* winner = "winner";
inline constexpr const char* draw = "draw";
inline constexpr const char* no_fight = "no-fight";            // conceded without a fight
inline constexpr const char* capitulation = "capitulation";    // the side whose country is conquered
inline constexpr const char* standing = "campaign-standing";   // first side's wins minus losses after it
} // namespace key

inline constexpr int kCauseFire = 1;
inline constexpr int kCauseMelee = 2;
inline constexpr int kEmpty = -1;

using kit::counter;

// The side a unit fights for: a claimed gun's new side, else its roster side.
int side_of(const model::Unit& unit);
// Full size for morale: grown by drafts beyond the losses they replaced, else the roster's.
int full_size(const model::Unit& unit);
const TroopType* troop_of(const Tables& t, const model::Unit& unit);
// The unit's quality: the averaged grade after drafts, else the roster's.
const Quality& quality_of(const Tables& t, const model::Unit& unit);
bool is_gun(const Tables& t, const model::Unit& unit);
bool is_cavalry(const Tables& t, const model::Unit& unit);
// An undisciplined or other unit in open order that gets the -1 against fire.
bool open_order_benefit(const Tables& t, const model::Unit& unit);
bool gun_out_of_action(const model::Unit& unit);  // destroyed or spiked
// The trait of `roster.open_order_only` the unit has (undisciplined troops operate only in open
// order, I Troops), or nullptr: no close-order bonus and no Mad Minute for it.
const std::string* open_order_only(const Tables& t, const model::Unit& unit);
// Figures killed in this phase: they still fire (and fight) before they are removed (I Turn
// Sequence 3), so they count with those standing.
int fallen_this_phase(const model::Battle& battle, const model::Unit& unit);

// Stages effects in order with the right `before` (kit/effects.h).
using Changes = kit::Changes;

// Figures joining a unit (drafted crews, figures swayed to the revolution): they first replace its
// losses, then add to its full size (I Transferring Figures Between Units). Says so in the working.
void join_figures(Changes& changes, const model::Unit& receiver, int added, const std::string& why,
                  rules::Resolution& out);

} // namespace umpire::edwardian
