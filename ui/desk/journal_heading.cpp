#include "desk/journal_heading.h"

#include "report/report.h"

namespace umpire::desk {

std::string journal_heading(const store::JournalLine& e, const std::map<std::string, std::string>& action_names,
                            const model::Battle& battle) {
    return report::entry_heading(e.id, e.turn, e.kind, e.action, e.refers_to, action_names,
                                 report::unsaid_actor(battle, e.unit, e.summary));
}

} // namespace umpire::desk
