// Engineering (11): pioneers do 1d6 of work per 4 figures in the melee phase if they did not move
// and are not in melee. Work points accumulate on the task (a unit counter "work:TASK") until it
// is done, then start again: points never carry to another task, only one task is done a turn,
// and moving away loses the points on unfinished tasks. Demolition charges are blown separately:
// 1d6 per charge, summed against the breach table.
#include "rulesets/macduff/action_def.h"

#include <algorithm>

namespace umpire::macduff {

using model::Flag;

namespace {

std::string work_key(const Task& t) { return "work:" + t.id; }
std::string done_key(const Task& t) { return "done:" + t.id; }

// Every unfinished task's points, lost when the unit moves away from the work.
void lose_work(const Context& ctx, const model::Unit& u, rules::Resolution& out) {
    for (const auto& [k, v] : u.counters)
        if (k.rfind("work:", 0) == 0 && v != 0) {
            set_counter(ctx.battle, out, u, k, 0, "moved away from the work");
            out.steps.push_back({std::to_string(v) + " points on " + k.substr(5) + " are lost", cite("11 Engineering")});
        }
}

int points_needed(const Context& ctx, const Task& task, std::string& what) {
    if (task.worker == "crew") {
        const int n = ctx.unit ? static_cast<int>(ctx.unit->counters.count(key::kRepairsNeeded)
                                                      ? ctx.unit->counters.at(key::kRepairsNeeded)
                                                      : 0)
                               : ctx.inputs.count("points");
        what = "the repairs rolled at the accident";
        return n;
    }
    if (task.points_per_inch > 0) {
        const int inches = ctx.inputs.count("length");
        what = std::to_string(task.points_per_inch) + " a inch for " + std::to_string(inches) + "\"";
        return task.points_per_inch * inches;
    }
    what = task.name;
    return task.points;
}

void check_worker(const Context& ctx, const Task& task) {
    const model::Unit* u = ctx.unit;
    if (!u) return;
    if (task.worker == "pioneers" && !u->has_trait("pioneers"))
        throw rules::InputError("task", u->name + " are not pioneers: engineering work is for pioneers (11)");
    if (task.worker == "hospital" && u->troop_type != "hospital")
        throw rules::InputError("task", "the field hospital's own staff does that work (12.1)");
    if (task.worker == "crew" && !u->counters.count(key::kRepairsNeeded))
        throw rules::InputError("task", u->name + " needs no repairs");
    if (task.id == "hospital-setup" && u->counters.count(key::kHospitalOperating))
        throw rules::InputError("task", "the hospital is already set up");
    if (task.id == "hospital-pack" && !u->counters.count(key::kHospitalOperating))
        throw rules::InputError("task", "the hospital is not set up");
}

void resolve_engineering(const Context& ctx, rules::Resolution& out) {
    const Engineering& e = ctx.tables.engineering;
    const Task& task = *ctx.tables.task(ctx.inputs.choice("task"));
    const int figures = ctx.inputs.count("figures");
    const std::string name = who(ctx.unit, "The pioneers");
    const std::string citation = cite(task.citation);
    check_worker(ctx, task);
    if (task.needs_engineer && !ctx.inputs.flag("engineer"))
        throw rules::InputError("engineer", task.name + " needs an engineer to order the pioneers (" + task.citation + ")");
    if (task.needs_pontoon_wagon && !ctx.inputs.flag("pontoon-wagon"))
        throw rules::InputError("pontoon-wagon", task.name + " needs a pontoon wagon attached (" + task.citation + ")");
    if (task.needs_supplies && !ctx.inputs.flag("supplies"))
        throw rules::InputError("supplies", task.name + " needs supplies within " + std::to_string(e.supplies_range) +
                                                "\" (a wood, buildings, a supply wagon)");

    if (ctx.inputs.flag("moved")) {
        out.steps.push_back({name + " moved: no work this turn, and points on unfinished tasks are lost",
                             cite(e.citation)});
        out.outcome = name + " moved: no work";
        if (ctx.unit) lose_work(ctx, *ctx.unit, out);
        return;
    }
    if (ctx.inputs.flag("in-melee")) {
        out.steps.push_back({name + " is in melee: no work this turn", cite(e.citation)});
        out.outcome = name + " is in melee: no work";
        return;
    }

    std::string what;
    const int needed = points_needed(ctx, task, what);
    const int have = ctx.unit ? static_cast<int>(counter_now(ctx.battle, out, *ctx.unit, work_key(task))) : 0;
    const int dice = dice_for(figures, e.dice);
    out.steps.push_back({std::to_string(figures) + " figures, 1d6 per " + std::to_string(e.dice.figures_per_die) +
                             (e.dice.count_half_remainders ? ", remainder of 1/2 or more counts" : "") + ": " +
                             dice_text(dice) + " of work",
                         cite(e.citation)});
    out.steps.push_back({task.name + ": " + std::to_string(needed) + " points (" + what + "); " +
                             std::to_string(have) + " done so far",
                         citation});
    const auto work = dice::Distribution::die(6).times(dice);
    out.odds.push_back({"work points", work});
    out.chances.push_back({"done this turn", work.p_at_least(needed - have)});
    if (!ctx.dice) {
        out.outcome = name + ": " + dice_text(dice) + " of work towards " + task.name;
        return;
    }
    const auto rolled = ctx.dice->d6s(dice, "the work dice");
    int points = 0;
    for (int v : rolled) points += v;
    out.dice.push_back({"Work dice", rolled, 0, 0});
    const int total = have + points;
    out.results["points"] = points;
    out.results["total"] = total;
    if (ctx.unit) kit::record(ctx.battle, out, *ctx.unit, Deed::Worked, How::Plain, 0, "worked this turn");
    if (total < needed) {
        out.steps.push_back({std::to_string(points) + " points: " + std::to_string(total) + " of " +
                                 std::to_string(needed),
                             citation});
        if (task.points_per_inch > 0)
            out.steps.push_back({std::to_string(total / task.points_per_inch) + "\" of road cut so far", citation});
        out.outcome = name + ": " + std::to_string(total) + " of " + std::to_string(needed) + " points on " + task.name;
        if (ctx.unit) set_counter(ctx.battle, out, *ctx.unit, work_key(task), total, "work on " + task.name);
        out.results["done"] = 0;
        return;
    }
    out.results["done"] = 1;
    out.steps.push_back({std::to_string(points) + " points: " + std::to_string(total) + " of " + std::to_string(needed) +
                             ": done" + (total > needed ? "; the " + std::to_string(total - needed) +
                                                              " points over are lost (points never carry to another task)"
                                                        : ""),
                         citation});
    out.outcome = name + " completes " + task.name;
    if (!ctx.unit) return;
    const model::Unit& u = *ctx.unit;
    set_counter(ctx.battle, out, u, work_key(task), 0, task.name + " done");
    set_counter(ctx.battle, out, u, done_key(task), counter_now(ctx.battle, out, u, done_key(task)) + 1, task.name + " done");
    if (task.worker == "crew") set_counter(ctx.battle, out, u, key::kRepairsNeeded, 0, "repaired");
    if (task.id == "hospital-setup") set_counter(ctx.battle, out, u, key::kHospitalOperating, 1, "hospital set up");
    if (task.id == "hospital-pack") set_counter(ctx.battle, out, u, key::kHospitalOperating, 0, "hospital packed up");
}

void engineering_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    d["figures"] = std::to_string(c.unit->figures);
    d["engineer"] = yes_no(c.unit->has_trait("engineer"));
    d["pontoon-wagon"] = yes_no(c.unit->has_trait("pontoon-wagon"));
    d["in-melee"] = yes_no(c.unit->counters.count(key::kMeleeWith) > 0);
    if (c.unit->troop_type == "hospital")
        d["task"] = c.unit->counters.count(key::kHospitalOperating) ? "hospital-pack" : "hospital-setup";
    else if (c.unit->counters.count(key::kRepairsNeeded))
        d["task"] = "repair";
}

// ---- 11.3 Blowing the charges -------------------------------------------------------------------

void resolve_blow(const Context& ctx, rules::Resolution& out) {
    const Engineering& e = ctx.tables.engineering;
    const DemolitionTarget& target = *ctx.tables.demolition_target(ctx.inputs.choice("demolition"));
    const int charges = ctx.inputs.count("charges");
    const std::string citation = cite(e.demolitions_citation);
    const std::string name = who(ctx.unit, "The pioneers");
    if (charges <= 0) throw rules::InputError("charges", "no charges laid: each is a task of 6 points of work");
    if (ctx.unit) {
        auto it = ctx.unit->counters.find(key::kCharges);
        const int laid = it == ctx.unit->counters.end() ? 0 : it->second;
        if (charges > laid)
            throw rules::InputError("charges", name + " has laid " + std::to_string(laid) + " charges");
    }
    out.steps.push_back({std::to_string(charges) + " charges: 1d6 each, added up; " + target.name + " needs " +
                             std::to_string(target.points),
                         citation});
    const auto sum = dice::Distribution::die(6).times(charges);
    out.odds.push_back({"total", sum});
    out.chances.push_back({"success", sum.p_at_least(target.points)});
    if (!ctx.dice) {
        out.outcome = name + ": " + dice_text(charges) + " against " + std::to_string(target.points);
        return;
    }
    const auto rolled = ctx.dice->d6s(charges, "the demolition dice");
    int total = 0;
    for (int v : rolled) total += v;
    out.dice.push_back({"Charges", rolled, 0, 0});
    const bool done = total >= target.points;
    out.results["total"] = total;
    out.results["success"] = done ? 1 : 0;
    out.steps.push_back({std::to_string(total) + (done ? " reaches " : " falls short of ") +
                             std::to_string(target.points) + (done ? ": done. A breach is 4 figures wide" : ""),
                         citation});
    out.outcome = done ? target.name + ": done (" + std::to_string(total) + ")"
                       : target.name + ": failed (" + std::to_string(total) + " of " + std::to_string(target.points) + ")";
    if (ctx.unit) set_counter(ctx.battle, out, *ctx.unit, key::kCharges, 0, "charges blown");
    if (done)
        change(ctx.battle, out, model::Entity::Battle, 0, "counter:demolitions",
               current(ctx.battle, out, model::Entity::Battle, 0, "counter:demolitions") + 1, target.name);
}

void blow_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    auto it = c.unit->counters.find(key::kCharges);
    if (it != c.unit->counters.end()) d["charges"] = std::to_string(it->second);
}

} // namespace

