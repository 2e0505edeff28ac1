// Commanders (3): the activation roll (3.1, 4.1), joining a unit (3.2), Steady Men! (3.4), capture
// (3.5), and commanders lost to anything else (a chance card, a sniper). Follow Me! (3.3) is part
// of the move action; removal with the unit he joined (3.2) is part of every loss (losses.cpp).
#include "rulesets/macduff/action_def.h"
#include "rulesets/macduff/chance.h"

#include "rules/distance.h"
#include "turn/turn_state.h"

#include <stdexcept>

namespace umpire::macduff {

using model::CommanderStatus;
using model::Entity;
using model::Flag;

namespace {

void require_active(const Context& ctx, const model::Commander& c) {
    if (c.status != CommanderStatus::Active)
        throw rules::InputError("commander", c.name + " is " + std::string(model::commander_status_id(c.status)) +
                                                 ": a lost commander is not replaced (3)");
    (void)ctx;
}

void require_same_side(const model::Commander& c, const model::Unit* unit) {
    if (unit && unit->side != c.side)
        throw rules::InputError("commander", c.name + " is not on " + unit->name + "'s side");
}

// The commander the unit answers to by default: its own if he is still active, else the General.
const model::Commander* default_commander(const model::Battle& b, const model::Unit& u) {
    if (const model::Commander* j = b.joined_commander(u.id)) return j;
    if (u.commander)
        if (const model::Commander* c = b.commander(*u.commander); c && c->status == CommanderStatus::Active)
            return c;
    for (const auto& c : b.commanders)
        if (c.side == u.side && c.is_general && c.status == CommanderStatus::Active) return &c;
    return nullptr;
}

// Whether `c` may give `u` orders: the General any unit of his side, another commander his own
// units and the unit he has joined.
bool commands(const model::Commander& c, const model::Unit& u) {
    if (c.is_general) return u.side == c.side;
    return u.commander == c.id || c.attached_unit == u.id;
}

// The commander whose card is in play (4.1), when the battle's turn is under way and one is.
const model::Commander* commander_in_play(const model::Battle& b) {
    try {
        const turn::TurnState s = turn::turn_state(b);
        if (!s.started || !s.active_commander) return nullptr;
        const model::Commander* c = b.commander(s.active_commander);
        return c && c->status == CommanderStatus::Active ? c : nullptr;
    } catch (const std::runtime_error&) {
        return nullptr;  // a damaged turn state: the umpire names the commander
    }
}

// ---- 3.1 Activation -----------------------------------------------------------------------------

void resolve_activation(const Context& ctx, rules::Resolution& out) {
    const Commanders& t = ctx.tables.commanders;
    const model::Commander* c = commander_input(ctx);
    const double distance = ctx.inputs.distance("distance");
    const bool in_sight = ctx.inputs.flag("in-sight");
    const std::string name = who(ctx.unit);
    const std::string by = c ? c->name : std::string("The commander");
    if (c) {
        require_active(ctx, *c);
        require_same_side(*c, ctx.unit);
        if (ctx.unit && !commands(*c, *ctx.unit))
            throw rules::InputError("commander", c->name + " does not command " + name +
                                                     "; only the General commands every unit (3)");
        // 4.1: a commander activates when his card is drawn (R17); Seizing the Moment is the one way
        // out of turn (R55).
        const bool seized = ctx.unit && this_turn(ctx.battle, *ctx.unit, key::kSeizedTurn);
        if (const model::Commander* in_play = commander_in_play(ctx.battle); in_play && in_play->id != c->id) {
            if (seized)
                out.steps.push_back({name + " is activated out of turn (" +
                                         (ctx.tables.activate_card() ? ctx.tables.activate_card()->name
                                                                     : std::string("a chance card")) + ")",
                                     chance_citation(ctx.tables)});
            else
                ctx.forbid(out, "the card in play is " + in_play->name + "'s, not " + c->name +
                                    "'s: a commander orders his units when his card is drawn",
                           cite("4.1 Card Activation"));
        }
        // 4.1: only the General may try again a unit that failed to receive an order (R17).
        if (ctx.unit && !c->is_general && kit::did(ctx.battle, *ctx.unit, Deed::Activated))
            ctx.forbid(out, name + " has been activated this turn: a unit may only be activated once per turn, and "
                                   "only the General may order a unit that failed to receive an order",
                       cite("4.1 Card Activation"));
    }
    // Pinned by a charge, Ammo Shortage, ordered once a turn: the [[limits]] of the tables.

    // 4.1: if a commander is killed, wounded or captured, all of his units must dice for activation.
    bool own_lost = false;
    if (ctx.unit && ctx.unit->commander)
        if (const model::Commander* own = ctx.battle.commander(*ctx.unit->commander))
            own_lost = own->status != CommanderStatus::Active;
    const bool within = distance <= t.command_range;
    std::string why;
    if (own_lost)
        why = name + "'s own commander is lost: his units must dice for activation";
    else if (!within)
        why = name + " is " + rules::format_inches(distance) + " from " + by + ", more than " +
              rules::format_inches(t.command_range);
    else if (!in_sight)
        why = name + " is not in sight of " + by;
    const bool needs_roll = !why.empty();
    if (!needs_roll) {
        out.steps.push_back({name + " is within " + rules::format_inches(t.command_range) + " (" +
                                 rules::format_inches(distance) + ") and in sight of " + by + ": ordered without a roll",
                             cite("3.1 Activation")});
    } else {
        out.steps.push_back({why + ": it must roll " + std::to_string(t.order_on) + "-6 to receive an order, "
                             "otherwise it may only react this turn",
                             own_lost ? cite("4.1 Loss of a Commander") : cite("3.1 Activation")});
    }
    const double p = needs_roll ? (7 - t.order_on) / 6.0 : 1.0;
    out.chances.push_back({"ordered", p});
    out.chances.push_back({"may only react", 1 - p});
    if (!ctx.dice) {
        out.outcome = needs_roll ? name + ": roll " + std::to_string(t.order_on) + "-6 to be ordered"
                                 : name + " is ordered";
        return;
    }
    bool ordered = true;
    if (needs_roll) {
        const int die = ctx.dice->d6("the activation roll");
        out.dice.push_back({"Activation die", {die}, 0, t.order_on});
        ordered = die >= t.order_on;
        out.steps.push_back({"Rolled " + std::to_string(die) + ": " +
                                 (ordered ? "the order is received" : "no order; it may only react this turn"),
                             cite("3.1 Activation")});
    }
    out.results["ordered"] = ordered ? 1 : 0;
    out.outcome = name + (ordered ? " is ordered" : " receives no order and may only react this turn");
    if (ctx.unit) {
        kit::record(ctx.battle, out, *ctx.unit, Deed::Activated, How::Plain, 0, "activated by " + by);
        const bool seized = this_turn(ctx.battle, *ctx.unit, key::kSeizedTurn);
        if (seized) set_counter(ctx.battle, out, *ctx.unit, key::kSeizedTurn, 0, "activated out of turn");
        if (ordered) {
            kit::record(ctx.battle, out, *ctx.unit, Deed::Ordered, How::Plain, 0, "ordered by " + by);
            // Ordered out of turn, it shoots and moves now, in the other side's activation (R55).
            if (seized)
                set_counter(ctx.battle, out, *ctx.unit, key::kOutOfTurn, ctx.battle.turn, "ordered out of turn");
            if (this_turn(ctx.battle, *ctx.unit, "order-failed-turn"))
                set_counter(ctx.battle, out, *ctx.unit, "order-failed-turn", 0, "ordered by " + by);
        } else
            set_counter(ctx.battle, out, *ctx.unit, "order-failed-turn", ctx.battle.turn,
                        "failed to receive an order; the General may try again (4.1)");
    }
}

void activation_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    // During the card activation, the commander whose card is in play, if he commands the unit
    // (the General's card orders any unit of his side); else the unit's own.
    const model::Commander* in_play = commander_in_play(c.battle);
    if (in_play && !commands(*in_play, *c.unit)) in_play = nullptr;
    if (const model::Commander* k = in_play ? in_play : default_commander(c.battle, *c.unit))
        d["commander"] = std::to_string(k->id);
    if (c.battle.joined_commander(c.unit->id)) d["distance"] = "0";
}

// ---- 3.2 Joining a unit -------------------------------------------------------------------------

const model::Commander& needed_commander(const Context& ctx) {
    const model::Commander* c = commander_input(ctx);
    if (!c) throw rules::InputError("commander", "which commander? name the commander");
    require_active(ctx, *c);
    require_same_side(*c, ctx.unit);
    return *c;
}

// 3.2: "Once he has joined a unit he must stay with it until the next turn": leaving the unit he
// joined this turn, or joining another, is refused; the umpire may overrule.
void stays_this_turn(const Context& ctx, const model::Commander& c, const model::Unit* with, rules::Resolution& out) {
    if (!with || !this_turn(ctx.battle, *with, key::kJoinedTurn)) return;
    ctx.forbid(out, c.name + " joined " + with->name + " this turn: once he has joined a unit he must stay with it "
                    "until the next turn",
               cite("3.2 Moving"));
}

void resolve_join(const Context& ctx, rules::Resolution& out) {
    const Commanders& t = ctx.tables.commanders;
    const double distance = ctx.inputs.distance("distance");
    const std::string name = who(ctx.unit);
    if (ctx.battle.commanders.empty() || !ctx.unit) {
        const bool ok = distance <= t.join_range;
        out.steps.push_back({"A commander may join any unit within " + rules::format_inches(t.join_range) + ": " +
                                 rules::format_inches(distance) + (ok ? ", he may join" : ", too far"),
                             cite("3.2 Moving")});
        out.outcome = ok ? "The commander may join the unit" : "Too far to join";
        out.results["joined"] = ok ? 1 : 0;
        return;
    }
    const model::Commander& c = needed_commander(ctx);
    if (distance > t.join_range) {
        out.steps.push_back({name + " is " + rules::format_inches(distance) + " from " + c.name + ", more than " +
                                 rules::format_inches(t.join_range) + ": he cannot join it",
                             cite("3.2 Moving")});
        out.outcome = c.name + " cannot join " + name + ": too far";
        out.results["joined"] = 0;
        return;
    }
    if (c.attached_unit == ctx.unit->id) {
        out.steps.push_back({c.name + " has already joined " + name, cite("3.2 Moving")});
        out.outcome = c.name + " is already with " + name;
        out.results["joined"] = 1;
        return;
    }
    if (c.attached_unit) {
        const model::Unit* with = ctx.battle.unit(*c.attached_unit);
        stays_this_turn(ctx, c, with, out);
        out.steps.push_back({c.name + " leaves " + who(with, "his unit") +
                                 " (a commander who joined a unit stays with it until the next turn)",
                             cite("3.2 Moving")});
    }
    out.steps.push_back({c.name + " joins " + name + " (" + rules::format_inches(distance) + ", within " +
                             rules::format_inches(t.join_range) + ") and moves with it; he stays with it until "
                             "the next turn. It rallies at +1 and he may add Follow Me! to its move",
                         cite("3.2 Moving")});
    change(ctx.battle, out, Entity::Commander, c.id, "attached-unit", ctx.unit->id, "joined " + name);
    set_counter(ctx.battle, out, *ctx.unit, key::kJoinedTurn, ctx.battle.turn, c.name + " joined it this turn");
    out.outcome = c.name + " joins " + name;
    out.results["joined"] = 1;
}

void join_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    if (const model::Commander* k = default_commander(c.battle, *c.unit)) d["commander"] = std::to_string(k->id);
}

