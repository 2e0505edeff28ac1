// The pieces MacDuff's rules share beyond the kit: citations, turn-stamped markers, the side
// active in the turn and the commander an input names.
#include "rulesets/macduff/mechanics.h"

#include "turn/turn_state.h"

#include <stdexcept>

namespace umpire::macduff {

std::string cite(const std::string& section) { return "MacDuff " + section; }

bool this_turn(const model::Battle& battle, const model::Unit& unit, const std::string& key) {
    auto it = unit.counters.find(key);
    return it != unit.counters.end() && it->second == battle.turn;
}

bool marched_this_turn(const model::Battle& battle, const model::Unit& unit) {
    const kit::Done moved = kit::done(battle, unit, Deed::Moved, Within::Turn);
    return moved.happened && moved.how == How::March;
}

bool charged_this_turn(const model::Battle& battle, const model::Unit& unit) {
    return kit::did(battle, unit, Deed::Charged, Within::Turn);
}

bool fired_this_turn(const model::Battle& battle, const model::Unit& unit) {
    return kit::did(battle, unit, Deed::Fired, Within::Turn);
}

int active_side(const model::Battle& battle) {
    try {
        const turn::TurnState s = turn::turn_state(battle);
        if (!s.started) return 0;
        if (s.options.activation == "initiative") return s.moving_side;
        if (s.current && s.current->kind != turn::CardKind::Joker && s.current->side) return s.current->side;
        if (const model::Commander* c = battle.commander(s.active_commander)) return c->side;
        return 0;
    } catch (const std::runtime_error&) {
        return 0;  // a damaged turn state: the umpire says who is active
    }
}

const model::Commander* commander_input(const Context& ctx, const std::string& id) {
    if (!ctx.inputs.has(id)) return nullptr;
    const int wanted = ctx.inputs.count(id);
    const model::Commander* c = ctx.battle.commander(wanted);
    if (!c) {
        std::string known;
        for (const auto& k : ctx.battle.commanders)
            known += (known.empty() ? "" : ", ") + std::to_string(k.id) + " " + k.name;
        throw rules::InputError(id, "no commander with id " + std::to_string(wanted) +
                                        (known.empty() ? std::string(" in this battle")
                                                       : "; commanders: " + known));
    }
    return c;
}

} // namespace umpire::macduff
