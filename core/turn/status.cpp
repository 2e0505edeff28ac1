// The turn bar's view of the battle: the phase, who is active and the one thing to do next.
#include "turn/compass.h"
#include "turn/engine_detail.h"
#include "turn/order_odds.h"

#include "kit/deeds.h"
#include "kit/text.h"

#include <algorithm>
#include <functional>

namespace umpire::turn {

using namespace detail;

namespace {

// The units the active commander may order now: his own (the General: his whole side's) that
// are on the table and not yet ordered this turn.
std::vector<int> units_to_order(const model::Battle& battle, int commander) {
    std::vector<int> out;
    const model::Commander* k = battle.commander(commander);
    if (!k) return out;
    for (const auto& u : battle.units) {
        // His units first: asking each of a big battle's units what it did this turn cost more
        // than the rest of the status.
        if (!(k->is_general ? u.side == k->side : (u.commander == k->id || k->attached_unit == u.id))) continue;
        if (!u.on_table()) continue;
        // The General may try again a unit that failed to receive an order (4.1); another commander
        // activates a unit once.
        if (kit::did(battle, u, k->is_general ? kit::Deed::Ordered : kit::Deed::Activated, kit::Within::Turn)) continue;
        out.push_back(u.id);
    }
    return out;
}

// The status, with what the units owe as `owed` works it out for the turn's state.
using OwedFor = std::function<std::vector<OwedItem>(const TurnState&)>;
TurnStatus status_with(const model::Battle& battle, const TurnRules& rules, const OwedFor& owed);

} // namespace

TurnStatus turn_status(const model::Battle& battle, const TurnRules& rules) {
    return status_with(battle, rules, [&](const TurnState& s) { return owed_now(battle, rules, s); });
}

void update_turn_status(TurnStatus& status, const model::Battle& battle, const TurnRules& rules, OwedLedger& ledger) {
    std::vector<OwedItem> owed = std::move(status.owed);
    try {
        status = status_with(battle, rules, [&](const TurnState& s) {
            ledger.update(owed, battle, rules, s);
            return std::move(owed);
        });
    } catch (...) {
        ledger.note_everything();  // the list it brought up to date is lost with the status
        throw;
    }
}

namespace {

TurnStatus status_with(const model::Battle& battle, const TurnRules& rules, const OwedFor& owed) {
    TurnStatus st;
    const TurnState s = turn_state(battle);
    st.turn = battle.turn;
    st.started = s.started;
    st.wind_in_use = s.options.wind;
    st.wind_direction = battle_counter(battle, kWindDirection);
    st.wind_strength = battle_counter(battle, kWindStrength);
    if (rules.wind) {
        const auto& names = rules.wind->strengths;
        const std::string strength = st.wind_strength >= 0 && st.wind_strength < static_cast<int>(names.size())
                                         ? names[static_cast<std::size_t>(st.wind_strength)]
                                         : "";
        st.wind_label = st.wind_direction ? std::string(compass_name(st.wind_direction)) + ", " + strength : "no wind";
    }
    st.cards_left = static_cast<int>(s.deck.size());
    st.discards = s.discards;
    st.current = s.current;
    if (s.current) st.current_label = card_label(battle, *s.current);
    st.active_commander = s.active_commander;
    st.chance_due_side = s.chance_due_side;
    st.joker_pending = s.joker_pending;
    if (const OrderRoll* o = order_in_force(rules, s, battle.turn)) {
        st.first_side = o->first;
        st.high_roller = o->winner;
    }
    if (s.chance_current && !s.chance_current->second.empty()) {
        st.chance_colour = s.chance_current->first;
        if (auto deck = deck_for_battle(battle))
            for (const auto& card : deck->cards)
                if (card.colour == s.chance_current->first && card.id == s.chance_current->second) st.chance_card = card;
    } else if (s.chance_current) {
        st.chance_colour = s.chance_current->first;
        ChanceCard blank;
        blank.title = "Blank";
        blank.text = "Nothing happens.";
        blank.colour = s.chance_current->first;
        st.chance_card = blank;
    }

    st.order_chances = order_chances(battle, rules, {});
    st.owed = owed(s);
    const PhaseRule* phase = current_phase(s, rules);
    if (!phase) {
        st.next = s.options.seed ? "Start the battle: next phase" : "Set the turn options, or start the battle with the defaults";
        st.can_advance = s.options.seed != 0;
        if (!st.can_advance) st.advance_blocked = "the turn options are not set";
        return st;
    }
    st.phase = s.phase;
    st.phase_id = phase->id;
    const PhaseWords words = phase_words(*phase, rules, s);
    st.phase_name = words.name;
    st.phase_kind = phase->kind;
    st.phase_text = words.text;
    st.citation = words.citation;
    switch (phase->kind) {
    case PhaseKind::Wind:
        st.next = std::any_of(s.wind_history.begin(), s.wind_history.end(),
                              [&](const WindRecord& w) { return w.turn == battle.turn && w.roll > 0; })
                      ? "Wind rolled: next phase"
                      : "Roll the wind chart";
        break;
    case PhaseKind::Activation:
        st.method = activation_method(rules, s);
        if (st.method == "cards") {
            st.can_draw = !s.deck.empty() && !s.chance_due_side &&
                          !(s.current && s.current->kind == CardKind::Side && !s.active_commander);
            if (s.chance_due_side)
                st.next = side_name(battle, s.chance_due_side) + " draws a chance card";
            else if (s.current && s.current->kind == CardKind::Side && !s.active_commander)
                st.next = side_name(battle, s.current->side) + " chooses a commander for its card";
            else if (!s.deck.empty())
                st.next = s.active_commander ? commander_name(battle, s.active_commander) + " orders his units, then draw the next card"
                                             : "Draw a card";
            else
                st.next = "The deck is empty: next phase";
        } else {
            st.active_side = s.moving_side;
            if (!s.order_for(battle.turn))
                st.next = "Roll for initiative";
            else if (s.chance_due_side)
                st.next = side_name(battle, s.chance_due_side) + " draws a chance card";
            else if (s.moving_side)
                st.next = side_name(battle, s.moving_side) + " activates its commanders, then ends its activations";
            else
                st.next = "Every side has activated: next phase";
        }
        if (s.active_commander) st.units_to_order = units_to_order(battle, s.active_commander);
        break;
    case PhaseKind::MoveOrder: {
        st.method = "move-order";
        const OrderRoll* rolled = s.order_for(battle.turn);
        st.can_choose_first = rolled && rolled->winner;
        if (st.can_choose_first)
            st.next = side_name(battle, rolled->winner) + " rolled high and chooses to go first or second (" +
                      side_name(battle, rolled->first) + " goes first now), then next phase";
        else
            st.next = order_in_force(rules, s, battle.turn)
                          ? "Order settled: next phase"
                          : (rules.move_order && rules.move_order->may_name_first ? "Name the side that goes first, or roll for it"
                                                                                  : "Roll for the move order");
        break;
    }
    case PhaseKind::Moves:
        st.active_side = side_to_move(battle, rules, s);
        if (st.active_side) {
            st.units_to_move = units_to_move(battle, rules, st.active_side);
            st.next = side_name(battle, st.active_side) + " moves one unit (or declares it stationary)";
        } else {
            st.next = "Every unit has moved: next phase";
        }
        break;
    case PhaseKind::Resolve:
        st.active_side = player_side(battle, rules, s, *phase, battle.turn);
        if (s.chance_due_side)
            st.next = side_name(battle, s.chance_due_side) + " draws a chance card";
        else
            st.next = (st.active_side ? side_name(battle, st.active_side) + ": " : std::string()) +
                      (phase->text.empty() ? "Resolve the phase, then next phase" : phase->text);
        break;
    case PhaseKind::Side:
        st.active_side = s.moving_side;
        st.units_to_move = units_to_act(battle, s.moving_side);
        st.next = kit::possessive(side_name(battle, s.moving_side)) + " " + phase->todo + "; then next phase" +
                  (st.units_to_move.empty() ? "" : " (" + std::to_string(st.units_to_move.size()) + " have not acted)");
        break;
    case PhaseKind::Rally: rally_status(battle, *phase, st); break;
    case PhaseKind::SideMoves: side_moves_status(battle, rules, s, *phase, st); break;
    }
    // Whether next_phase would go ahead without force.
    try {
        next_phase(battle, rules, {}, false);
        st.can_advance = true;
    } catch (const rules::InputError& e) {
        // The front ends say "not finished" themselves: the reason alone ("the move order has
        // not been rolled"), else whatever refused.
        const std::string why = detail::phase_unfinished(battle, rules, s);
        st.advance_blocked = why.empty() ? std::string(e.what()) : why;
    }
    return st;
}

} // namespace

} // namespace umpire::turn
