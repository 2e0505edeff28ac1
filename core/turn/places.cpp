#include "turn/places.h"

#include "kit/effects.h"
#include "kit/refusal.h"
#include "kit/text.h"
#include "turn/engine_detail.h"

#include <algorithm>
#include <set>

namespace umpire::turn {

using namespace detail;

namespace {

// A reaction reads what was done to whom this phase: the unit an answered action was aimed at
// keeps who did it and when ("by:charge", "by:charge:at"), the one who did it when ("act:charge:at").
std::string by_key(const std::string& action) { return "by:" + action; }
std::string by_at_key(const std::string& action) { return "by:" + action + ":at"; }
std::string act_at_key(const std::string& action) { return "act:" + action + ":at"; }

bool contains(const std::vector<int>& list, int item) { return std::find(list.begin(), list.end(), item) != list.end(); }

// The side acting for the request: its unit's, else the commander or side it names.
std::optional<int> actor_side(const model::Battle& battle, const rules::ActionSpec& action, const model::Unit* unit,
                              const rules::Inputs& inputs) {
    if (unit) return unit->side;
    for (const auto& input : action.inputs) {
        if (!inputs.counts.count(input.id)) continue;
        const int id = inputs.count(input.id);
        if (input.id_of == rules::IdOf::Commander)
            if (const model::Commander* c = battle.commander(id)) return c->side;
        if (input.id_of == rules::IdOf::Side && battle.side(id)) return id;
    }
    return std::nullopt;
}

// The phases' names as this battle plays them (an activation phase under the initiative method).
std::string phase_list(const TurnRules& rules, const TurnState& state, const std::vector<int>& phases) {
    std::vector<std::string> names;
    for (int i : phases) {
        const std::string name = phase_words(rules.phases[static_cast<std::size_t>(i)], rules, state).name;
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    return kit::list_text(names);
}

// Why this side may not take the action under `place` now ("" when it may).
std::string side_refusal(const model::Battle& battle, const PlaceRule& place, const ActingNow& acting,
                     std::optional<int> side, const model::Unit* unit, const model::Unit* target) {
    switch (place.by) {
    case PlaceBy::Either: return "";
    case PlaceBy::Acting:
        if (!acting.one_side) return "";
        if (!acting.side) return acting.none;
        if (side && *side != acting.side) return not_acting(battle, acting, *side);
        return "";
    case PlaceBy::Reaction: break;
    }
    if (acting.one_side && acting.side && side && *side == acting.side)
        return "a reaction is made by the side not acting: it is " +
               kit::possessive(kit::side_name(battle, acting.side)) + " " + acting.whose;
    const int stamp = kit::now(battle).stamp();
    const std::string answers = kit::list_text(place.to, "or");  // any one of them: "no shoot or move"
    if (place.near) {
        if (!target) return "a reaction to " + answers + " is aimed at the unit that did it: name it";
        for (const auto& a : place.to)
            if (kit::counter(*target, act_at_key(a)) == stamp) return "";
        return target->name + " has done no " + answers + " this phase to react to";
    }
    if (!unit) return "";
    for (const auto& a : place.to) {
        if (kit::counter(*unit, by_at_key(a)) != stamp) continue;
        const int by = kit::counter(*unit, by_key(a));
        if (!target || !by || target->id == by) return "";
        const model::Unit* doer = battle.unit(by);
        return unit->name + " answers the " + a + " of " + (doer ? doer->name : "another unit") + ", not of " +
               target->name;
    }
    return unit->name + " has met no " + answers + " this phase to react to";
}

class PlaceGuard final : public kit::TurnGuard {
public:
    PlaceGuard(TurnRules rules, std::string citation) : rules_(std::move(rules)), citation_(std::move(citation)) {
        for (const PlaceRule& p : rules_.places)
            for (const auto& a : p.to) answered_.insert(a);
    }

    void check(const model::Battle& battle, const rules::ActionSpec& action, const model::Unit* unit,
               const model::Unit* target, const rules::Inputs& inputs, const rules::ActionRequest& request,
               rules::Resolution& out) const override {
        if (auto refused = place_refusal(battle, rules_, action, unit, target, inputs))
            kit::forbid(request, out, refused->rule, citation_ + " " + refused->citation);
    }

    void mark(const model::Battle& battle, const rules::ActionSpec& action, const model::Unit* unit,
              const model::Unit* target, rules::Resolution& out) const override {
        if (!answered_.count(action.id)) return;
        if (!turn_state(battle).started) return;  // nothing reads it without the turn engine
        const int stamp = kit::now(battle).stamp();
        if (target) {
            kit::set_counter(battle, out, *target, by_key(action.id), unit ? unit->id : 0, action.name);
            kit::set_counter(battle, out, *target, by_at_key(action.id), stamp, action.name);
        }
        if (unit) kit::set_counter(battle, out, *unit, act_at_key(action.id), stamp, action.name);
    }

private:
    TurnRules rules_;
    std::string citation_;
    std::set<std::string> answered_;  // actions some reaction answers: marked when taken
};

} // namespace

std::optional<PlaceRefusal> place_refusal(const model::Battle& battle, const TurnRules& rules,
                                          const rules::ActionSpec& action, const model::Unit* unit,
                                          const model::Unit* target, const rules::Inputs& inputs) {
    const auto places = places_of(rules, action.id);
    if (places.empty()) return std::nullopt;
    const TurnState state = turn_state(battle);
    const PhaseRule* phase = current_phase(state, rules);
    if (!phase) return std::nullopt;  // no turn running: a battle played without the turn engine
    const int index = state.phase;
    const ActingNow acting = acting_now(battle, rules, state);
    const std::optional<int> side = actor_side(battle, action, unit, inputs);
    // Taken where any place allows; refused with the first place of this phase that refuses the
    // side, else with the phases the action belongs in.
    const PlaceRule* side_refused = nullptr;
    std::string side_why;
    std::vector<int> phases;  // where the places that hold would take it
    const PlaceRule* elsewhere = nullptr;
    std::vector<std::string> flags_wanted;
    // A place the request asked for by its flag ("out of turn") is the one whose refusal is said.
    std::vector<const PlaceRule*> ordered;
    for (const PlaceRule* place : places) {
        if (place->when.empty()) continue;
        if (inputs.flags.count(place->when) && inputs.flag(place->when))
            ordered.push_back(place);
        else
            flags_wanted.push_back(place->when);
    }
    for (const PlaceRule* place : places)
        if (place->when.empty()) ordered.push_back(place);
    // A place kept for a unit given leave this turn (a chance card's "activated out of turn")
    // holds for that unit only, and says nothing to any other.
    std::erase_if(ordered, [&](const PlaceRule* place) {
        return !place->stamp.empty() && (!unit || kit::counter(*unit, place->stamp) != battle.turn);
    });
    for (const PlaceRule* place : ordered) {
        if (!place->phases.empty() && !contains(place->phases, index)) {
            if (!elsewhere) elsewhere = place;
            for (int p : place->phases)
                if (!contains(phases, p)) phases.push_back(p);
            continue;
        }
        const std::string refused = side_refusal(battle, *place, acting, side, unit, target);
        if (refused.empty()) return std::nullopt;
        if (!side_refused) {
            side_refused = place;
            side_why = refused;
        }
    }
    if (side_refused) return PlaceRefusal{side_why + ": " + side_refused->text, side_refused->citation};
    if (elsewhere) {
        std::sort(phases.begin(), phases.end());
        return PlaceRefusal{action.name + " belongs in the " + phase_list(rules, state, phases) + ", not the " +
                                phase_words(*phase, rules, state).name + ": " + elsewhere->text,
                            elsewhere->citation};
    }
    // Every place holds only with a flag not given ("out of turn"): say which.
    const PlaceRule* first = places.front();
    if (flags_wanted.empty()) return std::nullopt;
    return PlaceRefusal{action.name + " is taken in the " + phase_words(*phase, rules, state).name + " only with " +
                            kit::list_text(flags_wanted) +
                            ": " + first->text,
                        first->citation};
}

ActingNow acting_now(const model::Battle& battle, const TurnRules& rules, const TurnState& s) {
    ActingNow a;
    const PhaseRule* phase = current_phase(s, rules);
    if (!phase) return a;
    switch (phase->kind) {
    case PhaseKind::Activation:
        a.one_side = true;
        if (activation_method(rules, s) == "cards") {
            a.whose = "card";
            if (s.active_commander) {
                if (const model::Commander* c = battle.commander(s.active_commander)) a.side = c->side;
            } else if (s.current && s.current->side) {
                a.side = s.current->side;
            }
            if (!a.side) a.none = "no activation card is up: draw one";
        } else {
            a.whose = "activation";
            a.side = s.moving_side;
            if (!a.side) a.none = s.order_for(battle.turn) ? "no side is activating" : "initiative has not been rolled";
        }
        return a;
    case PhaseKind::Moves:
        a.one_side = true;
        a.whose = "move";
        a.side = side_to_move(battle, rules, s);
        if (!a.side) a.none = "every unit has moved or stood this turn";
        return a;
    case PhaseKind::SideMoves:
    case PhaseKind::Side:
        a.one_side = true;
        a.whose = phase->kind == PhaseKind::Side ? "phase" : "move";
        a.side = s.moving_side;
        if (!a.side) a.none = "no side is moving";
        return a;
    case PhaseKind::Resolve:
        if (!phase->player) return a;
        a.one_side = true;
        a.whose = "phase";
        a.side = player_side(battle, rules, s, *phase, battle.turn);
        if (!a.side) a.none = "the order of play has not been settled";
        return a;
    case PhaseKind::Wind:
    case PhaseKind::MoveOrder:
    case PhaseKind::Rally: return a;
    }
    return a;
}

bool met_this_phase(const model::Battle& battle, const model::Unit& unit, const std::string& action) {
    return kit::counter(unit, by_at_key(action)) == kit::now(battle).stamp();
}

std::string not_acting(const model::Battle& battle, const ActingNow& acting, int side) {
    return "it is " + kit::possessive(kit::side_name(battle, acting.side)) + " " + acting.whose + ", not " +
           kit::possessive(kit::side_name(battle, side));
}

std::unique_ptr<const kit::TurnGuard> place_guard(const kit::Reference& reference, const std::string& citation) {
    return std::make_unique<PlaceGuard>(parse_turn_rules(reference.text, reference.file), citation);
}

std::vector<std::string> actions_in_phase(const TurnRules& rules, int index) {
    if (index < 0 || index >= static_cast<int>(rules.phases.size())) return {};
    return rules.phases[static_cast<std::size_t>(index)].actions;
}

std::vector<const PlaceRule*> places_of(const TurnRules& rules, const std::string& action) {
    std::vector<const PlaceRule*> out;
    for (const PlaceRule& p : rules.places)
        if (std::find(p.actions.begin(), p.actions.end(), action) != p.actions.end()) out.push_back(&p);
    return out;
}

std::string place_side_words(const PlaceRule& place) {
    std::string words = place.by == PlaceBy::Acting   ? "the acting side"
                        : place.by == PlaceBy::Either ? "either side"
                                                      : "a reaction to " + kit::list_text(place.to, "or") +
                                                            (place.near ? " (aimed at the unit that did it)" : "");
    if (!place.when.empty()) words += ", with " + place.when;
    return words;
}

} // namespace umpire::turn
