#pragma once
// What every Edwardian rule shares: the context a rule runs in, one resolve function per action,
// kill-roll arithmetic, and text helpers. Internal to the umpire_edwardian target.
#include "kit/context.h"
#include "kit/deeds.h"
#include "kit/dice_math.h"
#include "kit/effects.h"
#include "kit/text.h"
#include "rulesets/edwardian/tables.h"

#include <set>
#include <string>

namespace umpire::edwardian {

// Everything a rule needs (kit/context.h): the tables, the battle, the acting unit and target,
// validated inputs, the dice (null for a preview) and the request.
using Context = kit::Context<Tables>;

// What each unit has done this turn (kit/deeds.h).
using kit::Deed;
using kit::How;
using kit::Within;
// Moved this turn, not merely declared stationary: what bars guns and MGs from firing.
bool moved_this_turn(const model::Battle& battle, const model::Unit& unit);
// The "Moved this turn" input of a gun or MG: refuses its fire when it says yes (I Turn Sequence 4).
// A unit whose record says it moved has been refused by the limits already, so only the input
// that says more than the record is refused here.
void check_moved_input(const Context& ctx, rules::Resolution& out, const std::string& firer,
                       const std::string& citation);

// The kit's wording and chances, as the Edwardian rules call them.
using kit::chance_of;
using kit::decimal;
using kit::plural;
using kit::signed_text;
using kit::table_distance;
using kit::yes_no;

// One function per action (files named after the mechanic).
void resolve_rifle_fire(const Context& ctx, rules::Resolution& out);    // rifle_fire.cpp
void resolve_mad_minute(const Context& ctx, rules::Resolution& out);    // rifle_fire.cpp
void resolve_mg_fire(const Context& ctx, rules::Resolution& out);       // mg_fire.cpp
void resolve_artillery_fire(const Context& ctx, rules::Resolution& out);  // artillery.cpp
void resolve_shell_hits(const Context& ctx, rules::Resolution& out);    // gun_hits.cpp
void resolve_canister(const Context& ctx, rules::Resolution& out);      // gun_hits.cpp
void resolve_solid_shot(const Context& ctx, rules::Resolution& out);    // solid_shot.cpp
void resolve_shot_hits(const Context& ctx, rules::Resolution& out);     // gun_hits.cpp
void resolve_load_gun(const Context& ctx, rules::Resolution& out);      // solid_shot.cpp
void resolve_move(const Context& ctx, rules::Resolution& out);          // movement.cpp
void resolve_line_of_sight(const Context& ctx, rules::Resolution& out); // sight.cpp
void resolve_melee(const Context& ctx, rules::Resolution& out);         // melee.cpp
void resolve_morale(const Context& ctx, rules::Resolution& out);        // morale.cpp
void resolve_spike(const Context& ctx, rules::Resolution& out);         // morale.cpp
void resolve_draft(const Context& ctx, rules::Resolution& out);         // transfers.cpp
void resolve_claim_gun(const Context& ctx, rules::Resolution& out);     // transfers.cpp
void resolve_average_quality(const Context& ctx, rules::Resolution& out);  // transfers.cpp
void resolve_ghq_assault(const Context& ctx, rules::Resolution& out);   // optional.cpp
void resolve_army_morale(const Context& ctx, rules::Resolution& out);   // optional.cpp
void resolve_officer_killed(const Context& ctx, rules::Resolution& out);  // optional.cpp
void resolve_standard(const Context& ctx, rules::Resolution& out);      // optional.cpp
void resolve_reinforce(const Context& ctx, rules::Resolution& out);     // campaign.cpp
void resolve_campaign_transfer(const Context& ctx, rules::Resolution& out);  // campaign.cpp
void resolve_battle_result(const Context& ctx, rules::Resolution& out);  // campaign.cpp
void resolve_campaign_quality(const Context& ctx, rules::Resolution& out);  // campaign.cpp
void resolve_sway(const Context& ctx, rules::Resolution& out);          // section_three.cpp

// "Edwardian I Rifle Fire": Section and heading of the text (rulings.md, "Citations").
std::string cite(const std::string& where);

// Kill rolls: the natural score a die needs to reach `kill_on` after `modifier`; 7 means none.
// With options.natural_six_always_kills a natural 6 always kills.
int natural_needed(const Tables& t, int kill_on, int modifier);
std::string need_text(int natural);  // "kills on 5-6", "kills on a 6", "no score can kill"

// The chosen modifiers of `list` added up, each as a working step; refuses two of one group
// (soft and hard cover) and, when the receiving unit's troop type is known, modifiers not for it.
int add_modifiers(const std::vector<Modifier>& list, const std::set<std::string>& chosen,
                  const std::string& who, const std::string& citation, rules::Resolution& out,
                  const std::string& input_id = "modifiers");

// Charging figures do not get the benefit of terrain or cover of any sort (I Charges): refuses the
// chosen modifiers of `list` marked `cover` when `charger` charged this turn.
void check_no_cover_for_chargers(const Context& ctx, const model::Unit* charger, const std::vector<Modifier>& list,
                                 const std::set<std::string>& chosen, rules::Resolution& out);

// Casualties from fire or melee: figures removed (no more than are left), the phase's losses
// and cause remembered for the morale check, removal at 0 figures (a gun left without crew is
// abandoned), and the morale check owed before the phase ends (state.cpp). Returns the figures
// actually removed.
int take_casualties(const Context& ctx, kit::Changes& changes, const model::Unit& unit, int kills, int cause,
                    rules::Resolution& out);

// Rolls `count` d6 (or none in a preview) as a dice group that kills on `natural`.
rules::DiceGroup kill_roll(const Context& ctx, const std::string& label, int count, int modifier,
                           int kill_on, const std::string& why);

} // namespace umpire::edwardian
