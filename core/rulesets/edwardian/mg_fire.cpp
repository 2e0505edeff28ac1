// MG fire (I Machinegun Fire): a jam roll first each turn (6 jams: no fire), then one roll on
// every enemy figure in the MG's arc and range, band by band, with the rifle kill numbers.
#include "rulesets/edwardian/contact.h"
#include "rulesets/edwardian/fire_bands.h"
#include "rulesets/edwardian/state.h"

namespace umpire::edwardian {

namespace {

const std::string kCite = "I Machinegun Fire";

const Weapon& mg_weapon(const Context& ctx) {
    if (ctx.unit)
        if (const Weapon* w = ctx.tables.weapon(ctx.unit->weapon); w && w->kind == WeaponKind::Mg) return *w;
    for (const auto& w : ctx.tables.weapons)
        if (w.kind == WeaponKind::Mg) return w;
    throw rules::InputError("weapon", "the reference tables have no MG weapon");
}

// The reasons an MG may not fire at all this turn, checked before any die is rolled: what the
// unit cannot be is bad input; what the text forbids is refused (the umpire may overrule). A jam
// and a gun claimed this turn are the reference's limits.
void check_may_fire(const Context& ctx, int crew, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    if (ctx.unit) {
        const model::Unit& u = *ctx.unit;
        if (!is_gun(t, u) || u.weapon != mg_weapon(ctx).id)
            throw rules::InputError("unit", u.name + " is not an MG unit");
        if (gun_out_of_action(u)) throw rules::InputError("unit", u.name + "'s MG is destroyed");
        if (crew > u.figures + fallen_this_phase(ctx.battle, u))
            throw rules::InputError("crew", u.name + " has only " + std::to_string(u.figures) + " crew");
    }
    if (crew < t.mg.crew_to_fire)
        ctx.forbid(out, "machineguns must have at least " + plural(t.mg.crew_to_fire, "crew figure", "crew figures") +
                            " in contact with their base in order to fire",
                   cite(kCite));
    check_moved_input(ctx, out, ctx.unit_name("The MG"), kCite);
}

} // namespace

void resolve_mg_fire(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    Changes changes(ctx.battle, out);
    const Weapon& weapon = mg_weapon(ctx);
    const int crew = ctx.inputs.count("crew");
    check_may_fire(ctx, crew, out);
    check_not_pausing(ctx, out);
    check_over_friends(ctx, out);
    const std::string firer = ctx.unit_name("The MG");

    BandFire fire;
    for (std::size_t b = 0; b < 3; ++b) fire.dice[b] = ctx.inputs.count(kBandIds[b]);
    if (fire.dice[0] + fire.dice[1] + fire.dice[2] == 0)
        throw rules::InputError("short", "count the enemy figures in the MG's arc in each band "
                                         "(at short, medium and long range)");
    // Chargers crossing the arc of the MG they charge may be fired on wherever they crossed it (line 133).
    check_target_in_contact(ctx, kCite, false, 0, out);
    out.steps.push_back({firer + " rolls on every enemy figure in its arc and within " +
                             table_distance(ctx.battle, weapon.bands[2]) +
                             ". Only friendly figures block MG fire: enemy figures in the way are "
                             "rolled for too; terrain obstructs as for rifle fire",
                         cite(kCite)});

    for (const auto& id : ctx.inputs.modifiers("modifiers"))
        if (const Modifier* m = find_modifier(t.fire.modifiers, id); m && m->for_fire == "rifle")
            throw rules::InputError("modifiers", m->name + " applies to rifle fire only");
    check_no_cover_for_chargers(ctx, ctx.target, t.fire.modifiers, ctx.inputs.modifiers("modifiers"), out);
    fire.modifier = add_modifiers(t.fire.modifiers, ctx.inputs.modifiers("modifiers"), "", cite(kCite), out);
    if (crew < t.mg.full_crew) {
        fire.modifier += t.mg.one_crewman_modifier;
        out.steps.push_back({"Only " + plural(crew, "crewman", "crewmen") + " touching the base " +
                                 signed_text(t.mg.one_crewman_modifier),
                             cite(kCite)});
    }

    // The jam roll, once a turn before the MG first fires.
    const bool jam_rolled = ctx.unit && kit::did(ctx.battle, *ctx.unit, Deed::Fired, Within::Turn);
    const double p_jam = jam_rolled ? 0.0 : chance_of(t.mg.jam_on);
    const auto fired = band_odds(ctx, fire);
    std::vector<double> p(static_cast<std::size_t>(fired.max() + 1), 0.0);
    for (int k = 0; k <= fired.max(); ++k) p[static_cast<std::size_t>(k)] = (1 - p_jam) * fired.p_exactly(k);
    p[0] += p_jam;
    out.odds.push_back({"kills", dice::Distribution::from_probabilities(0, p)});
    out.chances.push_back({"jams", p_jam});

    if (!ctx.dice) {
        out.outcome = firer + ": jam roll, then " +
                      plural(fire.dice[0] + fire.dice[1] + fire.dice[2], "roll", "rolls");
        roll_bands(ctx, weapon, fire, "enemy figure", cite(kCite), out);
        return;
    }
    if (jam_rolled) {
        out.steps.push_back({"Already passed its jam roll this turn", cite(kCite)});
    } else {
        const int jam = ctx.dice->d6("the MG jam roll");
        out.dice.push_back({"Jam roll", {jam}, 0, 0});
        if (jam >= t.mg.jam_on) {
            out.steps.push_back({"Jam roll " + std::to_string(jam) + ": jammed, no fire this turn", cite(kCite)});
            out.outcome = firer + ": jammed";
            out.results["kills"] = 0;
            out.results["jammed"] = 1;
            if (ctx.unit) changes.set_unit_counter(*ctx.unit, key::jammed_turn, ctx.battle.turn, "jammed");
            return;
        }
        out.steps.push_back({"Jam roll " + std::to_string(jam) + ": fires", cite(kCite)});
    }
    const int kills = roll_bands(ctx, weapon, fire, "enemy figure", cite(kCite), out);
    out.results["kills"] = kills;
    out.steps.push_back({"Kills in total: " + std::to_string(kills), cite(kCite)});
    out.outcome = firer + ": " + plural(kills, "kill", "kills") +
                  (ctx.target ? " on " + ctx.target->name : std::string());
    if (ctx.unit) {
        kit::record(ctx.battle, out, *ctx.unit, Deed::Fired, How::Plain, 0, "fired");
    }
    if (ctx.target) take_casualties(ctx, changes, *ctx.target, kills, kCauseFire, out);
}

} // namespace umpire::edwardian
