// Rifle fire (I Rifle Fire, II Obsolete Rifles) and the Mad Minute (II Optional Rule - The Mad Minute): every
// firing figure rolls one die at its target, killing on 4 / 5 / 6 by range band.
#include "rulesets/edwardian/contact.h"
#include "rulesets/edwardian/fire_bands.h"
#include "rulesets/edwardian/state.h"

#include "rules/distance.h"

namespace umpire::edwardian {

namespace {

const std::string kRifleCite = "I Rifle Fire";
const std::string kMadCite = "II Optional Rule - The Mad Minute";

const Weapon& rifle_weapon(const Context& ctx) {
    const Weapon& w = *ctx.tables.weapon(ctx.inputs.choice("weapon"));
    check_weapon_allowed(ctx.tables, w, "weapon");
    if (w.kind != WeaponKind::Rifle)
        throw rules::InputError("weapon", w.name + " does not fire as a rifle" +
                                              (w.kind == WeaponKind::None ? std::string(" (it cannot fire)")
                                                                          : std::string(": use its own action")));
    return w;
}

// Figures may not be more than are standing on the table: those left plus those killed in this
// phase, who fire before they are removed (I Turn Sequence 3).
void check_figures(const Context& ctx, int firing, const std::string& input) {
    if (!ctx.unit) return;
    const int standing = ctx.unit->figures + fallen_this_phase(ctx.battle, *ctx.unit);
    if (firing > standing)
        throw rules::InputError(input, std::to_string(firing) + " figures cannot fire: " + ctx.unit->name +
                                           " has " + std::to_string(standing) +
                                           " on the table (counting those killed this phase)");
}

// Chosen fire modifiers, refusing those of the other kind of fire and the open-order -1 for a
// target that is denied it.
int fire_modifier(const Context& ctx, const std::string& kind, const std::string& citation,
                  rules::Resolution& out) {
    const auto& chosen = ctx.inputs.modifiers("modifiers");
    for (const auto& id : chosen) {
        const Modifier* m = find_modifier(ctx.tables.fire.modifiers, id);
        if (m && m->for_fire != "both" && m->for_fire != kind)
            throw rules::InputError("modifiers", m->name + " applies to " + m->for_fire + " fire only");
    }
    if (chosen.count("open-order-or-crew") && ctx.target && !is_gun(ctx.tables, *ctx.target) &&
        !open_order_benefit(ctx.tables, *ctx.target))
        throw rules::InputError("modifiers", ctx.target->name + " does not get the open-order -1 (" +
                                                 (ctx.target->formed ? "it is in close order"
                                                                     : "massed or undisciplined troops are denied it") +
                                                 ")");
    check_no_cover_for_chargers(ctx, ctx.target, ctx.tables.fire.modifiers, chosen, out);
    return add_modifiers(ctx.tables.fire.modifiers, chosen, "", cite(citation), out);
}

// Each figure fires once a fire phase: the figures that fired are recorded with the deed.
void record_fire(const Context& ctx, int figures, Changes& changes) {
    if (!ctx.unit) return;
    kit::record(ctx.battle, changes.out(), *ctx.unit, Deed::Fired, How::Plain, figures, "fired");
}

void finish(const Context& ctx, const dice::Distribution& odds, int kills, int figures, Changes& changes,
            rules::Resolution& out) {
    out.odds.push_back({"kills", odds});
    const std::string firer = ctx.unit_name();
    if (!ctx.dice) {
        out.outcome = firer + ": " + plural(odds.max(), "die", "dice") + ", expect " + decimal(odds.mean()) + " kills";
        return;
    }
    out.results["kills"] = kills;
    out.steps.push_back({"Kills in total: " + std::to_string(kills), cite(kRifleCite)});
    record_fire(ctx, figures, changes);
    out.outcome = firer + ": " + plural(kills, "kill", "kills") +
                  (ctx.target ? " on " + ctx.target->name : std::string());
    if (ctx.target) take_casualties(ctx, changes, *ctx.target, kills, kCauseFire, out);
}

} // namespace

void resolve_rifle_fire(const Context& ctx, rules::Resolution& out) {
    Changes changes(ctx.battle, out);
    const Weapon& weapon = rifle_weapon(ctx);
    check_not_pausing(ctx, out);
    check_over_friends(ctx, out);
    out.steps.push_back({weapon.name + ": range " + rules::format_inches(weapon.bands[2]) + " in bands of " +
                             rules::format_inches(weapon.bands[0]) + "; each figure picks one target and rolls one die",
                         cite(weapon.obsolete ? "II Obsolete Rifles" : kRifleCite)});

    BandFire fire;
    int out_of_range = 0;
    if (ctx.inputs.has("range")) {
        const double range = ctx.inputs.distance("range");
        const int figures = ctx.inputs.count("figures");
        const int band = band_of(weapon, range);
        if (band < 0) {
            out_of_range = figures;
            out.steps.push_back({plural(figures, "figure", "figures") + " at " + table_distance(ctx.battle, range) +
                                     ": beyond the " + rules::format_inches(weapon.bands[2]) +
                                     " range, no shot",
                                 cite(kRifleCite)});
        } else {
            fire.dice[static_cast<std::size_t>(band)] += figures;
            out.steps.push_back({plural(figures, "figure", "figures") + " at " + table_distance(ctx.battle, range) +
                                     ": " + band_text(weapon, band),
                                 cite(kRifleCite)});
        }
    }
    for (std::size_t b = 0; b < 3; ++b) {
        const int n = ctx.inputs.has(kBandIds[b]) ? ctx.inputs.count(kBandIds[b]) : 0;
        if (n == 0) continue;
        fire.dice[b] += n;
        out.steps.push_back({plural(n, "figure", "figures") + " at " + band_text(weapon, static_cast<int>(b)),
                             cite(kRifleCite)});
    }
    const int firing = fire.dice[0] + fire.dice[1] + fire.dice[2];
    if (firing + out_of_range == 0)
        throw rules::InputError("range", "say how many figures fire at which range: a range with its figures, "
                                         "or the figures at short, medium and long range");
    check_figures(ctx, firing + out_of_range, ctx.inputs.has("range") ? "figures" : "short");
    check_target_in_contact(ctx, kRifleCite, true, fire.dice[1] + fire.dice[2], out);

    // III Revolutionaries: poorly armed figures fire one die per pair beyond short range.
    if (ctx.unit && ctx.unit->has_trait("poorly-armed") && ctx.tables.options.scenario_rules) {
        const int per = ctx.tables.fire.poorly_armed_per_die;
        for (std::size_t b = 1; b < 3; ++b) {
            if (fire.dice[b] == 0) continue;
            const int dice = fire.dice[b] / per;
            out.steps.push_back({"Poorly armed: " + std::to_string(fire.dice[b]) + " figures at " + kBandIds[b] +
                                     " range fire 1 die per " + std::to_string(per) + ": " +
                                     plural(dice, "die", "dice"),
                                 cite("III Bolshevik Revolutionaries and Bomb-Throwing Anarchists")});
            fire.dice[b] = dice;
        }
    }
    fire.modifier = fire_modifier(ctx, "rifle", kRifleCite, out);
    const auto odds = band_odds(ctx, fire);
    const int kills = roll_bands(ctx, weapon, fire, "firing figure", cite(kRifleCite), out);
    finish(ctx, odds, kills, firing + out_of_range, changes, out);
}

void resolve_mad_minute(const Context& ctx, rules::Resolution& out) {
    Changes changes(ctx.battle, out);
    const Tables& t = ctx.tables;
    if (!t.options.mad_minute)
        throw rules::InputError("action", "this battle does not use the Mad Minute (options.mad_minute)");
    const Weapon& weapon = rifle_weapon(ctx);
    // More enemy units in the arc are more actions of the same sweep, in the same phase: they
    // share its pause die (R10).
    const bool same_sweep = ctx.unit && counter(*ctx.unit, key::mad_minute_at) == kit::now(ctx.battle).stamp();
    if (ctx.unit && !same_sweep) {
        const model::Unit& u = *ctx.unit;
        const TroopType* tt = troop_of(t, u);
        if (open_order_only(t, u))
            ctx.forbid(out, u.name + " are undisciplined troops, who operate only in open order: the Mad Minute is "
                                     "fired by infantry in close order",
                       cite("I Troops, " + kMadCite));
        else if (!tt || tt->cavalry || !tt->close_order || !u.formed)
            ctx.forbid(out, u.name + " cannot fire the Mad Minute: the firing unit must be an infantry unit in close order",
                       cite(kMadCite));
        if (t.options.mad_minute_needs_trait && !u.has_trait("mad-minute"))
            ctx.forbid(out, u.name + " may not fire the Mad Minute: in this battle it is restricted to units with the "
                                     "mad-minute trait (the British)",
                       cite(kMadCite));
        check_not_pausing(ctx, out);
        // The whole unit fires as one: figures that fired already this turn cannot join it.
        const kit::Done fired = kit::done(ctx.battle, u, Deed::Fired, Within::Turn);
        if (fired.happened)
            ctx.forbid(out, plural(fired.count, "figure", "figures") + " of " + u.name +
                                " fired this turn: each figure fires once a turn, and the Mad Minute is the fire of "
                                "the whole unit",
                       cite("I Turn Sequence, " + kMadCite));
    }
    check_over_friends(ctx, out);
    out.steps.push_back({"Mad Minute: close-order infantry fire as an MG within their arc: one roll on "
                         "every enemy figure in arc and range, by band",
                         cite(kMadCite)});

    BandFire fire;
    for (std::size_t b = 0; b < 3; ++b) fire.dice[b] = ctx.inputs.count(kBandIds[b]);
    if (fire.dice[0] + fire.dice[1] + fire.dice[2] == 0)
        throw rules::InputError("short", "count the enemy figures in arc at short, medium and long range");
    check_target_in_contact(ctx, kRifleCite, true, fire.dice[1] + fire.dice[2], out);
    fire.modifier = fire_modifier(ctx, "mg", kMadCite, out);
    const auto odds = band_odds(ctx, fire);
    const int kills = roll_bands(ctx, weapon, fire, "enemy figure", cite(kMadCite), out);

    // After the fire, the pause: turns without fire equal to the die (rolled once a turn).
    if (ctx.dice) {
        if (same_sweep) {
            out.steps.push_back({"More of the Mad Minute's sweep this phase: its pause stands, no fire until turn " +
                                     std::to_string(counter(*ctx.unit, key::mad_minute_until) + 1),
                                 cite(kMadCite)});
        } else {
            const auto pause = ctx.dice->d6s(t.mad_minute_dice, "the Mad Minute pause");
            int turns = 0;
            for (int v : pause) turns += v;
            out.dice.push_back({"Ammunition pause", pause, 0, 0});
            out.results["pause_turns"] = turns;
            out.steps.push_back({"Pause: " + plural(turns, "turn", "turns") + " without fire of any kind; "
                                 "fires normally again in turn " + std::to_string(ctx.battle.turn + turns + 1),
                                 cite(kMadCite)});
            if (ctx.unit) {
                changes.set_unit_counter(*ctx.unit, key::mad_minute_turn, ctx.battle.turn, "fired the Mad Minute");
                changes.set_unit_counter(*ctx.unit, key::mad_minute_at, kit::now(ctx.battle).stamp(),
                                         "the Mad Minute's sweep");
                changes.set_unit_counter(*ctx.unit, key::mad_minute_until, ctx.battle.turn + turns,
                                         "waiting for ammunition");
            }
        }
    }
    // The whole unit fired with the sweep's first action; the rest of the sweep adds no figures.
    finish(ctx, odds, kills, ctx.unit && !same_sweep ? ctx.unit->figures : 0, changes, out);
}

} // namespace umpire::edwardian
