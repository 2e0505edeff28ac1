// Hits against a capacity (line 60): hits include morale and cohesion as well as casualties. A
// unit is destroyed at its class's capacity; infantry or cavalry one hit from destruction is
// broken, retreats a double move at once and must rally on its next turn.
#include "rulesets/square-hearts/mechanics.h"

#include "rules/grid.h"

#include <algorithm>

namespace umpire::square_hearts {

namespace {

const std::string kHits = "Hits and rallying (line 60)";

} // namespace

int take_hits(const Context& ctx, kit::Changes& changes, const model::Unit& unit, int hits, const std::string& cause,
              rules::Resolution& out, bool together) {
    const Tables& t = ctx.tables;
    const model::Battle& b = ctx.battle;
    const int capacity = capacity_of(t, unit);
    const int before = static_cast<int>(kit::current(b, out, model::Entity::Unit, unit.id, "hits"));
    const int after = std::min(before + std::max(hits, 0), capacity);
    if (after == before) return 0;
    kit::change(b, out, model::Entity::Unit, unit.id, "hits", after, kit::hits_text(after - before) + " from " + cause);
    std::string text = unit.name + " takes " + kit::hits_text(after - before) + " from " + cause + ": " +
                       std::to_string(after) + " of " + std::to_string(capacity);
    if (before + hits > capacity) text += " (the rest fall on a unit already destroyed)";
    out.steps.push_back({text, cite(kHits)});

    if (after >= capacity) {
        changes.set_flag(unit, model::Flag::Routed, true, "destroyed");
        changes.set_flag(unit, model::Flag::NeedsRally, false, "destroyed");
        changes.set_unit_counter(unit, key::destroyed, kit::now(b).stamp(), "destroyed");
        if (together) changes.set_unit_counter(unit, key::destroyed_together, 1, "destroyed by the simultaneous rolls");
        // Removed, it owes no melee; destroyed by the simultaneous rolls, it still rolls its own (line 55).
        else if (kit::counter_now(b, out, unit, kit::owed_key(kMeleeWhenAdjacent)) != 0)
            changes.set_unit_counter(unit, kit::owed_key(kMeleeWhenAdjacent), 0, "destroyed: no melee left to fight");
        out.steps.push_back({unit.name + " is destroyed and removed (" + std::to_string(capacity) + " hits)" +
                                 (together ? "; in the simultaneous rolls it still rolls its own melee dice" : ""),
                             cite(kHits)});
        for (const model::Commander* c : attached_commanders(b, unit))
            kit::change(b, out, model::Entity::Commander, c->id, "attached-unit", -1, unit.name + " destroyed");
        return after - before;
    }

    const TroopType* tt = type_of(t, unit);
    if (tt && tt->breaks && after >= broken_at(t, capacity) && !is_broken(b, out, unit)) {
        const int retreat = tt->move * t.movement.retreat_moves;
        changes.set_unit_counter(unit, key::broken, b.turn, "broken");
        changes.set_flag(unit, model::Flag::NeedsRally, true, "broken: must rally on its next turn");
        kit::record(b, out, unit, Deed::Moved, How::Retreat, retreat * 2, "broken: retreats at once");
        changes.set_unit_counter(unit, key::column, 0, "retreats");
        out.steps.push_back({unit.name + " is broken (" + std::to_string(after) + " of " + std::to_string(capacity) +
                                 " hits): it retreats a double move, " + rules::areas_text(retreat) +
                                 ", at once, stopping at the board edge unless it started there; it must try to "
                                 "rally on its next turn, and is routed if it cannot or fails to recover a hit",
                             cite(kHits)});
        // Gone a double move: no longer adjacent, it owes no melee; it owes its rally (R45).
        changes.set_unit_counter(unit, kit::owed_key(kMeleeWhenAdjacent), 0, "retreats: no longer adjacent");
        ctx.owe(out, unit, kBrokenMustRally, unit.name + " is broken");
    }
    return after - before;
}

} // namespace umpire::square_hearts
