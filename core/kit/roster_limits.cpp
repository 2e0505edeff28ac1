#include "kit/roster_limits.h"

#include "kit/text.h"

#include <algorithm>

namespace umpire::kit {

std::vector<RosterLimit> read_roster_limits(const TableReader& top,
                                            const std::function<std::string(const std::string&)>& cite) {
    std::vector<RosterLimit> out;
    if (!top.has("roster_limits")) return out;
    each_entry(top, "roster_limits", [&](const TableReader& r) {
        RosterLimit l;
        l.id = r.text("id");
        l.types = r.strings("types");
        if (l.types.empty()) r.fail_at("types", "a roster limit counts at least one troop type");
        l.per_side = r.non_negative("per_side");
        l.text = r.text("text");
        l.citation = cite(r.text("citation"));
        out.push_back(std::move(l));
    });
    return out;
}

std::optional<std::string> roster_limit_refusal(const std::vector<RosterLimit>& limits, const model::Battle& battle,
                                                const model::Unit& unit) {
    for (const auto& l : limits) {
        if (std::find(l.types.begin(), l.types.end(), unit.troop_type) == l.types.end()) continue;
        std::vector<const model::Unit*> same;
        for (const auto& u : battle.units)
            if (u.side == unit.side && u.id != unit.id && u.troop_type == unit.troop_type) same.push_back(&u);
        if (static_cast<int>(same.size()) < l.per_side) continue;
        std::string named;
        for (const auto* u : same) named += (named.empty() ? "\"" : ", \"") + u->name + "\"";
        return side_name(battle, unit.side) + " already has " + plural(static_cast<int>(same.size()), unit.troop_type,
                                                                         unit.troop_type + "s") +
               " (" + named + "): " + l.text + " (" + l.citation + ")";
    }
    return std::nullopt;
}

} // namespace umpire::kit