void resolve_leave(const Context& ctx, rules::Resolution& out) {
    const model::Commander& c = needed_commander(ctx);
    if (!ctx.unit || c.attached_unit != ctx.unit->id)
        throw rules::InputError("commander", c.name + " has not joined " + who(ctx.unit));
    stays_this_turn(ctx, c, ctx.unit, out);
    out.steps.push_back({c.name + " leaves " + ctx.unit->name + " (a commander who joined a unit stays with it "
                         "until the next turn)",
                         cite("3.2 Moving")});
    change(ctx.battle, out, Entity::Commander, c.id, "attached-unit", -1, "left " + ctx.unit->name);
    out.outcome = c.name + " leaves " + ctx.unit->name;
}

void joined_defaults(const DefaultsContext& c, Defaults& d) {
    if (!c.unit) return;
    if (const model::Commander* k = c.battle.joined_commander(c.unit->id)) d["commander"] = std::to_string(k->id);
    auto it = c.unit->counters.find(key::kSteadyHits);
    if (it != c.unit->counters.end()) d["hits"] = std::to_string(it->second);
}

// ---- 3.4 Steady Men! ----------------------------------------------------------------------------

void resolve_steady_men(const Context& ctx, rules::Resolution& out) {
    const Commanders& t = ctx.tables.commanders;
    const int hits = ctx.inputs.count("hits");
    const model::Commander* c = commander_input(ctx);
    if (c) {
        require_active(ctx, *c);
        if (ctx.unit && c->attached_unit != ctx.unit->id)
            throw rules::InputError("commander", c->name + " has not joined " + ctx.unit->name);
    } else if (ctx.unit && !ctx.battle.commanders.empty() && !officer_commands(*ctx.unit)) {
        throw rules::InputError("commander", "no commander has joined " + ctx.unit->name + ": no Steady Men! roll");
    }
    if (hits <= 0)
        throw rules::InputError("hits", "Steady Men! is rolled only when the unit has taken hits");
    // Rising to the Occasion: with no commander joined, the unit's officer rolls (R59).
    const bool officer = !c && ctx.unit && officer_commands(*ctx.unit);
    const std::string by = c ? c->name : officer ? ctx.unit->name + "'s officer" : std::string("The commander");
    const std::string citation = cite("3.4 Steady Men!");
    out.steps.push_back({by + " rolls 1 die for the " + hits_text(hits) + " taken", citation});
    for (const auto& row : t.steady_men) {
        double p = 0;
        for (int face = 1; face <= 6; ++face)
            if (&ctx.tables.steady_men_result(face) == &row) p += 1.0 / 6;
        out.chances.push_back({row.name, p});
    }
    if (!ctx.dice) {
        out.outcome = by + ": Steady Men! roll";
        return;
    }
    const int die = ctx.dice->d6("the Steady Men! roll");
    out.dice.push_back({"Steady Men! die", {die}, 0, 0});
    const RollResult& result = ctx.tables.steady_men_result(die);
    out.steps.push_back({"Rolled " + std::to_string(die) + ": " + result.text, citation});
    out.outcome = by + ": " + result.name;
    out.results["die"] = die;
    if (!ctx.unit) return;
    const model::Unit& u = *ctx.unit;
    const model::Battle& b = ctx.battle;
    // The unit's last figure has stood for the roll (R20): cancelling a hit keeps it, else it falls.
    const bool last = u.counters.count(key::kSteadyLast) > 0;
    if (last && result.id == "cancel") {
        out.steps.push_back({"The hit that would have taken " + u.name + "'s last figure is cancelled: it stands with " +
                                 std::to_string(u.figures) + (u.figures == 1 ? " figure" : " figures"),
                             citation});
    } else if (result.id == "cancel") {
        const int figures = static_cast<int>(current(b, out, Entity::Unit, u.id, "figures"));
        const int restored = std::min(u.start_figures, figures + 1);
        change(b, out, Entity::Unit, u.id, "figures", restored, "Steady Men!: a hit cancelled");
        out.steps.push_back({u.name + " gets a figure back: " + std::to_string(figures) + " -> " +
                                 std::to_string(restored), citation});
        const bool hits_left = hits - 1 > 0;
        bool unshaken = false;
        if (u.counters.count(key::kSteadyShaken) && u.has(Flag::Shaken) &&
            !is_shaken_by_losses(quality_of(ctx.tables, u), u.start_figures, u.start_figures - restored)) {
            unshaken = true;
            set_flag(b, out, u, Flag::Shaken, false, "the hit that shook it was cancelled");
            out.steps.push_back({"Without that hit " + u.name + " has not lost more than its shaken fraction: "
                                 "not shaken", cite("9.2 Shaken")});
        }
        if (u.counters.count(key::kSteadyRally) && u.has(Flag::NeedsRally) && (!hits_left || unshaken)) {
            set_flag(b, out, u, Flag::NeedsRally, false, "no rally test: the casualties were cancelled");
            excuse(ctx, out, u, owed::kShakenRally, "no rally test: the casualties were cancelled");
            out.steps.push_back({u.name + " need not take the rally test those hits obliged", cite("9.2 Shaken")});
        }
    } else if (result.id == "wounded" && c) {
        commander_lost(ctx, *c, CommanderStatus::Wounded, "wounded rolling Steady Men!", out);
    } else if (result.id == "wounded" && officer) {
        set_counter(b, out, u, key::kOfficerCommands, 0, "the officer is wounded rolling Steady Men!");
        out.steps.push_back({by + " is wounded: the unit no longer has a leader acting as a joined commander",
                             chance_citation(ctx.tables)});
    }
    if (last && result.id != "cancel") {
        change(b, out, Entity::Unit, u.id, "figures", 0, "its last figure falls");
        out.steps.push_back({"No hit cancelled: " + u.name + "'s last figure falls", citation});
        unit_lost(ctx, u, LossCause::Destroyed, "no figures left", out);
    }
    const bool rally_after = last && result.id == "cancel" && kit::counter(u, key::kSteadyRallyAfter) != 0;
    for (const char* k : {key::kSteadyHits, key::kSteadyShaken, key::kSteadyRally, key::kSteadyLast, key::kSteadyRallyAfter})
        set_counter(b, out, u, k, 0, "Steady Men! rolled");
    // It stands, shaken, having taken casualties: the rally test its hits obliged is owed now (9.2).
    if (rally_after) require_rally(ctx, u, out);
}

