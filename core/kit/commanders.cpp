#include "kit/commanders.h"

namespace umpire::kit {

const model::Commander* named_commander(const model::Battle& battle, const rules::Inputs& inputs,
                                        const std::string& id) {
    if (!inputs.has(id)) return nullptr;
    const int wanted = inputs.count(id);
    const model::Commander* c = battle.commander(wanted);
    if (!c) {
        std::string known;
        for (const auto& k : battle.commanders) known += (known.empty() ? "" : ", ") + std::to_string(k.id) + " " + k.name;
        throw rules::InputError(id, "no commander with id " + std::to_string(wanted) +
                                        (known.empty() ? std::string(" in this battle") : "; commanders: " + known));
    }
    return c;
}

bool commands(const model::Commander& commander, const model::Unit& unit) {
    if (commander.side != unit.side) return false;
    return commander.is_general || unit.commander == commander.id;
}

} // namespace umpire::kit
