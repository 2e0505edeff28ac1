#include "desk/journal_filter.h"

#include "report/report.h"

#include <algorithm>

namespace umpire::desk {

namespace {

bool touches(const store::JournalLine& e, int unit) {
    if (e.unit == unit || e.target == unit) return true;
    return std::find(e.units.begin(), e.units.end(), unit) != e.units.end();
}

} // namespace

bool entry_matches(const store::JournalLine& e, const JournalFilter& f) {
    if (f.turn && e.turn != *f.turn) return false;
    if (f.unit && !touches(e, *f.unit)) return false;
    return true;
}

std::set<int> journal_units(const std::vector<store::JournalLine>& journal) {
    std::set<int> out;
    for (const auto& e : journal) {
        if (e.unit) out.insert(*e.unit);
        if (e.target) out.insert(*e.target);
        out.insert(e.units.begin(), e.units.end());
    }
    return out;
}

std::set<int> journal_turns(const std::vector<store::JournalLine>& journal) {
    std::set<int> out;
    for (const auto& e : journal) out.insert(e.turn);
    return out;
}

std::string journal_heading(const store::JournalLine& e, const std::map<std::string, std::string>& action_names) {
    std::string head = "#" + std::to_string(e.id) + "  T" + std::to_string(e.turn) + "  ";
    switch (e.kind) {
    case store::EntryKind::Action: head += report::action_name(e.action, action_names); break;
    case store::EntryKind::Undo: head += "UNDO"; break;
    case store::EntryKind::Redo: head += "REDO"; break;
    }
    if (e.refers_to && e.kind != store::EntryKind::Action) head += " of #" + std::to_string(*e.refers_to);
    return head;
}

} // namespace umpire::desk
