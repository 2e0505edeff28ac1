#include "desk/journal_heading.h"

#include "report/report.h"

namespace umpire::desk {

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
