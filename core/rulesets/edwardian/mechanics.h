#pragma once
// What every Edwardian rule shares: the context a rule runs in, one resolve function per action,
// kill-roll arithmetic, and text helpers. Internal to the umpire_edwardian target.
#include "dice/dice_source.h"
#include "model/battle.h"
#include "rules/inputs.h"
#include "rules/resolution.h"
#include "rulesets/edwardian/tables.h"

#include <set>
#include <string>

namespace umpire::edwardian {

// Everything a rule needs: the tables, the battle, the acting unit and target (either may be
// absent when resolving without a battle), validated inputs, and the dice (null for a preview).
struct Context {
    const Tables& tables;
    const model::Battle& battle;
    const model::Unit* unit;
    const model::Unit* target;
    const rules::Inputs& inputs;
    dice::DiceSource* dice;

    std::string unit_name(const char* fallback = "The unit") const {
        return unit ? unit->name : std::string(fallback);
    }
    std::string target_name(const char* fallback = "the target") const {
        return target ? target->name : std::string(fallback);
    }
};

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
double chance_of(int natural);  // chance one d6 shows `natural` or more
std::string need_text(int natural);  // "kills on 5-6", "kills on a 6", "no score can kill"

std::string signed_text(int v);
std::string decimal(double v, int places = 1);
std::string plural(int n, const std::string& one, const std::string& many);
// A rulebook distance as the umpire measures it on this battle's table: 8" or, scaled,
// 8" (12" on the table) / 8" (30.5cm on the table).
std::string table_text(const model::Battle& battle, double rulebook_inches);

// The chosen modifiers of `list` added up, each as a working step; refuses two of one group
// (soft and hard cover) and, when the receiving unit's troop type is known, modifiers not for it.
int add_modifiers(const std::vector<Modifier>& list, const std::set<std::string>& chosen,
                  const std::string& who, const std::string& citation, rules::Resolution& out,
                  const std::string& input_id = "modifiers");

// Rolls `count` d6 (or none in a preview) as a dice group that kills on `natural`.
rules::DiceGroup kill_roll(const Context& ctx, const std::string& label, int count, int modifier,
                           int kill_on, const std::string& why);

} // namespace umpire::edwardian
