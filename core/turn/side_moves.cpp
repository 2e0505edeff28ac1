// Two phase kinds for turns played side by side (the Featherstone-like rules' Sequence of play):
// side moves, where each side in turn does a sub-phase (moving its generals, its charging units,
// its other units), the first player then the second, the high roller choosing who goes first;
// and the rally phase, which lists the units marked to rally and waits for their checks.
#include "turn/engine_detail.h"
#include "turn/owed_list.h"
#include "turn/places.h"

#include "kit/deeds.h"
#include "kit/effects.h"

#include <algorithm>

namespace umpire::turn {

using namespace detail;

namespace {

const PhaseRule& require_side_moves(const Change& c, const std::string& doing) {
    const PhaseRule* phase = current_phase(c.state, c.rules);
    if (!phase || phase->kind != PhaseKind::SideMoves)
        refuse("phase", "cannot " + doing + " now: " +
                            (phase ? "this is the " + phase->name : std::string("the battle has not started (next phase first)")));
    return *phase;
}

// What `side` would leave owed if it finished the sub-phase now: what is due in the phase from its
// own units, and what its acts raised this phase on the other side's (a charged unit's morale check,
// made while the charger moves: once the other side moves, that unit's side is acting and a
// reaction is no longer its to make). "" when nothing.
std::string left_owed(const model::Battle& battle, const TurnRules& rules, const TurnState& s, int side) {
    std::string why;
    const int stamp = kit::now(battle).stamp();
    for (const OwedItem& item : owed_now(battle, rules, s)) {
        const model::Unit* u = battle.unit(item.unit);
        if (!item.due_now || !u) continue;
        const bool arose_now =
            !item.obligation->standing() && kit::counter(*u, kit::owed_key(item.obligation->id)) == stamp;
        if (u->side == side || arose_now) why += (why.empty() ? "" : "; ") + item.text + " (" + item.citation + ")";
    }
    return why;
}

} // namespace

namespace detail {

void enter_side_moves(Change& c, const PhaseRule& phase, int turn) {
    TurnState& s = c.state;
    if (phase.choose_first) s.step_first = 0;  // a new step: the roll's choice until the high roller says otherwise
    const OrderRoll* order = s.order_for(turn);
    s.moving_side = s.step_first ? s.step_first : order ? order->first : (c.battle.sides.empty() ? 0 : c.battle.sides.front().id);
    if (!order) c.cite("No initiative was rolled this turn: " + side_name(c.battle, s.moving_side) + " goes first", phase.citation);
    c.cite(side_name(c.battle, s.moving_side) + " goes first in this sub-phase", phase.citation);
}

std::string side_moves_unfinished(const model::Battle& battle, const TurnState& state) {
    if (!state.moving_side) return "";
    return side_name(battle, state.moving_side) + " has not finished";
}

std::vector<int> units_to_rally(const model::Battle& battle, const PhaseRule& phase) {
    std::vector<int> out;
    const auto marker = model::flag_from_id(phase.marker);
    for (const auto& u : battle.units)
        if (u.on_table() && marker && u.has(*marker) && !kit::did(battle, u, kit::Deed::Rallied, kit::Within::Turn))
            out.push_back(u.id);
    return out;
}

std::string rally_unfinished(const model::Battle& battle, const PhaseRule& phase) {
    const std::size_t left = units_to_rally(battle, phase).size();
    if (left == 0) return "";
    return std::to_string(left) + (left == 1 ? " unit marked to rally has" : " units marked to rally have") +
           " not made the check";
}

TurnStep side_moves_done(const model::Battle& battle, const TurnRules& rules) {
    Change c(battle, rules, "turn-side-done");
    TurnState& s = c.state;
    const PhaseRule& phase = require_side_moves(c, "end a side's sub-phase");
    if (!s.moving_side) refuse("phase", "both sides have finished the " + phase.name);
    const int done = s.moving_side;
    if (const std::string owed = left_owed(battle, rules, s, done); !owed.empty())
        refuse("phase", side_name(battle, done) + " has not finished the " + phase.name + ": " + owed);
    s.sides_done.push_back(done);
    s.moving_side = next_side(battle, done, s.sides_done);
    c.cite(side_name(battle, done) + " has finished: " + phase.name +
               (s.moving_side ? "; " + side_name(battle, s.moving_side) + " goes next" : "; the sub-phase is over"),
           phase.citation);
    // The journal line says who finished and who goes next, not the next side alone.
    return c.finish(side_name(battle, done) + " has finished: " + phase.name +
                    (s.moving_side ? "; " + side_name(battle, s.moving_side) + " goes next" : "; both sides have"));
}

TurnStep side_unit_moved(const model::Battle& battle, const TurnRules& rules, int unit, bool stationary) {
    Change c(battle, rules, "turn-move");
    TurnState& s = c.state;
    const PhaseRule& phase = require_side_moves(c, "move a unit");
    const model::Unit* u = battle.unit(unit);
    if (!u) refuse("unit", "there is no unit " + std::to_string(unit));
    if (!u->on_table()) refuse("unit", u->name + " is not on the table");
    if (!s.moving_side) refuse("unit", "both sides have finished the " + phase.name);
    // Where a move belongs, as `apply move` is told it: the same places of the turn (turn/places.h).
    const rules::ActionSpec* move = rules.ruleset ? rules.ruleset->action("move") : nullptr;
    if (move && !places_of(rules, "move").empty()) {
        if (const auto refused = place_refusal(battle, rules, *move, u, nullptr, rules::Inputs{}))
            refuse("unit", refused->rule + " (" + refused->citation + ")");
    } else if (u->side != s.moving_side) {
        refuse("unit", "it is " + side_name(battle, s.moving_side) + "'s " + phase.name + ", not " + u->name + "'s side's");
    }
    if (kit::did(battle, *u, kit::Deed::Moved, kit::Within::Turn)) refuse("unit", u->name + " has already moved this turn");
    kit::record(battle, c.step.resolution, *u, kit::Deed::Moved, stationary ? kit::How::Stood : kit::How::Plain, 0,
                stationary ? "stands" : "moved");
    c.step.request.unit = unit;
    c.step.resolution.unit = unit;
    c.step.request.values["stationary"] = stationary ? "yes" : "no";
    c.cite(u->name + (stationary ? " stands" : " moves") + " (" + phase.name + ")", phase.citation);
    return c.finish(u->name + (stationary ? " stands" : " moved"));
}

void side_moves_status(const model::Battle& battle, const TurnRules& rules, const TurnState& s, const PhaseRule& phase,
                       TurnStatus& st) {
    st.active_side = s.moving_side;
    const OrderRoll* order = s.order_for(battle.turn);
    st.can_choose_first = phase.choose_first && s.sides_done.empty() && order && order->winner;
    if (!s.moving_side) {
        st.next = "Both sides have finished: next phase";
        return;
    }
    if (phase.lists == "unmoved") st.units_to_move = units_to_move(battle, rules, s.moving_side);
    st.next = side_name(battle, s.moving_side) + ": " + phase.name + ", then say it has finished";
    if (st.can_choose_first)
        st.next += " (" + side_name(battle, order->winner) + ", the high roller, may first choose who goes first)";
}

void rally_status(const model::Battle& battle, const PhaseRule& phase, TurnStatus& st) {
    st.units_to_check = units_to_rally(battle, phase);
    st.next = st.units_to_check.empty()
                  ? "No unit is marked to rally: next phase"
                  : std::to_string(st.units_to_check.size()) + (st.units_to_check.size() == 1 ? " unit" : " units") +
                        " marked to rally: a rally check for each, then next phase";
}

} // namespace detail

TurnStep choose_first(const model::Battle& battle, const TurnRules& rules, bool winner_goes_first) {
    // After the move-order roll, the high score chooses (Rattle, line 27; Edwardian, Turn Sequence 1).
    if (const PhaseRule* now = current_phase(turn_state(battle), rules); now && now->kind == PhaseKind::MoveOrder)
        return order_choose_first(battle, rules, winner_goes_first);
    Change c(battle, rules, "turn-first");
    TurnState& s = c.state;
    const PhaseRule& phase = require_side_moves(c, "choose who goes first");
    const OrderRoll* order = s.order_for(battle.turn);
    if (!phase.choose_first)
        refuse("phase", "the choice of who goes first is made at the start of the step, not in the " + phase.name);
    if (!order || !order->winner) refuse("phase", "there is no high roller this turn (roll for initiative first)");
    if (!s.sides_done.empty()) refuse("phase", side_name(battle, s.sides_done.front()) + " has already finished the " + phase.name);
    s.step_first = winner_goes_first ? order->winner : next_side(battle, order->winner);
    s.moving_side = s.step_first;
    c.step.request.values["winner-goes"] = winner_goes_first ? "first" : "second";
    c.cite(side_name(battle, order->winner) + ", the high roller, chooses to go " +
               (winner_goes_first ? "first" : "second") + ": " + side_name(battle, s.step_first) + " goes first",
           phase.citation);
    return c.finish(side_name(battle, s.step_first) + " goes first");
}

} // namespace umpire::turn
