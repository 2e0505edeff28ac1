#pragma once
// What every Square Hearts rule shares: the context a rule runs in, one resolve function per
// action, the unit state kept in counters, hits against a capacity, modifiers counted by group,
// and the areas of the grid. Internal to the umpire_square_hearts target.
#include "kit/context.h"
#include "kit/deeds.h"
#include "kit/dice_math.h"
#include "kit/effects.h"
#include "kit/text.h"
#include "rulesets/square-hearts/tables.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace umpire::square_hearts {

using Context = kit::Context<Tables>;
using kit::Deed;
using kit::How;
using kit::Within;

// Unit counters. Turn stamps hold the turn an event happened in (kit/deeds.h's moments for
// phase stamps), so nothing is reset when a turn begins.
namespace key {
inline constexpr const char* broken = "broken";              // the turn the unit broke; 0: not broken
inline constexpr const char* column = "column";              // 1: in road column (line 28)
inline constexpr const char* has_moved = "has-moved";        // 1: has moved this battle (telephone lines)
inline constexpr const char* train_speed = "train-speed";    // areas moved in train-turn
inline constexpr const char* train_turn = "train-turn";
inline constexpr const char* radio_turn = "radio-turn";      // the radio connected this turn
inline constexpr const char* radio_failed = "radio-failed";  // ... or failed to, this turn
inline constexpr const char* destroyed = "destroyed";        // the moment (stamp) it was destroyed
inline constexpr const char* destroyed_together = "destroyed-together";  // by the simultaneous melee rolls
inline constexpr const char* support_stamp = "support-stamp";      // rear support added in this phase
inline constexpr const char* commander_die_stamp = "commander-die-stamp";  // commanders' melee die this phase
inline constexpr const char* shot_moving_turn = "shot-moving-turn";  // the turn it shot taking "moving and firing"
} // namespace key

// The obligations its rules raise ([[owed]] in tables.toml).
inline constexpr const char* kBrokenMustRally = "broken-must-rally";      // line 60
inline constexpr const char* kMeleeWhenAdjacent = "melee-when-adjacent";  // line 55

// Battle counters kept per commander: his orders this turn, the General's deferral, a death, his
// move this turn and his escape from capture (which lets him move again).
std::string orders_left_key(int commander);   // "orders-left-7"
std::string orders_turn_key(int commander);   // the turn he rolled (or deferred) his orders
std::string deferred_key(int commander);      // the turn the Army General deferred his roll
std::string killed_key(int commander);        // the turn he was killed
std::string moved_key(int commander);         // the turn he moved
std::string escaped_key(int commander);       // the turn he escaped capture

// "Square Hearts Shooting (lines 30-53)"
std::string cite(const std::string& where);

// One function per action (files named after the mechanic).
void resolve_orders(const Context& ctx, rules::Resolution& out);       // orders.cpp
void resolve_move(const Context& ctx, rules::Resolution& out);         // movement.cpp
void resolve_shoot(const Context& ctx, rules::Resolution& out);        // shooting.cpp
void resolve_melee(const Context& ctx, rules::Resolution& out);        // melee.cpp
void resolve_rally(const Context& ctx, rules::Resolution& out);        // rally.cpp
void resolve_off_board(const Context& ctx, rules::Resolution& out);    // rally.cpp
void resolve_commander(const Context& ctx, rules::Resolution& out);    // commanders.cpp
void resolve_capture(const Context& ctx, rules::Resolution& out);      // commanders.cpp
void resolve_replacement(const Context& ctx, rules::Resolution& out);  // commanders.cpp

// Unit facts from the tables.
const TroopType* type_of(const Tables& t, const model::Unit& unit);
Kind kind_of(const Tables& t, const std::string& troop_type);  // MGs count as artillery per the option
// Hits that destroy the unit: its own capacity, else its class's.
int capacity_of(const Tables& t, const model::Unit& unit);
int class_capacity(const Tables& t, const std::string& quality);
// Hits at which infantry or cavalry is broken (options.broken_reading).
int broken_at(const Tables& t, int capacity);
bool is_broken(const model::Battle& battle, const rules::Resolution& out, const model::Unit& unit);

// Areas from an areas input, with the grid's diagonal from the tables, and the working's words.
struct Measure {
    double areas = 0;
    std::string text;  // "2 diagonal steps x 1.5 + 1 straight = 4 areas (squares)"
};
Measure measure(const Context& ctx, const std::string& input);
const GridKind& grid_kind(const Tables& t, const model::Battle& battle);

// Sums the modifiers of `list` that are chosen, a step each. Of one group only the first chosen
// counts unless options.modifier_groups_stack; the others are said to be counted already.
int add_modifiers(const Tables& t, const std::vector<Modifier>& list, const std::set<std::string>& chosen,
                  const std::string& citation, rules::Resolution& out);

// `count` dice needing `hit_on` after `modifier` (none rolled in a preview), with the odds of hits.
rules::DiceGroup hit_roll(const Context& ctx, rules::Resolution& out, const std::string& label, int count,
                          int modifier, int hit_on, const std::string& citation);

// Hits on a unit: against its capacity, breaking infantry and cavalry one hit from destruction
// (a double move back at once, a rally due) and destroying it at its capacity. `together`: the
// simultaneous melee rolls, whose units still roll though destroyed. Returns the hits taken.
int take_hits(const Context& ctx, kit::Changes& changes, const model::Unit& unit, int hits, const std::string& cause,
              rules::Resolution& out, bool together = false);

// A commander's orders left this turn (0 when he has not rolled this turn).
int orders_left(const model::Battle& battle, const rules::Resolution& out, int commander);
// Each side's commanders and their orders this turn, a line a side ("Orders, Mahdist Ansar: The
// Emir 2 left, Musa wad Helu deferred, ..."); none before the turn sequence starts.
std::vector<std::string> orders_notes(const model::Battle& battle);
// In a player's orders phase (`phase_id`): his active commanders who have neither rolled nor
// deferred, in words ("" when none, or in any other phase), for the turn engine to refuse to end
// the phase (line 15).
std::string orders_unrolled(const model::Battle& battle, std::string_view phase_id);
// The order a move needs (line 15): whether `k` may order the unit (the General any; a
// subordinate his command within range, or a unit in his area; `from` his distance to it, when
// given), and an order left, which is spent. Refuses (overrulable) otherwise.
void spend_order(const Context& ctx, const model::Commander& k, const std::optional<Measure>& from,
                 rules::Resolution& out);

// A commander killed: his status, the turn (for his replacement) and where he was.
void kill_commander(const Context& ctx, const model::Commander& commander, const std::string& how,
                    rules::Resolution& out);

// The active commanders attached to the unit.
std::vector<const model::Commander*> attached_commanders(const model::Battle& battle, const model::Unit& unit);

} // namespace umpire::square_hearts
