#pragma once
// Combat contact (I Charges, I Melee, I Rifle Fire, I Machinegun Fire): who is in base-to-base
// contact with the enemy as far as the battle's record knows it, what a charge into contact leaves
// behind, and the only fire the text allows at enemy figures in contact with friendly figures: the
// defensive fire of the unit they charged.
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

namespace umpire::edwardian {

// In combat contact as far as the record says: it charged this turn or was charged this turn (a
// charge always ends in base-to-base contact, line 127), or it fought a melee this turn or the last
// (contact lasts until one side is gone). What the forms default to; the umpire corrects them.
bool in_combat_contact(const model::Battle& battle, const model::Unit& unit);

// The unit that charged `unit` this turn (a move whose charge portion named it), or null.
const model::Unit* charged_by(const model::Battle& battle, const model::Unit& unit);

// A move's charge into `target`: the target keeps who charged it this turn, and both owe their
// melee in this turn's melee phase (a charge into the enemy headquarters: its contact roll).
void record_charge(const Context& ctx, const model::Unit& charger, const model::Unit& target, Changes& changes,
                   rules::Resolution& out);

// `gone` has been removed from play: a unit that owed a melee against it (it charged `gone`, or was
// charged by it, this turn) owes it no more, and the working says so.
void contact_ended(const Context& ctx, const model::Unit& gone, rules::Resolution& out);

// Fire whose target figures are in combat contact with friendly figures (the form's
// "target-in-contact"): refused, citing `citation` ("enemy figures in combat contact with friendly
// figures are not eligible targets", lines 63, 83), unless it is the defensive fire of the unit the
// target charged this turn: not moving, not already in contact from a preceding turn (lines 121,
// 131, 133) and, for rifles (`shortest_range`), at the shortest range: `beyond_short` figures or
// dice at medium or long range are refused.
void check_target_in_contact(const Context& ctx, const std::string& citation, bool shortest_range, int beyond_short,
                             rules::Resolution& out);

} // namespace umpire::edwardian