void add_engineering_actions(const Tables& t, ActionDefs& out) {
    {
        ActionDef d;
        d.spec.id = "engineer";
        d.spec.name = "Engineering work";
        d.spec.summary = "Pioneers work in the melee phase: 1d6 per 4 figures towards one task";
        d.spec.citation = cite(t.engineering.citation);
        d.spec.needs_unit = true;
        std::vector<rules::Choice> tasks;
        for (const auto& task : t.engineering.tasks) tasks.push_back({task.id, task.name, task.points, {}});
        d.spec.inputs.push_back(choice_input("task", "Task", tasks, t.engineering.tasks.front().id));
        d.spec.inputs.push_back(count_input("figures", "Figures working", "1d6 of work per 4 figures"));
        d.spec.inputs.push_back(flag_input("moved", "The unit moved this turn", "No work, and unfinished tasks' points are lost"));
        d.spec.inputs.push_back(flag_input("in-melee", "The unit is in melee", "No work"));
        d.spec.inputs.push_back(flag_input("engineer", "An engineer orders them", "Needed for bridging and demolitions"));
        d.spec.inputs.push_back(flag_input("pontoon-wagon", "A pontoon wagon is attached", "Needed for bridging"));
        d.spec.inputs.push_back(flag_input("supplies", "Supplies within 6\"", "A wood, buildings or a supply wagon: needed for an obstacle"));
        d.spec.inputs.push_back(count_input("length", "Length of road (inches)", "For a road through woods", 1, kMaxDistance, "1"));
        d.spec.inputs.push_back(count_input("points", "Repair points needed", "Without a battle: the 2d6 rolled at the accident", 0, 100, "0"));
        d.resolve = resolve_engineering;
        d.defaults = engineering_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "blow-charges";
        d.spec.name = "Blow the charges";
        d.spec.summary = "Demolition charges are blown: 1d6 per charge, added up against the target";
        d.spec.citation = cite(t.engineering.demolitions_citation);
        d.spec.needs_unit = true;
        std::vector<rules::Choice> targets;
        for (const auto& target : t.engineering.demolition_targets)
            targets.push_back({target.id, target.name, target.points, {}});
        // Not "target": on the command line --target names the enemy unit acted upon.
        d.spec.inputs.push_back(
            choice_input("demolition", "What is blown", targets, targets.empty() ? "" : targets.front().id));
        d.spec.inputs.push_back(count_input("charges", "Charges laid", "Each a task of 6 points of work", 0, 100));
        d.resolve = resolve_blow;
        d.defaults = blow_defaults;
        out.push_back(d);
    }
}

} // namespace umpire::macduff
