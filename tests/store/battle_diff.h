#pragma once
// Test helper: compares two battles field by field and says where they differ, so a failed
// REQUIRE(battle_diff(a, b) == "") prints the first difference rather than "false".
// Shared by the store and roster tests.
#include "model/battle.h"

#include <sstream>
#include <string>

namespace umpire::testing {

inline std::string battle_diff(const model::Battle& a, const model::Battle& b) {
    std::ostringstream out;
    auto field = [&](const std::string& where, const auto& x, const auto& y) {
        if (!(x == y)) out << where << " differs; ";
    };
    field("name", a.name, b.name);
    field("ruleset", a.ruleset, b.ruleset);
    field("distance_unit", a.distance_unit, b.distance_unit);
    field("distance_scale", a.distance_scale, b.distance_scale);
    field("house_rules", a.house_rules, b.house_rules);
    if (a.turn != b.turn) out << "turn " << a.turn << " vs " << b.turn << "; ";
    field("counters", a.counters, b.counters);
    field("texts", a.texts, b.texts);
    if (a.sides.size() != b.sides.size()) out << "side count differs; ";
    for (std::size_t i = 0; i < a.sides.size() && i < b.sides.size(); ++i) {
        const auto &x = a.sides[i], &y = b.sides[i];
        std::string w = "side[" + std::to_string(i) + "].";
        field(w + "id", x.id, y.id);
        field(w + "name", x.name, y.name);
        field(w + "colour", x.colour, y.colour);
        field(w + "counters", x.counters, y.counters);
    }
    if (a.commanders.size() != b.commanders.size()) out << "commander count differs; ";
    for (std::size_t i = 0; i < a.commanders.size() && i < b.commanders.size(); ++i) {
        const auto &x = a.commanders[i], &y = b.commanders[i];
        std::string w = "commander[" + std::to_string(i) + "].";
        field(w + "id", x.id, y.id);
        field(w + "name", x.name, y.name);
        field(w + "side", x.side, y.side);
        field(w + "is_general", x.is_general, y.is_general);
        field(w + "attached_unit", x.attached_unit, y.attached_unit);
        field(w + "status", x.status, y.status);
    }
    if (a.units.size() != b.units.size()) out << "unit count differs; ";
    for (std::size_t i = 0; i < a.units.size() && i < b.units.size(); ++i) {
        const auto &x = a.units[i], &y = b.units[i];
        std::string w = "unit[" + std::to_string(i) + "] " + x.name + ".";
        field(w + "id", x.id, y.id);
        field(w + "name", x.name, y.name);
        field(w + "side", x.side, y.side);
        field(w + "commander", x.commander, y.commander);
        field(w + "troop_type", x.troop_type, y.troop_type);
        field(w + "quality", x.quality, y.quality);
        field(w + "weapon", x.weapon, y.weapon);
        field(w + "formed", x.formed, y.formed);
        field(w + "start_figures", x.start_figures, y.start_figures);
        if (x.figures != y.figures) out << w << "figures " << x.figures << " vs " << y.figures << "; ";
        field(w + "hits", x.hits, y.hits);
        field(w + "hit_capacity", x.hit_capacity, y.hit_capacity);
        // By meaning, as the model defines it: an absent flag is false and an absent counter 0
        // (Unit::set and counter effects erase rather than store false and 0). The store keeps
        // the maps as given, but undo legitimately turns {pinned: false} into {}.
        for (model::Flag f : model::kAllFlags)
            if (x.has(f) != y.has(f)) out << w << "flag " << model::flag_id(f) << " differs; ";
        auto counter = [](const model::Unit& u, const std::string& key) {
            auto it = u.counters.find(key);
            return it == u.counters.end() ? 0 : it->second;
        };
        for (const auto* u : {&x, &y})
            for (const auto& [key, value] : u->counters)
                if (counter(x, key) != counter(y, key)) out << w << "counter " << key << " differs; ";
        field(w + "traits", x.traits, y.traits);
    }
    return out.str();
}

} // namespace umpire::testing
