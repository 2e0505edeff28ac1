// Movement (lines 37-50): the maxima by type, the road, moving backwards, changing formation,
// limbering and deploying, boats with the current, trains by rail (9" change of speed a turn)
// and their crashes, embarking, woods and towns barred to cavalry and artillery, Generals' moves.
#include "rulesets/rattle/movement.h"

#include "kit/commanders.h"
#include "rules/distance.h"

#include <cmath>

namespace umpire::rattle {

using rules::format_inches;

namespace {

constexpr const char* kUnchanged = "unchanged";
constexpr const char* kMount = "mount";
constexpr const char* kDismount = "dismount";

// A new formation, mounting or dismounting, or a change of direction: it takes half the turn
// (line 47: "including a change of direction"); both at once take the one half (R25).
void change_formation(const Context& ctx, const std::string& to, bool turns, double& base, kit::Changes& c,
                      rules::Resolution& out) {
    if (to == kUnchanged && !turns) return;
    const TroopType& tt = type_of(ctx.tables, *ctx.unit);
    const Fraction& half = ctx.tables.movement.formation_change;
    const std::string citation = cite("Movement: formation (line 47)");
    if (to == kUnchanged) {
        // A change of direction alone: nothing of the unit changes but its facing.
    } else if (to == kMount || to == kDismount) {
        if (!tt.mounted) throw rules::InputError("new-formation", ctx.unit->name + " has no horses to mount or dismount");
        const bool dismounting = to == kDismount;
        if ((kit::counter(*ctx.unit, key::kDismounted) != 0) == dismounting)
            throw rules::InputError("new-formation", ctx.unit->name + " is already " + (dismounting ? "dismounted" : "mounted"));
        c.set_unit_counter(*ctx.unit, key::kDismounted, dismounting ? 1 : 0, dismounting ? "dismounted" : "mounted");
        base = dismounting ? tt.dismounted_move : tt.move;
    } else {
        const Formation* f = ctx.tables.formation(to);
        if (tt.formation == "none" || !f)
            throw rules::InputError("new-formation", tt.name + " has no " + to + " formation");
        const Formation* now = formation_of(ctx.tables, *ctx.unit);
        if (now == f) throw rules::InputError("new-formation", ctx.unit->name + " is already in " + f->name);
        c.set_unit_counter(*ctx.unit, key::kFormation, f->code, "formed " + f->id);
    }
    base = times(base, half);
    const std::string what = to == kUnchanged ? "changes direction"
                             : turns          ? "changes formation (" + to + ") and direction"
                                              : "changes formation (" + to + ")";
    out.steps.push_back({ctx.unit->name + " " + what + ": it takes " + fraction_text(half) + " of the turn, " +
                             format_inches(base) + " left to move",
                         citation});
}

// Guns: limbered to move, deployed to shoot; limber then move, or move then deploy (line 49).
void limbering(const Context& ctx, const std::string& limber, double& base, kit::Changes& c, rules::Resolution& out) {
    const TroopType& tt = type_of(ctx.tables, *ctx.unit);
    const std::string citation = cite("Movement: artillery (line 49)");
    const double distance = ctx.inputs.distance("distance");
    if (!tt.gun) {
        if (limber != "none") throw rules::InputError("limber", ctx.unit->name + " is not a gun: it neither limbers nor deploys");
        return;
    }
    const bool limbered = is_limbered(*ctx.unit);
    if (limber == "limber") {
        if (limbered) throw rules::InputError("limber", ctx.unit->name + " is already limbered");
        c.set_unit_counter(*ctx.unit, key::kLimbered, 1, "limbered");
        out.steps.push_back({ctx.unit->name + " limbers, then moves; it may not deploy again this turn", citation});
        return;
    }
    if (limber == "deploy") {
        if (!limbered) throw rules::InputError("limber", ctx.unit->name + " is already deployed");
        c.set_unit_counter(*ctx.unit, key::kLimbered, 0, "deployed");
        out.steps.push_back({ctx.unit->name + " moves, then deploys: it may shoot from its next turn", citation});
        return;
    }
    if (limbered || distance <= 0) return;
    if (tt.unlimbered_move > 0) {
        base = std::min(base, tt.unlimbered_move);
        out.steps.push_back({tt.name + " may move " + format_inches(tt.unlimbered_move) + " without limbering", citation});
        return;
    }
    ctx.forbid(out, ctx.unit->name + " is deployed: artillery must be limbered to move (limber, then move)", citation);
}

// Boats and trains: the current and the track (lines 41-42).
double vessel_move(const Context& ctx, double base, rules::Resolution& out) {
    const std::string current = ctx.inputs.choice("current");
    if (current != "none") {
        if (type_of(ctx.tables, *ctx.unit).moves_by != "water")
            throw rules::InputError("current", "only boats move with or against a current or tide");
        const double d = ctx.tables.boat_current;
        base += current == "with" ? d : -d;
        out.steps.push_back({"Current or tide " + current + " the boat: " + (current == "with" ? "+" : "-") +
                                 format_inches(d) + ", " + format_inches(base),
                             cite(ctx.tables.boats_citation)});
    }
    return base;
}

void train_speed(const Context& ctx, kit::Changes& c, rules::Resolution& out) {
    const Trains& t = ctx.tables.trains;
    const double distance = ctx.inputs.distance("distance");
    const int was = kit::counter(*ctx.unit, key::kTrainSpeed);
    out.steps.push_back({"By rail: last move " + format_inches(was) + "; it may change speed by " +
                             format_inches(t.speed_change) + " a turn",
                         cite(t.citation)});
    if (std::fabs(distance - was) > t.speed_change + 1e-9)
        ctx.forbid(out, ctx.unit->name + " moved " + format_inches(was) + " last time: by rail it may only accelerate or "
                            "decelerate by " + format_inches(t.speed_change) + " in a turn, not to " + format_inches(distance),
                   cite(t.citation));
    c.set_unit_counter(*ctx.unit, key::kTrainSpeed, static_cast<int>(std::lround(distance)), "the train's speed");
    out.steps.push_back({"If it hits an obstacle without being able to stop it crashes (the crash action)", cite(t.citation)});
}

void resolve_move(const Context& ctx, rules::Resolution& out) {
    const model::Unit& u = *ctx.unit;
    const TroopType& tt = type_of(ctx.tables, u);
    const Movement& m = ctx.tables.movement;
    kit::Changes c(ctx.battle, out);
    const std::string rail = tt.moves_by == "rail" ? ctx.inputs.choice("rail") : std::string();
    if (!roll_to_move(ctx, rail == "cross-country", out)) {
        // The failed roll leaves the unit free to shoot or rally unless the house rule says otherwise (R6).
        if (ctx.tables.options.failed_detached_roll_uses_action)
            kit::record(ctx.battle, out, u, Deed::Moved, How::Stood, 0, "failed its roll to move (house rule: its action)");
        out.outcome = u.name + " fails its roll to move and stays where it is";
        out.results["moved"] = 0;
        return;
    }
    double base = base_move(ctx.tables, u, rail);
    out.steps.push_back({tt.name + (tt.mounted && kit::counter(u, key::kDismounted) ? " (dismounted)" : "") +
                             (rail.empty() ? "" : rail == "rail" ? " by rail" : " cross country") + ": maximum " +
                             format_inches(base),
                         cite(rail.empty() ? m.citation : ctx.tables.trains.citation)});
    if (ctx.inputs.flag("woods-or-town") && tt.barred)
        ctx.forbid(out, tt.name + " may not enter woods or a town", cite("Movement: woods and towns (line 48)"));
    base = vessel_move(ctx, base, out);
    if (ctx.inputs.flag("road")) {
        const Formation* f = formation_of(ctx.tables, u);
        if (f && !f->road)
            ctx.forbid(out, "the road bonus is for a column facing the direction of movement; " + u.name + " is in " + f->id,
                       cite("Movement: road (line 44)"));
        base *= m.road_factor;
        out.steps.push_back({"Along a road in column: x" + kit::decimal(m.road_factor, 0) + ", " + format_inches(base),
                             cite("Movement: road (line 44)")});
    }
    if (ctx.inputs.flag("backwards")) {
        base = times(base, m.backwards);
        out.steps.push_back({"Backwards or sideways facing the enemy: " + fraction_text(m.backwards) + " speed, " +
                                 format_inches(base),
                             cite("Movement: backwards (line 45)")});
    }
    if (ctx.inputs.flag("embark")) {
        base = times(base, m.embark);
        out.steps.push_back({"Embarking or disembarking and forming up takes " + fraction_text(m.embark) + " a move: " +
                                 format_inches(base),
                             cite(ctx.tables.boats_citation)});
    }
    change_formation(ctx, ctx.inputs.choice("new-formation"), ctx.inputs.flag("change-direction"), base, c, out);
    limbering(ctx, ctx.inputs.choice("limber"), base, c, out);
    const Reach reach = work_out_reach(ctx, base, out);
    if (rail == "rail") train_speed(ctx, c, out);
    const double distance = ctx.inputs.distance("distance");
    kit::record(ctx.battle, out, u, Deed::Moved, How::Plain, 0, "moved " + format_inches(distance));
    // A unit in a melee that goes on may retreat during movement: the melee is over (line 75).
    if (const int enemy = kit::counter(u, key::kMeleeWith); enemy > 0 && distance > 0) {
        c.set_unit_counter(u, key::kMeleeWith, 0, "moved out of contact");
        if (const model::Unit* e = ctx.battle.unit(enemy)) c.set_unit_counter(*e, key::kMeleeWith, 0, u.name + " moved away");
        out.steps.push_back({u.name + " moves out of contact: the melee does not go on", cite("Melee: Result (line 75)")});
    }
    out.results["moved"] = 1;
    out.outcome = u.name + (reach.pending_dice ? " may move, Urging On's die to roll" : " moves " + format_inches(distance));
}

// A General's own move, joining or leaving a unit (line 39); one urging a unit on stays with it.
void resolve_general_move(const Context& ctx, rules::Resolution& out) {
    const model::Commander* g = kit::named_commander(ctx.battle, ctx.inputs, "commander");
    if (!g) throw rules::InputError("commander", "name the General who moves");
    if (g->status != model::CommanderStatus::Active)
        throw rules::InputError("commander", g->name + " is " + std::string(model::commander_status_id(g->status)));
    const double distance = ctx.inputs.distance("distance");
    const Generals& gen = ctx.tables.generals;
    out.steps.push_back({g->name + " moves " + format_inches(distance) + " of " + format_inches(gen.move),
                         cite("Movement: General (line 39)")});
    if (distance > gen.move)
        ctx.forbid(out, "a General moves up to " + format_inches(gen.move), cite("Movement: General (line 39)"));
    for (const auto& u : ctx.battle.units)
        if (kit::counter(u, key::kUrgedBy) == g->id && this_turn(ctx.battle, u, key::kUrgedTurn) && distance > 0)
            ctx.forbid(out, g->name + " urged " + u.name + " on this turn: he must stay with it until the next move phase",
                       cite(gen.citation));
    const int join = ctx.inputs.count("join");
    if (join > 0) {
        const model::Unit* u = ctx.battle.unit(join);
        if (!u || !u->on_table()) throw rules::InputError("join", "no unit on the table has id " + std::to_string(join));
        if (u->side != g->side) throw rules::InputError("join", u->name + " is not on " + g->name + "'s side");
        kit::change(ctx.battle, out, model::Entity::Commander, g->id, "attached-unit", u->id, "joined " + u->name);
        out.steps.push_back({g->name + " joins " + u->name, cite("Generals (line 22)")});
    } else {
        kit::change(ctx.battle, out, model::Entity::Commander, g->id, "attached-unit", -1, "moved on his own");
    }
    out.outcome = g->name + " moves " + format_inches(distance);
}

// A train that hits an obstacle without being able to stop (line 42).
void resolve_crash(const Context& ctx, rules::Resolution& out) {
    const Trains& t = ctx.tables.trains;
    const int figures = unit_figures(ctx, "figures");
    const int dice = dice_for(ctx.tables, figures, t.crash_figures_per_die);
    out.steps.push_back({kit::who(ctx.unit) + " crashes: " + std::to_string(figures) + " figures, " +
                             per_die_words(ctx.tables, t.crash_figures_per_die) + ": " + dice_text(dice) + "; each " +
                             std::to_string(t.crash_casualty_on) + "+ is one casualty",
                         cite(t.citation)});
    out.odds.push_back({"casualties", dice::Distribution::successes(dice, kit::chance_of(t.crash_casualty_on))});
    if (!ctx.dice) {
        out.outcome = dice_text(dice) + ", casualties on " + std::to_string(t.crash_casualty_on) + "-6";
        return;
    }
    rules::DiceGroup g{"Crash dice", ctx.dice->d6s(dice, "the crash dice"), 0, t.crash_casualty_on};
    const int lost = g.successes();
    out.dice.push_back(g);
    out.results["casualties"] = lost;
    if (ctx.unit) {
        kit::Changes c(ctx.battle, out);
        take_hits(ctx, c, *ctx.unit, lost, HitSource::Crash);
        c.set_unit_counter(*ctx.unit, key::kTrainSpeed, 0, "crashed: stopped");
    }
    out.outcome = kit::who(ctx.unit) + ": " + kit::plural(lost, "casualty", "casualties") + " in the crash";
}

void crash_defaults(const DefaultsContext& c, Defaults& d) {
    if (c.unit) d["figures"] = std::to_string(c.unit->figures);
}

} // namespace

void add_movement_actions(const Tables& t, ActionDefs& out) {
    {
        ActionDef d;
        d.unit_required = true;  // reads the unit itself (the text gives no unit-less form)
        rules::ActionSpec& a = d.spec = kit::action("move", "Move",
                                                    "A unit moves, changes formation, limbers or deploys: its maximum by "
                                                    "type, halved or doubled as the text says",
                                                    cite("Movement (lines 37-50)"));
        a.needs_unit = true;
        add_reach_inputs(a, "Inches moved (0: a formation change, limbering or deploying in place)");
        a.inputs.push_back(kit::flag_input("road", "Along a road in column", "x2 if in column facing the direction of movement"));
        a.inputs.push_back(kit::flag_input("backwards", "Backwards or sideways facing the enemy", "Half speed"));
        std::vector<rules::Choice> forms{{kUnchanged, "Unchanged", 0, ""}};
        for (const auto& f : t.formations) forms.push_back({f.id, f.name, 0, ""});
        forms.push_back({kDismount, "Dismount (cavalry)", 0, ""});
        forms.push_back({kMount, "Mount (cavalry)", 0, ""});
        a.inputs.push_back(kit::choice_input("new-formation", "Change of formation", forms, kUnchanged,
                                             "A change of formation or direction takes half the turn"));
        a.inputs.push_back(kit::flag_input("change-direction", "Change of direction",
                                           "Facing a new way takes half the turn, as a change of formation does"));
        a.inputs.push_back(kit::choice_input("limber", "Guns: limber or deploy",
                                             {{"none", "Neither", 0, ""},
                                              {"limber", "Limber, then move", 0, ""},
                                              {"deploy", "Move, then deploy", 0, ""}},
                                             "none", "Artillery must be limbered to move and deployed to shoot; not both in one turn"));
        a.inputs.push_back(kit::flag_input("embark", "Embarking or disembarking", "A boat or train: it takes half a move"));
        a.inputs.push_back(kit::flag_input("woods-or-town", "Enters woods or a town", "Cavalry and artillery may not"));
        a.inputs.push_back(kit::choice_input("current", "Boats: current or tide",
                                             {{"none", "None", 0, ""}, {"with", "With it (+3\")", 0, ""},
                                              {"against", "Against it (-3\")", 0, ""}},
                                             "none"));
        a.inputs.push_back(kit::choice_input("rail", "Trains: by rail or cross country",
                                             {{"rail", "By rail", 0, ""}, {"cross-country", "Cross country", 0, ""}},
                                             "rail", "Cross country only if built for it; it rolls as if detached"));
        d.resolve = resolve_move;
        out.push_back(d);
    }
    {
        ActionDef d;
        rules::ActionSpec& a = d.spec = kit::action("general-move", "General moves",
                                                    "A General moves up to 24\", joining or leaving a unit",
                                                    cite("Movement: General (line 39)"));
        a.unit_optional = true;
        a.inputs.push_back(kit::id_input("commander", "General", "The General who moves", rules::IdOf::Commander));
        a.inputs.push_back(kit::distance_input("distance", "Distance moved", "Inches"));
        rules::InputSpec join = kit::count_input("join", "Joins unit", "The unit he joins; 0: none", 0, kit::kMaxId, "0");
        join.id_of = rules::IdOf::Unit;
        a.inputs.push_back(join);
        d.resolve = resolve_general_move;
        out.push_back(d);
    }
    {
        ActionDef d;
        rules::ActionSpec& a = d.spec = kit::action("crash", "Train crash",
                                                    "A train hits an obstacle it cannot stop for: 1 die per 4 figures, "
                                                    "each 5-6 a casualty",
                                                    cite("Movement: Steam Engines (line 42)"));
        a.unit_optional = true;
        a.inputs.push_back(kit::count_input("figures", "Figures aboard", "Figures on the train"));
        d.resolve = resolve_crash;
        d.defaults = crash_defaults;
        out.push_back(d);
    }
}

} // namespace umpire::rattle
