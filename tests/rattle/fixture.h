#pragma once
// A small Rattle of Dice battle on the shared ruleset fixture (tests/support/ruleset_fixture.h).
#include "support/ruleset_fixture.h"

namespace umpire::test {

inline const char* fixture_ruleset() { return "rattle"; }

// Two sides. The Union: General Keyes (1, army commander) and Brigadier Naglee (2) with units 1-2;
// units 1-9 Union, 11-18 Confederate under General Hill (3) and Brigadier Rodes (4, units 11-12).
inline model::Battle fair_oaks() {
    model::Battle b;
    b.name = "Test action";
    b.ruleset = "rattle";
    b.sides = {{1, "Union", "black", {}}, {2, "Confederates", "red", {}}};
    b.commanders = {{1, "General Keyes", 1, true, std::nullopt, model::CommanderStatus::Active},
                    {2, "Brigadier Naglee", 1, false, std::nullopt, model::CommanderStatus::Active},
                    {3, "General Hill", 2, true, std::nullopt, model::CommanderStatus::Active},
                    {4, "Brigadier Rodes", 2, false, std::nullopt, model::CommanderStatus::Active}};
    struct Row {
        int id;
        const char* name;
        int side;
        const char *type, *quality, *weapon;
        int figures;
    };
    const Row rows[] = {
        {1, "104th Pennsylvania", 1, "infantry", "regular", "rifle", 16},
        {2, "56th New York", 1, "infantry", "militia", "rifle", 20},
        {3, "Berdan's Sharpshooters", 1, "light-infantry", "elite", "rifle", 8},
        {4, "8th Illinois Cavalry", 1, "cavalry", "regular", "rifle", 8},
        {5, "Battery A", 1, "foot-artillery", "regular", "artillery", 4},
        {6, "Engineers", 1, "pioneers", "regular", "rifle", 8},
        {7, "Balloon Intrepid", 1, "observer", "regular", "none", 2},
        {8, "Regimental Band", 1, "band", "regular", "none", 4},
        {9, "Gatling", 1, "machine-gun", "regular", "mg", 4},
        {11, "6th Alabama", 2, "infantry", "elite", "musket", 20},
        {12, "12th Mississippi", 2, "infantry", "irregular", "musket", 12},
        {13, "Jeff Davis Legion", 2, "cavalry", "regular", "rifle", 10},
        {14, "Carter's Battery", 2, "horse-artillery", "regular", "artillery", 4},
        {15, "York River Train", 2, "train", "regular", "rifle", 12},
        {16, "Gunboat Teaser", 2, "boat", "regular", "rifle", 8},
        {17, "Supply Wagons", 2, "wagon", "militia", "none", 4},
        {18, "Hampton's Skirmishers", 2, "light-infantry", "regular", "rifle", 8},
    };
    for (const Row& r : rows)
        b.units.push_back(make_unit(r.id, r.name, r.side, r.type, r.quality, r.weapon, r.figures));
    b.unit(1)->commander = 2;
    b.unit(2)->commander = 2;
    b.unit(11)->commander = 4;
    b.unit(12)->commander = 4;
    b.unit(1)->traits["colour-bearer"] = "";
    b.unit(11)->traits["colour-bearer"] = "";
    b.unit(3)->traits["sharpshooters"] = "";
    return b;
}

// A unit's counter set by hand, as an earlier action would have left it.
inline void set_unit_counter(model::Battle& b, int unit, const std::string& key, int value) {
    b.unit(unit)->counters[key] = value;
}

} // namespace umpire::test
