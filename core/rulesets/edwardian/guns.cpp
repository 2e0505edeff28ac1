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
    if (g.horse && horse) {
        const double factor = static_cast<double>(horse->range_numerator) / horse->range_denominator;
        g.bracket *= factor;
        if (t.solid_shot.horse_shortened) g.stick = factor;
    }
    return g;
}

const Round* loaded_round(const Tables& t, const model::Unit& unit, const Weapon& weapon) {
    const int code = counter(unit, key::loaded);
    if (code == kEmpty) return nullptr;
    if (code > 0) return t.round_by_code(code);
    return t.round(weapon.rounds.front());
}

void check_gun_may_fire(const Context& ctx, const Gun& gun, int crew, int crew_to_fire, const std::string& round,
                        rules::Resolution& out) {
    const Tables& t = ctx.tables;
    if (!gun.weapon->fires(round))
        throw rules::InputError("weapon", gun.weapon->name + " does not fire " + t.round(round)->name);
    if (ctx.unit) {
        const model::Unit& u = *ctx.unit;
        const TroopType* tt = troop_of(t, u);
        if (!tt || !tt->gun || tt->id == "mg") throw rules::InputError("unit", u.name + " is not an artillery unit");
        if (counter(u, key::gun_destroyed)) throw rules::InputError("unit", u.name + "'s gun has been destroyed");
        if (counter(u, key::spiked)) throw rules::InputError("unit", u.name + "'s gun was spiked by its crew");
        if (crew > u.figures + fallen_this_phase(ctx.battle, u))
            throw rules::InputError("crew", u.name + " has only " + std::to_string(u.figures) + " crew");
    }
    const std::string firer = ctx.unit_name("The gun");
    if (crew < crew_to_fire)
        ctx.forbid(out, "artillery may not fire without at least " + plural(crew_to_fire, "crew figure", "crew figures") +
                            " touching its base",
                   cite("I Artillery Fire"));
    if (ctx.inputs.flag("in-contact"))
        ctx.forbid(out, "neither crew figures nor the gun itself may be in combat contact with the enemy when it fires",
                   cite("I Artillery Fire"));
    check_moved_input(ctx, out, firer, "I Artillery Fire");
    if (!ctx.unit || !gun.weapon->muzzle) return;
    const std::string types = "II Obsolete Weaponry, Artillery Equipment Types";
    const Round* held = loaded_round(t, *ctx.unit, *gun.weapon);
    if (!held)
        ctx.forbid(out, firer + " is a muzzle-loader and is empty: it takes an entire move to reload (Load a "
                                "muzzle-loader) and fires the turn after",
                   cite(types));
    else if (held->id != round)
        ctx.forbid(out, firer + " is loaded with " + held->name + ", not " + t.round(round)->name +
                            ": the type of fire is stated when the gun is loaded",
                   cite(types));
}

void record_gun_fired(const Context& ctx, const Gun& gun, Changes& changes) {
    if (!ctx.unit) return;
    kit::record(ctx.battle, changes.out(), *ctx.unit, Deed::Fired, How::Plain, 0, "fired");
    if (gun.weapon->muzzle) changes.set_unit_counter(*ctx.unit, key::loaded, kEmpty, "fired: must load again");
}

} // namespace umpire::edwardian