// ---- 3.5 Capture --------------------------------------------------------------------------------

void resolve_capture(const Context& ctx, rules::Resolution& out) {
    const Commanders& t = ctx.tables.commanders;
    const model::Commander* c = commander_input(ctx);
    const double distance = ctx.inputs.distance("distance");
    const std::string by = c ? c->name : std::string("The commander");
    const std::string citation = cite("3.5 Capture");
    if (!c && !ctx.battle.commanders.empty())
        throw rules::InputError("commander", "which commander? name the commander");
    if (c) {
        require_active(ctx, *c);
        if (c->attached_unit)
            throw rules::InputError("commander", c->name + " has joined " +
                                                     who(ctx.battle.unit(*c->attached_unit), "a unit") +
                                                     ": only a commander not joined to a unit risks capture");
    }
    if (distance > t.capture_range) {
        out.steps.push_back({by + " is " + rules::format_inches(distance) + " from the enemy, more than " +
                                 rules::format_inches(t.capture_range) + ": no risk of capture", citation});
        out.outcome = by + " is not at risk of capture";
        return;
    }
    out.steps.push_back({by + " is within " + rules::format_inches(t.capture_range) + " of an enemy unit: both "
                         "players roll a die; " + (t.capture_tie_escapes ? "equal or higher" : "higher") +
                             " escapes, otherwise he is captured. Type the commander's die first",
                         citation});
    double escape = 0;
    for (int mine = 1; mine <= 6; ++mine)
        for (int theirs = 1; theirs <= 6; ++theirs)
            if (mine > theirs || (t.capture_tie_escapes && mine == theirs)) escape += 1.0 / 36;
    out.chances.push_back({"escapes", escape});
    out.chances.push_back({"captured", 1 - escape});
    if (!ctx.dice) {
        out.outcome = by + ": capture roll";
        return;
    }
    const int mine = kit::roll_one(*ctx.dice, out, "Commander's die", "the commander's die");
    const int theirs = kit::roll_one(*ctx.dice, out, "Enemy's die", "the enemy's die");
    const bool escapes = mine > theirs || (t.capture_tie_escapes && mine == theirs);
    out.results["captured"] = escapes ? 0 : 1;
    if (escapes) {
        out.steps.push_back({std::to_string(mine) + " against " + std::to_string(theirs) + ": " + by +
                                 " escapes and may move up to a full move towards safety", citation});
        out.outcome = by + " escapes";
        return;
    }
    out.steps.push_back({std::to_string(mine) + " against " + std::to_string(theirs) + ": " + by + " is captured",
                         citation});
    out.outcome = by + " is captured";
    if (c) commander_lost(ctx, *c, CommanderStatus::Captured, "captured", out);
}

