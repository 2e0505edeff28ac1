// Section III: campaign reinforcements and the revolutionary leaders' oratory.
#include "rulesets/edwardian/mechanics.h"
#include "rulesets/edwardian/state.h"

#include <cmath>

namespace umpire::edwardian {

void resolve_reinforce(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string citation = cite("III Campaign Game");
    const std::string& kind = ctx.inputs.choice("kind");
    const auto row = t.reinforcements.find(kind);
    if (row == t.reinforcements.end()) throw rules::InputError("kind", "no reinforcement column for " + kind);
    const int room = ctx.unit ? ctx.unit->start_figures - ctx.unit->figures : 1000;
    if (ctx.unit && room <= 0)
        throw rules::InputError("unit", ctx.unit->name + " is at full strength: only units below it roll");
    std::string table;
    for (std::size_t f = 0; f < 6; ++f)
        table += (f ? ", " : "") + std::to_string(f + 1) + ": " + std::to_string(row->second[f]);
    out.steps.push_back({"One die for a unit below full strength, " + kind + " column (" + table +
                             "); never above the strength the unit started the campaign with",
                         citation});
    std::vector<double> p;
    for (int v : row->second) {
        const int gained = std::min(v, room);
        if (static_cast<int>(p.size()) <= gained) p.resize(static_cast<std::size_t>(gained + 1), 0.0);
        p[static_cast<std::size_t>(gained)] += 1.0 / 6;
    }
    out.odds.push_back({"figures gained", dice::Distribution::from_probabilities(0, p)});
    if (!ctx.dice) {
        out.outcome = ctx.unit_name() + ": reinforcement roll";
        return;
    }
    const int roll = ctx.dice->d6("the reinforcement die");
    out.dice.push_back({"Reinforcement die", {roll}, 0, 0});
    const int gained = std::min(row->second[static_cast<std::size_t>(roll - 1)], room);
    out.results["gained"] = gained;
    out.steps.push_back({"Rolled " + std::to_string(roll) + ": " + plural(gained, "figure", "figures") +
                             " (reinforcements are Average)",
                         citation});
    out.outcome = ctx.unit_name() + ": " + plural(gained, "reinforcement", "reinforcements");
    if (!ctx.unit || gained == 0) return;
    Changes changes(ctx.battle, out);
    changes.set_figures(*ctx.unit, ctx.unit->figures + gained, std::to_string(gained) + " reinforcements");
    // More than half the figures reinforcements of a lower grade: the unit drops a grade.
    const Quality& q = quality_of(t, *ctx.unit);
    const Quality* average = t.quality("average");
    if (average && q.points > average->points && 2 * gained > ctx.unit->figures + gained) {
        if (const Quality* lower = t.quality_by_points(q.points - 1)) {
            changes.set_unit_counter(*ctx.unit, key::quality_grade, lower->points, "mostly Average reinforcements");
            out.steps.push_back({"More than half the unit are Average reinforcements: it drops to " + lower->name,
                                 citation});
        }
    }
}

void resolve_sway(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string citation = cite("III Bolshevik Revolutionaries and Bomb-Throwing Anarchists");
    if (!t.options.scenario_rules)
        throw rules::InputError("action", "this battle does not use the Section III suggestions (options.scenario_rules)");
    if (ctx.unit && !ctx.unit->has_trait("leader"))
        throw rules::InputError("unit", ctx.unit->name + " has no revolutionary leader (roster trait \"leader\")");
    const int n = ctx.inputs.count("figures");
    if (n < 1) throw rules::InputError("figures", "count the enemy figures that came within reach of the leader");
    if (ctx.target && n > ctx.target->figures)
        throw rules::InputError("figures", ctx.target->name + " has only " + std::to_string(ctx.target->figures) + " figures");
    out.steps.push_back({"The first time enemy figures come within " + table_text(ctx.battle, t.sway_reach) +
                             " of a leader, before fire, each rolls: " + std::to_string(t.swayed_on) +
                             " in 6 is swayed to the cause",
                         citation});
    const double p = t.swayed_on / 6.0;
    out.odds.push_back({"figures swayed", dice::Distribution::successes(n, p)});
    if (!ctx.dice) {
        out.outcome = ctx.unit_name() + "'s oratory: " + plural(n, "roll", "rolls");
        return;
    }
    auto roll = ctx.dice->d6s(n, "the oratory dice");
    out.dice.push_back({"Oratory dice", roll, 0, 0});
    int swayed = 0;
    for (int v : roll)
        if (v <= t.swayed_on) ++swayed;
    out.results["swayed"] = swayed;
    out.steps.push_back({plural(swayed, "figure is", "figures are") + " swayed: mark them with red yarn; they now "
                         "fight for the revolution" +
                             (ctx.target && is_gun(t, *ctx.target) && swayed > 0
                                  ? ". The loyal crew must fight the swayed for the gun in melee: no fire until then"
                                  : std::string()),
                         citation});
    out.outcome = ctx.unit_name() + "'s oratory sways " + std::to_string(swayed);
    if (!ctx.target || swayed == 0) return;
    Changes changes(ctx.battle, out);
    changes.set_figures(*ctx.target, ctx.target->figures - swayed, std::to_string(swayed) + " swayed to the revolution");
}

} // namespace umpire::edwardian
