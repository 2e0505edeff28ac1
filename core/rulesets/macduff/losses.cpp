// Units and commanders leaving the game, and what follows from it: a commander goes with the
// unit he joined (3.2), a lost commander is not replaced (3), and each loss lowers the army's
// morale (10).
#include "rulesets/macduff/mechanics.h"

#include <algorithm>

namespace umpire::macduff {

using model::Entity;
using model::Flag;

namespace {

std::string cause_text(LossCause cause) {
    switch (cause) {
    case LossCause::Routed: return "routed";
    case LossCause::Destroyed: return "destroyed";
    case LossCause::OffTable: return "forced off the table";
    case LossCause::Captured: return "captured";
    case LossCause::Withdrawn: return "left the table";
    }
    return "lost";
}

// Prompts and pending Steady Men! markers raised earlier in this resolution for a unit that is
// now gone: nothing is left to roll for.
void forget_pending(rules::Resolution& out, int unit_id) {
    out.follow_ups.erase(std::remove_if(out.follow_ups.begin(), out.follow_ups.end(),
                                        [&](const rules::FollowUp& f) { return f.unit == unit_id; }),
                         out.follow_ups.end());
    out.effects.erase(std::remove_if(out.effects.begin(), out.effects.end(),
                                     [&](const model::Effect& e) {
                                         return e.entity == Entity::Unit && e.id == unit_id &&
                                                e.field.rfind("counter:steady-men-", 0) == 0 &&
                                                e.field != std::string("counter:") + key::kSteadyShootingTurn;
                                     }),
                      out.effects.end());
}

// The units a lost unit was in contact with are no longer (8.5: the melee continues only while
// both are there), and one it charged home is no longer pinned: no round of melee can be fought
// with it now (5.7, R65).
void release_contact(const Context& ctx, const model::Unit& gone, rules::Resolution& out) {
    for (const model::Unit& u : ctx.battle.units) {
        if (u.id == gone.id || !u.on_table()) continue;
        if (counter_now(ctx.battle, out, u, key::kMeleeWith) == gone.id) {
            set_counter(ctx.battle, out, u, key::kMeleeWith, 0, gone.name + " is gone");
            out.steps.push_back({u.name + " is no longer in contact with " + gone.name + ": no melee continues",
                                 cite("8.5 Result")});
        }
        if (counter_now(ctx.battle, out, u, key::kChargedBy) == gone.id) {
            set_counter(ctx.battle, out, u, key::kChargedBy, 0, gone.name + " is gone");
            if (flag_now(ctx.battle, out, u, Flag::Pinned)) {
                set_flag(ctx.battle, out, u, Flag::Pinned, false, gone.name + ", which charged it, is gone");
                out.steps.push_back({u.name + " is no longer pinned: " + gone.name + ", which charged it home, is gone "
                                     "and no round of melee can be fought with it",
                                     cite("5.7 Charge Reactions")});
            }
        }
    }
}

} // namespace

void unit_lost(const Context& ctx, const model::Unit& unit, LossCause cause, const std::string& why,
               rules::Resolution& out) {
    if (flag_now(ctx.battle, out, unit, Flag::Routed)) return;  // already gone: counted once
    forget_pending(out, unit.id);
    set_flag(ctx.battle, out, unit, Flag::Routed, true, cause_text(cause));
    set_flag(ctx.battle, out, unit, Flag::NeedsRally, false, cause_text(cause));
    set_counter(ctx.battle, out, unit, key::kMeleeWith, 0, cause_text(cause));
    out.steps.push_back({unit.name + " is " + cause_text(cause) + " (" + why + "): removed from the game",
                         cite(cause == LossCause::Captured ? "12.3 Hospitals and Bands" : "10 Army Morale")});
    release_contact(ctx, unit, out);

    // 3.2: "If the unit is removed from the game, he is removed with it."
    for (const auto& c : ctx.battle.commanders) {
        const bool active = current(ctx.battle, out, Entity::Commander, c.id, "status") ==
                            static_cast<std::int64_t>(model::CommanderStatus::Active);
        if (!active || current(ctx.battle, out, Entity::Commander, c.id, "attached-unit") != unit.id) continue;
        if (cause == LossCause::Withdrawn) {
            // Leaving of its own accord is no loss: he stays in the game, without the unit.
            change(ctx.battle, out, Entity::Commander, c.id, "attached-unit", -1, unit.name + " left the table");
            out.steps.push_back({c.name + " leaves " + unit.name + " as it leaves the table", cite("3.2 Moving")});
        } else {
            auto status = model::commander_status_from_id(ctx.tables.commanders.lost_with_unit_status);
            commander_lost(ctx, c, status.value_or(model::CommanderStatus::Killed),
                           "removed with " + unit.name + ", the unit he had joined (3.2)", out);
        }
    }
    if (cause != LossCause::Withdrawn)
        army_morale_loss(ctx, unit.side, ctx.tables.army_morale.per_unit_lost,
                         unit.name + " " + cause_text(cause), out);
}

void commander_lost(const Context& ctx, const model::Commander& c, model::CommanderStatus status,
                    const std::string& why, rules::Resolution& out) {
    const auto active = static_cast<std::int64_t>(model::CommanderStatus::Active);
    if (current(ctx.battle, out, Entity::Commander, c.id, "status") != active) return;
    change(ctx.battle, out, Entity::Commander, c.id, "status", static_cast<std::int64_t>(status), why);
    change(ctx.battle, out, Entity::Commander, c.id, "attached-unit", -1, why);
    out.steps.push_back({c.name + " is " + std::string(model::commander_status_id(status)) + " (" + why +
                             "). He is not replaced; his units must dice for activation",
                         cite("3 Commanders, 4.1 Loss of a Commander")});
    army_morale_loss(ctx, c.side, ctx.tables.army_morale.per_commander_lost,
                     c.name + " " + std::string(model::commander_status_id(status)), out);
}

} // namespace umpire::macduff
