// Charges (lines 28, 52, 68-69 and the author's answers): a charge is a move into contact with
// no bonus to the distance; the charger must face its target and see it. The target may
// counter-charge up to half way if it is mounted cavalry, or evade if it is cavalry or light
// infantry skirmishers charged from the front; infantry and artillery charged from the front may
// fire defensively in the melee, and units within 6" of the charger may shoot at it out of turn.
#include "rulesets/rattle/movement.h"

#include "rules/distance.h"

namespace umpire::rattle {

using rules::format_inches;

namespace {

void put_in_contact(const Context& ctx, kit::Changes& c, const model::Unit& a, const model::Unit& b) {
    (void)ctx;
    c.set_unit_counter(a, key::kMeleeWith, b.id, "in contact with " + b.name);
    c.set_unit_counter(b, key::kMeleeWith, a.id, "in contact with " + a.name);
}

// What the charged unit may do now, as the text offers it.
void target_options(const Context& ctx, bool from_front, rules::Resolution& out) {
    const model::Unit& t = *ctx.target;
    const TroopType& tt = type_of(ctx.tables, t);
    const Formation* f = formation_of(ctx.tables, t);
    if (is_mounted(ctx.tables, t)) {
        out.steps.push_back({t.name + " is mounted cavalry: it may counter-charge up to " +
                                 fraction_text(ctx.tables.movement.counter_charge) + " way",
                             cite("Turn sequence (line 28); Charges (line 52)")});
        out.follow_ups.push_back({"counter-charge", t.id, t.name + " may counter-charge " + ctx.unit->name,
                                  cite("Charges (line 52)")});
    }
    const bool evades = tt.evades == Evades::Always || (tt.evades == Evades::Skirmish && f && f->free_terrain);
    if (from_front && evades) {
        out.steps.push_back({t.name + " may evade: turn and retreat a full move instead of fighting, then rally",
                             cite("Melee: Evade (line 69)")});
        out.follow_ups.push_back({"evade", t.id, t.name + " may evade " + ctx.unit->name, cite("Melee: Evade (line 69)")});
    }
    if (from_front && tt.defensive_fire && !is_limbered(t))
        out.steps.push_back({t.name + " was charged from the front: it may roll its melee dice first as defensive fire",
                             cite("Melee: Defensive Fire (line 68)")});
    out.steps.push_back({"Units within " + format_inches(ctx.tables.out_of_turn_reach) + " of " + ctx.unit->name +
                             " with a line of fire may shoot at it out of turn",
                         cite("Melee: Defensive Fire (line 68)")});
}

void resolve_charge(const Context& ctx, rules::Resolution& out) {
    const model::Unit& u = *ctx.unit;
    if (!ctx.inputs.flag("facing"))
        ctx.forbid(out, "a unit that charges must be facing the target", cite("Charges (line 52)"));
    if (!ctx.inputs.flag("sees"))
        ctx.forbid(out, "the charging unit must see its target (the author's answer)", cite("Charges (line 52; comment 7)"));
    if (is_limbered(u) || type_of(ctx.tables, u).moves_by != "land")
        ctx.forbid(out, u.name + " cannot charge as it stands (limbered, or aboard a boat or train)", cite("Charges (line 52)"));
    if (!roll_to_move(ctx, false, out)) {
        out.outcome = u.name + " fails its roll to move: no charge";
        out.results["charged"] = 0;
        return;
    }
    const double base = base_move(ctx.tables, u, "");
    out.steps.push_back({type_of(ctx.tables, u).name + ": maximum " + format_inches(base) +
                             "; a charge has no movement bonus (the author's answer)",
                         cite("Charges (comment 9)")});
    const Reach reach = work_out_reach(ctx, base, out);
    kit::Changes c(ctx.battle, out);
    kit::record(ctx.battle, out, u, Deed::Moved, How::Charge, 0, "charged " + ctx.target_name());
    kit::record(ctx.battle, out, u, Deed::Charged, How::Plain, 0, "charged " + ctx.target_name());
    if (ctx.target) {
        put_in_contact(ctx, c, u, *ctx.target);
        const bool front = ctx.inputs.flag("from-front");
        c.set_unit_counter(*ctx.target, key::kChargedBy, u.id, "charged by " + u.name);
        c.set_unit_counter(*ctx.target, key::kChargedByTurn, ctx.battle.turn, "charged this turn");
        if (front) c.set_unit_counter(*ctx.target, key::kChargedFrontTurn, ctx.battle.turn, "charged from the front");
        if (ctx.inputs.flag("over-obstacle"))
            c.set_unit_counter(u, key::kObstacleTurn, ctx.battle.turn, "charged over an obstacle");
        target_options(ctx, front, out);
        rules::FollowUp melee{"melee", u.id, u.name + " is in contact with " + ctx.target->name + ": melee in the melee phase",
                              cite("Turn sequence (line 29)")};
        melee.target = ctx.target->id;  // the melee is fought with the unit charged
        out.follow_ups.push_back(std::move(melee));
    }
    out.results["charged"] = 1;
    out.outcome = u.name + (reach.pending_dice ? " charges, Urging On's die to roll" : " charges " + ctx.target_name());
}

// Whether `u` was charged by `by` this turn: only a charge's target answers it (lines 28, 69).
bool charged_by(const Context& ctx, const model::Unit& u, const model::Unit& by) {
    return this_turn(ctx.battle, u, key::kChargedByTurn) && kit::counter(u, key::kChargedBy) == by.id;
}

// Refuses a reaction from a unit that was not the target of the charge it answers.
void check_charge_target(const Context& ctx, const std::string& reaction, const std::string& citation,
                         rules::Resolution& out) {
    if (!ctx.target) return;
    const model::Unit& u = *ctx.unit;
    if (!kit::did(ctx.battle, *ctx.target, Deed::Charged, Within::Turn))
        ctx.forbid(out, ctx.target->name + " has not charged this turn: there is nothing to " + reaction, citation);
    else if (!charged_by(ctx, u, *ctx.target))
        ctx.forbid(out, ctx.target->name + " did not charge " + u.name + ": only the charge's target may " + reaction,
                   citation);
}

// Mounted cavalry charged may counter-charge up to half way (lines 28, 52).
void resolve_counter_charge(const Context& ctx, rules::Resolution& out) {
    const model::Unit& u = *ctx.unit;
    const std::string citation = cite("Charges (line 52)");
    if (!is_mounted(ctx.tables, u)) ctx.forbid(out, "only mounted cavalry may counter-charge", citation);
    check_charge_target(ctx, "counter-charge", cite("Turn sequence (line 28); Charges (line 52)"), out);
    const double gap = ctx.inputs.distance("gap");
    const double distance = ctx.inputs.distance("distance");
    const double most = times(gap, ctx.tables.movement.counter_charge);
    out.steps.push_back({"The chargers were " + format_inches(gap) + " away: " + u.name + " may meet them up to " +
                             fraction_text(ctx.tables.movement.counter_charge) + " way, " + format_inches(most),
                         citation});
    if (distance > most + 1e-9) ctx.forbid(out, u.name + " may counter-charge " + format_inches(most) + ", not " +
                                                    format_inches(distance), citation);
    kit::Changes c(ctx.battle, out);
    kit::record(ctx.battle, out, u, Deed::Moved, How::Charge, 0, "counter-charged");
    kit::record(ctx.battle, out, u, Deed::Charged, How::Plain, 0, "counter-charged");
    if (ctx.target) put_in_contact(ctx, c, u, *ctx.target);
    out.steps.push_back({"Both count as charging in the melee (+1)", cite("Melee: Charge Bonus (line 72)")});
    out.outcome = u.name + " counter-charges " + format_inches(distance);
}

// Evade (line 69): cavalry and light infantry skirmishers charged from the front.
void resolve_evade(const Context& ctx, rules::Resolution& out) {
    const model::Unit& u = *ctx.unit;
    const TroopType& tt = type_of(ctx.tables, u);
    const Formation* f = formation_of(ctx.tables, u);
    const std::string citation = cite("Melee: Evade (line 69)");
    const bool may = tt.evades == Evades::Always || (tt.evades == Evades::Skirmish && f && f->free_terrain);
    if (!may) ctx.forbid(out, "only cavalry and light infantry skirmishers may evade", citation);
    check_charge_target(ctx, "evade", citation, out);
    // Charged from the front: as the charge recorded it.
    if (ctx.target && charged_by(ctx, u, *ctx.target) && !this_turn(ctx.battle, u, key::kChargedFrontTurn))
        ctx.forbid(out, ctx.target->name + " charged " + u.name + " in the flank or rear: a unit evades only a charge "
                                           "from the front",
                   citation);
    kit::Changes c(ctx.battle, out);
    const double full = base_move(ctx.tables, u, "");
    out.steps.push_back({u.name + " turns and retreats a full move (" + format_inches(full) +
                             ") instead of fighting, and must rally as if it had been defeated",
                         citation});
    kit::record(ctx.battle, out, u, Deed::Moved, How::Retreat, 0, "evaded");
    c.set_flag(u, model::Flag::NeedsRally, true, "evaded: must rally");
    c.set_unit_counter(u, key::kMeleeWith, 0, "evaded: out of contact");
    if (ctx.target) c.set_unit_counter(*ctx.target, key::kMeleeWith, 0, u.name + " evaded");
    out.follow_ups.push_back({"rally", u.id, u.name + " evaded: it must rally on its next move", cite("Rally (line 77)")});
    out.outcome = u.name + " evades";
}

} // namespace

void add_charge_actions(const Tables& t, ActionDefs& out) {
    (void)t;
    {
        ActionDef d;
        d.unit_required = true;  // reads the unit itself (the text gives no unit-less form)
        rules::ActionSpec& a = d.spec = kit::action("charge", "Charge",
                                                    "A unit moves into contact with an enemy: no movement bonus; it must "
                                                    "face and see its target",
                                                    cite("Turn sequence (line 28); Charges (line 52)"));
        a.needs_unit = true;
        a.needs_target = true;
        add_reach_inputs(a, "Inches to contact");
        a.inputs.push_back(yes_flag("facing", "Facing the target", "A unit that charges must be facing the target"));
        a.inputs.push_back(yes_flag("sees", "Sees the target", "The charging unit must see its target (the author's answer)"));
        a.inputs.push_back(yes_flag("from-front", "Into the target's front",
                                    "Charged from the front: the target may fire defensively or evade"));
        a.inputs.push_back(kit::flag_input("over-obstacle", "Over an obstacle", "-1 in the melee (difficult)"));
        d.resolve = resolve_charge;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.unit_required = true;  // reads the unit itself (the text gives no unit-less form)
        rules::ActionSpec& a = d.spec = kit::action("counter-charge", "Counter-charge",
                                                    "Mounted cavalry charged meets the chargers up to half way",
                                                    cite("Charges (line 52)"));
        a.needs_unit = true;
        a.needs_target = true;
        a.inputs.push_back(kit::distance_input("gap", "Distance to the chargers", "How far away the chargers were"));
        a.inputs.push_back(kit::distance_input("distance", "Distance moved", "Up to half the gap"));
        d.resolve = resolve_counter_charge;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.unit_required = true;  // reads the unit itself (the text gives no unit-less form)
        rules::ActionSpec& a = d.spec = kit::action("evade", "Evade",
                                                    "Cavalry or light infantry skirmishers charged from the front retreat a "
                                                    "full move instead of fighting, and must rally",
                                                    cite("Melee: Evade (line 69)"));
        a.needs_unit = true;
        a.needs_target = true;
        d.resolve = resolve_evade;
        out.push_back(d);
    }
}

} // namespace umpire::rattle
