// Commanders (lines 15, 17, 19): they move 3 areas without an order and may join a unit (any
// number in an area with a unit); one not attached next to the enemy rolls for capture, escaping
// on a roll equal to or higher than the enemy's and moving up to 3 areas; a killed commander's
// replacement takes over at the end of the next turn.
#include "rulesets/square-hearts/mechanics.h"

#include "rules/grid.h"
#include "rules/inputs.h"

namespace umpire::square_hearts {

namespace {

const std::string kCommanders = "Commanders (line 17)";

const model::Commander& the_commander(const Context& ctx) {
    if (!ctx.inputs.counts.count("commander")) throw rules::InputError("commander", "name the commander");
    const int id = ctx.inputs.count("commander");
    const model::Commander* k = ctx.battle.commander(id);
    if (!k) throw rules::InputError("commander", "no commander with id " + std::to_string(id));
    return *k;
}

void must_be_active(const model::Commander& k) {
    if (k.status != model::CommanderStatus::Active)
        throw rules::InputError("commander", k.name + " is " + std::string(model::commander_status_id(k.status)));
}

} // namespace

void resolve_commander(const Context& ctx, rules::Resolution& out) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const model::Commander& k = the_commander(ctx);
    must_be_active(k);
    if (ctx.unit && ctx.unit->side != k.side) throw rules::InputError("unit", ctx.unit->name + " is not of " + k.name + "'s side");
    const Measure moved = measure(ctx, "areas");
    out.steps.push_back({k.name + " moves " + moved.text + "; commanders need no order to move", cite(kCommanders)});
    // His move of the turn; escaping capture, he "may move up to 3 areas" once more (R26).
    const bool escaping = kit::counter(b.counters, escaped_key(k.id)) == b.turn;
    const double most = escaping ? t.commanders.escape_move : t.commanders.move;
    if (escaping) {
        out.steps.push_back({k.name + " escaped capture this turn: he may move up to " + rules::areas_text(most),
                             cite(kCommanders)});
        kit::change(b, out, model::Entity::Battle, 0, "counter:" + escaped_key(k.id), 0, "his escape move");
    } else if (kit::counter(b.counters, moved_key(k.id)) == b.turn) {
        ctx.forbid(out, k.name + " has moved this turn: commanders move " + rules::areas_text(t.commanders.move) +
                            " in their player's turn",
                   cite(kCommanders));
    }
    if (moved.areas > most + 1e-9)
        ctx.forbid(out, (escaping ? "escaping, a commander moves up to " : "commanders move ") + rules::areas_text(most),
                   cite(kCommanders));
    kit::change(b, out, model::Entity::Battle, 0, "counter:" + moved_key(k.id), b.turn, k.name + " moved");
    if (ctx.unit) {
        kit::change(b, out, model::Entity::Commander, k.id, "attached-unit", ctx.unit->id, "joined " + ctx.unit->name);
        out.steps.push_back({k.name + " is attached to " + ctx.unit->name + " (commanders are not units: any number may "
                                                                            "be in an area with a unit)",
                             cite("Movement (line 19)")});
        out.outcome = k.name + " joins " + ctx.unit->name;
    } else {
        kit::change(b, out, model::Entity::Commander, k.id, "attached-unit", -1, "moved alone");
        out.outcome = k.name + " moves " + rules::areas_text(moved.areas) + " alone";
    }
    if (ctx.inputs.flag("enemy") && !ctx.unit) {
        out.steps.push_back({k.name + " is not attached and is adjacent to an enemy: he rolls for capture", cite(kCommanders)});
        out.follow_ups.push_back({"capture", std::nullopt, k.name + " is alone next to the enemy", cite(kCommanders),
                                  {{"commander", std::to_string(k.id)}}});
    }
}

void resolve_capture(const Context& ctx, rules::Resolution& out) {
    const model::Battle& b = ctx.battle;
    const model::Commander& k = the_commander(ctx);
    must_be_active(k);
    if (k.attached_unit)
        ctx.forbid(out, k.name + " is attached to a unit: only a commander not attached rolls for capture", cite(kCommanders));
    out.steps.push_back({k.name + " and the enemy each roll a die: equal or higher, he escapes and may move up to " +
                             rules::areas_text(ctx.tables.commanders.escape_move) + "; lower, he is captured",
                         cite(kCommanders)});
    int ways = 0;  // his die equal to or higher than the enemy's, of 36
    for (int his = 1; his <= 6; ++his) ways += his;
    out.chances.push_back({"escapes", ways / 36.0});
    if (!ctx.dice) return;
    const int his = kit::roll_one(*ctx.dice, out, k.name, k.name + "'s die");
    const int enemy = kit::roll_one(*ctx.dice, out, "The enemy", "the enemy's die");
    if (his >= enemy) {
        out.outcome = k.name + " escapes (" + std::to_string(his) + " against " + std::to_string(enemy) + ")";
        out.steps.push_back({out.outcome + " and may move up to " + rules::areas_text(ctx.tables.commanders.escape_move),
                             cite(kCommanders)});
        out.results["escaped"] = 1;
        kit::change(b, out, model::Entity::Battle, 0, "counter:" + escaped_key(k.id), b.turn, "escaped: he may move");
        return;
    }
    out.outcome = k.name + " is captured (" + std::to_string(his) + " against " + std::to_string(enemy) + ")";
    out.steps.push_back({out.outcome, cite(kCommanders)});
    kit::change(b, out, model::Entity::Commander, k.id, "status", static_cast<std::int64_t>(model::CommanderStatus::Captured),
                "captured");
}

void resolve_replacement(const Context& ctx, rules::Resolution& out) {
    const model::Battle& b = ctx.battle;
    const model::Commander& k = the_commander(ctx);
    if (k.status != model::CommanderStatus::Killed)
        throw rules::InputError("commander", k.name + " is " + std::string(model::commander_status_id(k.status)) +
                                                 ": a replacement takes over only from a commander killed");
    const int killed = kit::counter(b.counters, killed_key(k.id));
    const int takes_over = killed + ctx.tables.commanders.replacement_turns;  // at the end of this turn
    if (killed > 0) {
        const int phase = kit::now(b).phase;
        const bool last_phase = phase == 0 || phase == static_cast<int>(ctx.tables.phase_ids.size());
        if (b.turn < takes_over || (b.turn == takes_over && !last_phase))
            ctx.forbid(out, k.name + " was killed in turn " + std::to_string(killed) +
                                ": his replacement takes over at the end of turn " + std::to_string(takes_over),
                       cite(kCommanders));
    }
    kit::change(b, out, model::Entity::Commander, k.id, "status", static_cast<std::int64_t>(model::CommanderStatus::Active),
                "a replacement takes over");
    kit::change(b, out, model::Entity::Battle, 0, "counter:" + killed_key(k.id), 0, "a replacement takes over");
    out.outcome = "A replacement takes over from " + k.name;
    out.steps.push_back({out.outcome + (killed ? " (killed in turn " + std::to_string(killed) + ")" : std::string()),
                         cite(kCommanders)});
}

} // namespace umpire::square_hearts
