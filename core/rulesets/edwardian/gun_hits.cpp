// What a gun's fire does to the figures it reaches: shell bursts (I Artillery Fire), canister
// and solid shot (II Obsolete Weaponry). One die per figure, killing on the table's number.
#include "rulesets/edwardian/guns.h"

#include <algorithm>

namespace umpire::edwardian {

namespace {

// One batch of figures rolling against one kill number.
struct Batch {
    std::string label;  // "figures within 2\"", "touched at short range"
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
        out.steps.push_back({std::to_string(b.count) + " " + b.label + ", killed on " + std::to_string(b.kill_on) +
                                 "+, modifier " + signed_text(b.modifier) + ": " + need_text(natural),
                             citation});
        int k = 0;
        if (ctx.dice) {
            auto group = kill_roll(ctx, "Kill dice, " + b.label, b.count, b.modifier, b.kill_on, "the dice for " + b.label);
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
    const int standing = ctx.target->figures + counter(*ctx.target, key::phase_losses);
    if (figures > standing)
        throw rules::InputError(input, ctx.target->name + " has only " + std::to_string(standing) +
                                           " figures on the table");
}

// Kills land on the target; the outcome line names them.
void land(const Context& ctx, int kills, Changes& changes, const std::string& what, rules::Resolution& out) {
    out.results["kills"] = kills;
    out.outcome = ctx.unit_name("The gun") + "'s " + what + ": " + plural(kills, "kill", "kills") +
                  (ctx.target ? " on " + ctx.target->name : std::string());
    if (ctx.target) take_casualties(ctx.tables, changes, *ctx.target, kills, kCauseFire, out);
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
    if (crew < a.crew_to_fire) throw rules::InputError("crew", "a gun cannot fire with no crewmen");
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

    std::vector<Batch> batches{{"figures hit", figures, a.kill_on, modifier},
                               {"gun or MG models hit", guns, a.kill_on, gun_modifier}};
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

void resolve_canister(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    Changes changes(ctx.battle, out);
    const std::string citation = cite("II Obsolete Weaponry, Firing Solid Shot and Canister");
    const Gun gun = gun_for(ctx);
    const int crew = ctx.inputs.count("crew");
    check_gun_may_fire(ctx, gun, crew, t.artillery.crew_to_fire, "canister");
    if (gun_barred_this_turn(ctx, out, ctx.unit_name("The gun"))) return;
    const int figures = ctx.inputs.count("figures");
    check_target_figures(ctx, figures, "figures");
    out.steps.push_back({"Canister: every figure in the gun's arc within the red of the stick (" +
                             table_distance(ctx.battle, t.canister.reach) +
                             ") and in unobstructed sight rolls; figures do not block it",
                         citation});
    const int modifier = add_modifiers(t.canister.modifiers, ctx.inputs.modifiers("modifiers"), "", citation, out);
    std::vector<Batch> batches{{"figures within reach", figures, t.canister.kill_on, modifier}};
    out.odds.push_back({"kills", batch_odds(t, batches)});
    auto kills = roll_batches(ctx, batches, citation, out);
    if (!ctx.dice) {
        out.outcome = ctx.unit_name("The gun") + "'s canister: " + plural(figures, "roll", "rolls");
        return;
    }
    record_gun_fired(ctx, gun, changes);
    land(ctx, kills[0], changes, "canister", out);
}

void resolve_shot_hits(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const auto& s = t.solid_shot;
    Changes changes(ctx.battle, out);
    const std::string citation = cite("II Obsolete Weaponry, Firing Solid Shot and Canister");
    const int modifier = add_modifiers(s.modifiers, ctx.inputs.modifiers("modifiers"), "", citation, out);
    std::vector<Batch> batches;
    const std::array<const char*, 3> labels{"touched at short range", "touched at medium range",
                                            "touched at long range"};
    int total = 0;
    for (std::size_t b = 0; b < 3; ++b) {
        const int n = ctx.inputs.count(std::array<const char*, 3>{"short", "medium", "long"}[b]);
        total += n;
        batches.push_back({labels[b], n, s.kill_on[b], modifier});
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
