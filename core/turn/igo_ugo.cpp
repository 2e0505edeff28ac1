// IGO-UGO: one player moves, shoots and fights, then the other. The order is settled once at the
// start (by dice, or the umpire names the attacker), each phase belongs to the first or the
// second player, and as each turn ends an army that has lost too many units must retreat.
#include "turn/engine_detail.h"


#include <algorithm>

namespace umpire::turn {

using namespace detail;

namespace detail {

const OrderRoll* order_in_force(const TurnRules& rules, const TurnState& state, int turn) {
    if (const OrderRoll* o = state.order_for(turn)) return o;
    if (rules.move_order && rules.move_order->once && !state.orders.empty()) return &state.orders.front();
    return nullptr;
}

int player_side(const model::Battle& battle, const TurnRules& rules, const TurnState& state, const PhaseRule& phase,
                int turn) {
    if (phase.player == 0 || battle.sides.empty()) return 0;
    const OrderRoll* order = order_in_force(rules, state, turn);
    const int first = order ? order->first : battle.sides.front().id;
    return phase.player == 1 ? first : next_side(battle, first);
}

void enter_player_phase(Change& c, const PhaseRule& phase, int turn) {
    TurnState& s = c.state;
    // The active-side counter is set as every phase begins (enter); here what else a player's
    // phase brings: the order taken as settled, his chance card.
    if (phase.kind == PhaseKind::Side) return;  // a side phase says its own player (enter)
    const int side = player_side(c.battle, c.rules, s, phase, turn);
    if (!side) return;
    if (!order_in_force(c.rules, s, turn))
        c.cite("No order was settled: " + side_name(c.battle, side) + " is taken as the " + std::string(phase.player == 1 ? "first" : "second") + " player",
               phase.citation);
    s.moving_side = side;
    if (phase.chance && s.options.chance_cards) {
        s.chance_due_side = side;
        c.cite(side_name(c.battle, side) + " draws a chance card as its turn begins",
               c.rules.chance_citation.value_or(phase.citation));
    }
}

namespace {

bool carries(const model::Unit& u, const std::string& marker) {
    if (marker.rfind("counter:", 0) == 0) {
        auto it = u.counters.find(marker.substr(8));
        return it != u.counters.end() && it->second != 0;
    }
    auto flag = model::flag_from_id(marker);
    return flag && u.has(*flag);
}

} // namespace

std::string army_retreats(Change& c) {
    if (!c.rules.army_retreat) return "";
    const ArmyRetreatRules& rules = *c.rules.army_retreat;
    std::string names;
    for (const model::Side& side : c.battle.sides) {
        int units = 0, lost = 0;
        for (const model::Unit& u : c.battle.units) {
            if (u.side != side.id || u.has(model::Flag::Reserve)) continue;
            ++units;
            if (!u.on_table() || std::any_of(rules.lost_markers.begin(), rules.lost_markers.end(),
                                             [&](const std::string& m) { return carries(u, m); }))
                ++lost;
        }
        if (units == 0) continue;
        const auto [n, d] = rules.lost_more_than;
        const bool over = lost * d > units * n;
        c.cite("End of turn " + std::to_string(c.battle.turn) + ": " + side.name + " has lost " + std::to_string(lost) +
                   " of its " + std::to_string(units) + " units (broken, destroyed or off the table)" +
                   (over ? ", more than " + std::to_string(n) + "/" + std::to_string(d) + ": it " + rules.text
                         : ", not more than " + std::to_string(n) + "/" + std::to_string(d)),
               rules.citation);
        if (over) names += "; " + side.name + " " + rules.text;
    }
    return names;
}

} // namespace detail

TurnStep name_first(const model::Battle& battle, const TurnRules& rules, int first) {
    Change c(battle, rules, "turn-first");
    TurnState& s = c.state;
    const PhaseRule* phase = current_phase(s, rules);
    if (!phase || phase->kind != PhaseKind::MoveOrder || !rules.move_order)
        refuse("phase", "the order can only be named in the move-order phase" +
                            (phase ? " (this is the " + phase->name + ")" : std::string(" (the battle has not started)")));
    if (!rules.move_order->may_name_first) refuse("phase", "these rules settle the order by dice: roll for it");
    if (order_in_force(rules, s, battle.turn)) refuse("phase", "the order is already settled");
    if (!battle.side(first)) refuse("side", "there is no side " + std::to_string(first));
    OrderRoll order;
    order.turn = battle.turn;
    order.first = first;
    s.orders.push_back(order);
    s.moving_side = first;
    c.step.request.values["first"] = std::to_string(first);
    c.cite(side_name(battle, first) + " goes first, as the umpire names it (usually the attacker)" +
               std::string(rules.move_order->once ? ", for the whole battle" : ""),
           rules.move_order->citation);
    return c.finish(side_name(battle, first) + " goes first");
}

} // namespace umpire::turn
