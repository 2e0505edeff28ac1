// Detachments (2): figures detached from a unit (to garrison a house, to skirmish) stay part of it
// while at least one figure is within 12", and casualties may come from either part. Beyond 12"
// the detachment becomes a unit of its own, created in the roster with the figures it took, until
// it rejoins, when it is removed again and its figures go back. Both are effects that carry the
// whole unit (model/effect.h), so undo and redo restore the roster exactly.
#include "rulesets/macduff/action_def.h"

#include "kit/units.h"
#include "rules/distance.h"

#include <algorithm>

namespace umpire::macduff {

using model::Entity;
using model::Flag;

namespace {

void resolve_detach(const Context& ctx, rules::Resolution& out) {
    const Detachments& t = ctx.tables.detachments;
    const int figures = ctx.inputs.count("figures");
    const double gap = ctx.inputs.distance("gap");
    const std::string citation = cite(t.citation);
    const model::Unit* u = ctx.unit;
    const std::string name = who(u);
    if (u && figures >= u->figures)
        throw rules::InputError("figures", "at least one figure stays with " + name + " (it has " +
                                               std::to_string(u->figures) + ")");
    if (figures <= 0) throw rules::InputError("figures", "a detachment has at least one figure");
    if (gap <= t.range) {
        out.steps.push_back({"A gap of " + rules::format_inches(gap) + ", at most " + rules::format_inches(t.range) +
                                 ": the parts are one unit, and casualties may be drawn from either part as the "
                                 "player prefers",
                             citation});
        out.outcome = name + ": still one unit";
        out.results["separate"] = 0;
        return;
    }
    out.steps.push_back({"A gap of " + rules::format_inches(gap) + ", more than " + rules::format_inches(t.range) +
                             ": the " + std::to_string(figures) + " figures become a separate unit for all purposes "
                             "until they rejoin",
                         citation});
    out.results["separate"] = 1;
    out.outcome = std::to_string(figures) + " figures of " + name + " become a unit of their own";
    if (!u) return;

    model::Unit d = *u;
    d.id = kit::next_unit_id(ctx.battle);
    d.name = kit::free_unit_name(ctx.battle, u->name + " detachment");
    d.figures = figures;
    d.start_figures = figures;
    d.counters = {{key::kDetachmentOf, u->id}};
    kit::carry_deeds(*u, d);  // the detachment has done what its unit did this turn
    const bool split = t.strength == "split";
    out.steps.push_back({split ? d.name + "'s original strength is the " + std::to_string(figures) +
                                     " figures it took; " + name + "'s drops by as many (" +
                                     std::to_string(u->start_figures) + " -> " +
                                     std::to_string(u->start_figures - figures) + ")"
                               : d.name + "'s original strength is the " + std::to_string(figures) +
                                     " figures it took; " + name + " keeps its own",
                         citation});
    change(ctx.battle, out, Entity::Unit, u->id, "figures", u->figures - figures, "detached " + d.name);
    if (split) change(ctx.battle, out, Entity::Unit, u->id, "start-figures", u->start_figures - figures, "detached " + d.name);
    kit::create_unit(ctx.battle, out, d, kit::roster_place(ctx.battle, u->id) + 1, "detached from " + u->name);
    out.results["unit"] = d.id;
}

void resolve_rejoin(const Context& ctx, rules::Resolution& out) {
    const Detachments& t = ctx.tables.detachments;
    const double gap = ctx.inputs.distance("gap");
    const model::Unit* d = ctx.unit;
    const std::string citation = cite(t.citation);
    const model::Unit* parent = nullptr;
    if (d) {
        auto it = d->counters.find(key::kDetachmentOf);
        if (it == d->counters.end()) throw rules::InputError("unit", d->name + " is not a detachment");
        parent = ctx.battle.unit(it->second);
        if (!parent || !parent->on_table())
            throw rules::InputError("unit", d->name + "'s unit is no longer on the table: it cannot rejoin");
    }
    const std::string name = who(d, "The detachment");
    const std::string parent_name = who(parent, "its unit");
    if (gap > t.range) {
        out.steps.push_back({rules::format_inches(gap) + " from " + parent_name + ", more than " +
                                 rules::format_inches(t.range) + ": still a separate unit",
                             citation});
        out.outcome = name + " is still a separate unit";
        out.results["rejoined"] = 0;
        return;
    }
    out.steps.push_back({"Within " + rules::format_inches(t.range) + " of " + parent_name + " again (" +
                             rules::format_inches(gap) + "): " + name + " rejoins it",
                         citation});
    out.results["rejoined"] = 1;
    out.outcome = name + " rejoins " + parent_name;
    if (!d || !parent) return;
    const model::Battle& b = ctx.battle;
    const int figures = parent->figures + d->figures;
    const int start = t.strength == "split" ? parent->start_figures + d->start_figures : parent->start_figures;
    change(b, out, Entity::Unit, parent->id, "figures", figures, d->name + " rejoined");
    change(b, out, Entity::Unit, parent->id, "start-figures", start, d->name + " rejoined");
    out.steps.push_back({parent_name + ": " + std::to_string(figures) + " of " + std::to_string(start) + " figures",
                         citation});
    // The whole is shaken if either part was, or if its losses together pass the threshold (R36).
    const bool shaken = parent->has(Flag::Shaken) || d->has(Flag::Shaken) ||
                        is_shaken_by_losses(quality_of(ctx.tables, *parent), start, start - figures);
    if (shaken && !parent->has(Flag::Shaken)) {
        set_flag(b, out, *parent, Flag::Shaken, true, "shaken part rejoined");
        out.steps.push_back({parent_name + " is shaken as a whole", cite("9.2 Shaken")});
    }
    for (Flag f : {Flag::NeedsRally, Flag::Disordered})
        if (d->has(f)) set_flag(b, out, *parent, f, true, d->name + " rejoined");
    for (const auto& c : b.commanders)
        if (c.status == model::CommanderStatus::Active && c.attached_unit == d->id)
            change(b, out, Entity::Commander, c.id, "attached-unit", parent->id, "with " + d->name + " back to " + parent_name);
    model::Effect remove{Entity::Unit, d->id, std::string(model::kRosterPlace), kit::roster_place(b, d->id), 0,
                         "rejoined " + parent->name};
    remove.unit = *d;
    out.effects.push_back(remove);
}

} // namespace

void add_detachment_actions(const Tables& t, ActionDefs& out) {
    const std::string range = std::to_string(t.detachments.range);
    {
        ActionDef d;
        d.spec.id = "detach";
        d.spec.name = "Detachment";
        d.spec.summary = "Figures detached beyond " + range + "\" of their unit become a unit of their own";
        d.spec.citation = cite(t.detachments.citation);
        d.spec.needs_unit = true;
        d.spec.inputs.push_back(count_input("figures", "Figures detached", "At least one stays with the unit", 1, kMaxFigures));
        d.spec.inputs.push_back(distance_input("gap", "Gap between the parts", "From the nearest figure of each part"));
        d.resolve = resolve_detach;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "rejoin";
        d.spec.name = "Detachment rejoins";
        d.spec.summary = "A detachment back within " + range + "\" of its unit rejoins it";
        d.spec.citation = cite(t.detachments.citation);
        d.spec.needs_unit = true;
        d.spec.inputs.push_back(distance_input("gap", "Gap to its unit", "From the nearest figure of each part"));
        d.resolve = resolve_rejoin;
        out.push_back(d);
    }
}

} // namespace umpire::macduff
