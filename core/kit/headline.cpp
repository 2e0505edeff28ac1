#include "kit/headline.h"

#include "model/effect_words.h"
#include "model/names.h"

#include <algorithm>

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

} // namespace

void tell_units_lost(const model::Battle& battle, rules::Resolution& out) {
    const std::string flag = "flag:" + std::string(model::flag_id(model::Flag::Routed));
    std::vector<int> told = out.outcome_says_lost;
    for (const model::Effect& e : out.effects) {
        if (e.entity != model::Entity::Unit || e.field != flag || e.before != 0 || e.after == 0) continue;
        if (std::find(told.begin(), told.end(), e.id) != told.end()) continue;
        told.push_back(e.id);  // once, however many effects say it
        const std::string_view word = fate(e);
        const std::string name = model::entity_name(battle, model::Entity::Unit, e.id);
        if (out.outcome.empty())
            out.outcome = name + " " + std::string(word);
        else if (ends_with(out.outcome, name))
            out.outcome += ", " + std::string(word);
        else
            out.outcome += "; " + name + " " + std::string(word);
    }
}

void outcome_says_lost(rules::Resolution& out, const model::Unit& unit) {
    if (std::find(out.outcome_says_lost.begin(), out.outcome_says_lost.end(), unit.id) == out.outcome_says_lost.end())
        out.outcome_says_lost.push_back(unit.id);
}

} // namespace umpire::kit
