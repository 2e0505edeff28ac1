// Combat contact: what the record knows of it, a charge into contact, and fire at figures in it.
#include "rulesets/edwardian/contact.h"

namespace umpire::edwardian {

namespace {

const std::string kCharges = "I Charges";

// Fought a melee in an earlier turn that its contact may still last from: the turn before.
bool in_contact_from_a_preceding_turn(const model::Battle& battle, const model::Unit& unit) {
    const auto melee = kit::last_done(unit, Deed::Melee);
    return melee && melee->turn == battle.turn - 1;
}

} // namespace

const model::Unit* charged_by(const model::Battle& battle, const model::Unit& unit) {
    if (counter(unit, key::charged_at) != battle.turn) return nullptr;
    return battle.unit(counter(unit, key::charged_by));
}

bool in_combat_contact(const model::Battle& battle, const model::Unit& unit) {
    if (kit::did(battle, unit, Deed::Charged, Within::Turn) || charged_by(battle, unit)) return true;
    const auto melee = kit::last_done(unit, Deed::Melee);
    return melee && melee->turn >= battle.turn - 1;
}

void record_charge(const Context& ctx, const model::Unit& charger, const model::Unit& target, Changes& changes,
                   rules::Resolution& out) {
    changes.set_unit_counter(target, key::charged_by, charger.id, "charged by " + charger.name);
    changes.set_unit_counter(target, key::charged_at, ctx.battle.turn, "charged this turn");
    changes.set_unit_counter(charger, key::charging, target.id, "charged " + target.name);
    const TroopType* tt = troop_of(ctx.tables, target);
    if (tt && !tt->moves) {
        // The enemy headquarters is a marker, not meleed: the figures touching it roll on its table.
        out.steps.push_back({charger.name + " is in contact with " + target.name +
                                 ": in the melee phase a die is rolled for each figure touching it",
                             cite("II General Headquarters")});
        if (ctx.tables.options.general_headquarters)
            ctx.owe(out, charger, "headquarters-contact", "charged " + target.name);
        return;
    }
    out.steps.push_back({charger.name + " charges into base-to-base contact with " + target.name +
                             ": they fight in the melee phase",
                         cite(kCharges)});
    ctx.owe(out, charger, "melee-in-contact", "charged " + target.name, target.id);
    ctx.owe(out, target, "melee-in-contact", "charged by " + charger.name, charger.id);
}

void contact_ended(const Context& ctx, const model::Unit& gone, rules::Resolution& out) {
    const std::string owed = kit::owed_key("melee-in-contact");
    for (const model::Unit& u : ctx.battle.units) {
        if (u.id == gone.id || kit::counter_now(ctx.battle, out, u, owed) == 0) continue;
        const bool charged_it =
            counter(u, key::charging) == gone.id && kit::did(ctx.battle, u, Deed::Charged, Within::Turn);
        const model::Unit* charger = charged_by(ctx.battle, u);
        if (!charged_it && !(charger && charger->id == gone.id)) continue;
        kit::set_counter(ctx.battle, out, u, owed, 0, "contact ended: " + gone.name + " is gone");
        out.steps.push_back({gone.name + " is removed: " + u.name + " has no melee left to fight with it", cite(kCharges)});
    }
}

void check_target_in_contact(const Context& ctx, const std::string& citation, bool shortest_range, int beyond_short,
                             rules::Resolution& out) {
    if (!ctx.inputs.flag("target-in-contact")) return;
    const std::string target = ctx.target_name("The target");
    const std::string not_eligible = kit::possessive(target) + " figures are in combat contact with friendly figures: "
                                     "enemy figures in combat contact with friendly figures are not eligible targets";
    const model::Unit* charger = ctx.unit ? charged_by(ctx.battle, *ctx.unit) : nullptr;
    if (!ctx.target || !charger || charger->id != ctx.target->id) {
        ctx.forbid(out, not_eligible + " (only the unit they charged may fire at them)", cite(citation));
        return;
    }
    // The charged unit's defensive fire at its attackers.
    const model::Unit& firer = *ctx.unit;
    if (in_contact_from_a_preceding_turn(ctx.battle, firer))
        ctx.forbid(out, firer.name + " was already in combat contact from a preceding turn: only figures not already in "
                                     "contact which are contacted by charges may fire at their attacker",
                   cite(kCharges));
    if (moved_this_turn(ctx.battle, firer) && !ctx.inputs.flag("stationary"))
        ctx.forbid(out, firer.name + " has moved this turn: only non-moving figures contacted by charges may fire at "
                                     "their attacker",
                   cite(kCharges));
    if (shortest_range && beyond_short > 0)
        ctx.forbid(out, "figures contacted by a charge fire at their attacker at the shortest range: " +
                            plural(beyond_short, "figure", "figures") + " beyond short range",
                   cite(kCharges));
    out.steps.push_back({firer.name + " fires at " + target + ", who charged it this turn: figures contacted frontally "
                                                              "by a charge may fire at their attacker" +
                             (shortest_range ? ", at the shortest range" : std::string()),
                         cite(kCharges)});
}

} // namespace umpire::edwardian
