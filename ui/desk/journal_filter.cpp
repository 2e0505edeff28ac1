#include "desk/journal_filter.h"

namespace umpire::desk {

namespace {

bool touches(const store::JournalEntry& e, int unit) {
    if (e.unit == unit || e.target == unit) return true;
    for (const model::Effect& fx : e.effects)
        if (fx.entity == model::Entity::Unit && fx.id == unit) return true;
    return false;
}

} // namespace

bool entry_matches(const store::JournalEntry& e, const JournalFilter& f) {
    if (f.turn && e.turn != *f.turn) return false;
    if (f.unit && !touches(e, *f.unit)) return false;
    return true;
}

std::set<int> journal_units(const std::vector<store::JournalEntry>& journal) {
    std::set<int> out;
    for (const auto& e : journal) {
        if (e.unit) out.insert(*e.unit);
        if (e.target) out.insert(*e.target);
        for (const model::Effect& fx : e.effects)
            if (fx.entity == model::Entity::Unit) out.insert(fx.id);
    }
    return out;
}

std::set<int> journal_turns(const std::vector<store::JournalEntry>& journal) {
    std::set<int> out;
    for (const auto& e : journal) out.insert(e.turn);
    return out;
}

} // namespace umpire::desk
