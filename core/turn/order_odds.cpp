#include "turn/order_odds.h"

#include "dice/distribution.h"
#include "turn/engine_detail.h"

#include <algorithm>

namespace umpire::turn {

using namespace detail;

const OrderRules* order_rules_now(const model::Battle& battle, const TurnRules& rules) {
    const TurnState s = turn_state(battle);
    const PhaseRule* phase = current_phase(s, rules);
    if (!phase) return nullptr;
    if (phase->kind == PhaseKind::MoveOrder) return rules.move_order ? &*rules.move_order : nullptr;
    if (phase->kind == PhaseKind::Activation && activation_method(rules, s) == "initiative")
        return rules.initiative ? &*rules.initiative : nullptr;
    return nullptr;
}

const model::Unit* observer_on_table(const model::Battle& battle, const OrderRules& order, int side) {
    for (const auto& u : battle.units)
        if (u.side == side && u.on_table() &&
            std::find(order.observer_types.begin(), order.observer_types.end(), u.troop_type) != order.observer_types.end())
            return &u;
    return nullptr;
}

bool observes(const model::Battle& battle, const OrderRules& order, const std::vector<int>& observation,
              const std::vector<int>& denied, int side) {
    auto in = [side](const std::vector<int>& list) { return std::find(list.begin(), list.end(), side) != list.end(); };
    return in(observation) || (!in(denied) && observer_on_table(battle, order, side));
}

std::vector<rules::Chance> order_chances(const model::Battle& battle, const TurnRules& rules,
                                         const std::vector<int>& observation, const std::vector<int>& denied) {
    const OrderRules* order = order_rules_now(battle, rules);
    const TurnState s = turn_state(battle);
    if (!order || battle.sides.size() != 2 || s.order_for(battle.turn)) return {};
    const int a = battle.sides[0].id;
    const int b = battle.sides[1].id;
    auto score = [&](int side) {
        const bool bonus = observes(battle, *order, observation, denied, side);
        return dice::Distribution::die(order->die) + dice::Distribution::constant(bonus ? order->observation_bonus : 0);
    };
    const dice::Distribution score_a = score(a);
    const dice::Distribution score_b = score(b);
    double a_high = 0, tie = 0;
    for (int k = score_b.min(); k <= score_b.max(); ++k) {
        a_high += score_b.p_exactly(k) * score_a.p_at_least(k + 1);
        tie += score_b.p_exactly(k) * score_a.p_exactly(k);
    }
    const double b_high = 1 - a_high - tie;
    const OrderRoll* previous = s.order_for(battle.turn - 1);
    if (order->tie_repeats_previous && previous)
        return {{side_name(battle, a) + " is high and chooses", a_high},
                {side_name(battle, b) + " is high and chooses", b_high},
                {"a tie: " + side_name(battle, previous->first) + " first again, as last turn", tie}};
    // Re-rolled until settled: only the decisive rolls count.
    return {{side_name(battle, a) + " is high and chooses", a_high / (1 - tie)},
            {side_name(battle, b) + " is high and chooses", b_high / (1 - tie)}};
}

} // namespace umpire::turn
