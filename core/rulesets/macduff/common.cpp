// The pieces MacDuff's rules share beyond the kit: citations, turn-stamped markers, the side
// active in the turn, what a unit owes and the commander an input names.
#include "rulesets/macduff/mechanics.h"

#include "kit/commanders.h"
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

bool turn_running(const model::Battle& battle) {
    try {
        return turn::turn_state(battle).started;
    } catch (const std::runtime_error&) {
        return false;  // a damaged turn state: nothing is refused for it
    }
}

void owe(const Context& ctx, rules::Resolution& out, const model::Unit& unit, const std::string& id,
         const std::string& reason, const std::map<std::string, std::string>& hints) {
    const std::size_t before = out.follow_ups.size();
    ctx.owe(out, unit, id, reason);
    if (out.follow_ups.size() == before) return;  // owed already: its follow-up stands
    auto& values = out.follow_ups.back().values;
    for (const auto& [input, value] : hints) values.emplace(input, value);  // the obligation's own win
}

bool owes(const Context& ctx, const rules::Resolution& out, const model::Unit& unit, const std::string& id) {
    return counter_now(ctx.battle, out, unit, kit::owed_key(id)) != 0;
}

void excuse(const Context& ctx, rules::Resolution& out, const model::Unit& unit, const std::string& id,
            const std::string& why) {
    if (owes(ctx, out, unit, id)) set_counter(ctx.battle, out, unit, kit::owed_key(id), 0, why);
}

const model::Commander* commander_input(const Context& ctx, const std::string& id) {
    return kit::named_commander(ctx.battle, ctx.inputs, id);
}

} // namespace umpire::macduff
