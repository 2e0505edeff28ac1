// What a gun's fire does to the figures it reaches: shell bursts (I Artillery Fire), canister
// and solid shot (II Obsolete Weaponry). One die per figure, killing on the table's number.
#include "rulesets/edwardian/guns.h"

#include <algorithm>

namespace umpire::edwardian {

namespace {

// One batch of figures rolling against one kill number.
struct Batch {
    std::string one;    // what one of them is: "figure hit", "figure touched at short range"
    std::string many;   // ... and several: "figures hit"
    int count = 0;
    int kill_on = 4;
    int modifier = 0;
};

dice::Distribution batch_odds(const Tables& t, const std::vector<Batch>& batches) {
    dice::Distribution total;
    for (const auto& b : batches)
        total = total + dice::Distribution::successes(b.count, chance_of(natural_needed(t, b.kill_on, b.modifier)));
    return total;
}

// Shows and rolls each batch in order; returns the kills per batch.
std::vector<int> roll_batches(const Context& ctx, const std::vector<Batch>& batches,
                              const std::string& citation, rules::Resolution& out) {
    std::vector<int> kills;
    for (const auto& b : batches) {
        const int natural = natural_needed(ctx.tables, b.kill_on, b.modifier);
        if (b.count == 0) {
            kills.push_back(0);
            continue;
        }
        out.steps.push_back({plural(b.count, b.one, b.many) + ", killed on " + std::to_string(b.kill_on) +
                                 "+, modifier " + signed_text(b.modifier) + ": " + need_text(natural),
                             citation});
        int k = 0;
        if (ctx.dice) {
            auto group = kill_roll(ctx, "Kill dice, " + b.many, b.count, b.modifier, b.kill_on, "the dice for " + b.many);
            for (int v : group.values)
                if (v >= natural) ++k;
            out.dice.push_back(group);
        }
        kills.push_back(k);
    }
    return kills;
}

void check_target_figures(const Context& ctx, int figures, const std::string& input) {
    if (!ctx.target) return;
    const int standing = ctx.target->figures + fallen_this_phase(ctx.battle, *ctx.target);
    if (figures > standing)
        throw rules::InputError(input, ctx.target->name + " has only " + std::to_string(standing) +
                                           " figures on the table");
}

// Kills land on the target; the outcome line names them.
void land(const Context& ctx, int kills, Changes& changes, const std::string& what, rules::Resolution& out) {
    out.results["kills"] = kills;
    out.outcome = ctx.unit_name("The gun") + "'s " + what + ": " + plural(kills, "kill", "kills") +
                  (ctx.target ? " on " + ctx.target->name : std::string());
    if (ctx.target) take_casualties(ctx, changes, *ctx.target, kills, kCauseFire, out);
}

} // namespace

void resolve_shell_hits(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const auto& a = t.artillery;
    Changes changes(ctx.battle, out);
    const std::string citation = cite("I Artillery Fire");
    const int figures = ctx.inputs.count("figures");
    const int guns = ctx.inputs.count("guns");
    const int crew = ctx.inputs.count("crew");
    if (crew < a.crew_to_fire)
        ctx.forbid(out, "artillery cannot fire with no crewmen: " + plural(crew, "crewman", "crewmen") + " fired it",
                   citation);
    check_target_figures(ctx, figures, "figures");
    if (guns > 0 && ctx.target && !is_gun(t, *ctx.target))
        throw rules::InputError("guns", ctx.target->name + " has no gun or MG to hit");
    if (guns > 0 && ctx.target && gun_out_of_action(*ctx.target))
        throw rules::InputError("guns", ctx.target->name + "'s gun is already out of action");
    if (figures + guns == 0)
        throw rules::InputError("figures", "count the figures (and guns) within " +
                                               table_distance(ctx.battle, a.blast_radius) + " of the impact");

    out.steps.push_back({"Every figure within " + table_distance(ctx.battle, a.blast_radius) +
                             " of the impact rolls; a gun or MG model hit rolls too and is destroyed likewise",
                         citation});
    check_no_cover_for_chargers(ctx, ctx.target, a.modifiers, ctx.inputs.modifiers("modifiers"), out);
    int modifier = add_modifiers(a.modifiers, ctx.inputs.modifiers("modifiers"), "", citation, out);
    if (crew < a.full_crew) {
        const int m = a.crew_modifier * (a.full_crew - crew);
        modifier += m;
        out.steps.push_back({plural(crew, "crewman", "crewmen") + " fired the gun, " +
                                 std::to_string(a.full_crew - crew) + " under " + std::to_string(a.full_crew) +
                                 ": " + signed_text(m),
                             citation});
    }
    // A gun model is not cavalry: the cavalry +1 is for figures only.
    int gun_modifier = modifier;
    if (ctx.inputs.modifiers("modifiers").count("target-cavalry"))
        if (const Modifier* cav = find_modifier(a.modifiers, "target-cavalry")) gun_modifier -= cav->value;

    std::vector<Batch> batches{{"figure hit", "figures hit", figures, a.kill_on, modifier},
                               {"gun or MG model hit", "gun or MG models hit", guns, a.kill_on, gun_modifier}};
    out.odds.push_back({"kills", batch_odds(t, {batches[0]})});
    if (guns > 0) out.odds.push_back({"guns destroyed", batch_odds(t, {batches[1]})});
    auto kills = roll_batches(ctx, batches, citation, out);
    if (!ctx.dice) {
        out.outcome = ctx.unit_name("The gun") + "'s shell: " + plural(figures + guns, "roll", "rolls");
        return;
    }
    if (guns > 0) {
        out.results["guns_destroyed"] = kills[1];
        out.steps.push_back({kills[1] > 0 ? "The gun model is destroyed" : "The gun model survives", citation});
        if (kills[1] > 0 && ctx.target)
            changes.set_unit_counter(*ctx.target, key::gun_destroyed, 1, "gun destroyed by shellfire");
    }
    land(ctx, kills[0], changes, "shell", out);
}

// Canister reaches every figure in the gun's arc within the red of the stick, friend or foe
// (line 312): each unit reached is one canister action of the same shot, in the same phase. The
// first fires the gun (the once-a-turn and loading checks, the gun's fire recorded); the rest of
// the sweep only rolls for their figures.
void resolve_canister(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    Changes changes(ctx.battle, out);
    const std::string citation = cite("II Obsolete Weaponry, Firing Solid Shot and Canister");
    const Gun gun = gun_for(ctx);
    const int crew = ctx.inputs.count("crew");
    const int stamp = kit::now(ctx.battle).stamp();
    const bool same_shot = ctx.unit && counter(*ctx.unit, key::canister_at) == stamp;
    if (!same_shot) {
        if (ctx.unit && kit::did(ctx.battle, *ctx.unit, Deed::Fired, Within::Turn))
            ctx.forbid(out, ctx.unit->name + " has fired this turn: a gun fires once a turn, in the fire of the "
                                             "unmoving figures",
                       cite("I Turn Sequence, I Artillery Fire"));
        check_gun_may_fire(ctx, gun, crew, t.artillery.crew_to_fire, "canister", out);
    }
    const int figures = ctx.inputs.count("figures");
    check_target_figures(ctx, figures, "figures");
    const double reach = t.canister.reach * gun.stick;
    out.steps.push_back({"Canister: every figure in the gun's arc within the red of the stick (" +
                             table_distance(ctx.battle, reach) +
                             "), friend or foe, in unobstructed sight rolls; figures do not block it" +
                             (same_shot ? ". More of the same shot, fired this phase" : ""),
                         citation});
    check_no_cover_for_chargers(ctx, ctx.target, t.canister.modifiers, ctx.inputs.modifiers("modifiers"), out);
    const int modifier = add_modifiers(t.canister.modifiers, ctx.inputs.modifiers("modifiers"), "", citation, out);
    std::vector<Batch> batches{{"figure within reach", "figures within reach", figures, t.canister.kill_on, modifier}};
    out.odds.push_back({"kills", batch_odds(t, batches)});
    auto kills = roll_batches(ctx, batches, citation, out);
    if (!ctx.dice) {
        out.outcome = ctx.unit_name("The gun") + "'s canister: " + plural(figures, "roll", "rolls");
        return;
    }
    if (!same_shot) {
        record_gun_fired(ctx, gun, changes);
        if (ctx.unit) changes.set_unit_counter(*ctx.unit, key::canister_at, stamp, "fired canister");
    }
    land(ctx, kills[0], changes, "canister", out);
}

void resolve_shot_hits(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const auto& s = t.solid_shot;
    Changes changes(ctx.battle, out);
    const std::string citation = cite("II Obsolete Weaponry, Firing Solid Shot and Canister");
    check_no_cover_for_chargers(ctx, ctx.target, s.modifiers, ctx.inputs.modifiers("modifiers"), out);
    const int modifier = add_modifiers(s.modifiers, ctx.inputs.modifiers("modifiers"), "", citation, out);
    std::vector<Batch> batches;
    const std::array<const char*, 3> ranges{"short", "medium", "long"};
    int total = 0;
    for (std::size_t b = 0; b < 3; ++b) {
        const int n = ctx.inputs.count(std::array<const char*, 3>{"short", "medium", "long"}[b]);
        total += n;
        const std::string touched = std::string(" touched at ") + ranges[b] + " range";
        batches.push_back({"figure" + touched, "figures" + touched, n, s.kill_on[b], modifier});
    }
    if (total == 0) throw rules::InputError("short", "count the figures the stick touches at short, medium and long range");
    check_target_figures(ctx, total, "short");
    out.steps.push_back({"Figures touched by the stick roll: short range kills on " + std::to_string(s.kill_on[0]) +
                             "+, medium on " + std::to_string(s.kill_on[1]) + "+; at long range only those on the "
                             "portions the solid-shot die chose roll, killed as at medium",
                         citation});
    out.odds.push_back({"kills", batch_odds(t, batches)});
    auto kills = roll_batches(ctx, batches, citation, out);
    if (!ctx.dice) {
        out.outcome = "Solid shot: " + plural(total, "roll", "rolls");
        return;
    }
    land(ctx, kills[0] + kills[1] + kills[2], changes, "solid shot", out);
}

} // namespace umpire::edwardian
