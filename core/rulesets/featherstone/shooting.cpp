// Infantry shooting (lines 78-92), the square's fire (Infantry Square), supporting fire and fire
// at charging units (Melee, lines 141-144): 1 die per 5 figures, each die at or under the range's
// number counts its pips as hits, the target saves, and a charge losing a quarter is halted.
#include "rulesets/featherstone/mechanics.h"

namespace umpire::featherstone {

namespace {

const std::string kShootingCite = "Infantry shooting";

const Weapon& small_arm(const Context& ctx) {
    const Weapon* w = ctx.tables.weapon(ctx.inputs.choice("weapon"));
    if (!w || w->kind != WeaponKind::SmallArms)
        throw rules::InputError("weapon", (w ? w->name : ctx.inputs.choice("weapon")) +
                                              " is not a small arm: artillery fires with its own action, and "
                                              "sabres and lances only melee");
    return *w;
}

// The band the range falls in; nullopt beyond long range.
std::optional<std::size_t> band_at(const Weapon& w, double range) {
    for (std::size_t i = 0; i < w.bands.size(); ++i)
        if (range <= w.bands[i] + 1e-9) return i;
    return std::nullopt;
}

} // namespace

std::optional<std::string> refuses_shooter(const Tables& t, const model::Unit& u) {
    if (const TroopType* tt = troop_of(t, u); tt && tt->arm == Arm::Artillery)
        return u.name + " is artillery: it fires with Artillery shooting";
    return std::nullopt;
}

void resolve_shoot(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Shooting& s = t.shooting;
    const Weapon& weapon = small_arm(ctx);
    const std::string firer = ctx.unit_name();
    int figures = ctx.inputs.count("figures");
    if (figures < 1) throw rules::InputError("figures", "at least 1 figure shoots");
    if (ctx.unit && figures > ctx.unit->figures)
        throw rules::InputError("figures", ctx.unit->name + " has " + plural(ctx.unit->figures, "figure", "figures"));
    out.steps.push_back({firer + ": " + plural(figures, "figure", "figures") + " with " + weapon.name + "s; " +
                             std::to_string(s.ranks) + " ranks of infantry may fire",
                         cite(kShootingCite)});
    if (ctx.inputs.flag("square")) {
        if (ctx.unit) {
            const int side = ctx.unit->figures * s.square_fraction.first / s.square_fraction.second;
            if (figures > side)
                throw rules::InputError("figures", "a square shoots with " + fraction_text(s.square_fraction) +
                                                       " of its figures per side: at most " + std::to_string(side) +
                                                       " of " + ctx.unit->name + "'s " +
                                                       std::to_string(ctx.unit->figures));
        }
        out.steps.push_back({"In square: " + fraction_text(s.square_fraction) + " of its figures shoot from each side, "
                                 "up to " + std::to_string(s.square_shots) + " shots a turn, one from each side",
                             cite("Infantry Square")});
    }
    if (ctx.inputs.flag("support")) {
        const int half = scale(t, figures, s.support_fraction);
        out.steps.push_back({"Supporting fire into a melee is at " + fraction_text(s.support_fraction) + " strength: " +
                                 std::to_string(figures) + " -> " + plural(half, "figure", "figures"),
                             cite("Melee")});
        figures = half;
    }
    const int dice = dice_for_figures(t, figures);
    out.steps.push_back({dice_for_text(t, figures, dice), cite(kShootingCite)});

    const Troops target = troops_of(t, ctx.inputs.choice("target-type"), ctx.inputs.flag("target-armoured"), false);
    const bool charging = ctx.inputs.flag("target-charging");
    const double range = ctx.inputs.distance("range");
    auto band = band_at(weapon, range);
    if (!band) {
        ctx.forbid(out, firer + " is out of range: " + weapon.name + " long range is " +
                            kit::table_distance(ctx.battle, weapon.bands.back()),
                   cite("Shooting"));
        band = weapon.bands.size() - 1;
    }
    if (charging && target.arm == Arm::Cavalry) {
        for (std::size_t i = 0; i < s.bands.size(); ++i)
            if (s.bands[i].id == s.charging_cavalry_band) band = i;
        out.steps.push_back({"Charging cavalry receive small arms fire at " + s.bands[*band].name + " range", cite("Melee")});
    }
    const Band& b = s.bands[*band];
    int number = b.number;
    out.steps.push_back({kit::table_distance(ctx.battle, range) + ": " + b.name + " range (up to " +
                             kit::table_distance(ctx.battle, weapon.bands[*band]) + "): roll " + std::to_string(b.number) +
                             " or less",
                         cite(kShootingCite)});
    if (ctx.inputs.flag("flank")) {
        number = std::min(6, number + s.flank_bonus);
        out.steps.push_back({"Firing into an enemy flank: " + signed_text(s.flank_bonus) + " to the number: " +
                                 std::to_string(number) + " or less",
                             cite(kShootingCite)});
    }
    const bool disordered = ctx.inputs.flag("disordered");
    const PipsRoll roll = pips_roll(dice, number, false);
    const auto halve = [&t, disordered](int h) { return disordered ? scale(t, h, {1, 2}) : h; };
    const dice::Distribution hits_odds = roll.odds.map(halve);
    const SaveRule save = save_rule(t, target, ctx.inputs.choice("cover"), Against::Shooting);
    out.odds.push_back({"hits", hits_odds});
    const dice::Distribution lost_odds = casualty_odds(t, hits_odds, save);
    out.odds.push_back({"casualties", lost_odds});
    out.chances.push_back({"at least 1 casualty", lost_odds.p_at_least(1)});
    out.chances.push_back({"leader check (" + std::to_string(t.leaders.hits_for_check) + "+ hits)",
                           hits_odds.p_at_least(t.leaders.hits_for_check)});

    auto rolled = roll_pips(ctx, roll, "Shooting dice", cite(kShootingCite), out);
    if (disordered)
        out.steps.push_back({"Disordered troops halve the final number of hits, rounding " +
                                 std::string(t.options.halves_round_up ? "up" : "down"),
                             cite(kShootingCite)});
    const std::string target_name = ctx.target_name();
    auto casualties = rolled ? roll_saves(ctx, halve(*rolled), save, target_name, out) : std::nullopt;
    if (!rolled || !casualties) {
        out.outcome = firer + ": " + kit::dice_text(dice) + " at " + std::to_string(number) + " or less, expect " +
                      kit::decimal(hits_odds.mean()) + " hits and " + kit::decimal(lost_odds.mean()) + " casualties";
        return;
    }
    const int hits = halve(*rolled);
    if (disordered) out.steps.push_back({std::to_string(*rolled) + " halved: " + kit::hits_text(hits), cite(kShootingCite)});
    out.results["hits"] = hits;
    out.results["casualties"] = *casualties;
    out.outcome = firer + ": " + kit::hits_text(hits) + ", " + plural(*casualties, "casualty", "casualties") +
                  (ctx.target ? " on " + ctx.target->name : std::string());
    Changes changes(ctx.battle, out);
    if (ctx.unit)
        kit::record(ctx.battle, out, *ctx.unit, Deed::Fired, How::Plain, ctx.inputs.count("figures"), "shot");
    if (!ctx.target) return;
    const model::Unit& tu = *ctx.target;
    const int strength = changes.figures(tu);
    take_casualties(t, changes, tu, *casualties, "shot by " + firer, out);
    leader_check_due(ctx, tu, hits, out);
    if (charging) charge_under_fire(ctx, changes, tu, target.arm, *casualties, strength, out);
}

} // namespace umpire::featherstone
