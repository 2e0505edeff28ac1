// Sappers (line 81): each party of 4 pioneers does 1d6 of work a turn if not in melee; 6 points
// fortify their front, lay a demolition charge or build a pontoon section (the GM sets special
// tasks); a blown charge rolls 1d6 each: 6 points breach a village, 18 blow a bridge.
#include "rulesets/rattle/mechanics.h"

namespace umpire::rattle {

namespace {

const Task& task_of(const std::vector<Task>& tasks, const std::string& id) { return *kit::by_id(tasks, id); }

// The points a task needs: the table's, or the GM's for a task the table leaves to him.
int points_needed(const Context& ctx, const Task& task) {
    if (task.points > 0) return task.points;
    const int gm = ctx.inputs.count("points");
    if (gm <= 0) throw rules::InputError("points", task.name + ": the GM sets the points it needs");
    return gm;
}

void resolve_work(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string citation = cite(t.sappers_citation);
    if (ctx.unit && !type_of(t, *ctx.unit).works)
        ctx.forbid(out, "only pioneers do the work of sappers", citation);
    const Task& task = task_of(t.tasks, ctx.inputs.choice("task"));
    const int needed = points_needed(ctx, task);
    const int figures = unit_figures(ctx, "figures");
    const int parties = figures / t.party;
    out.steps.push_back({std::to_string(figures) + " pioneers: " + kit::plural(parties, "party", "parties") + " of " +
                             std::to_string(t.party) + ", 1d6 of work each",
                         citation});
    if (parties == 0) throw rules::InputError("figures", "a party of sappers is " + std::to_string(t.party) + " pioneers");
    const std::string counter = std::string(key::kWorkPrefix) + task.id;
    const int done_before = ctx.unit ? kit::counter(*ctx.unit, counter) : 0;
    out.steps.push_back({task.name + ": " + std::to_string(needed) + " points" +
                             (done_before ? ", " + std::to_string(done_before) + " done already" : ""),
                         citation});
    const auto work = dice::Distribution::die(6).times(parties);
    out.odds.push_back({"work", work});
    out.chances.push_back({"a " + task.id + " completed this turn", work.p_at_least(needed - done_before)});
    if (!ctx.dice) {
        out.outcome = kit::plural(parties, "party", "parties") + " at work on: " + task.name;
        return;
    }
    rules::DiceGroup g{"Work", ctx.dice->d6s(parties, "the work dice"), 0, 0};
    int points = 0;
    for (int v : g.values) points += v;
    out.dice.push_back(g);
    int total = done_before + points;
    const int completed = total / needed;
    total %= needed;
    out.results["work"] = points;
    out.results["completed"] = completed;
    out.steps.push_back({std::to_string(points) + " points of work: " + (completed ? kit::plural(completed, "task", "tasks") +
                                                                              " completed, "
                                                                        : std::string()) +
                             std::to_string(total) + " toward the next",
                         citation});
    out.outcome = task.name + ": " + (completed ? kit::plural(completed, "completed", "completed") : "not yet done");
    if (!ctx.unit) return;
    kit::Changes c(ctx.battle, out);
    c.set_unit_counter(*ctx.unit, counter, total, "work toward " + task.id);
    kit::record(ctx.battle, out, *ctx.unit, Deed::Worked, How::Plain, points, "worked");
    if (completed == 0) return;
    if (task.id == "demolition-charge") c.add_unit_counter(*ctx.unit, key::kCharges, completed, "charges laid");
    else if (task.id == "pontoon") c.add_unit_counter(*ctx.unit, key::kPontoons, completed, "pontoon sections built");
    else if (task.id == "fortify") c.set_unit_counter(*ctx.unit, key::kFortified, 1, "their front fortified");
}

void work_defaults(const DefaultsContext& c, Defaults& d) {
    if (c.unit) d["figures"] = std::to_string(c.unit->figures);
}

void resolve_blow(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const std::string citation = cite(t.sappers_citation);
    const Task& target = task_of(t.demolitions, ctx.inputs.choice("demolition"));
    const int needed = points_needed(ctx, target);
    const int charges = ctx.inputs.count("charges");
    if (charges <= 0) throw rules::InputError("charges", "no charges to blow");
    if (ctx.unit && charges > kit::counter(*ctx.unit, key::kCharges))
        ctx.forbid(out, ctx.unit->name + " has laid " + std::to_string(kit::counter(*ctx.unit, key::kCharges)) +
                            " charges, not " + std::to_string(charges),
                   citation);
    const auto sum = dice::Distribution::die(6).times(charges);
    out.steps.push_back({kit::plural(charges, "charge", "charges") + ": 1d6 each; " + target.name + " needs " +
                             std::to_string(needed) + " points",
                         citation});
    out.odds.push_back({"points", sum});
    out.chances.push_back({target.id + " done", sum.p_at_least(needed)});
    if (!ctx.dice) {
        out.outcome = "Blowing " + kit::plural(charges, "charge", "charges");
        return;
    }
    rules::DiceGroup g{"Demolition", ctx.dice->d6s(charges, "the demolition dice"), 0, 0};
    int points = 0;
    for (int v : g.values) points += v;
    out.dice.push_back(g);
    const bool done = points >= needed;
    out.results["points"] = points;
    out.results["done"] = done ? 1 : 0;
    out.outcome = std::to_string(points) + " points: " + (done ? target.name + " done" : "not enough to " + target.name);
    out.steps.push_back({out.outcome, citation});
    if (ctx.unit) {
        kit::Changes c(ctx.battle, out);
        c.add_unit_counter(*ctx.unit, key::kCharges, -charges, "charges blown");
    }
}

void blow_defaults(const DefaultsContext& c, Defaults& d) {
    if (c.unit && kit::counter(*c.unit, key::kCharges) > 0) d["charges"] = std::to_string(kit::counter(*c.unit, key::kCharges));
}

std::vector<rules::Choice> task_choices(const std::vector<Task>& tasks) {
    std::vector<rules::Choice> out;
    for (const auto& task : tasks) out.push_back({task.id, task.name, task.points, ""});
    return out;
}

} // namespace

void add_sapper_actions(const Tables& t, ActionDefs& out) {
    {
        ActionDef d;
        rules::ActionSpec& a = d.spec = kit::action("work", "Sappers' work",
                                                    "Each party of 4 pioneers does 1d6 of work: 6 to fortify, lay a "
                                                    "charge or build a pontoon section",
                                                    cite("SAPPERS (line 81)"));
        a.needs_unit = true;
        a.inputs.push_back(kit::choice_input("task", "Task", task_choices(t.tasks), t.tasks.front().id));
        a.inputs.push_back(kit::count_input("figures", "Pioneers working", "Figures at work; every 4 are a party"));
        a.inputs.push_back(kit::count_input("points", "Points for a special task", "Set by the GM", 0, 1000, "0"));
        d.resolve = resolve_work;
        d.defaults = work_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        rules::ActionSpec& a = d.spec = kit::action("blow-charges", "Blow demolition charges",
                                                    "1d6 per charge: 6 points breach a village, 18 blow a bridge",
                                                    cite("SAPPERS (line 81)"));
        a.unit_optional = true;
        a.inputs.push_back(kit::choice_input("demolition", "What is blown", task_choices(t.demolitions), t.demolitions.front().id,
                                             "A village (6 points), a bridge (18) or another target the GM sets"));
        a.inputs.push_back(kit::count_input("charges", "Charges blown", "Charges laid by the pioneers", 0, 100));
        a.inputs.push_back(kit::count_input("points", "Points for another target", "Set by the GM", 0, 1000, "0"));
        d.resolve = resolve_blow;
        d.defaults = blow_defaults;
        out.push_back(d);
    }
}

} // namespace umpire::rattle
