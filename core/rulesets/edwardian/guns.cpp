// Shared gun checks and firing state (I Artillery Fire, II Obsolete Weaponry).
#include "rulesets/edwardian/guns.h"

namespace umpire::edwardian {

Gun gun_for(const Context& ctx) {
    const Tables& t = ctx.tables;
    Gun g;
    g.weapon = t.weapon(ctx.inputs.choice("weapon"));
    if (!g.weapon || g.weapon->kind != WeaponKind::Gun)
        throw rules::InputError("weapon", "\"" + ctx.inputs.choice("weapon") + "\" is not an artillery piece");
    if (g.weapon->obsolete && !t.options.obsolete_weapons)
        throw rules::InputError("weapon", g.weapon->name + " is obsolete and this battle does not use "
                                          "the obsolete weaponry rules (options.obsolete_weapons)");
    g.horse = ctx.inputs.flag("horse-artillery");
    const TroopType* horse = t.troop_type("horse-artillery");
    g.bracket = g.weapon->bracket;
    if (g.horse && horse)
        g.bracket = g.bracket * horse->range_numerator / horse->range_denominator;
    return g;
}

const Round* loaded_round(const Tables& t, const model::Unit& unit, const Weapon& weapon) {
    const int code = counter(unit, key::loaded);
    if (code == kEmpty) return nullptr;
    if (code > 0) return t.round_by_code(code);
    return t.round(weapon.rounds.front());
}

void check_gun_may_fire(const Context& ctx, const Gun& gun, int crew, int crew_to_fire,
                        const std::string& round) {
    const Tables& t = ctx.tables;
    if (crew < crew_to_fire)
        throw rules::InputError("crew", "a gun cannot fire with fewer than " +
                                            plural(crew_to_fire, "crewman", "crewmen") + " touching its base");
    if (ctx.inputs.flag("in-contact"))
        throw rules::InputError("in-contact", "a gun whose crew or model is in combat contact with the "
                                              "enemy may not fire (I Artillery Fire)");
    if (!gun.weapon->fires(round))
        throw rules::InputError("weapon", gun.weapon->name + " does not fire " + t.round(round)->name);
    if (!ctx.unit) return;
    const model::Unit& u = *ctx.unit;
    const TroopType* tt = troop_of(t, u);
    if (!tt || !tt->gun || tt->id == "mg") throw rules::InputError("unit", u.name + " is not an artillery unit");
    if (counter(u, key::gun_destroyed)) throw rules::InputError("unit", u.name + "'s gun has been destroyed");
    if (counter(u, key::spiked)) throw rules::InputError("unit", u.name + "'s gun was spiked by its crew");
    if (counter(u, key::formed_turn) == ctx.battle.turn)
        throw rules::InputError("unit", u.name + " was formed by claiming the gun this turn and may "
                                        "neither move nor fire until next turn (I Transferring Figures Between Units)");
    if (crew > u.figures + counter(u, key::phase_losses))
        throw rules::InputError("crew", u.name + " has only " + std::to_string(u.figures) + " crew");
    if (!gun.weapon->muzzle) return;
    const Round* held = loaded_round(t, u, *gun.weapon);
    if (!held)
        throw rules::InputError("unit", u.name + " is a muzzle-loader and is empty: it loads during its "
                                        "move (load-gun) and fires the turn after (II Obsolete Weaponry)");
    if (counter(u, key::loaded_turn) == ctx.battle.turn)
        throw rules::InputError("unit", u.name + " spent this turn loading and fires next turn "
                                        "(II Obsolete Weaponry: every other turn)");
    if (held->id != round)
        throw rules::InputError("unit", u.name + " is loaded with " + held->name + ", not " + t.round(round)->name +
                                        " (the load is declared when loading)");
}

bool gun_barred_this_turn(const Context& ctx, rules::Resolution& out, const std::string& firer) {
    if (!ctx.inputs.flag("moved")) return false;
    out.steps.push_back({firer + " moved this turn: artillery may not fire in a turn during which it moves",
                         cite("I Artillery Fire")});
    out.outcome = firer + ": no fire (moved this turn)";
    return true;
}

void record_gun_fired(const Context& ctx, const Gun& gun, Changes& changes) {
    if (!ctx.unit) return;
    kit::record(ctx.battle, changes.out(), *ctx.unit, Deed::Fired, How::Plain, 0, "fired");
    if (gun.weapon->muzzle) changes.set_unit_counter(*ctx.unit, key::loaded, kEmpty, "fired: must load again");
}

} // namespace umpire::edwardian
