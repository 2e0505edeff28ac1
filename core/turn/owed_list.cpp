#include "turn/owed_list.h"

#include "kit/deeds.h"
#include "kit/effects.h"
#include "turn/engine_detail.h"

#include <algorithm>
#include <string>
#include <vector>

namespace umpire::turn {

using namespace detail;

namespace {

// The side whose phase `index` is in `turn` (0: a phase of both sides).
int side_of_phase(const model::Battle& battle, const TurnRules& rules, const TurnState& s, int index, int turn) {
    const PhaseRule& phase = rules.phases[static_cast<std::size_t>(index)];
    if (!phase.player) return 0;
    if (phase.kind == PhaseKind::Side) {
        const OrderRoll* order = s.order_for(turn);
        const int first = order ? order->first : (battle.sides.empty() ? 0 : battle.sides.front().id);
        return phase.player == 1 ? first : next_side(battle, first);
    }
    return player_side(battle, rules, s, phase, turn);
}

bool names_phase(const kit::Obligation& o, const TurnRules& rules, int index) {
    const std::string& id = rules.phases[static_cast<std::size_t>(index)].id;
    return std::find(o.phases.begin(), o.phases.end(), id) != o.phases.end();
}

// Whether phase `index` of `turn` is one the obligation is due by, for a unit of `side`.
bool due_in(const kit::Obligation& o, const model::Battle& battle, const TurnRules& rules, const TurnState& s,
            int index, int turn, int side) {
    if (!names_phase(o, rules, index)) return false;
    if (!o.own) return true;
    const int owner = side_of_phase(battle, rules, s, index, turn);
    return owner == 0 || owner == side;
}

// A raised obligation of `unit` that arose at `raised`: due (or overdue) now, or later.
OwedItem raised_item(const kit::Obligation& o, const model::Battle& battle, const TurnRules& rules,
                     const TurnState& s, const model::Unit& unit, kit::Moment raised) {
    OwedItem item{&o, unit.id, unit.name, o.actions.front(), false, o.due_text, unit.name + ": " + o.text, o.citation};
    if (!s.started) return item;  // no turn running: nothing holds the turn
    const kit::Moment now{battle.turn, s.phase + 1};
    if (o.due == kit::Due::Now) {
        item.due_now = true;
        item.due = raised.stamp() == now.stamp() ? "before this phase ends" : "overdue: it arose in an earlier phase";
        return item;
    }
    // Next: the first of its phases after it arose. Passed already (only when a phase was ended
    // with it owed and not cleared) or this one: due now.
    const int phases = static_cast<int>(rules.phases.size());
    for (int turn = std::max(raised.turn, 1); turn <= now.turn; ++turn)
        for (int index = 0; index < phases; ++index) {
            const kit::Moment at{turn, index + 1};
            if (at.stamp() <= raised.stamp() || at.stamp() > now.stamp()) continue;
            if (!due_in(o, battle, rules, s, index, turn, unit.side)) continue;
            item.due_now = true;
            item.due = at.stamp() == now.stamp() ? "by the end of this phase" : "overdue: its phase has passed";
            return item;
        }
    return item;
}

} // namespace

OwedAsking::OwedAsking(const TurnRules& rules, const TurnState& state) : phase(current_phase(state, rules)) {
    // Each obligation's counter name, made once: made again for each unit, the names were most of
    // the work of a status over a big battle.
    keys.reserve(rules.obligations.size());
    for (const kit::Obligation& o : rules.obligations) keys.push_back(kit::owed_key(o.id));
}

void unit_owes(const model::Battle& battle, const TurnRules& rules, const TurnState& s, const OwedAsking& asking,
               const model::Unit& u, std::vector<OwedItem>& out) {
    // Routed or destroyed since: owes nothing, but what is owed even off the table.
    const bool removed = !u.on_table();
    // Most units owe nothing: no "owed:" counter and no marker to look at.
    for (std::size_t k = 0; k < rules.obligations.size(); ++k) {
        const kit::Obligation& o = rules.obligations[k];
        if (removed && !o.removed) continue;
        if (o.standing()) {
            if (!asking.phase || !kit::carries(o, u)) continue;
            if (!due_in(o, battle, rules, s, s.phase, battle.turn, u.side)) continue;
            if (kit::did(battle, u, *o.done, kit::Within::Phase)) continue;
            out.push_back({&o, u.id, u.name, o.actions.empty() ? std::string(kit::deed_id(*o.done)) : o.actions.front(),
                           true, "before this phase ends", u.name + ": " + o.text, o.citation});
            continue;
        }
        const int raised = kit::counter(u, asking.keys[k]);
        if (raised <= 0) continue;
        out.push_back(raised_item(o, battle, rules, s, u, {raised / 100, raised % 100}));
    }
}

std::vector<OwedItem> owed_now(const model::Battle& battle, const TurnRules& rules, const TurnState& s) {
    std::vector<OwedItem> out;
    if (rules.obligations.empty()) return out;
    const OwedAsking asking(rules, s);
    for (const model::Unit& u : battle.units) unit_owes(battle, rules, s, asking, u, out);
    std::stable_partition(out.begin(), out.end(), [](const OwedItem& i) { return i.due_now; });
    return out;
}

void leave_unpaid(const model::Battle& battle, const std::vector<OwedItem>& due, rules::Resolution& out) {
    for (const OwedItem& item : due) {
        const model::Unit* u = battle.unit(item.unit);
        if (!u) continue;
        const kit::Obligation& o = *item.obligation;
        std::string said = "Left undone: " + item.text;
        if (o.unpaid == "rout") {
            kit::set_flag(battle, out, *u, model::Flag::Routed, true, "did not: " + o.text);
            said += ": routed and removed from the game";
        }
        if (!o.standing()) kit::set_counter(battle, out, *u, kit::owed_key(o.id), 0, "phase ended: " + o.text);
        out.steps.push_back({said, o.citation});
    }
}

} // namespace umpire::turn
