// Leaders and generals (Death of a leader, lines 252-264; Design Notes, lines 312-315): a unit
// taking 6 or more hits dices for its leader or attached general (1-2 hits him); an overrun
// general is removed on 1-3, else retreats to a friendly unit and influences no one this turn.
// A unit whose commander is killed checks morale at -1 for the rest of the game.
#include "rulesets/featherstone/mechanics.h"

namespace umpire::featherstone {

namespace {

const std::string kLeadersCite = "Death of a leader";

const model::Commander* commander_input(const Context& ctx) {
    if (!ctx.inputs.has("general") || ctx.inputs.count("general") <= 0) return nullptr;
    const model::Commander* c = ctx.battle.commander(ctx.inputs.count("general"));
    if (!c) throw rules::InputError("general", "no commander with id " + std::to_string(ctx.inputs.count("general")));
    if (c->status != model::CommanderStatus::Active)
        throw rules::InputError("general", c->name + " is already " + std::string(model::commander_status_id(c->status)));
    return c;
}

void remove_general(const Context& ctx, const model::Commander& c, model::CommanderStatus status,
                    const std::string& why, rules::Resolution& out) {
    kit::change(ctx.battle, out, model::Entity::Commander, c.id, "status", static_cast<std::int64_t>(status), why);
    kit::change(ctx.battle, out, model::Entity::Commander, c.id, "attached-unit", -1, why);
}

} // namespace

// The battle counter that marks a general overrun this turn (he influences no one until the next).
std::string overrun_key(int commander) { return "overrun-turn:" + std::to_string(commander); }

void resolve_leader_hit(const Context& ctx, rules::Resolution& out) {
    const Leaders& l = ctx.tables.leaders;
    const bool general = ctx.inputs.choice("who") == "general";
    const model::Commander* c = general ? commander_input(ctx) : nullptr;
    if (general && !c && !ctx.battle.commanders.empty())
        throw rules::InputError("general", "which general? name the general attached to the unit");
    if (!general && !ctx.tables.options.unit_leaders)
        throw rules::InputError("who", "unit commanders are not in use in this battle (house rules)");
    if (!general && ctx.unit && kit::counter(*ctx.unit, key::leader_killed))
        throw rules::InputError("who", ctx.unit->name + "'s commander is already dead");
    const std::string whom = general ? (c ? c->name : std::string("The general")) : ctx.unit_name() + "'s commander";
    out.steps.push_back({"The unit took " + std::to_string(l.hits_for_check) + " or more hits: " + whom + " is diced for; " +
                             on_faces(l.hit_on) + " he is hit and removed from the game",
                         cite(kLeadersCite)});
    const double p = static_cast<double>(l.hit_on.size()) / 6.0;
    out.chances.push_back({"hit", p});
    if (!ctx.dice) {
        out.outcome = whom + ": hit " + on_faces(l.hit_on);
        return;
    }
    const int die = kit::roll_one(*ctx.dice, out, "Leader's die", "the leader's die");
    const bool hit = shows(l.hit_on, die);
    out.results["hit"] = hit ? 1 : 0;
    out.steps.push_back({"Rolled " + std::to_string(die) + (hit ? ": hit, removed from the game" : ": unhurt"), cite(kLeadersCite)});
    out.outcome = whom + (hit ? " is hit and removed from the game" : " is unhurt");
    if (!hit) return;
    if (c) remove_general(ctx, *c, model::CommanderStatus::Killed, "hit with his unit", out);
    if (!general && ctx.unit) {
        Changes changes(ctx.battle, out);
        changes.set_unit_counter(*ctx.unit, key::leader_killed, 1, "its commander was killed");
        out.steps.push_back({ctx.unit->name + " checks morale at " + signed_text(ctx.tables.morale.leader_killed) +
                                 " for the rest of the game",
                             cite("Design Notes")});
    }
}

void resolve_overrun(const Context& ctx, rules::Resolution& out) {
    const Leaders& l = ctx.tables.leaders;
    const model::Commander* c = commander_input(ctx);
    if (!c && !ctx.battle.commanders.empty()) throw rules::InputError("general", "which general was overrun?");
    const std::string whom = c ? c->name : std::string("The general");
    out.steps.push_back({whom + " is overrun by enemy troops: " + on_faces(l.overrun_removed_on) +
                             " he is removed (killed or captured); otherwise he retreats to the nearest formed friendly "
                             "unit and may not influence any unit for the rest of the turn",
                         cite(kLeadersCite)});
    out.chances.push_back({"removed", static_cast<double>(l.overrun_removed_on.size()) / 6.0});
    if (!ctx.dice) {
        out.outcome = whom + ": removed " + on_faces(l.overrun_removed_on);
        return;
    }
    const int die = kit::roll_one(*ctx.dice, out, "Overrun die", "the overrun die");
    const bool removed = shows(l.overrun_removed_on, die);
    out.results["removed"] = removed ? 1 : 0;
    const std::string fate = ctx.inputs.choice("fate");
    out.steps.push_back({"Rolled " + std::to_string(die) +
                             (removed ? ": " + whom + " is " + fate
                                      : ": " + whom + " retreats to the safety of the nearest formed friendly unit"),
                         cite(kLeadersCite)});
    out.outcome = whom + (removed ? " is " + fate : " escapes; no influence this turn");
    if (!c) return;
    if (removed)
        remove_general(ctx, *c, fate == "captured" ? model::CommanderStatus::Captured : model::CommanderStatus::Killed,
                       "overrun", out);
    else
        Changes(ctx.battle, out).set_battle_counter(overrun_key(c->id), ctx.battle.turn, "overrun: no influence this turn");
}

} // namespace umpire::featherstone
