// Artillery shooting (lines 94-126; Skirmish Infantry, lines 271-272): one die per battery
// against the band's number (canister always hits), a damage die per hit on infantry and cavalry
// (two at close canister, more against columns, squares and flanks), the counter-battery table on
// 2d6 against artillery, what the crew left allows after moving, and ten shots a game.
#include "rulesets/featherstone/mechanics.h"
#include "kit/headline.h"

namespace umpire::featherstone {

namespace {

const std::string kArtilleryCite = "Artillery shooting";

const Battery& battery_of(const Context& ctx) {
    const Battery* b = ctx.tables.battery(ctx.inputs.choice("battery"));
    if (!b) throw rules::InputError("battery", "\"" + ctx.inputs.choice("battery") + "\" is not a battery");
    return *b;
}

// What the crew left allows the gun that moved or turned (lines 123-126).
void check_crew(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const int crew = ctx.inputs.count("crew");
    if (crew < 1) throw rules::InputError("crew", "a battery with no crew left cannot fire");
    const CrewRule& rule = t.crew_rule(crew);
    const std::string moved = ctx.inputs.choice("moved");
    const std::string gun = ctx.unit_name("The battery");
    out.steps.push_back({gun + ": " + plural(crew, "crew", "crew") + ": " + rule.text, cite(kArtilleryCite)});
    if (moved == "more")
        ctx.forbid(out, gun + " moved more than half or turned more than 45 degrees: guns may fire only if they did "
                              "not move more than half or changed facing by 45 degrees or less",
                   cite(kArtilleryCite));
    else if (moved != "no" && !rule.may_move)
        ctx.forbid(out, gun + " has only " + std::to_string(crew) + " crew: it may not be moved or aimed", cite(kArtilleryCite));
    else if (moved != "no" && !rule.fire_after_move)
        ctx.forbid(out, gun + " has only " + std::to_string(crew) + " crew: it fires OR is re-positioned or faced",
                   cite(kArtilleryCite));
    if (rule.every_other_turn && ctx.unit && kit::counter(*ctx.unit, key::fired_turn) == ctx.battle.turn - 1 &&
        ctx.battle.turn > 1)
        ctx.forbid(out, gun + " has only 1 crew and fired last turn: it fires every other turn", cite(kArtilleryCite));
    if (ctx.unit && kit::counter(*ctx.unit, key::shots) >= t.artillery.shots)
        ctx.forbid(out, gun + " has fired its " + std::to_string(t.artillery.shots) + " shots: artillery has a supply of " +
                            std::to_string(t.artillery.shots) + " shots per game",
                   cite(kArtilleryCite));
}

// The damage bonus against what the gun aims at, at short range or longer.
int aim_bonus(const Tables& t, const std::string& aim) {
    if (aim == "assault-column") return t.artillery.assault_column;
    if (aim == "square" || aim == "flank" || aim == "march-column") return t.artillery.square_flank_march;
    return 0;
}

void counter_battery(const Context& ctx, bool hit, double p_hit, Changes& changes, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const bool open = ctx.inputs.choice("cover") == "open";
    const std::string target = ctx.target_name("the battery");
    out.steps.push_back({"Firing at artillery: a hit rolls " + std::to_string(t.counter_battery_dice) +
                             "d6 on the counter-battery table (" + target + (open ? " is in the open)" : " is not in the open)"),
                         cite(kArtilleryCite)});
    const auto score = dice::Distribution::die(6).times(t.counter_battery_dice);
    double destroyed = 0;
    for (int s = score.min(); s <= score.max(); ++s) {
        const CounterBatteryRow& row = t.counter_battery_row(s);
        if (open ? row.destroyed_in_open : row.destroyed) destroyed += score.p_exactly(s);
    }
    out.chances.push_back({"gun destroyed", p_hit * destroyed});
    if (!ctx.dice || !hit) return;
    const auto faces = ctx.dice->d6s(t.counter_battery_dice, "the counter-battery dice");
    out.dice.push_back({"Counter-battery dice", faces, 0, 0});
    int sum = 0;
    for (int f : faces) sum += f;
    const CounterBatteryRow& row = t.counter_battery_row(sum);
    const bool gone = open ? row.destroyed_in_open : row.destroyed;
    const int men = gone ? 0 : open ? row.men_in_open : row.men;
    out.steps.push_back({"Counter-battery " + std::to_string(sum) + ": " + row.text, cite(kArtilleryCite)});
    out.results["counter-battery"] = sum;
    if (gone) {
        out.results["gun-destroyed"] = 1;
        out.outcome = target + ": gun destroyed";
        if (!ctx.target) return;
        changes.set_unit_counter(*ctx.target, key::destroyed, 1, "gun destroyed by counter-battery fire");
        changes.set_flag(*ctx.target, model::Flag::Routed, true, "gun destroyed");
        kit::outcome_says_lost(out, *ctx.target);  // "gun destroyed"
        out.steps.push_back({target + " is out of the battle", cite(kArtilleryCite)});
        return;
    }
    int casualties = men;
    if (men > 0 && t.options.counter_battery_saves) {
        const SaveRule save = save_rule(t, troops_of(t, ctx.inputs.choice("target-type"), false, false),
                                        ctx.inputs.choice("cover"), Against::Shooting);
        casualties = *roll_saves(ctx, men, save, target, out);
    }
    out.results["casualties"] = casualties;
    out.outcome = target + ": " + (men ? plural(casualties, "crewman", "crewmen") + " lost" : std::string("no effect"));
    if (ctx.target) take_casualties(t, changes, *ctx.target, casualties, "counter-battery fire", out);
}

} // namespace

std::optional<std::string> refuses_gunner(const Tables& t, const model::Unit& u) {
    if (const TroopType* tt = troop_of(t, u); tt && tt->arm != Arm::Artillery)
        return u.name + " is not artillery: it has no battery to fire";
    return std::nullopt;
}

void resolve_artillery(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const Artillery& a = t.artillery;
    const Battery& battery = battery_of(ctx);
    const std::string gun = ctx.unit_name("The battery");
    check_crew(ctx, out);
    const double range = ctx.inputs.distance("range");
    std::optional<std::size_t> band;
    for (std::size_t i = 0; i < battery.ranges.size() && !band; ++i)
        if (range <= battery.ranges[i] + 1e-9) band = i;
    if (!band) {
        ctx.forbid(out, gun + " is out of range: a " + battery.name + " reaches " +
                            kit::table_distance(ctx.battle, battery.ranges.back()),
                   cite(kArtilleryCite));
        band = battery.ranges.size() - 1;
    }
    const Band& b = a.bands[*band];
    const bool canister = b.number == 0;
    out.steps.push_back({battery.name + " at " + kit::table_distance(ctx.battle, range) + ": " + b.name + " (up to " +
                             kit::table_distance(ctx.battle, battery.ranges[*band]) + "): " +
                             (canister ? std::string("hits automatically")
                                       : "one die, a hit on " + std::to_string(b.number) + "+"),
                         cite(kArtilleryCite)});
    const double p_hit = canister ? 1.0 : kit::chance_of(b.number);
    out.chances.push_back({"hit", p_hit});
    bool hit = canister;
    Changes changes(ctx.battle, out);
    if (ctx.dice) {
        if (!canister) {
            const int die = kit::roll_one(*ctx.dice, out, "To hit", "the battery's die", b.number);
            hit = die >= b.number;
            out.steps.push_back({"Rolled " + std::to_string(die) + (hit ? ": a hit" : ": a miss"), cite(kArtilleryCite)});
        }
        out.results["hit"] = hit ? 1 : 0;
        if (ctx.unit) {
            changes.add_unit_counter(*ctx.unit, key::shots, 1, "one of its shots fired");
            stamp(changes, *ctx.unit, key::fired_turn, "fired");
            kit::record(ctx.battle, out, *ctx.unit, Deed::Fired, How::Plain, 0, "fired");
            out.steps.push_back({gun + " has fired " + std::to_string(kit::counter(*ctx.unit, key::shots) + 1) + " of its " +
                                     std::to_string(a.shots) + " shots",
                                 cite(kArtilleryCite)});
        }
    }

    const Troops target = troops_of(t, ctx.inputs.choice("target-type"), ctx.inputs.flag("target-armoured"), false);
    if (target.arm == Arm::Artillery) {
        counter_battery(ctx, hit, p_hit, changes, out);
        if (ctx.dice && !hit) out.outcome = gun + ": a miss";
        if (!ctx.dice) out.outcome = gun + ": hits on " + (canister ? std::string("anything") : std::to_string(b.number) + "+");
        return;
    }

    // A damage die per hit on infantry and cavalry; its pips are hits on the target (R38).
    const bool close = canister && range <= a.close_canister + 1e-9;
    const int dice = close ? a.close_canister_dice : a.damage_dice;
    const int bonus = *band > 0 ? aim_bonus(t, ctx.inputs.choice("aim")) : 0;
    out.steps.push_back({"A hit on infantry or cavalry rolls " + kit::dice_text(dice) + " of damage" +
                             (close ? " (close canister: " + kit::table_distance(ctx.battle, a.close_canister) + " or less)"
                                    : "") +
                             (bonus ? ", " + signed_text(bonus) + " against " + ctx.inputs.choice("aim") : std::string()),
                         cite(kArtilleryCite)});
    std::size_t halved_beyond = 0;
    for (std::size_t i = 0; i < a.bands.size(); ++i)
        if (a.bands[i].id == a.skirmishers_halved_beyond) halved_beyond = i;
    const bool skirmish_halved = target.skirmish && *band > halved_beyond;
    if (skirmish_halved)
        out.steps.push_back({"Artillery fire against skirmishers is halved beyond " + a.bands[halved_beyond].name + " range",
                             cite("Skirmish Infantry")});
    const bool support = ctx.inputs.flag("support");
    if (support)
        out.steps.push_back({"Supporting fire into a melee: " + fraction_text(a.support_fraction) + " of the damage",
                             cite("Melee")});
    const auto adjust = [&](int pips) {
        int h = pips + bonus;
        if (skirmish_halved) h = scale(t, h, {1, 2});
        if (support) h = scale(t, h, a.support_fraction);
        return h;
    };
    const dice::Distribution damage = dice::Distribution::die(6).times(dice).map(adjust);
    const dice::Distribution hits_odds =
        dice::Distribution::successes(1, p_hit).compound([&](int h) { return h ? damage : dice::Distribution(); });
    const SaveRule save = save_rule(t, target, ctx.inputs.choice("cover"), Against::Shooting);
    const dice::Distribution lost_odds = casualty_odds(t, hits_odds, save);
    out.odds.push_back({"hits", hits_odds});
    out.odds.push_back({"casualties", lost_odds});
    out.chances.push_back({"at least 1 casualty", lost_odds.p_at_least(1)});
    if (!ctx.dice) {
        out.outcome = gun + ": expect " + kit::decimal(hits_odds.mean()) + " hits, " + kit::decimal(lost_odds.mean()) +
                      " casualties";
        return;
    }
    if (!hit) {
        out.outcome = gun + ": a miss";
        out.results["hits"] = 0;
        return;
    }
    const auto faces = ctx.dice->d6s(dice, "the damage dice");
    out.dice.push_back({"Damage dice", faces, bonus, 0});
    int pips = 0;
    for (int f : faces) pips += f;
    const int hits = adjust(pips);
    out.steps.push_back({"Damage " + std::to_string(pips) + (bonus ? " " + signed_text(bonus) : std::string()) +
                             (skirmish_halved || support ? ", reduced as above" : std::string()) + ": " +
                             kit::hits_text(hits),
                         cite(kArtilleryCite)});
    const std::string target_name = ctx.target_name();
    const int casualties = *roll_saves(ctx, hits, save, target_name, out);
    out.results["hits"] = hits;
    out.results["casualties"] = casualties;
    out.outcome = gun + ": " + kit::hits_text(hits) + ", " + plural(casualties, "casualty", "casualties") +
                  (ctx.target ? " on " + ctx.target->name : std::string());
    if (!ctx.target) return;
    const int strength = changes.figures(*ctx.target);
    take_casualties(t, changes, *ctx.target, casualties, "artillery fire from " + gun, out);
    leader_check_due(ctx, *ctx.target, hits, out);
    if (ctx.inputs.flag("target-charging"))
        charge_under_fire(ctx, changes, *ctx.target, target.arm, casualties, strength, out);
}

} // namespace umpire::featherstone
