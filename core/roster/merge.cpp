#include "roster/merge.h"

#include "model/names.h"
#include "roster/roster.h"

#include <cctype>
#include <map>

namespace umpire::roster {

using model::lower;

namespace {

std::string source_of(const std::vector<std::string>& sources, std::size_t i) {
    return i < sources.size() ? sources[i] : "roster " + std::to_string(i + 1);
}

} // namespace

model::Battle merge_rosters(const std::vector<model::Battle>& rosters,
                            const std::vector<std::string>& sources) {
    if (rosters.empty()) throw RosterError("rosters", 0, 0, "no roster to load");
    model::Battle out;
    const model::Battle& first = rosters.front();
    out.name = first.name;
    out.ruleset = first.ruleset;
    out.distance_unit = first.distance_unit;
    out.distance_scale = first.distance_scale;
    out.turn = first.turn;
    out.counters = first.counters;

    std::map<std::string, int> side_by_name;       // lower-case name -> merged side id
    std::map<std::string, int> unit_names;         // lower-case name -> roster index it came from
    std::map<int, std::string> general_of_side;    // merged side id -> general's name

    for (std::size_t r = 0; r < rosters.size(); ++r) {
        const model::Battle& b = rosters[r];
        const std::string source = source_of(sources, r);
        if (b.ruleset != out.ruleset)
            throw RosterError(source, 0, 0, "is a " + b.ruleset + " roster; the battle is " +
                                                out.ruleset + " (from " + source_of(sources, 0) + ")");
        if (!b.house_rules.empty()) {
            if (!out.house_rules.empty() && out.house_rules != b.house_rules)
                throw RosterError(source, 0, 0, "has house rules that differ from an earlier "
                                                "roster's; put one set in the battle's house rules");
            out.house_rules = b.house_rules;
        }

        std::map<int, int> side_map, commander_map, unit_map;  // old id -> merged id
        for (const model::Side& s : b.sides) {
            auto [it, fresh] = side_by_name.emplace(lower(s.name), static_cast<int>(out.sides.size()) + 1);
            side_map[s.id] = it->second;
            if (!fresh) continue;
            model::Side copy = s;
            copy.id = it->second;
            out.sides.push_back(std::move(copy));
        }
        for (const model::Commander& c : b.commanders) {
            const int side = side_map.at(c.side);
            // The same name on the same side is the same man, listed in both rosters.
            const model::Commander* same = nullptr;
            for (const auto& existing : out.commanders)
                if (existing.side == side && lower(existing.name) == lower(c.name)) same = &existing;
            if (same) {
                commander_map[c.id] = same->id;
                continue;
            }
            if (c.is_general) {
                auto [it, fresh] = general_of_side.emplace(side, c.name);
                if (!fresh)
                    throw RosterError(source, 0, 0, "side \"" + out.side(side)->name + "\" would have two "
                                      "generals, " + it->second + " and " + c.name);
            }
            model::Commander copy = c;
            copy.id = static_cast<int>(out.commanders.size()) + 1;
            copy.side = side;
            commander_map[c.id] = copy.id;
            out.commanders.push_back(std::move(copy));
        }
        for (const model::Unit& u : b.units) {
            auto [it, fresh] = unit_names.emplace(lower(u.name), static_cast<int>(r));
            if (!fresh)
                throw RosterError(source, 0, 0, "unit \"" + u.name + "\" is also in " +
                                                    source_of(sources, static_cast<std::size_t>(it->second)) +
                                                    "; unit names must be unique in a battle");
            model::Unit copy = u;
            copy.id = static_cast<int>(out.units.size()) + 1;
            copy.side = side_map.at(u.side);
            if (u.commander) copy.commander = commander_map.at(*u.commander);
            unit_map[u.id] = copy.id;
            out.units.push_back(std::move(copy));
        }
        // Attachments refer to units, which are numbered only now.
        for (const model::Commander& c : b.commanders) {
            if (!c.attached_unit) continue;
            model::Commander* merged = out.commander(commander_map.at(c.id));
            auto it = unit_map.find(*c.attached_unit);
            merged->attached_unit = it == unit_map.end() ? std::nullopt : std::optional<int>(it->second);
        }
    }
    return out;
}

} // namespace umpire::roster
