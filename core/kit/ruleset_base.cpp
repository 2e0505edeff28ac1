#include "kit/ruleset_base.h"

namespace umpire::kit {

std::vector<std::string> keys_of(const std::map<std::string, std::string>& table) {
    std::vector<std::string> out;
    for (const auto& [key, text] : table) out.push_back(key);
    return out;
}

std::optional<std::string> enemy_target_refusal(const model::Unit* acting, const model::Unit& target,
                                                const std::string& reserve) {
    if (target.has(model::Flag::Reserve)) return target.name + " " + reserve + ", not yet on the table";
    if (!target.on_table()) return target.name + " is no longer on the table";
    if (acting && acting->id == target.id) return std::string("a unit cannot act on itself");
    if (acting && acting->side == target.side) return target.name + " is on the same side as " + acting->name;
    return std::nullopt;
}

const std::vector<std::string>* RosterIds::field(std::string_view name) const {
    if (name == "type") return &types;
    if (name == "quality") return &qualities;
    if (name == "weapon") return &weapons;
    if (name == "trait") return &traits;
    return nullptr;
}

std::string one_of_list(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
    return "one of: " + out;
}

} // namespace umpire::kit
