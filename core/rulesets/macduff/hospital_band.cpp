// Hospitals and bands (12): a field hospital that is set up returns one casualty to a unit of the
// player's choice on a 4-6 each turn; a band or hospital contacted by the enemy is captured and
// counts as a unit lost for army morale (though not in the army's total). The band's +1d6 is part
// of the move action; setting up and packing the hospital are engineering tasks.
#include "rulesets/macduff/action_def.h"
#include "kit/headline.h"

#include <algorithm>

namespace umpire::macduff {

using model::Entity;

namespace {

void resolve_hospital(const Context& ctx, rules::Resolution& out) {
    const Hospital& h = ctx.tables.hospital;
    const std::string citation = cite(h.citation);
    const model::Unit* u = ctx.unit;
    const model::Unit* hospital = nullptr;
    if (u) {
        for (const auto& x : ctx.battle.units)
            if (x.side == u->side && x.troop_type == "hospital" && x.on_table() &&
                x.counters.count(key::kHospitalOperating))
                hospital = &x;
        if (!hospital)
            throw rules::InputError("unit", side_name(ctx.battle, u->side) +
                                                " has no field hospital set up (24 points of work by its staff)");
        if (u->figures >= u->start_figures)
            throw rules::InputError("unit", u->name + " has no casualties to return");
        if (const model::Side* s = ctx.battle.side(u->side);
            s && s->counters.count(key::kHospitalTurn) && s->counters.at(key::kHospitalTurn) == ctx.battle.turn)
            ctx.forbid(out, "the field hospital has already rolled this turn: roll 1 die per turn", citation);
    }
    out.steps.push_back({"The field hospital rolls 1 die: " + std::to_string(h.return_on) + "-6 returns " +
                             std::to_string(h.casualties_returned) + " casualty to " + who(u, "a unit of the player's choice"),
                         citation});
    out.chances.push_back({"a casualty returns", (7 - h.return_on) / 6.0});
    if (!ctx.dice) {
        out.outcome = "Field hospital: roll " + std::to_string(h.return_on) + "-6";
        return;
    }
    const int die = ctx.dice->d6("the hospital die");
    out.dice.push_back({"Hospital die", {die}, 0, h.return_on});
    const bool returns = die >= h.return_on;
    out.results["returned"] = returns ? h.casualties_returned : 0;
    out.steps.push_back({"Rolled " + std::to_string(die) + (returns ? ": a casualty returns" : ": none"), citation});
    out.outcome = returns ? "A casualty returns to " + who(u, "the unit") : "No casualty returns";
    if (!u) return;
    change(ctx.battle, out, Entity::Side, u->side, std::string("counter:") + key::kHospitalTurn, ctx.battle.turn,
           "the hospital rolled this turn");
    if (returns)
        change(ctx.battle, out, Entity::Unit, u->id, "figures",
               std::min(u->start_figures, u->figures + h.casualties_returned), "returned by the field hospital");
}

void resolve_capture_unit(const Context& ctx, rules::Resolution& out) {
    const model::Unit* u = ctx.unit;
    const auto& kinds = ctx.tables.army_morale.not_counted;
    if (u && std::find(kinds.begin(), kinds.end(), u->troop_type) == kinds.end())
        throw rules::InputError("unit", u->name + " is not a band or a hospital; fighting units are taken in melee");
    out.steps.push_back({"An enemy moved into contact: the " + std::string(u ? u->troop_type : "band or hospital") +
                             " is captured. It counts as a unit lost for army morale, though not in the army's total",
                         cite("12.3 Hospitals and Bands")});
    out.outcome = who(u, "The band or hospital") + " is captured";
    if (u) {
        unit_lost(ctx, *u, LossCause::Captured, "an enemy moved into contact", out);
        kit::outcome_says_lost(out, *u);  // "is captured"
    }
}

} // namespace

void add_hospital_band_actions(const Tables& t, ActionDefs& out) {
    {
        ActionDef d;
        d.spec.id = "hospital";
        d.spec.name = "Field hospital";
        d.spec.summary = "Once a turn: " + std::to_string(t.hospital.return_on) +
                         "-6 returns a casualty to the unit of the player's choice";
        d.spec.citation = cite(t.hospital.citation);
        d.spec.needs_unit = true;
        d.resolve = resolve_hospital;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "capture-unit";
        d.spec.name = "Band or hospital captured";
        d.spec.summary = "An enemy contacts a band or hospital: captured, a unit lost for army morale";
        d.spec.citation = cite("12.3 Hospitals and Bands");
        d.spec.needs_unit = true;
        d.resolve = resolve_capture_unit;
        out.push_back(d);
    }
}

} // namespace umpire::macduff
