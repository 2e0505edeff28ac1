// The turn engine's common parts and the phases: configuring a battle's turn options and moving
// from phase to phase (with the markers each phase resets and the work each phase begins with).
#include "turn/engine_detail.h"
#include "turn/owed_list.h"

#include "kit/deeds.h"
#include "kit/effects.h"
#include "kit/side_phase.h"
#include "kit/text.h"

#include <algorithm>

namespace umpire::turn {

using namespace detail;

namespace detail {

Change::Change(const model::Battle& b, const TurnRules& r, std::string action)
    : battle(b), rules(r), before(turn_state(b)), state(before) {
    step.request.action = action;
    step.resolution.ruleset = b.ruleset;
    step.resolution.action = std::move(action);
    step.resolution.rolled = true;  // nothing is previewed: every operation happens when asked
}

void Change::set_counter(const std::string& key, int value, const std::string& reason) {
    auto it = battle.counters.find(key);
    const int now = it == battle.counters.end() ? 0 : it->second;
    if (now == value) return;
    effect({model::Entity::Battle, 0, "counter:" + key, now, value, reason});
}

TurnStep Change::finish(std::string outcome) {
    step.resolution.outcome = std::move(outcome);
    const std::string after = to_text(state);
    auto it = battle.texts.find(kTurnText);
    std::optional<std::string> was;
    if (it != battle.texts.end()) was = it->second;
    if (was != after)
        step.resolution.effects.push_back(model::text_effect(model::Entity::Battle, 0,
                                                             std::string("text:") + kTurnText, was, after,
                                                             step.resolution.outcome));
    return step;
}

const PhaseRule* current_phase(const TurnState& state, const TurnRules& rules) {
    if (!state.started || state.phase < 0 || state.phase >= static_cast<int>(rules.phases.size())) return nullptr;
    return &rules.phases[static_cast<std::size_t>(state.phase)];
}

bool phase_applies(const PhaseRule& phase, const TurnState& state) {
    return phase.kind != PhaseKind::Wind || state.options.wind;
}

std::string activation_method(const TurnRules& rules, const TurnState& state) {
    if (rules.deck && rules.initiative) return state.options.activation;
    if (rules.deck) return "cards";
    if (rules.initiative) return "initiative";
    return "";
}

PhaseWords phase_words(const PhaseRule& phase, const TurnRules& rules, const TurnState& state) {
    PhaseWords w{phase.name, phase.text, phase.citation};
    if (phase.kind == PhaseKind::Activation && activation_method(rules, state) == "initiative" && rules.initiative) {
        if (!rules.initiative->name.empty()) w.name = rules.initiative->name;
        if (!rules.initiative->text.empty()) w.text = rules.initiative->text;
        if (!rules.initiative->citation.empty()) w.citation = rules.initiative->citation;
    }
    return w;
}

const model::Commander* general_of(const model::Battle& battle, int side) {
    for (const auto& c : battle.commanders)
        if (c.side == side && c.is_general && c.status == model::CommanderStatus::Active) return &c;
    return nullptr;
}

std::string side_name(const model::Battle& battle, int side) {
    const model::Side* s = battle.side(side);
    return s ? s->name : "side " + std::to_string(side);
}

std::string commander_name(const model::Battle& battle, int id) {
    const model::Commander* c = battle.commander(id);
    return c ? c->name : "commander " + std::to_string(id);
}

namespace {
bool never_moves(const TurnRules& rules, const model::Unit& u) {
    return std::find(rules.never_move.begin(), rules.never_move.end(), u.troop_type) != rules.never_move.end();
}
} // namespace

std::vector<int> units_to_move(const model::Battle& battle, const TurnRules& rules, int side) {
    std::vector<int> out;
    for (const auto& u : battle.units) {
        if (u.side != side || !u.on_table() || never_moves(rules, u)) continue;
        if (kit::did(battle, u, kit::Deed::Moved, kit::Within::Turn)) continue;
        out.push_back(u.id);
    }
    return out;
}

int side_to_move(const model::Battle& battle, const TurnRules& rules, const TurnState& state) {
    if (battle.sides.empty()) return 0;
    const OrderRoll* order = order_in_force(rules, state, battle.turn);
    const int first = order ? order->first : battle.sides.front().id;
    int best = 0;
    int fewest = 0;
    for (int side = first, seen = 0; seen < static_cast<int>(battle.sides.size()); side = next_side(battle, side), ++seen) {
        if (units_to_move(battle, rules, side).empty()) continue;
        int moved = 0;
        for (const auto& u : battle.units)
            if (u.side == side && u.on_table() && !never_moves(rules, u) &&
                kit::did(battle, u, kit::Deed::Moved, kit::Within::Turn))
                ++moved;
        if (!best || moved < fewest) {
            best = side;
            fewest = moved;
        }
    }
    return best;
}

int side_of_player(const model::Battle& battle, const TurnState& state, int player) {
    if (battle.sides.empty()) return 0;
    const OrderRoll* order = state.order_for(battle.turn);
    const int first = order ? order->first : battle.sides.front().id;
    return player <= 1 ? first : next_side(battle, first);
}

std::vector<int> units_to_act(const model::Battle& battle, int side) {
    std::vector<int> out;
    for (const auto& u : battle.units) {
        if (u.side != side || !u.on_table()) continue;
        bool acted = false;
        for (kit::Deed d : {kit::Deed::Moved, kit::Deed::Fired, kit::Deed::Rallied, kit::Deed::Worked}) {
            const kit::Done done = kit::done(battle, u, d, kit::Within::Turn);
            if (done.happened && done.how != kit::How::Reaction && done.how != kit::How::Retreat) acted = true;
        }
        if (!acted) out.push_back(u.id);
    }
    return out;
}

int next_side(const model::Battle& battle, int side, const std::vector<int>& skip) {
    const auto& sides = battle.sides;
    if (sides.empty()) return 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (sides[i].id == side) start = i;
    for (std::size_t k = 1; k <= sides.size(); ++k) {
        const int id = sides[(start + k) % sides.size()].id;
        if (std::find(skip.begin(), skip.end(), id) == skip.end()) return id;
    }
    return 0;
}

} // namespace detail

namespace {

std::vector<OwedItem> due_owed(const model::Battle& battle, const TurnRules& rules, const TurnState& s) {
    std::vector<OwedItem> due = owed_now(battle, rules, s);
    std::erase_if(due, [](const OwedItem& i) { return !i.due_now; });
    return due;
}

// Why the current phase is not finished yet by the turn's own bookkeeping ("" when it is).
std::string engine_unfinished(const model::Battle& battle, const TurnRules& rules, const TurnState& s,
                              const PhaseRule* phase) {
    switch (phase->kind) {
    case PhaseKind::Wind: {
        bool rolled = std::any_of(s.wind_history.begin(), s.wind_history.end(),
                                  [&](const WindRecord& w) { return w.turn == battle.turn && w.roll > 0; });
        return rolled ? "" : "the wind has not been rolled this turn";
    }
    case PhaseKind::Activation:
        if (s.chance_due_side) return side_name(battle, s.chance_due_side) + " has a chance card to draw";
        if (activation_method(rules, s) == "cards") {
            if (s.current && s.current->kind == CardKind::Side && !s.active_commander)
                return side_name(battle, s.current->side) + " has not chosen who uses its card";
            if (!s.deck.empty())
                return std::to_string(s.deck.size()) + (s.deck.size() == 1 ? " card is" : " cards are") +
                       " left in the deck";
            return "";
        }
        if (!s.order_for(battle.turn)) return "initiative has not been rolled this turn";
        if (s.moving_side) return side_name(battle, s.moving_side) + " is still activating";
        return "";
    case PhaseKind::MoveOrder:
        if (!order_in_force(rules, s, battle.turn)) return "the move order has not been rolled";
        if (s.chance_due_side) return side_name(battle, s.chance_due_side) + " has a chance card to draw";
        return "";
    case PhaseKind::Side: return "";  // a unit may do nothing: the umpire ends the phase
    case PhaseKind::Moves: {
        std::size_t left = 0;
        for (const auto& side : battle.sides) left += units_to_move(battle, rules, side.id).size();
        if (left == 0) return "";
        return std::to_string(left) + (left == 1 ? " unit has" : " units have") + " neither moved nor stood";
    }
    case PhaseKind::Resolve:
        // A player's phase that began with a chance card to draw (IGO-UGO) waits for it.
        return s.chance_due_side ? side_name(battle, s.chance_due_side) + " has a chance card to draw" : "";
    case PhaseKind::Rally: return rally_unfinished(battle, *phase);
    case PhaseKind::SideMoves: return side_moves_unfinished(battle, s);
    }
    return "";
}

// Why the current phase is not finished yet ("" when it is): the turn's bookkeeping first, then
// what the ruleset's own rules still want done in it.
std::string unfinished(const model::Battle& battle, const TurnRules& rules, const TurnState& s) {
    const PhaseRule* phase = current_phase(s, rules);
    if (!phase) return "";
    std::string why = engine_unfinished(battle, rules, s, phase);
    if (why.empty() && rules.ruleset) why = rules.ruleset->phase_unfinished(battle, phase->id);
    if (!why.empty()) return why;
    // What the units owe by the end of this phase, each with its rule.
    for (const OwedItem& item : due_owed(battle, rules, s))
        why += (why.empty() ? "" : "; ") + item.text + " (" + item.citation + ")";
    return why;
}

// Clears the phase's markers on every unit.
void apply_resets(Change& c, const PhaseRule& phase) {
    for (const std::string& reset : phase.resets) {
        const bool counter = reset.rfind("counter:", 0) == 0;
        auto flag = counter ? std::nullopt : model::flag_from_id(reset);
        if (!counter && !flag) refuse("phase", "the phase resets an unknown marker \"" + reset + "\"");
        int cleared = 0;
        for (const auto& u : c.battle.units) {
            if (counter) {
                auto it = u.counters.find(reset.substr(8));
                if (it == u.counters.end() || it->second == 0) continue;
                c.effect({model::Entity::Unit, u.id, reset, it->second, 0, "new phase: " + phase.name});
            } else {
                if (!u.has(*flag)) continue;
                c.effect({model::Entity::Unit, u.id, "flag:" + reset, 1, 0, "new phase: " + phase.name});
            }
            ++cleared;
        }
        if (cleared)
            c.cite(phase.name + " begins: '" + (counter ? reset.substr(8) : reset) + "' cleared on " +
                       std::to_string(cleared) + (cleared == 1 ? " unit" : " units"),
                   phase.citation);
    }
}

void build_deck(Change& c, const std::vector<int>& observation, int turn) {
    const DeckRules& rules = *c.rules.deck;
    TurnState& s = c.state;
    s.deck.clear();
    int commanders = 0, lost = 0;
    for (const auto& k : c.battle.commanders) {
        if (k.status != model::CommanderStatus::Active) {
            ++lost;
            continue;
        }
        const bool assigned = s.options.assignment == "pre-assigned" ||
                              (s.options.assignment == "handicap" && k.side == s.options.handicapped_side);
        for (int i = 0; i < rules.cards_per_commander; ++i) {
            if (assigned)
                s.deck.push_back({k.is_general ? CardKind::General : CardKind::Commander, k.side, k.id});
            else
                s.deck.push_back({CardKind::Side, k.side, 0});
        }
        ++commanders;
    }
    const std::string per = rules.cards_per_commander == 1 ? "one" : std::to_string(rules.cards_per_commander);
    c.cite(std::to_string(commanders * rules.cards_per_commander) + " commander cards, " + per +
               " per commander, in their side's colour" +
               (lost ? " (" + std::to_string(lost) + " lost commanders have none; their units dice for activation)" : ""),
           rules.citation);
    for (int side : observation) {
        const model::Commander* g = general_of(c.battle, side);
        if (!c.battle.side(side)) refuse("observation", "there is no side " + std::to_string(side));
        if (!g) {
            c.cite(side_name(c.battle, side) + " has no General on the field: no extra card", rules.observation_citation);
            continue;
        }
        for (int i = 0; i < rules.observation_cards; ++i) s.deck.push_back({CardKind::General, side, g->id});
        c.cite(side_name(c.battle, side) + "'s General sees 2 or more formed enemy units: an extra General's card",
               rules.observation_citation);
    }
    if (s.options.chance_cards)
        for (int i = 0; i < rules.joker_with_chance_cards; ++i) {
            s.deck.push_back({CardKind::Joker, 0, 0});
            c.cite("Chance cards are in use: a joker", rules.citation);
        }
    shuffle(s.deck, s, turn);  // the turn being entered: a new turn's deck has its own stream
    c.cite("Shuffled: " + std::to_string(s.deck.size()) + " cards", rules.citation);
}

void enter(Change& c, int index, const std::vector<int>& observation, int turn) {
    TurnState& s = c.state;
    s.phase = index;
    // The phase, where what each unit does is stamped (kit/deeds.h).
    const PhaseRule& phase = c.rules.phases[static_cast<std::size_t>(index)];
    kit::change(c.battle, c.step.resolution, model::Entity::Battle, 0, std::string("counter:") + kit::kPhaseCounter,
                index + 1, "Phase " + std::to_string(index + 1) + " of " + std::to_string(c.rules.phases.size()) +
                               ": " + phase.name);
    // Whose phase it is, for the limits that keep a unit to its side's phase (kit/side_phase.h);
    // no effect at all for a ruleset without side phases (the counter stays 0).
    const int acting = phase.kind == PhaseKind::Side ? side_of_player(c.battle, s, phase.player)
                                                     : player_side(c.battle, c.rules, s, phase, turn);
    kit::change(c.battle, c.step.resolution, model::Entity::Battle, 0, std::string("counter:") + kit::kActiveSideCounter,
                acting, acting ? kit::possessive(side_name(c.battle, acting)) + " phase" : "no side's phase");
    s.current.reset();
    s.active_commander = 0;
    s.moving_side = 0;
    s.sides_done.clear();
    apply_resets(c, phase);
    if (phase.kind == PhaseKind::Activation && activation_method(c.rules, s) == "cards") {
        s.discards.clear();
        s.commanders_done.clear();
        build_deck(c, observation, turn);
    }
    if (phase.kind == PhaseKind::Activation && activation_method(c.rules, s) == "initiative")
        s.commanders_done.clear();
    if (phase.kind == PhaseKind::SideMoves)
        enter_side_moves(c, phase, turn);
    else
        s.step_first = 0;  // a step's choice of who goes first lasts through its sub-phases only
    if (phase.kind == PhaseKind::Moves) {
        const OrderRoll* order = order_in_force(c.rules, s, turn);
        s.moving_side = order ? order->first : (c.battle.sides.empty() ? 0 : c.battle.sides.front().id);
        if (!order) c.cite("No move order was rolled this turn: " + side_name(c.battle, s.moving_side) + " moves first", phase.citation);
        if (units_to_move(c.battle, c.rules, s.moving_side).empty()) s.moving_side = next_side(c.battle, s.moving_side);
    }
    if (phase.kind == PhaseKind::Side) {
        s.moving_side = acting;
        if (!s.order_for(turn))
            c.cite("No order was rolled this turn: " + side_name(c.battle, side_of_player(c.battle, s, 1)) +
                       " is the first player",
                   phase.citation);
        c.cite(side_name(c.battle, acting) + " is the " + (phase.player == 1 ? "first" : "second") + " player",
               phase.citation);
    }
    const PhaseWords words = phase_words(phase, c.rules, s);
    c.cite(words.name + ": " + words.text, words.citation);
    enter_player_phase(c, phase, turn);
}

int first_applicable(const TurnRules& rules, const TurnState& s, int from) {
    for (int i = from; i < static_cast<int>(rules.phases.size()); ++i) {
        const PhaseRule& phase = rules.phases[static_cast<std::size_t>(i)];
        // IGO-UGO: the order is settled once, at the start; its phase does not come round again.
        if (phase.kind == PhaseKind::MoveOrder && rules.move_order && rules.move_order->once && !s.orders.empty())
            continue;
        if (phase_applies(phase, s)) return i;
    }
    return -1;
}

} // namespace

namespace detail {
std::string phase_unfinished(const model::Battle& battle, const TurnRules& rules, const TurnState& s) {
    return unfinished(battle, rules, s);
}
} // namespace detail

TurnStep configure(const model::Battle& battle, const TurnRules& rules, const TurnOptions& options) {
    Change c(battle, rules, "turn-options");
    TurnOptions o = options;
    if (o.activation != "cards" && o.activation != "initiative")
        refuse("activation", "activation must be \"cards\" or \"initiative\", not \"" + o.activation + "\"");
    // A ruleset with neither (Edwardian: a move-order roll) has no choice to make.
    if (rules.deck || rules.initiative) {
        if (o.activation == "cards" && !rules.deck) refuse("activation", "this ruleset has no activation deck");
        if (o.activation == "initiative" && !rules.initiative) refuse("activation", "this ruleset has no initiative method");
    }
    if (o.assignment != "pre-assigned" && o.assignment != "free-choice" && o.assignment != "handicap")
        refuse("assignment", "cards are \"pre-assigned\", \"free-choice\" or \"handicap\", not \"" + o.assignment + "\"");
    if (o.assignment == "handicap" && !battle.side(o.handicapped_side))
        refuse("handicapped-side", "handicap needs the side whose cards are pre-assigned");
    if (o.wind && !rules.wind) refuse("wind", "this ruleset has no wind chart");
    if (o.seed == 0) o.seed = c.state.options.seed;
    if (o.seed == 0) refuse("seed", "a seed is needed for the shuffles");
    const bool piles_stale = o.chance_cards && (!c.state.options.chance_cards || o.blanks != c.state.options.blanks ||
                                                c.state.chance_piles.empty());
    c.state.options = o;
    if (rules.deck || rules.initiative)
        c.cite("Activation: " + (o.activation == "cards" ? "the card deck, cards " + o.assignment +
                                                           (o.assignment == "handicap" ? " for " + side_name(battle, o.handicapped_side) : "")
                                                     : std::string("the initiative method")),
           rules.citation);
    if (o.chance_cards) {
        if (!rules.chance_citation) refuse("chance-cards", "this ruleset has no chance cards");
        if (piles_stale) {
            auto deck = deck_for_battle(battle);
            if (!deck) refuse("chance-cards", "there is no chance deck for this battle");
            c.state.chance_piles.clear();
            c.state.chance_discards.clear();
            for (const std::string& colour : deck->colours()) {
                std::vector<std::string> pile;
                for (const auto& card : deck->cards)
                    if (card.colour == colour)
                        for (int i = 0; i < card.count; ++i) pile.push_back(card.id);
                const int cards = static_cast<int>(pile.size());
                const int blanks = o.blanks < 0 ? deck->blanks : o.blanks;
                const int fewest = cards * rules.blanks_at_least;
                if (blanks < fewest)
                    refuse("blanks", "the " + colour + " set has " + std::to_string(cards) + " cards: shuffle them with " +
                                         std::to_string(fewest) + " or more blanks, not " + std::to_string(blanks));
                pile.insert(pile.end(), static_cast<std::size_t>(blanks), std::string());
                shuffle(pile, c.state, battle.turn);
                c.cite("The " + colour + " chance set: " + std::to_string(cards) + " cards and " +
                           std::to_string(blanks) + " blanks, shuffled",
                       *rules.chance_citation);
                c.state.chance_piles[colour] = std::move(pile);
            }
        }
    }
    if (o.wind) c.cite("The wind is in use: rolled on the wind chart at the start of each turn", rules.wind->citation);
    return c.finish("Turn options set");
}

TurnStep next_phase(const model::Battle& battle, const TurnRules& rules, const std::vector<int>& observation,
                    bool force) {
    Change c(battle, rules, "turn-next");
    TurnState& s = c.state;
    if (s.options.seed == 0) refuse("seed", "set the turn options first (a seed for the shuffles)");
    int turn = battle.turn;
    std::string retreats;  // the armies that must retreat as the turn ends
    int index;
    if (!s.started) {
        s.started = true;
        index = first_applicable(rules, s, 0);
        c.cite("Turn " + std::to_string(turn) + " begins", rules.citation);
    } else {
        const std::string why = unfinished(battle, rules, s);
        if (!why.empty()) {
            const PhaseWords ending = phase_words(*current_phase(s, rules), rules, s);
            if (!force) refuse("phase", "the " + ending.name + " is not finished: " + why);
            c.cite("Ended early by the umpire: " + why, ending.citation);
            // What the text says happens to a unit that did not do what it owed, happens.
            leave_unpaid(battle, due_owed(battle, rules, s), c.step.resolution);
        }
        index = first_applicable(rules, s, s.phase + 1);
        if (index < 0) {
            retreats = army_retreats(c);
            ++turn;
            c.effect({model::Entity::Battle, 0, "turn", battle.turn, turn, "turn " + std::to_string(turn) + " begins"});
            c.cite("Turn " + std::to_string(turn) + " begins", rules.citation);
            index = first_applicable(rules, s, 0);
        }
    }
    const PhaseRule& phase = rules.phases[static_cast<std::size_t>(index)];
    // Observation adds a General's card to the deck as the card activation begins; at any other
    // phase it would be lost without a word.
    if (!observation.empty() && !(phase.kind == PhaseKind::Activation && activation_method(rules, s) == "cards")) {
        if (activation_method(rules, s) == "initiative")
            refuse("observation", "under the initiative method observation adds " +
                                      std::to_string(rules.initiative->observation_bonus) +
                                      " to the side's initiative roll: give it with that roll, not the next phase");
        // Where observation is only a bonus on the order roll (the Rattle of Dice), say so, with its rule.
        if (!rules.deck && rules.move_order && rules.move_order->observation_bonus > 0)
            refuse("observation", "observation adds " + std::to_string(rules.move_order->observation_bonus) +
                                      " to the side's roll for the order (" + rules.move_order->citation +
                                      "): give it with that roll, not the next phase");
        refuse("observation", "observation gives an extra General's card only as the card activation phase "
                              "begins, not the " + phase.name);
    }
    enter(c, index, observation, turn);
    return c.finish("Turn " + std::to_string(turn) + ": " + phase_words(phase, rules, s).name + retreats);
}

} // namespace umpire::turn
