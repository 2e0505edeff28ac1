// Charge reactions (5.7): a unit charged and not already in melee contact may react in ONE way:
// Fire! (at a range of its choice), Charge! (cavalry charged from its front counter-charges up to
// 1d6"), Form Square! (regular infantry not yet activated, charged by cavalry), or Fall Back!
// (skirmishers and cavalry evade a full move, returning fire first if the charger fired). A unit
// named by For Want of a Nail may make no reaction that moves it (R58). What the text forbids is
// refused, citing the rule; the umpire may overrule.
#include "rulesets/macduff/action_def.h"
#include "rulesets/macduff/chance.h"
#include "rulesets/macduff/movement.h"

#include "rules/distance.h"

#include <algorithm>

namespace umpire::macduff {

using model::Flag;

namespace {

// What the text forbids is refused, naming the rule; the umpire may overrule (R43).
void cannot(const Context& ctx, const std::string& name, const std::string& what, const std::string& why,
            rules::Resolution& out, const std::string& citation = cite("5.7 Charge Reactions")) {
    ctx.forbid(out, name + " may not " + what + ": " + why, citation);
}

// For Want of a Nail: "may not move this turn" bars every move, ordered or not, as the move action
// does; Charge!, Form Square! (a formation change, a maneuver) and Fall Back! move the unit (R58).
void nailed(const Context& ctx, const std::string& name, const std::string& what, rules::Resolution& out) {
    if (!ctx.unit || !this_turn(ctx.battle, *ctx.unit, key::kNoMoveTurn)) return;
    cannot(ctx, name, what, "a courier has been delayed (For Want of a Nail): it may not move this turn, and this "
                            "reaction moves it (Fire! does not)",
           out, chance_citation(ctx.tables));
}

bool listed(const std::vector<std::string>& rows, const std::string& row) {
    return std::find(rows.begin(), rows.end(), row) != rows.end();
}

void resolve_reaction(const Context& ctx, rules::Resolution& out) {
    const std::optional<std::string> chosen = kit::ask(ctx.inputs, kit::player_choice(ctx.tables.choices, "reaction"), out);
    if (!chosen) return;  // the charged unit's player's, asked
    const std::string reaction = *chosen;
    const Reactions& t = ctx.tables.reactions;
    const model::Unit* u = ctx.unit;
    const std::string name = who(u);
    const std::string charger = who(ctx.target, "the charger");
    const std::string citation = cite(t.citation);
    const model::Battle& b = ctx.battle;
    // Without a unit, the row it moves as says what it is (R43).
    const std::string row_id = ctx.inputs.choice("troop");
    const std::string row_name = ctx.tables.move_row(row_id)->name;
    if (ctx.inputs.flag("in-contact"))
        cannot(ctx, name, "react", "it is already in melee contact", out);
    auto stamp = [&] {
        if (u) kit::record(b, out, *u, Deed::Reacted, How::Plain, 0, "reacted to a charge");
    };

    if (reaction == "fire") {
        if (u && fired_this_turn(b, *u)) cannot(ctx, name, "fire", "it has already fired this turn", out);
        if (u && marched_this_turn(b, *u)) cannot(ctx, name, "fire", "it marched this turn", out);
        out.steps.push_back({"Fire!: " + name + " shoots at " + charger + " at a range of its choice (the dice show "
                             "whether it held its fire to the best moment); " + charger +
                                 " may halt and return fire or charge home",
                             citation});
        out.outcome = name + " fires at " + charger;
        if (u) out.follow_ups.push_back({"shoot", u->id, "Fire! at " + charger + " (shooting as a reaction)", citation});
        if (ctx.dice) stamp();
        return;
    }
    if (reaction == "counter-charge") {
        if (u ? u->troop_type != "cavalry" : !listed(t.counter_charge_rows, row_id))
            cannot(ctx, name, "counter-charge", "only cavalry counter-charges" + (u ? "" : ", not " + row_name), out);
        if (!ctx.inputs.flag("from-front")) cannot(ctx, name, "counter-charge", "it was not charged from its front", out);
        nailed(ctx, name, "counter-charge", out);
        const int n = t.counter_charge_dice;
        out.steps.push_back({"Charge!: " + name + " counter-charges, moving forward up to " + std::to_string(n) + "d6\"",
                             citation});
        out.odds.push_back({"counter-charge (inches)", dice::Distribution::die(6).times(n)});
        if (!ctx.dice) {
            out.outcome = name + " counter-charges: roll " + std::to_string(n) + "d6";
            return;
        }
        const auto dice = ctx.dice->d6s(n, "the counter-charge");
        int total = 0;
        for (int v : dice) total += v;
        out.dice.push_back({"Counter-charge", dice, 0, 0});
        out.results["allowance_tenths"] = total * 10;
        out.outcome = name + " counter-charges up to " + table_distance(b, total);
        stamp();
        if (u) kit::record(b, out, *u, Deed::Charged, How::Plain, 0, "counter-charged");
        return;
    }
    if (reaction == "form-square") {
        if (u ? u->troop_type != "infantry" : !listed(t.form_square_rows, row_id))
            cannot(ctx, name, "form square", "only infantry forms square" + (u ? "" : ", not " + row_name), out);
        if (u && !u->has_trait("regular")) cannot(ctx, name, "form square", "only regular infantry forms square", out);
        if (u && kit::did(b, *u, Deed::Activated))
            cannot(ctx, name, "form square", "it has already been activated this turn", out);
        if (!ctx.inputs.flag("by-cavalry")) cannot(ctx, name, "form square", "only when charged by cavalry", out);
        nailed(ctx, name, "form square", out);
        out.steps.push_back({"Form Square!: " + name + " forms square against " + charger +
                                 " (cavalry fight it at -2; defeated, it stands)",
                             citation});
        out.outcome = name + " forms square";
        if (ctx.dice) {
            stamp();
            if (u) set_counter(b, out, *u, key::kSquare, 1, "formed square against cavalry");
        }
        return;
    }
    // Fall back.
    if (u ? !(u->has_trait("skirmishers") || u->troop_type == "cavalry") : !listed(t.fall_back_rows, row_id))
        cannot(ctx, name, "fall back", "only skirmishers and cavalry evade" + (u ? "" : ", not " + row_name), out);
    nailed(ctx, name, "fall back", out);
    const MoveRow* row = ctx.tables.move_row(row_id);
    if (ctx.inputs.flag("charger-fired"))
        out.steps.push_back({charger + " fired before charging: " + name + " may return fire first, then evade",
                             cite("5.7 Charge Reactions, 7.4 Return fire")});
    out.steps.push_back({"Fall Back!: " + name + " evades a full move (" + row->name + ", " + std::to_string(row->dice) +
                             "d6\"). Skirmishers pass through supports and may stop once through, or once across "
                             "terrain the charger cannot cross; the charger may halt or go on to the limit of its "
                             "move, charging a unit the evade exposes",
                         citation});
    out.odds.push_back({"fall back (inches)", dice::Distribution::die(6).times(row->dice)});
    if (!ctx.dice) {
        out.outcome = name + " falls back: roll " + std::to_string(row->dice) + "d6";
        return;
    }
    const auto dice = ctx.dice->d6s(row->dice, "the fall back");
    int total = 0;
    for (int v : dice) total += v;
    out.dice.push_back({"Fall back", dice, 0, 0});
    out.results["allowance_tenths"] = total * 10;
    out.outcome = name + " falls back up to " + table_distance(b, total);
    stamp();
    // Evaded, it was not contacted: a pin the charge's move gave it goes (5.7, R65).
    if (u && flag_now(b, out, *u, Flag::Pinned)) {
        set_flag(b, out, *u, Flag::Pinned, false, "evaded the charge");
        set_counter(b, out, *u, key::kChargedBy, 0, "evaded the charge");
        out.steps.push_back({name + " evades the charge: it is not contacted, so not pinned", citation});
    }
    if (u && ctx.inputs.flag("charger-fired") && ctx.target)
        out.follow_ups.insert(out.follow_ups.begin(),
                              {"shoot", u->id, name + " may return fire at " + charger + " before evading (shooting as a reaction)",
                               cite("7.4 Return fire")});
}

void reaction_defaults(const DefaultsContext& c, Defaults& d) {
    if (c.unit) {
        const std::string row = default_row(c.tables, *c.unit);
        if (!row.empty()) d["troop"] = row;
        d["in-contact"] = yes_no(c.unit->counters.count(key::kMeleeWith) > 0);
    }
    if (c.target) {
        d["charger-fired"] = yes_no(fired_this_turn(c.battle, *c.target));
        d["by-cavalry"] = yes_no(c.target->troop_type == "cavalry");
    }
}

} // namespace

void add_reaction_actions(const Tables& t, ActionDefs& out) {
    ActionDef d;
    rules::ActionSpec& a = d.spec;
    a.id = "charge-reaction";
    a.name = "Charge reaction";
    a.summary = "A charged unit reacts in one way: Fire!, Charge! (counter-charge), Form Square! or Fall Back!";
    a.citation = cite(t.reactions.citation);
    a.needs_unit = true;
    a.target_optional = true;
    a.inputs.push_back(kit::asked_input(kit::player_choice(t.choices, "reaction")));
    std::vector<rules::Choice> rows;
    for (const auto& r : t.movement.rows) rows.push_back({r.id, r.name, r.dice, {}});
    a.inputs.push_back(choice_input("troop", "Moves as", rows, "unformed-infantry", "Its row of the movement table: Fall Back!'s move, and what it is when no unit is named (R43)"));
    rules::InputSpec front = flag_input("from-front", "Charged from its front", "Counter-charge only from the front");
    front.fallback = "yes";
    a.inputs.push_back(front);
    a.inputs.push_back(flag_input("by-cavalry", "Charged by cavalry", "Square only against cavalry"));
    a.inputs.push_back(flag_input("charger-fired", "The charger fired before charging", "Fall Back!: return fire first"));
    a.inputs.push_back(flag_input("in-contact", "Already in melee contact", "No reaction then"));
    d.resolve = resolve_reaction;
    d.defaults = reaction_defaults;
    out.push_back(d);
}

} // namespace umpire::macduff
