// Who acts: the activation deck (draw, the General's card, the joker, free choice), the
// initiative and move-order rolls, and alternate single-unit moves.
#include "dice/dice_source.h"
#include "turn/engine_detail.h"
#include "turn/places.h"
#include "turn/order_odds.h"

#include "kit/deeds.h"

#include <algorithm>

namespace umpire::turn {

using namespace detail;

namespace {

const PhaseRule& require_phase(const Change& c, PhaseKind kind, const std::string& doing) {
    const PhaseRule* phase = current_phase(c.state, c.rules);
    if (!phase || phase->kind != kind)
        refuse("phase", "cannot " + doing + " now: " +
                            (phase ? "this is the " + phase->name : std::string("the battle has not started (next phase first)")));
    return *phase;
}


std::string ordered_units_text(const model::Battle& battle, const model::Commander& k) {
    int own = 0;
    for (const auto& u : battle.units)
        if (u.on_table() && (k.is_general ? u.side == k.side : u.commander == k.id)) ++own;
    return std::to_string(own) + (own == 1 ? " unit" : " units");
}

} // namespace

std::string card_label(const model::Battle& battle, const ActivationCard& card) {
    const model::Side* side = battle.side(card.side);
    const std::string colour = side && !side->colour.empty() ? " (" + side->colour + ")" : "";
    switch (card.kind) {
    case CardKind::Joker: return "Joker";
    case CardKind::General: return "General's card: " + commander_name(battle, card.commander) + colour;
    case CardKind::Commander: return commander_name(battle, card.commander) + colour;
    case CardKind::Side: return (side && !side->colour.empty() ? side->colour : side_name(battle, card.side)) + " card: " +
                                side_name(battle, card.side) + " chooses";
    }
    return "card";
}

TurnStep draw_card(const model::Battle& battle, const TurnRules& rules) {
    Change c(battle, rules, "turn-draw");
    TurnState& s = c.state;
    const PhaseRule& phase = require_phase(c, PhaseKind::Activation, "draw a card");
    if (activation_method(rules, s) != "cards") refuse("phase", "this battle uses the initiative method, not cards");
    if (s.chance_due_side)
        refuse("chance", side_name(battle, s.chance_due_side) + " draws a chance card first");
    if (s.current && s.current->kind == CardKind::Side && !s.active_commander)
        refuse("commander", side_name(battle, s.current->side) + " must first choose who uses its card");
    if (s.deck.empty()) refuse("deck", "the deck is empty: the activation phase is over (next phase)");
    const ActivationCard card = s.deck.front();
    s.deck.erase(s.deck.begin());
    s.discards.push_back(card);
    s.current = card;
    s.active_commander = 0;
    const std::string label = card_label(battle, card);
    std::string outcome;
    if (card.kind == CardKind::Joker) {
        s.joker_pending = true;
        c.cite("The joker: the next player whose card comes up draws a chance card", rules.chance_citation.value_or(phase.citation));
        outcome = "Joker: the next player whose card comes up draws a chance card";
    } else {
        if (s.joker_pending && s.options.chance_cards) {
            s.joker_pending = false;
            s.chance_due_side = card.side;
            c.cite("After the joker, " + side_name(battle, card.side) + "'s card is next: it draws a chance card",
                   rules.chance_citation.value_or(phase.citation));
        }
        if (card.kind == CardKind::Side) {
            c.cite("A " + label + ": the player picks one of his commanders not yet activated this turn", phase.citation);
            outcome = label;
        } else {
            const model::Commander* k = battle.commander(card.commander);
            if (!k || k->status != model::CommanderStatus::Active) {
                c.cite(commander_name(battle, card.commander) + " has been lost since the deck was made: the card is "
                       "wasted, his units dice for activation", phase.citation);
                outcome = label + ": lost, no activation";
            } else {
                s.active_commander = k->id;
                s.commanders_done.push_back(k->id);
                if (card.kind == CardKind::General)
                    c.cite(k->name + " may order any unit of his side not yet ordered this turn or that failed to "
                           "receive an order", phase.citation);
                else
                    c.cite(k->name + " activates: " + ordered_units_text(battle, *k) + "; those not within range and "
                           "in sight of him roll to be ordered",
                           phase.citation);
                outcome = label + " activates";
            }
        }
    }
    if (s.deck.empty()) c.cite("That was the last card: the activation phase ends when it has been played", phase.citation);
    c.step.request.values["card"] = std::string(card_kind_id(card.kind));
    return c.finish(outcome);
}

TurnStep choose_commander(const model::Battle& battle, const TurnRules& rules, int commander) {
    Change c(battle, rules, "turn-choose");
    TurnState& s = c.state;
    const PhaseRule& phase = require_phase(c, PhaseKind::Activation, "choose a commander");
    const model::Commander* k = battle.commander(commander);
    if (!k) refuse("commander", "there is no commander " + std::to_string(commander));
    if (k->status != model::CommanderStatus::Active)
        refuse("commander", k->name + " is " + std::string(model::commander_status_id(k->status)));
    int side = 0;
    if (activation_method(rules, s) == "cards") {
        if (!s.current || s.current->kind != CardKind::Side || s.active_commander)
            refuse("commander", "no drawn card is waiting for its commander");
        side = s.current->side;
    } else {
        if (!s.order_for(battle.turn)) refuse("commander", "roll for initiative first");
        side = s.moving_side;
    }
    if (k->side != side) refuse("commander", k->name + " is not on " + side_name(battle, side) + "'s side");
    if (in_list(s.commanders_done, k->id)) refuse("commander", k->name + " has already activated this turn");
    s.active_commander = k->id;
    s.commanders_done.push_back(k->id);
    c.step.request.values["commander"] = std::to_string(k->id);
    c.cite(k->name + " activates" + (k->is_general ? ": the General may order any unit not yet ordered or that failed" : ""),
           phase_words(phase, rules, s).citation);
    return c.finish(k->name + " activates");
}

TurnStep roll_order(const model::Battle& battle, const TurnRules& rules, dice::DiceSource& dice,
                    const std::vector<int>& observation, bool winner_goes_first, const std::vector<int>& denied) {
    Change c(battle, rules, "turn-order");
    TurnState& s = c.state;
    const PhaseRule* phase = current_phase(s, rules);
    const OrderRules* order = nullptr;
    if (phase && phase->kind == PhaseKind::MoveOrder) order = rules.move_order ? &*rules.move_order : nullptr;
    if (phase && phase->kind == PhaseKind::Activation && activation_method(rules, s) == "initiative")
        order = rules.initiative ? &*rules.initiative : nullptr;
    if (!order)
        refuse("phase", "there is no initiative or move-order roll now" +
                            (phase ? " (this is the " + phase->name + ")" : std::string(" (the battle has not started)")));
    if (order->once && order_in_force(rules, s, battle.turn)) refuse("phase", "the order is settled for the whole battle");
    if (s.order_for(battle.turn)) refuse("phase", "the order for turn " + std::to_string(battle.turn) + " is already rolled");
    if (battle.sides.size() < 2) refuse("sides", "the battle needs two sides to roll for the order");
    for (int side : observation)
        if (!battle.side(side)) refuse("observation", "there is no side " + std::to_string(side));
    for (int side : denied) {
        if (!battle.side(side)) refuse("observation", "there is no side " + std::to_string(side));
        if (in_list(observation, side))
            refuse("observation", side_name(battle, side) + " is said both to observe and not to: one or the other");
    }
    if (order->die != 6) refuse("phase", "only six-sided order dice are supported");

    OrderRoll result;
    result.turn = battle.turn;
    // Sides with an observer on the table (a balloon, a signals team) have the bonus of their own.
    // The umpire may rule one out: the text asks for a signals team by the General.
    std::vector<int> observing = observation;
    for (const auto& side : battle.sides) {
        const model::Unit* u = observer_on_table(battle, *order, side.id);
        if (!u || in_list(observing, side.id)) continue;
        if (in_list(denied, side.id)) {
            c.cite(side_name(battle, side.id) + "'s observer on the table (" + u->name +
                       ") does not count, the umpire rules: no +" + std::to_string(order->observation_bonus),
                   order->citation);
            continue;
        }
        observing.push_back(side.id);
        c.cite(side_name(battle, side.id) + " has an observer on the table (" + u->name + "): +" +
                   std::to_string(order->observation_bonus),
               order->citation);
    }
    // The exact odds, as they stood before the dice.
    c.step.resolution.chances = order_chances(battle, rules, observation, denied);
    std::vector<int> rolling;
    for (const auto& side : battle.sides) rolling.push_back(side.id);
    std::string tied;  // the tie being rolled again, in words: what to ask for when the dice run out
    for (int round = 1;; ++round) {
        std::vector<std::pair<int, int>> scores;
        for (int side : rolling) {
            int die = 0;
            try {
                die = dice.d6(side_name(battle, side) + "'s order die");
            } catch (const dice::DiceError&) {
                if (tied.empty()) throw;
                // Typed dice that stop at a tie: the rule asks for the re-roll, not for "more dice".
                throw dice::DiceError(tied + ": roll again (" + order->citation + "). Give the re-roll's " +
                                      std::to_string(rolling.size()) + " dice, one for each side in turn, after the " +
                                      std::to_string(dice.used().size()) + " already given");
            }
            const int bonus = in_list(observing, side) ? order->observation_bonus : 0;
            c.step.resolution.dice.push_back({side_name(battle, side) + (round > 1 ? " (re-roll)" : ""), {die}, bonus, 0});
            scores.emplace_back(side, die + bonus);
            c.cite(side_name(battle, side) + " rolls " + std::to_string(die) +
                       (bonus ? " +" + std::to_string(bonus) + " observation = " + std::to_string(die + bonus) : ""),
                   order->citation);
        }
        int best = 0;
        for (const auto& [side, score] : scores) best = std::max(best, score);
        std::vector<int> top;
        for (const auto& [side, score] : scores)
            if (score == best) top.push_back(side);
        result.rolls = scores;
        if (top.size() == 1) {
            result.winner = top.front();
            break;
        }
        const OrderRoll* previous = s.order_for(battle.turn - 1);
        if (order->tie_repeats_previous && previous) {
            result.first = previous->first;
            c.cite("A tie: the previous turn's sequence is repeated, " + side_name(battle, previous->first) + " first",
                   order->citation);
            break;
        }
        c.cite(order->tie_repeats_previous ? "A tie on the first turn: rolled again (there is no previous sequence)"
                                           : "A tie: re-rolled until settled",
               order->citation);
        tied = "A tie at " + std::to_string(best) + " (" + side_name(battle, top.front()) + " and " +
               side_name(battle, top.back()) + ")" +
               (order->tie_repeats_previous ? ", on the first turn: there is no previous sequence to repeat" : "");
        rolling = top;
        if (round > 200) refuse("dice", "the dice keep tying");
    }
    if (result.winner) {
        result.first = winner_goes_first ? result.winner : next_side(battle, result.winner);
        c.cite(side_name(battle, result.winner) + " is high and chooses to go " + (winner_goes_first ? "first" : "second"),
               order->citation);
    }
    s.orders.push_back(result);
    s.moving_side = result.first;
    s.sides_done.clear();
    s.active_commander = 0;
    c.step.request.values["winner-goes"] = winner_goes_first ? "first" : "second";
    if ((phase->kind == PhaseKind::Activation || rules.chance_after_order) && s.options.chance_cards) {
        s.chance_due_side = result.first;
        c.cite(phase->kind == PhaseKind::Activation ? "Chance cards under the initiative method: the first player draws one"
                                                    : "Chance cards: the first player draws one after the order roll",
               rules.chance_citation.value_or(order->citation));
    }
    return c.finish(side_name(battle, result.first) + " goes first");
}

TurnStep detail::order_choose_first(const model::Battle& battle, const TurnRules& rules, bool winner_goes_first) {
    Change c(battle, rules, "turn-first");
    TurnState& s = c.state;
    const PhaseRule& phase = require_phase(c, PhaseKind::MoveOrder, "choose who goes first");
    const auto order = std::find_if(s.orders.begin(), s.orders.end(), [&](const OrderRoll& o) { return o.turn == battle.turn; });
    if (order == s.orders.end()) refuse("phase", "roll for the move order first: the high score then chooses");
    if (!order->winner) refuse("phase", "a tie repeated the previous turn's sequence: there is no high score to choose");
    const int first = winner_goes_first ? order->winner : next_side(battle, order->winner);
    const bool drawn = s.options.chance_cards && rules.chance_after_order && !s.chance_due_side;
    if (drawn && first != order->first)
        refuse("chance", side_name(battle, order->first) + " has drawn its chance card as the first player already");
    if (s.chance_due_side == order->first) s.chance_due_side = first;
    order->first = first;
    s.moving_side = first;
    c.step.request.values["winner-goes"] = winner_goes_first ? "first" : "second";
    c.cite(side_name(battle, order->winner) + ", the high score, chooses to go " + (winner_goes_first ? "first" : "second") +
               ": " + side_name(battle, first) + " goes first",
           rules.move_order ? rules.move_order->citation : phase.citation);
    return c.finish(side_name(battle, first) + " goes first");
}

TurnStep side_done(const model::Battle& battle, const TurnRules& rules) {
    if (const PhaseRule* now = current_phase(turn_state(battle), rules); now && now->kind == PhaseKind::SideMoves)
        return side_moves_done(battle, rules);
    Change c(battle, rules, "turn-side-done");
    TurnState& s = c.state;
    const PhaseRule& phase = require_phase(c, PhaseKind::Activation, "end a side's activations");
    if (activation_method(rules, s) != "initiative") refuse("phase", "with cards, the deck decides who is next");
    if (!s.moving_side) refuse("phase", s.order_for(battle.turn) ? "every side has activated" : "roll for initiative first");
    if (s.chance_due_side) refuse("chance", side_name(battle, s.chance_due_side) + " draws a chance card first");
    const int done = s.moving_side;
    s.sides_done.push_back(done);
    s.active_commander = 0;
    s.moving_side = next_side(battle, done, s.sides_done);
    c.cite(side_name(battle, done) + " has activated its commanders" +
               (s.moving_side ? "; " + side_name(battle, s.moving_side) + " activates next" : "; the activation phase is over"),
           phase_words(phase, rules, s).citation);
    return c.finish(s.moving_side ? side_name(battle, s.moving_side) + " activates" : "Every side has activated");
}

TurnStep unit_moved(const model::Battle& battle, const TurnRules& rules, int unit, bool stationary) {
    if (const PhaseRule* now = current_phase(turn_state(battle), rules); now && now->kind == PhaseKind::SideMoves)
        return side_unit_moved(battle, rules, unit, stationary);
    Change c(battle, rules, "turn-move");
    TurnState& s = c.state;
    const PhaseRule& phase = require_phase(c, PhaseKind::Moves, "move a unit");
    const model::Unit* u = battle.unit(unit);
    if (!u) refuse("unit", "there is no unit " + std::to_string(unit));
    if (!u->on_table()) refuse("unit", u->name + " is not on the table");
    const int moving = side_to_move(battle, rules, s);
    if (!moving) refuse("unit", "every unit has moved this turn");
    // Whose move it is, as `apply move` is told it: the same places of the turn (turn/places.h),
    // asked first as they are there.
    const rules::ActionSpec* move = rules.ruleset ? rules.ruleset->action("move") : nullptr;
    if (!move || places_of(rules, "move").empty()) {
        if (u->side != moving) refuse("unit", not_acting(battle, acting_now(battle, rules, s), u->side));
    } else if (const auto refused = place_refusal(battle, rules, *move, u, nullptr, rules::Inputs{})) {
        refuse("unit", refused->rule + " (" + refused->citation + ")");
    }
    if (kit::did(battle, *u, kit::Deed::Moved, kit::Within::Turn)) refuse("unit", u->name + " has already moved this turn");
    // The same deed a move action records (kit/deeds.h): the limits and the rules read it alike.
    kit::record(battle, c.step.resolution, *u, kit::Deed::Moved, stationary ? kit::How::Stood : kit::How::Plain, 0,
                stationary ? "declared stationary" : "moved");
    c.step.request.unit = unit;
    c.step.resolution.unit = unit;
    c.step.request.values["stationary"] = stationary ? "yes" : "no";
    c.cite(u->name + (stationary ? " is declared stationary (it takes the place of a move)" : " moves"), phase.citation);
    // Whose move next: the side that has moved fewest units and still has some to move.
    model::Battle after = battle;
    after.apply(c.step.resolution.effects);
    const int next = side_to_move(after, rules, s);
    s.moving_side = next;
    if (next)
        c.cite(side_name(battle, next) + " moves next (" + std::to_string(units_to_move(after, rules, next).size()) + " units to move)",
               phase.citation);
    else
        c.cite("Every unit has moved or stood: the movement phase is complete", phase.citation);
    return c.finish(u->name + (stationary ? " stands" : " moved"));
}

} // namespace umpire::turn