void resolve_commander_lost(const Context& ctx, rules::Resolution& out) {
    const model::Commander* c = commander_input(ctx);
    if (!c) throw rules::InputError("commander", "which commander? name the commander");
    require_active(ctx, *c);
    auto status = model::commander_status_from_id(ctx.inputs.choice("status"));
    out.outcome = c->name + " is " + ctx.inputs.choice("status");
    commander_lost(ctx, *c, *status, ctx.inputs.choice("status"), out);
}

rules::InputSpec distance_from(const std::string& what, const std::string& help) {
    return distance_input("distance", "Distance " + what, help);
}

} // namespace

void add_commander_actions(const Tables& t, ActionDefs& out) {
    const std::string range = std::to_string(t.commanders.command_range);
    {
        ActionDef d;
        d.spec.id = "activate";
        d.spec.name = "Activation";
        d.spec.summary = "A commander orders a unit: within " + range + "\" and in sight it is ordered, "
                         "otherwise it must roll " + std::to_string(t.commanders.order_on) + "-6";
        d.spec.citation = cite("3.1 Activation");
        d.spec.needs_unit = true;
        d.spec.inputs.push_back(commander_input_spec("The commander giving the order; the General commands every unit"));
        d.spec.inputs.push_back(distance_from("from the commander", "From the commander to the unit"));
        rules::InputSpec sight = flag_input("in-sight", "In sight of the commander", "Out of sight, it must roll (3.1)");
        sight.fallback = "yes";
        d.spec.inputs.push_back(sight);
        d.resolve = resolve_activation;
        d.defaults = activation_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "join";
        d.spec.name = "Commander joins a unit";
        d.spec.summary = "A commander joins a unit within " + std::to_string(t.commanders.join_range) +
                         "\" and moves with it until the next turn";
        d.spec.citation = cite("3.2 Moving");
        d.spec.needs_unit = true;
        d.spec.inputs.push_back(commander_input_spec("The commander joining the unit"));
        d.spec.inputs.push_back(distance_from("from the commander", "From the commander to the unit"));
        d.resolve = resolve_join;
        d.defaults = join_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "leave-unit";
        d.spec.name = "Commander leaves a unit";
        d.spec.summary = "A commander who joined the unit leaves it (from the next turn on)";
        d.spec.citation = cite("3.2 Moving");
        d.spec.needs_unit = true;
        d.spec.inputs.push_back(commander_input_spec("The commander leaving the unit"));
        d.resolve = resolve_leave;
        d.defaults = joined_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "steady-men";
        d.spec.name = "Steady Men!";
        d.spec.summary = "The joined commander's roll when the unit takes hits: 4-6 cancels a hit, 1 wounds him";
        d.spec.citation = cite("3.4 Steady Men!");
        d.spec.needs_unit = true;
        d.spec.inputs.push_back(commander_input_spec("The commander who has joined the unit"));
        d.spec.inputs.push_back(count_input("hits", "Hits just taken", "The hits the roll may cancel one of", 0,
                                            kMaxFigures, "1"));
        d.resolve = resolve_steady_men;
        d.defaults = joined_defaults;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "capture";
        d.spec.name = "Commander capture";
        d.spec.summary = "A commander alone within " + std::to_string(t.commanders.capture_range) +
                         "\" of the enemy: both roll, equal or higher escapes";
        d.spec.citation = cite("3.5 Capture");
        d.spec.inputs.push_back(commander_input_spec("The commander at risk"));
        d.spec.inputs.push_back(distance_from("to the enemy", "From the commander to the nearest enemy unit"));
        d.resolve = resolve_capture;
        out.push_back(d);
    }
    {
        ActionDef d;
        d.spec.id = "commander-lost";
        d.spec.name = "Commander lost";
        d.spec.summary = "A commander killed, wounded or captured (a sniper, a chance card): not replaced";
        d.spec.citation = cite("3 Commanders");
        d.spec.inputs.push_back(commander_input_spec("The commander lost"));
        d.spec.inputs.push_back(choice_input("status", "What happened",
                                             {{"wounded", "Wounded", 0, {}}, {"killed", "Killed", 0, {}},
                                              {"captured", "Captured", 0, {}}},
                                             "wounded"));
        d.resolve = resolve_commander_lost;
        out.push_back(d);
    }
}

} // namespace umpire::macduff
