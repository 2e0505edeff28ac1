#include "turn/owed_ledger.h"

#include <algorithm>

namespace umpire::turn {

void OwedLedger::note(const std::vector<model::Effect>& effects) {
    for (const model::Effect& e : effects) {
        if (model::changes_one_unit(e))
            units_.insert(e.id);
        else
            everything_ = true;
    }
}

void OwedLedger::update(std::vector<OwedItem>& owed, const model::Battle& battle, const TurnRules& rules,
                        const TurnState& state) {
    if (everything_) {
        // everything_ is cleared only once it is done: a throw on the way leaves it to do again.
        owed = owed_now(battle, rules, state);
        places_.clear();
        for (std::size_t i = 0; i < battle.units.size(); ++i) places_[battle.units[i].id] = i;
        everything_ = false;
        units_.clear();
        return;
    }
    if (units_.empty()) return;
    // The list stays as owed_now orders it: due items first, then the others, each part in roster
    // order, a unit's items in the rules' order of its obligations. A unit asked again has its
    // items taken out and its new ones put in where that order places them.
    std::erase_if(owed, [&](const OwedItem& item) { return units_.count(item.unit) > 0; });
    if (!rules.obligations.empty()) {
        const OwedAsking asking(rules, state);
        const auto place = [&](int unit) {
            const auto it = places_.find(unit);
            return it == places_.end() ? battle.units.size() : it->second;
        };
        std::vector<OwedItem> items;
        for (int id : units_) {
            const model::Unit* u = battle.unit(id);
            if (!u) continue;
            items.clear();
            unit_owes(battle, rules, state, asking, *u, items);
            const std::size_t at = place(id);
            for (OwedItem& item : items) {
                // After every item that comes before it or at its place: due ones before the others,
                // then by roster place (a unit's earlier items, put in just now, before it).
                const auto after = std::partition_point(owed.begin(), owed.end(), [&](const OwedItem& o) {
                    return o.due_now != item.due_now ? o.due_now : place(o.unit) <= at;
                });
                owed.insert(after, std::move(item));
            }
        }
    }
    units_.clear();
}

} // namespace umpire::turn
