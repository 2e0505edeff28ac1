#include "kit/headline.h"

#include "model/effect_words.h"
#include "model/names.h"

namespace umpire::kit {

namespace {

bool ends_with(std::string_view text, std::string_view tail) {
    return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

// The word for what became of the unit: the rules' own in the effect's reason when it has one.
std::string_view fate(const model::Effect& e) {
    const std::string reason = model::lower(e.reason);
    if (reason.find("destroy") != std::string::npos) return "destroyed";
    if (reason.find("remov") != std::string::npos) return "removed";
    if (reason.find("wiped out") != std::string::npos) return "wiped out";
    return "routed";
}

// The rule's headline says a unit is gone already ("routs", "is destroyed", "goes off the board
// and is lost"): nothing to add.
bool says_unit_lost(std::string_view outcome) {
    const std::string said = model::lower(outcome);
    for (const char* word : {"rout", "destroy", "remov", "wiped out", "lost", "surrender", "eliminat"})
        if (said.find(word) != std::string::npos) return true;
    return false;
}

} // namespace

void tell_units_lost(const model::Battle& battle, rules::Resolution& out) {
    const std::string flag = "flag:" + std::string(model::flag_id(model::Flag::Routed));
    for (const model::Effect& e : out.effects) {
        if (e.entity != model::Entity::Unit || e.field != flag || e.before != 0 || e.after == 0) continue;
        const std::string_view word = fate(e);
        if (says_unit_lost(out.outcome)) continue;
        const std::string name = model::entity_name(battle, model::Entity::Unit, e.id);
        if (out.outcome.empty())
            out.outcome = name + " " + std::string(word);
        else if (ends_with(out.outcome, name))
            out.outcome += ", " + std::string(word);
        else
            out.outcome += "; " + name + " " + std::string(word);
    }
}

} // namespace umpire::kit
